import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, signedInUser, useLocalAws } from '../support/aws.ts';
import { callApi } from '../support/console.ts';
import { mailsTo, waitForMail, type InboxMail } from '../support/inbox.ts';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';

/**
 * Before an issue goes out (Newsletter management, Compose): the server's preview, the test send to the
 * signed-in editor alone, and the confirmation the send requires (the number of confirmed recipients,
 * counted on the server), through the local gateway.
 */

type Preview = ApiAnswer<'POST /admin/newsletter/previews'>;
type TestSend = ApiAnswer<'POST /admin/newsletter/test-sends'>;
type Recipients = ApiAnswer<'GET /admin/newsletter/recipients'>;
type Stats = ApiAnswer<'GET /admin/newsletter'>;

const tag = randomUUID().slice(0, 8);
const address = (name: string) => `${name}-${tag}@test.local`;
let admin: { email: string; idToken: string };
let moderator: string;
let reader: string;

/** Every mail in the local inbox whose subject holds the text, whoever it went to. */
async function mailsWithSubject(text: string): Promise<InboxMail[]> {
  const response = await fetch(`${local().urls.mail}/store`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter((mail) => mail.subject.includes(text));
}

beforeAll(async () => {
  useLocalAws();
  const [adminUser, moderatorUser, readerUser] = await Promise.all([signedInUser(['admin']), signedInUser(['moderator']), signedInUser()]);
  admin = adminUser;
  moderator = moderatorUser.idToken;
  reader = readerUser.idToken;
  const { activateSubscription, recordSubscriptionRequest, suppressSubscriber, deactivateSubscription } = await import('#store/subscribers.ts');
  await activateSubscription(address('daily'), { frequency: 'daily', topics: [] });
  await activateSubscription(address('weekly'), { frequency: 'weekly', topics: [] });
  await activateSubscription(address('monthly'), { frequency: 'monthly', topics: [] });
  await recordSubscriptionRequest(address('pending'));
  await activateSubscription(address('bounced'), { frequency: 'daily', topics: [] });
  await suppressSubscriber(address('bounced'), 'bounce');
  await activateSubscription(address('left'), { frequency: 'weekly', topics: [] });
  await deactivateSubscription(address('left'));
});

describe('who may preview, test and count', () => {
  it.each([
    ['GET', '/admin/newsletter/recipients'],
    ['POST', '/admin/newsletter/previews'],
    ['POST', '/admin/newsletter/test-sends'],
  ])('%s %s: guest 401, reader 403, moderator 403, and nothing sent', async (method, path) => {
    const body = method === 'POST' ? { subject: `Refused ${tag}`, content: 'Nobody but an admin.' } : undefined;
    expect((await callApi(undefined, method, path, body)).status).toBe(401);
    expect((await callApi(reader, method, path, body)).status).toBe(403);
    expect((await callApi(moderator, method, path, body)).status).toBe(403);
    // Refused calls sent nothing: no test mail went anywhere.
    expect(await mailsWithSubject(`Refused ${tag}`)).toHaveLength(0);
  });
});

describe('preview', () => {
  it('renders the issue with the template the send uses, escaped, and names the editor as the test recipient', async () => {
    const subject = `Preview ${tag}`;
    const content = 'First <b>paragraph</b>.\n\nSecond paragraph.';
    const answer = await callApi<Preview>(admin.idToken, 'POST', '/admin/newsletter/previews', { subject: ` ${subject}\u200B `, content, to: 'someone-else@test.local' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The runtime's site origin (this process's configuration is not the runtime's).
    const { renderComposedIssue } = await import('#domain/newsletter/digest-mail.ts');
    const site = local().urls.site;
    const expected = renderComposedIssue({ subject, content, siteUrl: site, unsubscribeUrl: `${site}/unsubscribe` });
    expect(answer.body).toEqual({ subject, html: expected.html, text: expected.text, testRecipient: admin.email });
    expect(answer.body.html).toContain('First &lt;b&gt;paragraph&lt;/b&gt;.');
    expect(answer.body.html).toContain(`Creator News Hub · ${subject}`);
    expect(answer.body.html).toContain('Unsubscribe');

    const blank = await callApi<ErrorAnswer>(admin.idToken, 'POST', '/admin/newsletter/previews', { subject: '', content: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please fill in both subject and content');
  });
});

describe('test send', () => {
  it('reaches only the signed-in editor, marked [Test], whatever address the body names, and counts as no send', async () => {
    const before = await callApi<Stats>(admin.idToken, 'GET', '/admin/newsletter');
    const subject = `Proof ${tag}`;
    const answer = await callApi<TestSend>(admin.idToken, 'POST', '/admin/newsletter/test-sends', {
      subject,
      content: 'Hello editor.\n\nSecond paragraph.',
      to: address('daily'),
      email: address('weekly'),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ to: admin.email, subject: `[Test] ${subject}` });

    const mail = await waitForMail(local().urls.mail, admin.email, new RegExp(`\\[Test\\] ${subject}`));
    expect(mail.subject).toBe(`[Test] ${subject}`);
    expect(mail.body.html).toContain('Hello editor.');
    expect(mail.headers?.some((header) => header.name.toLowerCase() === 'list-unsubscribe')).toBe(true);
    // One mail in the whole inbox, to the editor: no subscriber (confirmed or not) received it.
    const sent = await mailsWithSubject(subject);
    expect(sent.map((each) => each.destination.to)).toEqual([[admin.email]]);
    for (const name of ['daily', 'weekly', 'monthly', 'pending', 'bounced', 'left']) expect((await mailsTo(local().urls.mail, address(name))).filter((each) => each.subject.includes(subject))).toHaveLength(0);

    // Not an issue: the last issue's figures are as they were, and the audit names it a test.
    const after = await callApi<Stats>(admin.idToken, 'GET', '/admin/newsletter');
    expect(after.body.lastIssue).toEqual(before.body.lastIssue);
    const audit = await callApi<ApiAnswer<'GET /admin/audit'>>(admin.idToken, 'GET', `/admin/audit?target=${encodeURIComponent(admin.email)}`);
    expect(audit.body.items.map((entry) => entry.action)).toContain('newsletter.test-send');
  });

  it('refuses a blank issue with the spec text and sends nothing', async () => {
    const answer = await callApi<ErrorAnswer>(admin.idToken, 'POST', '/admin/newsletter/test-sends', { subject: `Blank ${tag}`, content: '  ' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Please fill in both subject and content');
    expect(await mailsWithSubject(`Blank ${tag}`)).toHaveLength(0);
  });
});

describe('recipients and the confirmed send', () => {
  it('counts the confirmed subscribers of each audience as the store lists them', async () => {
    const { listDigestRecipients } = await import('#store/subscribers.ts');
    const listed = async (frequency: 'daily' | 'weekly' | 'monthly') => (await listDigestRecipients(frequency, { limit: 10_000 })).items.length;
    const [daily, weekly, monthly] = await Promise.all([listed('daily'), listed('weekly'), listed('monthly')]);
    const all = await callApi<Recipients>(admin.idToken, 'GET', '/admin/newsletter/recipients');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ frequency: null, recipients: daily + weekly + monthly });
    const one = await callApi<Recipients>(admin.idToken, 'GET', '/admin/newsletter/recipients?frequency=weekly');
    expect(one.body).toEqual({ frequency: 'weekly', recipients: weekly });
    // The page's "Verified" figure counts the same subscribers.
    const stats = await callApi<Stats>(admin.idToken, 'GET', '/admin/newsletter');
    expect(stats.body.confirmed).toBe(all.body.recipients);
    expect((await callApi<ErrorAnswer>(admin.idToken, 'GET', '/admin/newsletter/recipients?frequency=hourly')).status).toBe(400);
  });

  it('sends only with the confirmed count: none is 400, a stale one is 409, and neither sends anything', async () => {
    const subject = `Unconfirmed ${tag}`;
    const unconfirmed = await callApi<ErrorAnswer>(admin.idToken, 'POST', '/admin/newsletter/issues', { subject, content: 'Not yet.', frequency: 'monthly' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toMatch(/Confirm the number of recipients/);
    const count = await callApi<Recipients>(admin.idToken, 'GET', '/admin/newsletter/recipients?frequency=monthly');
    const stale = await callApi<ErrorAnswer>(admin.idToken, 'POST', '/admin/newsletter/issues', { subject, content: 'Not yet.', frequency: 'monthly', recipients: count.body.recipients + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain(`changed from ${(count.body.recipients + 1).toLocaleString('en-US')} to ${count.body.recipients.toLocaleString('en-US')}`);
    for (const recipients of [-1, 1.5, 'many']) expect((await callApi(admin.idToken, 'POST', '/admin/newsletter/issues', { subject, content: 'Not yet.', recipients })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailsWithSubject(subject)).toHaveLength(0);
  });

  it('with the confirmed count, sends to exactly that many', async () => {
    const subject = `Confirmed ${tag}`;
    const count = await callApi<Recipients>(admin.idToken, 'GET', '/admin/newsletter/recipients?frequency=weekly');
    expect(count.body.recipients).toBeGreaterThanOrEqual(1);
    const started = await callApi<ApiAnswer<'POST /admin/newsletter/issues'>>(admin.idToken, 'POST', '/admin/newsletter/issues', { subject, content: 'For weekly readers.', frequency: 'weekly', recipients: count.body.recipients });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.recipients).toBe(count.body.recipients);
    const deadline = Date.now() + 45_000;
    let detail: { status: string; output?: { sent?: number; failed?: number } };
    for (;;) {
      detail = (await callApi<typeof detail>(admin.idToken, 'GET', `/admin/pipeline/executions/newsletter/${started.body.name}`)).body;
      if (detail.status !== 'RUNNING') break;
      if (Date.now() > deadline) throw new Error('the issue did not finish');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(detail.status).toBe('SUCCEEDED');
    expect(detail.output).toMatchObject({ sent: count.body.recipients, failed: 0 });
    expect(await mailsWithSubject(subject)).toHaveLength(count.body.recipients);
    expect((await mailsTo(local().urls.mail, address('weekly'))).filter((mail) => mail.subject === subject)).toHaveLength(1);
    expect((await mailsTo(local().urls.mail, address('left'))).filter((mail) => mail.subject === subject)).toHaveLength(0);
  });
});
