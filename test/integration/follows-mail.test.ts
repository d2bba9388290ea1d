import { randomUUID } from 'node:crypto';
import { DescribeExecutionCommand, ListStateMachinesCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';
import { api, local, signedInRoles, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { mailsTo } from '../support/inbox.ts';

/**
 * The mail of what a reader follows (docs/topics.md "Mail of what you follow") on the running local runtime:
 * the reader's choice, the newsletter state machine's run with `list: 'follows'` (as the schedule starts it),
 * the mail in the local SES inbox with its one-click unsubscribe, and no second mail in the same period.
 */
let sfn: SFNClient;
let admin: string;
let reader: Reader;
let followsNothing: Reader;

const marker = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

beforeAll(async () => {
  useLocalAws();
  sfn = new SFNClient({});
  ({ admin } = await signedInRoles());
  [reader, followsNothing] = await Promise.all([signedUpReader('Mail Follower'), signedUpReader('Follows Nothing')]);
});

/** Starts the newsletter machine as the follows-mail-daily schedule does, and waits for its end. */
async function runFollowsMail(): Promise<{ status?: string | undefined; output: { sent: number; skipped: number; failed: number } }> {
  const { stateMachines } = await sfn.send(new ListStateMachinesCommand({}));
  const stateMachineArn = stateMachines?.find((machine) => machine.name === 'newsletter')?.stateMachineArn;
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: JSON.stringify({ trigger: 'schedule', frequency: 'daily', list: 'follows' }) }));
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (execution.status !== 'RUNNING') return { status: execution.status, output: JSON.parse(execution.output ?? '{}') as { sent: number; skipped: number; failed: number } };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the follows mail did not finish in 30 s');
}

const header = (mail: { headers?: Array<{ name: string; value: string }> | undefined }, name: string) => mail.headers?.find((item) => item.name.toLowerCase() === name.toLowerCase())?.value;

describe('the choice of a mail of what I follow', () => {
  it('is the signed-in reader’s own: guests get 401, bad choices 400 with a message, off by default', async () => {
    expect((await api('GET', '/me/follows/digest')).status).toBe(401);
    expect((await api('PUT', '/me/follows/digest', undefined, { choice: 'daily' })).status).toBe(401);
    expect(await api('GET', '/me/follows/digest', reader.idToken)).toMatchObject({ status: 200, body: { choice: 'off' } });
    const bad = await api('PUT', '/me/follows/digest', reader.idToken, { choice: 'hourly' });
    expect(bad.status).toBe(400);
    expect((bad.body as ErrorAnswer).message).toMatch(/off, daily or weekly/);
  });
});

describe('the daily mail of what I follow', () => {
  it('mails a followed topic’s new story once, with one-click unsubscribe that turns the choice off', async () => {
    expect((await api('PUT', '/me/follows/topics/asci', reader.idToken)).status).toBe(200);
    expect(await api('PUT', '/me/follows/digest', reader.idToken, { choice: 'daily' })).toMatchObject({ status: 200, body: { choice: 'daily' } });
    // Chose the mail but follows nothing: no stories, no mail.
    expect((await api('PUT', '/me/follows/digest', followsNothing.idToken, { choice: 'daily' })).status).toBe(200);
    expect(((await api('GET', '/me/follows/digest', reader.idToken)).body as ApiAnswer<'GET /me/follows/digest'>).choice).toBe('daily');
    // The reader's data export says so too.
    expect(((await api('GET', '/me/export', reader.idToken)).body as ApiAnswer<'GET /me/export'>).followsMail).toEqual({ frequency: 'daily', lastSentAt: null });

    const word = marker();
    const created = await api('POST', '/admin/articles', admin, {
      title: `ASCI asks finfluencers to disclose paid posts ${word}`,
      summary: `A report for the readers of this beat (${word}) with enough words to stand as a summary.`,
      sourceUrl: `https://news.example.com/story/${word}`,
      category: 'regulations-ethics',
      status: 'published',
    });
    expect(created.status).toBe(200);
    const story = created.body as { id: string; title: string };
    // The topic's list is written off the table stream: the mail reads it.
    await expect.poll(async () => ((await api('GET', '/topics/asci?limit=50')).body as ApiAnswer<'GET /topics/{topicId}'>).items.some((item) => item.id === story.id), { timeout: 20_000 }).toBe(true);

    const first = await runFollowsMail();
    expect(first.status).toBe('SUCCEEDED');
    expect(first.output.sent).toBeGreaterThanOrEqual(1);
    const mails = (await mailsTo(local().urls.mail, reader.email)).filter((mail) => mail.subject.startsWith('What you follow'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.body.html).toContain(story.id);
    expect(mail?.body.text).toContain('New on ');
    expect(mail?.body.text).toMatch(/Unsubscribe: .*\/unsubscribe\?token=/);
    expect(header(mail ?? {}, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(header(mail ?? {}, 'List-Unsubscribe') ?? '')?.[1];
    expect(oneClick).toMatch(/\/newsletter\/unsubscribe\?token=/);

    expect(first.output.skipped).toBeGreaterThanOrEqual(1);
    expect((await mailsTo(local().urls.mail, followsNothing.email)).filter((m) => m.subject.startsWith('What you follow'))).toHaveLength(0);

    // A second run in the same day mails nobody twice.
    const second = await runFollowsMail();
    expect(second.status).toBe('SUCCEEDED');
    expect((await mailsTo(local().urls.mail, reader.email)).filter((m) => m.subject.startsWith('What you follow'))).toHaveLength(1);

    // The mail client's one-click POST (RFC 8058), without sign-in, turns the choice off.
    const clicked = await fetch(oneClick ?? '', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(clicked.status).toBe(200);
    expect(await api('GET', '/me/follows/digest', reader.idToken)).toMatchObject({ status: 200, body: { choice: 'off' } });
    // A forged token is refused with the readable message.
    const forged = await fetch(`${(oneClick ?? '').split('?')[0]}?token=${'x'.repeat(40)}.${'y'.repeat(43)}`, { method: 'POST' });
    expect(forged.status).toBe(400);
  });
});
