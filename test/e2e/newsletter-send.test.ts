import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, useLocalAws } from '../support/aws.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { newConsolePage } from '../support/console.ts';
import { mailsTo, waitForMail, type InboxMail } from '../support/inbox.ts';
import { countOf } from '#domain/common/plural.ts';

/**
 * Newsletter Compose in Chromium against the built console: the server's preview of the mail, a test send
 * that reaches only the signed-in editor, and Send, which asks for confirmation naming how many confirmed
 * subscribers the server counted; cancelling sends nothing, confirming sends to that many.
 */
const chromium = useChromium();
const SLOW = { timeout: 20_000 };
const SCREEN = '/admin/system/newsletter';
const shots = process.env.CNH_SHOTS_DIR ?? path.join(os.tmpdir(), 'newsletter-send-shots');
const tag = randomUUID().slice(0, 8);
const address = (name: string) => `${name}-${tag}@test.local`;

async function screenshot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** Every mail in the local inbox with exactly this subject, whoever it went to. */
async function mailsWithSubject(subject: string): Promise<InboxMail[]> {
  const response = await fetch(`${local().urls.mail}/store`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter((mail) => mail.subject === subject);
}

/** The confirmed subscribers of every frequency, as the store lists them (not as the code under test counts). */
async function confirmedCount(): Promise<number> {
  const { listDigestRecipients } = await import('#store/subscribers.ts');
  const lists = await Promise.all((['daily', 'weekly', 'monthly'] as const).map((frequency) => listDigestRecipients(frequency, { limit: 10_000 })));
  return lists.reduce((sum, list) => sum + list.items.length, 0);
}

beforeAll(async () => {
  useLocalAws();
  const { activateSubscription, recordSubscriptionRequest, suppressSubscriber } = await import('#store/subscribers.ts');
  await activateSubscription(address('daily'), { frequency: 'daily', topics: [] });
  await activateSubscription(address('weekly'), { frequency: 'weekly', topics: ['creator-economy'] });
  await recordSubscriptionRequest(address('pending'));
  await activateSubscription(address('bounced'), { frequency: 'daily', topics: [] });
  await suppressSubscriber(address('bounced'), 'bounce');
});

async function openCompose(page: Page, subject: string, content: string) {
  await page.getByRole('heading', { name: 'Newsletter Management', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose newsletter' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Content').fill(content);
  return dialog;
}

describe('newsletter compose: preview, test, confirm', () => {
  it('previews the mail, sends a test to the editor only, and sends to the confirmed count only after confirmation', { timeout: 150_000 }, async () => {
    const editor = local().admin.email;
    const subject = `Creator payouts ${tag}`;
    const page = await newConsolePage(chromium.browser, SCREEN);
    const dialog = await openCompose(page, subject, 'Hello creators <b>everywhere</b>.\n\nA second paragraph.');
    await expectNoSeriousViolations(page, 'compose dialog with its preview and test buttons');
    await screenshot(page, 'compose-write-1366x900');

    // Preview: the server's rendering, in a sandboxed frame.
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect.poll(() => dialog.getByTestId('nl-preview-subject').textContent(), SLOW).toContain(subject);
    const frame = dialog.getByTitle('Newsletter preview');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const inFrame = page.frameLocator('iframe[title="Newsletter preview"]');
    await inFrame.getByText('Hello creators <b>everywhere</b>.').waitFor(SLOW);
    await inFrame.getByText('A second paragraph.').waitFor();
    await inFrame.getByRole('heading', { name: `Creator News Hub · ${subject}` }).waitFor();
    await inFrame.getByRole('link', { name: 'Unsubscribe' }).waitFor();
    await dialog.getByText(`mails it to ${editor} only`).waitFor();
    // No axe run here: the preview is the mail's own markup, in a frame axe cannot enter (an empty sandbox
    // runs no script), and Playwright's network-idle wait never settles while that frame is open.
    await screenshot(page, 'compose-preview-1366x900');

    // A test: to the signed-in editor alone, marked [Test]; no subscriber gets it.
    await dialog.getByRole('button', { name: 'Send a test to me' }).click();
    await dialog.getByText(`A test was sent to ${editor} only`).waitFor(SLOW);
    const test = await waitForMail(local().urls.mail, editor, new RegExp(`^\\[Test\\] ${subject}$`));
    expect(test.body.html).toContain('Hello creators &lt;b&gt;everywhere&lt;/b&gt;.');
    expect((await mailsWithSubject(`[Test] ${subject}`)).map((mail) => mail.destination.to)).toEqual([[editor]]);
    for (const name of ['daily', 'weekly', 'pending', 'bounced']) expect((await mailsTo(local().urls.mail, address(name))).filter((mail) => mail.subject.includes(subject))).toHaveLength(0);

    // Send asks first, naming the server's count; Cancel sends nothing.
    const expected = await confirmedCount();
    expect(expected).toBeGreaterThanOrEqual(2);
    await dialog.getByRole('button', { name: 'Send newsletter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await expect.poll(() => confirm.getByTestId('nl-confirm-count').textContent(), SLOW).toContain(countOf(expected, 'confirmed subscriber'));
    await confirm.getByRole('button', { name: `Send to ${countOf(expected, 'subscriber')}` }).waitFor();
    await expectNoSeriousViolations(page, 'send confirmation');
    await screenshot(page, 'confirm-1366x900');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'confirm-390x844');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    // Back in the dialog as it was, on the preview, with nothing lost.
    await expect.poll(() => dialog.getByTestId('nl-preview-subject').textContent(), SLOW).toContain(subject);
    await screenshot(page, 'compose-390x844');
    await page.setViewportSize({ width: 1366, height: 900 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsWithSubject(subject)).toHaveLength(0);

    // Confirming sends to that many; the button is disabled while the request is in flight.
    await dialog.getByRole('tab', { name: 'Write' }).click();
    expect(await dialog.getByLabel('Subject').inputValue()).toBe(subject);
    await dialog.getByRole('button', { name: 'Send newsletter' }).click();
    const sendButton = confirm.getByRole('button', { name: `Send to ${countOf(expected, 'subscriber')}` });
    await sendButton.waitFor(SLOW);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/admin/newsletter/issues', async (route) => {
      await held;
      await route.continue();
    });
    expect(await sendButton.isDisabled()).toBe(false);
    await sendButton.click();
    // While the send is held in flight, neither a second click nor Cancel does anything.
    const inFlight = confirm.getByRole('button', { name: /^Send(ing| to)/ });
    await expect.poll(() => inFlight.isDisabled(), SLOW).toBe(true);
    expect(await confirm.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await screenshot(page, 'confirm-sending-1366x900');
    release();
    await page.getByText('Newsletter sent', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByText(`Sent to ${countOf(expected, 'subscriber')}`).first().waitFor(SLOW);
    await expect.poll(async () => (await mailsWithSubject(subject)).length, SLOW).toBe(expected);
    for (const name of ['daily', 'weekly']) expect((await mailsTo(local().urls.mail, address(name))).filter((mail) => mail.subject === subject)).toHaveLength(1);
    for (const name of ['pending', 'bounced']) expect((await mailsTo(local().urls.mail, address(name))).filter((mail) => mail.subject === subject)).toHaveLength(0);
    // The test copy was never counted: the editor has it once, and the issue's figures are the subscribers'.
    expect((await mailsTo(local().urls.mail, editor)).filter((mail) => mail.subject.includes(subject)).map((mail) => mail.subject)).toEqual([`[Test] ${subject}`]);
    await expect.poll(() => page.getByTestId('nl-last-issue').textContent(), SLOW).toContain(`${expected.toLocaleString('en-IN')} sent`);
    await page.close();
  });

  it('says nobody would receive an issue when the server counts zero, and offers no Send', async () => {
    const page = await newConsolePage(chromium.browser, SCREEN);
    // The shared runtime has subscribers: the count's answer is stubbed here (the server's own zero is tested in integration).
    await page.route('**/admin/newsletter/recipients*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ frequency: null, recipients: 0 }) }));
    let sends = 0;
    await page.route('**/admin/newsletter/issues', (route) => {
      sends += 1;
      return route.abort();
    });
    const dialog = await openCompose(page, `Nobody ${tag}`, 'Hello?');
    await dialog.getByRole('button', { name: 'Send newsletter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await confirm.getByText('There are no confirmed subscribers, so nothing will be sent.').waitFor(SLOW);
    const send = confirm.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await screenshot(page, 'confirm-zero-1366x900');
    expect(sends).toBe(0);
    await page.close();
  });
});
