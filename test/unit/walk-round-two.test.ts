import { describe, expect, it } from 'vitest';
import { categoryLabel } from '#domain/content/categories.ts';
import { fullNameSchema } from '#domain/reader/account.ts';
import { contactAcknowledgement, contactMessageSchema } from '#domain/reader/contact.ts';
import { newestFirst, notificationAge, WELCOME_NOTIFICATION } from '#domain/reader/notifications.ts';
import { breadcrumbs, consoleTitle } from '#web/features/admin/shell/navigation.ts';

/** Rules behind the second walk's defects (names, mails, notifications, labels, the console's crumbs and titles). */
describe('names on the contact form and at sign-up', () => {
  const accepted = (name: string) => fullNameSchema.safeParse(name).success;

  it('accepts letters of any script and emoji, with skin tones, flags and joined sequences', () => {
    for (const name of ['Asha 🌸', '😀', 'Ravi 👍🏽', 'Meera 🇮🇳', '👩‍💻 Priya', 'प्रिया शर्मा ✨', 'Zoë Müller', "Bob O'Neil", 'Dr. A. Rao', 'ശ്രീ‌കുമാർ']) {
      expect(accepted(name), name).toBe(true);
    }
  });

  it('still refuses markup, control characters and other symbols', () => {
    for (const name of ['<script>', 'R0bot <b>', 'Tab\there', 'New\nline', 'Bell\u0007', 'a & b', 'x@y', 'Null\u0000']) {
      expect(accepted(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('is the rule the contact form checks', () => {
    const message = { email: 'asha@example.com', subject: 'Hello', message: 'Hi there' };
    expect(contactMessageSchema.safeParse({ ...message, name: 'Asha 🌸' }).success).toBe(true);
    expect(contactMessageSchema.safeParse({ ...message, name: 'Asha <i>' }).success).toBe(false);
  });

  it('keeps the contact subject on one line and the message free of control characters (they go into the mails)', () => {
    const parsed = contactMessageSchema.parse({ name: 'Eve', email: 'eve@example.com', subject: 'hi\r\nBcc: victim@x.com\r\nX-Injected: 1', message: 'Line one\r\nLine two \u0000\u202e end' });
    expect(parsed.subject).toBe('hi Bcc: victim@x.com X-Injected: 1');
    expect(parsed.message).toBe('Line one\nLine two  end');
    // A subject of line breaks alone is no subject.
    expect(contactMessageSchema.safeParse({ name: 'Eve', email: 'eve@example.com', subject: '\r\n\t', message: 'x' }).error?.issues[0]?.message).toBe('Subject is required');
  });
});

describe('the contact acknowledgement', () => {
  it('says the team will reply within 24-48 hours, in both parts', () => {
    const mail = contactAcknowledgement({ name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'Hi' });
    expect(mail.text).toContain('We received your message "Hello" and will reply within 24-48 hours.');
    expect(mail.html).toContain('and will reply within 24-48 hours.');
    expect(`${mail.text} ${mail.html}`).not.toMatch(/and reply within/);
  });
});

describe('the welcome notice', () => {
  it('points at the dashboard\'s Preferences, a page that exists, and names it so', () => {
    expect(WELCOME_NOTIFICATION.actionUrl).toBe('/dashboard#preferences');
    expect(WELCOME_NOTIFICATION.message).toContain('Preferences on your dashboard');
    expect(WELCOME_NOTIFICATION.message).not.toMatch(/\bSettings\b/);
  });
});

describe('the notification list', () => {
  const now = new Date('2026-11-28T10:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('reads Just now only under a minute, then minutes, hours, days and weeks ago, then a date', () => {
    expect(notificationAge(ago(0), now)).toBe('Just now');
    expect(notificationAge(ago(59_000), now)).toBe('Just now');
    expect(notificationAge(ago(60_000), now)).toBe('1 minute ago');
    expect(notificationAge(ago(5 * 60_000 + 30_000), now)).toBe('5 minutes ago');
    expect(notificationAge(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(notificationAge(ago(3_600_000), now)).toBe('1 hour ago');
    expect(notificationAge(ago(2 * 3_600_000 + 600_000), now)).toBe('2 hours ago');
    expect(notificationAge(ago(3 * 86_400_000), now)).toBe('3 days ago');
    expect(notificationAge(ago(15 * 86_400_000), now)).toBe('2 weeks ago');
    expect(notificationAge(ago(40 * 86_400_000), now)).toMatch(/2026/);
    // A clock a little behind the server's never reads "in 3 seconds".
    expect(notificationAge(new Date(now.getTime() + 3000).toISOString(), now)).toBe('Just now');
  });

  it('is newest first by the server\'s timestamp, whatever order the ids (the time a notice is about) give', () => {
    const items = [
      // A "new in your categories" notice: its id is the window's start (09:00), it was made at 09:40.
      { id: '019ac9a0-0000-7000-8000-000000000001', createdAt: '2026-11-28T09:40:00.000Z' },
      { id: '019ac9b0-0000-7000-8000-000000000002', createdAt: '2026-11-28T09:52:00.000Z' },
      { id: '019ac9c0-0000-7000-8000-000000000003', createdAt: '2026-11-28T09:30:00.000Z' },
    ];
    expect(newestFirst(items).map((item) => item.createdAt)).toEqual(['2026-11-28T09:52:00.000Z', '2026-11-28T09:40:00.000Z', '2026-11-28T09:30:00.000Z']);
    expect(items[0]?.createdAt).toBe('2026-11-28T09:40:00.000Z');
  });
});

describe('category labels in the console', () => {
  it('names each category by its label, legacy slugs by their successor\'s, and leaves anything else as given', () => {
    expect(categoryLabel('platform-updates')).toBe('Platform Updates');
    expect(categoryLabel('regulations-ethics')).toBe('Regulations & Ethics');
    expect(categoryLabel('brands')).toBe('Brand Partnerships');
    expect(categoryLabel('(none)')).toBe('(none)');
  });
});

describe('the Edit Article page in the console', () => {
  it('ends its breadcrumbs with the page it is, below the list\'s crumb', () => {
    const crumbs = breadcrumbs('/admin/content/articles/0b8f7d4e-1111-4222-8333-944455556666/edit');
    expect(crumbs.map((crumb) => crumb.text)).toEqual(['Home', 'Content', 'Article Management', 'Edit Article']);
    expect(crumbs.at(-1)?.href).toBe('/admin/content/articles/0b8f7d4e-1111-4222-8333-944455556666/edit');
    expect(breadcrumbs('/admin/content/articles/new').map((crumb) => crumb.text)).toEqual(['Home', 'Content', 'Article Management', 'Add Article']);
    // Ids are never crumbs.
    expect(breadcrumbs('/admin/system/pipeline/executions/ingest/run-1').map((crumb) => crumb.text)).toEqual(['Home', 'System', 'Pipeline Control', 'Executions']);
  });

  it('names the page in the browser\'s tab', () => {
    expect(consoleTitle('/admin/content/articles/0b8f7d4e-1111-4222-8333-944455556666/edit')).toBe('Edit Article · Manage Articles · Console · Creator News Hub');
    expect(consoleTitle('/admin/content/articles')).toBe('Manage Articles · Console · Creator News Hub');
    expect(consoleTitle('/admin')).toBe('Dashboard · Console · Creator News Hub');
  });
});
