import { describe, expect, it } from 'vitest';
import { passesFilters } from '#domain/operations/event-filter.ts';
import { stack } from '../../lib/stack-description.ts';
import { accountMail } from '#domain/reader/account-mail.ts';
import { fieldMessages, signInSchema, signUpSchema } from '#domain/reader/account.ts';
import { cardBadges } from '#domain/content/badges.ts';
import { marketOfRegions } from '#domain/reader/feed.ts';
import { confirmationMail } from '#domain/newsletter/newsletter.ts';
import { readLinkToken, signLinkToken } from '../../lambdas/services/link-tokens.ts';
import { breakingNotification, isExternalAction, newArticlesNotification, safeActionUrl, unreadBadge } from '#domain/reader/notifications.ts';
import { engagementScore, readingMessage, scrollPercent } from '#domain/reader/reading.ts';

const now = new Date('2026-11-23T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('sign-up and sign-in rules (reader spec section 5)', () => {
  const messages = (input: Record<string, string>) => {
    const parsed = signUpSchema.safeParse(input);
    return parsed.success ? {} : fieldMessages(parsed.error);
  };

  it('gives the spec\'s password messages, one per field, in order', () => {
    expect(messages({ fullName: 'Asha', email: 'asha@example.com', password: 'short' }).password).toBe('Password must be at least 8 characters');
    expect(messages({ fullName: 'Asha', email: 'asha@example.com', password: 'alllowercase1' }).password).toBe('Password must contain uppercase letters');
    expect(messages({ fullName: 'Asha', email: 'asha@example.com', password: 'ALLUPPERCASE1' }).password).toBe('Password must contain lowercase letters');
    expect(messages({ fullName: 'Asha', email: 'asha@example.com', password: 'NoDigitsHere' }).password).toBe('Password must contain numbers');
    expect(messages({ fullName: 'Asha', email: 'asha@example.com', password: `Aa1${'x'.repeat(126)}` }).password).toBe('Password too long (max 128 characters)');
    expect(messages({ fullName: 'Asha', email: 'asha@example.com', password: 'Reader-Pass-2026' })).toEqual({});
  });

  it('gives the spec\'s name messages, and accepts names beyond ASCII', () => {
    expect(messages({ fullName: '  ', email: 'a@example.com', password: 'Reader-Pass-2026' }).fullName).toBe('Name is required');
    expect(messages({ fullName: 'x'.repeat(101), email: 'a@example.com', password: 'Reader-Pass-2026' }).fullName).toBe('Name too long (max 100 characters)');
    expect(messages({ fullName: '<script>', email: 'a@example.com', password: 'Reader-Pass-2026' }).fullName).toBe('Name contains invalid characters');
    // O’Neil with U+2019, the apostrophe phones and Macs type.
    for (const name of ["Bob O'Neil", 'Mary-Jane O\u2019Neil', 'Jean-Luc Picard', 'Dr. A. Rao', 'प्रिया शर्मा', 'Zoë Müller']) {
      expect(messages({ fullName: name, email: 'a@example.com', password: 'Reader-Pass-2026' }), name).toEqual({});
    }
  });

  it('checks and normalises e-mail addresses', () => {
    expect(signInSchema.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(false);
    expect(signInSchema.parse({ email: '  Asha@Example.COM ', password: 'x' }).email).toBe('asha@example.com');
    const parsed = signInSchema.safeParse({ email: 'nope', password: 'x' });
    expect(parsed.success ? {} : fieldMessages(parsed.error)).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('reading tracking (reader spec section 4)', () => {
  it('says how far the reader is in the spec\'s words', () => {
    expect([0, 24, 25, 49, 50, 74, 75, 89, 90, 100].map(readingMessage)).toEqual([
      'Just getting started', 'Just getting started', 'Making good progress', 'Making good progress', 'Halfway through',
      'Halfway through', 'Almost finished', 'Almost finished', 'Nearly complete', 'Nearly complete',
    ]);
  });

  it('measures the scroll position, and counts a text that does not scroll as read', () => {
    expect(scrollPercent(0, 2000, 1000)).toBe(0);
    expect(scrollPercent(500, 2000, 1000)).toBe(50);
    expect(scrollPercent(1000, 2000, 1000)).toBe(100);
    expect(scrollPercent(0, 800, 1000)).toBe(100);
  });

  it('scores engagement as the share of started articles read to the end', () => {
    expect(engagementScore({ started: 0, completed: 0, readingSeconds: 0 })).toBe(0);
    expect(engagementScore({ started: 3, completed: 1, readingSeconds: 100 })).toBe(33);
    expect(engagementScore({ started: 4, completed: 4, readingSeconds: 100 })).toBe(100);
  });
});

describe('notifications', () => {
  it('caps unread badges at 99+ in the center and 9+ on the tab, never below 0', () => {
    expect(unreadBadge(100, 99)).toBe('99+');
    expect(unreadBadge(99, 99)).toBe('99');
    expect(unreadBadge(10, 9)).toBe('9+');
    expect(unreadBadge(-2, 9)).toBe('0');
  });

  it('opens http links in a new tab, follows site paths, and drops anything else', () => {
    expect(isExternalAction('https://example.com/x')).toBe(true);
    expect(isExternalAction('/dashboard')).toBe(false);
    expect(safeActionUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeActionUrl('//evil.example.com')).toBeUndefined();
    expect(safeActionUrl('/?article=abc')).toBe('/?article=abc');
  });

  it('words the category and breaking notifications', () => {
    expect(newArticlesNotification(['Creator Economy'], 1)).toMatchObject({ title: 'New in Creator Economy', message: '1 new article published in your categories.' });
    expect(newArticlesNotification(['Creator Economy', 'Platform Updates', 'General'], 4).title).toBe('New in Creator Economy, Platform Updates and General');
    expect(breakingNotification('Big news', '0190f0e0-0000-7000-8000-000000000001')).toMatchObject({ title: 'Breaking', message: 'Big news', kind: 'breaking', actionUrl: '/story/big-news-0190f0e0-0000-7000-8000-000000000001' });
  });
});

describe('card badges that discriminate', () => {
  const article = { title: 'A steady story', summary: 'A calm report', viewsCount: 0, isFeatured: false };

  it('marks only what sets a story apart', () => {
    expect(cardBadges({ ...article, publishedAt: hoursAgo(30) }, now)).toEqual([]);
    expect(cardBadges({ ...article, publishedAt: hoursAgo(10) }, now)).toEqual([]);
    expect(cardBadges({ ...article, publishedAt: hoursAgo(0.5) }, now).map((badge) => badge.label)).toEqual(['Just now']);
    expect(cardBadges({ ...article, publishedAt: hoursAgo(3) }, now).map((badge) => badge.label)).toEqual(['New']);
    expect(cardBadges({ ...article, publishedAt: hoursAgo(1.5), viewsCount: 30 }, now).map((badge) => badge.label)).toEqual(['Trending', 'New']);
    expect(cardBadges({ ...article, title: 'Breaking: platform outage', publishedAt: hoursAgo(1) }, now).map((badge) => badge.kind)).toContain('breaking');
    expect(cardBadges({ ...article, isFeatured: true, publishedAt: hoursAgo(48) }, now).map((badge) => badge.label)).toEqual(['Featured']);
  });
});

describe('the personal feed\'s market', () => {
  it('narrows to one region and keeps every market for both or none', () => {
    expect(marketOfRegions(['indian'])).toBe('indian');
    expect(marketOfRegions(['global'])).toBe('global');
    expect(marketOfRegions(['indian', 'global'])).toBe('all');
    expect(marketOfRegions([])).toBe('all');
  });
});

describe('account mails', () => {
  it('words the verification and reset mails with the code placeholder exactly once', () => {
    for (const source of ['CustomMessage_SignUp', 'CustomMessage_ResendCode', 'CustomMessage_ForgotPassword']) {
      const mail = accountMail(source, '{####}', 'https://news.example.in');
      expect(mail?.html.split('{####}').length, source).toBe(2);
    }
    expect(accountMail('CustomMessage_SignUp', '{####}', 'https://x.example')?.subject).toBe('Your Creator News Hub verification code');
    expect(accountMail('CustomMessage_AdminCreateUser', '{####}', 'https://x.example')).toBeNull();
  });
});

describe('stream filters, as the local poller applies them', () => {
  const [consumer] = stack.streamConsumers;
  const record = (eventName: string, image: Record<string, unknown>, old?: Record<string, unknown>) => ({ eventName, dynamodb: { NewImage: image, ...(old ? { OldImage: old } : {}) } });

  it('lets through reader acts and newly published articles, and nothing else', () => {
    const filters = consumer?.filters;
    expect(passesFilters(filters, record('INSERT', { __edb_e__: { S: 'like' } }))).toBe(true);
    expect(passesFilters(filters, record('MODIFY', { __edb_e__: { S: 'readingProgress' } }))).toBe(true);
    expect(passesFilters(filters, { eventName: 'REMOVE', dynamodb: { OldImage: { __edb_e__: { S: 'bookmark' } } } })).toBe(true);
    expect(passesFilters(filters, record('INSERT', { __edb_e__: { S: 'article' }, status: { S: 'published' } }))).toBe(true);
    expect(passesFilters(filters, record('MODIFY', { __edb_e__: { S: 'article' }, status: { S: 'published' } }, { status: { S: 'draft' } }))).toBe(true);
    // A published article that changes (views, flags) is not news again.
    expect(passesFilters(filters, record('MODIFY', { __edb_e__: { S: 'article' }, status: { S: 'published' } }, { status: { S: 'published' } }))).toBe(false);
    expect(passesFilters(filters, record('INSERT', { __edb_e__: { S: 'article' }, status: { S: 'draft' } }))).toBe(false);
    expect(passesFilters(filters, record('INSERT', { __edb_e__: { S: 'counter' } }))).toBe(false);
    expect(passesFilters(undefined, record('INSERT', { __edb_e__: { S: 'counter' } }))).toBe(true);
  });
});

describe('newsletter links', () => {
  const secret = 'a-test-secret-that-is-long-enough-0000';
  const confirm = { purpose: 'confirm', email: 'asha@example.com', frequency: 'daily', topics: ['creator-economy'], expiresAt: Date.now() + 60_000 } as const;

  it('reads back what it signed, and nothing altered, forged or expired', () => {
    const token = signLinkToken({ ...confirm, topics: [...confirm.topics] }, secret);
    expect(readLinkToken(token, secret)).toMatchObject({ email: 'asha@example.com', frequency: 'daily' });
    const [body, signature] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ ...confirm, email: 'victim@example.com' })).toString('base64url');
    expect(readLinkToken(`${altered}.${signature}`, secret)).toBeNull();
    expect(readLinkToken(token, 'another-secret-that-is-long-enough-000')).toBeNull();
    expect(readLinkToken(`${body}.`, secret)).toBeNull();
    expect(readLinkToken('garbage', secret)).toBeNull();
    expect(readLinkToken(token, secret, Date.now() + 120_000)).toBeNull();
    // Unsubscribe links never expire (RFC 8058: the link in an old mail must still work).
    expect(readLinkToken(signLinkToken({ purpose: 'unsubscribe', email: 'a@example.com' }, secret), secret, Date.now() + 10 * 365 * 86_400_000)).toMatchObject({ purpose: 'unsubscribe' });
  });

  it('escapes what the confirmation mail prints and lists the chosen topics', () => {
    const mail = confirmationMail({ frequency: 'daily', topics: ['creator-economy', 'tools-technology'] }, 'https://x.example/newsletter/confirm?token=a&b');
    expect(mail.text).toContain('Daily Digest');
    expect(mail.text).toContain('Creator Economy, Tools & Technology');
    expect(mail.html).toContain('href="https://x.example/newsletter/confirm?token=a&amp;b"');
    expect(mail.html).toContain('Creator Economy, Tools &amp; Technology');
  });
});
