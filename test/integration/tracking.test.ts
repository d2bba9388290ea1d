import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { anotherClient, api, apiFrom, local, signedInUser, useLocalAws } from '../support/aws.ts';
import { waitForMail } from '../support/inbox.ts';
import { SEARCH_LIMIT } from '#domain/analytics/tracking.ts';
import { withinOneWindow } from '../support/rate-windows.ts';
import { LOCAL_CONTACT_EMAIL } from '../../lib/local/settings.ts';

/** Views, shares and searches from anonymous readers, through the local gateway. */
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${local().urls.api}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function firstPublicArticle() {
  const { items } = (await (await fetch(`${local().urls.api}/articles?limit=1`)).json()) as ApiAnswer<'GET /articles'>;
  return items[0]!;
}

describe('view and share tracking', () => {
  it('counts a view on the article once per reader per day, atomically, for anonymous readers', async () => {
    const article = await firstPublicArticle();
    const before = ((await call('GET', `/articles/${article.id}`)).body.viewsCount as number) ?? 0;
    const answers = await Promise.all([1, 2, 3].map(() => apiFrom(anotherClient(), 'POST', `/articles/${article.id}/views`)));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect((await call('GET', `/articles/${article.id}`)).body.viewsCount).toBe(before + 3);
    expect((await call('POST', '/articles/no-such-article/views')).status).toBe(404);
    // A malformed percent-encoding in a path parameter is API Gateway's 400, not a 500.
    expect((await fetch(`${local().urls.api}/articles/%E0%A4%A`)).status).toBe(400);
  });

  it('keeps one client from inflating views or shares: 100 posts, 20 at a time, count once', async () => {
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=50`)).json()) as ApiAnswer<'GET /articles'>;
    const article = items.at(-1)!;
    useLocalAws();
    const { getPublicArticleItem } = await import('#store/article-tallies.ts');
    const counts = async () => (await getPublicArticleItem(article.id)) as { viewsCount?: number; sharesCount?: number };
    const before = await counts();
    const attacker = anotherClient();
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_unused, index) => (index % 2 ? apiFrom(attacker, 'POST', `/articles/${article.id}/shares`, { platform: 'twitter' }) : apiFrom(attacker, 'POST', `/articles/${article.id}/views`))),
      );
      expect(answers.every((answer) => answer.status === 202)).toBe(true);
    }
    const after = await counts();
    expect((after.viewsCount ?? 0) - (before.viewsCount ?? 0)).toBe(1);
    expect((after.sharesCount ?? 0) - (before.sharesCount ?? 0)).toBe(1);
  });

  it('limits one address to 120 tracking events a minute with a 429 and Retry-After, and 20 error reports an hour', async () => {
    await withinOneWindow(60, 15);
    const article = await firstPublicArticle();
    const address = anotherClient();
    const answers = await Promise.all(Array.from({ length: 121 }, () => apiFrom(address, 'POST', `/articles/${article.id}/views`)));
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(120);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(1);
    expect(answers.find((answer) => answer.status === 429)?.body).toMatchObject({ message: 'Too many requests - please wait a moment and try again' });
    const report = { errorId: 'limit-test', level: 'page', name: 'Error', message: 'boom', page: '/' };
    const reporter = anotherClient();
    const reports = await Promise.all(Array.from({ length: 21 }, () => apiFrom(reporter, 'POST', '/client-errors', report)));
    expect(reports.map((answer) => answer.status).sort()).toEqual([...Array(20).fill(202), 429]);
  });

  it('limits one address to 300 searches a minute (429), leaving other addresses and plain browsing alone', async () => {
    await withinOneWindow(60, 20);
    const address = anotherClient();
    const answers = await Promise.all(Array.from({ length: SEARCH_LIMIT.limit + 1 }, (_unused, index) => apiFrom(address, 'GET', `/articles?q=creator${index % 7}&limit=1`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(SEARCH_LIMIT.limit);
    expect(answers.find((answer) => answer.status === 429)?.body).toMatchObject({ message: 'Too many requests - please wait a moment and try again' });
    expect((await apiFrom(address, 'GET', '/articles?limit=1')).status).toBe(200);
    expect((await apiFrom(anotherClient(), 'GET', '/articles?q=creator&limit=1')).status).toBe(200);
  });

  it('counts readers behind one carrier address (CGNAT) as different visitors by their browsers', async () => {
    const article = await firstPublicArticle();
    useLocalAws();
    const { getPublicArticleItem } = await import('#store/article-tallies.ts');
    const before = (await getPublicArticleItem(article.id))?.viewsCount ?? 0;
    const carrier = anotherClient();
    for (const agent of ['Mozilla/5.0 (Linux; Android 14; SM-A155F) Chrome/124 Mobile', 'Mozilla/5.0 (Linux; Android 13; Redmi Note 12) Chrome/123 Mobile', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148']) {
      expect((await apiFrom(carrier, 'POST', `/articles/${article.id}/views`, undefined, undefined, { 'user-agent': agent })).status).toBe(202);
      expect((await apiFrom(carrier, 'POST', `/articles/${article.id}/views`, undefined, undefined, { 'user-agent': agent })).status).toBe(202);
    }
    expect((await getPublicArticleItem(article.id))?.viewsCount).toBe(before + 3);
  });

  it('records a share by platform and refuses unknown platforms with 400', async () => {
    const article = await firstPublicArticle();
    expect((await call('POST', `/articles/${article.id}/shares`, { platform: 'whatsapp' })).status).toBe(202);
    useLocalAws();
    const { sharesSince } = await import('#store/engagement.ts');
    const shares = await sharesSince(new Date(Date.now() - 60_000));
    expect(shares.some((share) => share.articleId === article.id && share.platform === 'whatsapp')).toBe(true);
    const refused = await call('POST', `/articles/${article.id}/shares`, { platform: 'myspace' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toHaveProperty('platform');
  });
});

describe('trending keywords', () => {
  const trending = async () => ((await call('GET', '/trending-keywords?limit=30')).body.items as Array<{ keyword: string; searchCount: number; source: string }>);

  it('merge content-based keywords from the ingest with searches that several readers ran', async () => {
    const phrase = `creator tax ${Date.now().toString(36)}`;
    // One reader, many times: counted once, not trending.
    const one = anotherClient();
    for (let index = 0; index < 5; index += 1) expect((await apiFrom(one, 'POST', '/search-keywords', { term: `  ${phrase.toUpperCase()}  ` })).status).toBe(202);
    expect((await trending()).find((item) => item.keyword === phrase)).toBeUndefined();
    // Two more readers: three different searchers, now it trends.
    for (const reader of [anotherClient(), anotherClient()]) expect((await apiFrom(reader, 'POST', '/search-keywords', { term: phrase })).status).toBe(202);
    const items = await trending();
    expect(items.find((item) => item.keyword === phrase)).toMatchObject({ source: 'search-based', searchCount: 3 });
    expect(items.filter((item) => item.source === 'content-based').length).toBeGreaterThan(0);
    expect((await call('POST', '/search-keywords', { term: 'x' })).status).toBe(400);
  });

  it('never trends spam, markup or addresses, however many readers post them', async () => {
    const spam = ['buy followers at evil.example', '<script>alert(1)</script>', 'visit www.spam.example now', 'cheap likes here', 'mail me@spam.example'];
    for (let reader = 0; reader < 5; reader += 1) {
      const client = anotherClient();
      for (const term of spam) expect((await apiFrom(client, 'POST', '/search-keywords', { term })).status).toBe(202);
    }
    const keywords = (await trending()).map((item) => item.keyword);
    for (const term of spam) expect(keywords).not.toContain(term.toLowerCase());
    const widgets = (await call('GET', '/widgets')).body;
    expect(JSON.stringify(widgets)).not.toMatch(/evil\.example|<script>|spam\.example/);
  });
});

describe('trending moderation', () => {
  it('lets a moderator hide a keyword from Trending and show it again (audited); readers and guests may not', async () => {
    const phrase = `reel rates ${Date.now().toString(36)}`;
    for (let reader = 0; reader < 3; reader += 1) expect((await apiFrom(anotherClient(), 'POST', '/search-keywords', { term: phrase })).status).toBe(202);
    const publicList = async () => ((await call('GET', '/trending-keywords?limit=30')).body.items as Array<{ keyword: string }>).map((item) => item.keyword);
    expect(await publicList()).toContain(phrase);

    const [moderator, reader] = await Promise.all([signedInUser(['moderator']), signedInUser()]);
    const change = { keyword: phrase, hidden: true };
    expect((await api('PUT', '/admin/trending-keywords/visibility', undefined, change)).status).toBe(401);
    expect((await api('PUT', '/admin/trending-keywords/visibility', reader.idToken, change)).status).toBe(403);
    expect((await api('GET', '/admin/trending-keywords', reader.idToken)).status).toBe(403);
    const listed = await api('GET', '/admin/trending-keywords', moderator.idToken);
    expect(listed.status).toBe(200);
    expect((listed.body as ApiAnswer<'GET /admin/trending-keywords'>).items.find((item) => item.keyword === phrase)).toMatchObject({ state: 'eligible' });

    expect(await api('PUT', '/admin/trending-keywords/visibility', moderator.idToken, change)).toMatchObject({ status: 200, body: { keyword: phrase, hidden: true } });
    expect(await publicList()).not.toContain(phrase);
    expect(JSON.stringify((await call('GET', '/widgets')).body)).not.toContain(phrase);
    // More searches count, but the keyword stays hidden.
    expect((await apiFrom(anotherClient(), 'POST', '/search-keywords', { term: phrase })).status).toBe(202);
    expect(await publicList()).not.toContain(phrase);
    const hiddenRow = ((await api('GET', '/admin/trending-keywords', moderator.idToken)).body as ApiAnswer<'GET /admin/trending-keywords'>).items.find((item) => item.keyword === phrase);
    expect(hiddenRow).toMatchObject({ state: 'hidden', searchCount: 4 });

    expect((await api('PUT', '/admin/trending-keywords/visibility', moderator.idToken, { keyword: phrase, hidden: false })).status).toBe(200);
    expect(await publicList()).toContain(phrase);
    expect((await api('PUT', '/admin/trending-keywords/visibility', moderator.idToken, { keyword: 'never searched anywhere', hidden: true })).status).toBe(404);
    expect((await api('PUT', '/admin/trending-keywords/visibility', moderator.idToken, { keyword: phrase, hidden: 'yes' })).status).toBe(400);

    useLocalAws();
    const { listAudit } = await import('#store/audit.ts');
    const [entry] = (await listAudit({ target: `keyword:search-based:${phrase}`, limit: 1 })).items;
    expect(entry).toMatchObject({ action: 'trending.show', actorEmail: moderator.email });
  });
});

describe('POST /contact', () => {
  it('stores a valid message and answers 201 with the thank-you text', async () => {
    const sent = await call('POST', '/contact', { name: 'Ravi Kumar', email: 'Ravi@Example.com ', subject: 'Hello', message: 'A question.' });
    expect(sent).toEqual({ status: 201, body: { message: "Thank you for reaching out. We'll get back to you soon." } });
  });

  it('mails the team (every field escaped, reply-to the sender) and acknowledges the sender, both with a plain-text part', async () => {
    const email = `asha-${Date.now()}@example.com`;
    const sent = await call('POST', '/contact', { name: "Asha D'Souza", email, subject: 'Partnership <b>idea</b>', message: 'Hello <script>alert(1)</script>\nSecond line' });
    expect(sent.status).toBe(201);
    const team = await waitForMail(local().urls.mail, LOCAL_CONTACT_EMAIL, /Partnership <b>idea<\/b>/);
    expect(team.subject).toBe('Contact: Partnership <b>idea</b>');
    expect(team.body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>Second line');
    expect(team.body.html).not.toContain('<script>');
    expect(team.body.text).toContain('Hello <script>alert(1)</script>');
    const acknowledgement = await waitForMail(local().urls.mail, email, /We received your message/);
    expect(acknowledgement.body.text).toMatch(/reply within 24-48 hours/);
  });

  it('limits one sender address to 3 messages an hour with a 429 and Retry-After', async () => {
    await withinOneWindow(3600, 30);
    const email = `limit-${Date.now()}@example.com`;
    const message = { name: 'Limit Tester', email, subject: 'Hello', message: 'Again.' };
    // Well under the per-client limit (20 an hour): the fourth message is refused for its sender address.
    for (let count = 0; count < 3; count += 1) expect((await call('POST', '/contact', message)).status).toBe(201);
    const response = await fetch(`${local().urls.api}/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ message: 'Too many requests - please wait a moment and try again' });
  });

  it('answers bad fields with 400 and the field messages', async () => {
    const refused = await call('POST', '/contact', { name: '', email: 'nope', subject: 'x'.repeat(201), message: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toMatchObject({
      name: ['Name is required'],
      email: ['Please enter a valid email address'],
      subject: ['Subject too long (max 200 characters)'],
      message: ['Message is required'],
    });
    expect((await call('POST', '/contact')).status).toBe(400);
  });
});

describe('errors reported by readers\u2019 browsers', () => {
  it('stores an exception event, fatal only at the critical level, and refuses malformed reports', async () => {
    const errorId = `err_test_${Date.now().toString(36)}`;
    const report = { errorId, level: 'critical', name: 'TypeError', message: 'x is undefined', page: '/categories/general' };
    expect((await call('POST', '/client-errors', report)).status).toBe(202);
    useLocalAws();
    const { AnalyticsEvent } = await import('#store/analytics-events.ts');
    const { data: events } = await AnalyticsEvent.query.byDay({ day: new Date().toISOString().slice(0, 10) }).go({ pages: 'all' });
    expect(events.find((event) => (event.eventData as { errorId?: string }).errorId === errorId)).toMatchObject({ eventName: 'exception', eventData: { fatal: true, level: 'critical' } });
    const refused = await call('POST', '/client-errors', { ...report, level: 'apocalyptic', message: 'x'.repeat(1001) });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors as object).sort()).toEqual(['level', 'message']);
  });
});
