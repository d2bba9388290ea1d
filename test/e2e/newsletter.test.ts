import { describe, expect, it } from 'vitest';
import { local, useLocalAws } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { mailsTo, waitForMail, type InboxMail } from '../support/inbox.ts';
import { runStateMachine } from '../support/pipeline.ts';

/** The newsletter in Chromium: double opt-in through the local inbox, unsubscribe with and without a link. */
const chromium = useChromium();
const site = () => local().urls.site;
const linkIn = (mail: InboxMail, path: string) => {
  const match = new RegExp(`https?://[^\\s"]+${path}\\?token=[^\\s"]+`).exec(mail.body.text ?? '');
  if (!match) throw new Error(`No ${path} link in "${mail.subject}"`);
  return match[0];
};

describe('the newsletter in Chromium', () => {
  it('subscribes a guest only after the link in the confirmation mail is opened', async () => {
    const email = `reader-${Date.now()}@example.com`;
    const page = chromium.page;
    await page.goto(`${site()}/newsletter`);
    await page.getByRole('heading', { name: "What You'll Get" }).waitFor();
    expect(await page.getByLabel('Frequency').inputValue()).toBe('weekly');
    expect(await page.locator('.topics input[type="checkbox"]').count()).toBe(8);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe to Newsletter' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Frequency').selectOption('daily');
    await page.getByLabel('Creator Economy').check();
    await page.getByRole('button', { name: 'Subscribe to Newsletter' }).click();
    await page.locator('.success-card').getByText('Please check your email to verify your subscription').waitFor();
    await page.getByRole('button', { name: 'Subscribe Another Email' }).waitFor();

    const mail = await waitForMail(local().urls.mail, email, /Confirm your Creator News Hub newsletter/);
    expect(mail.body.text).toContain('Daily Digest');
    await page.goto(linkIn(mail, '/newsletter/confirm'));
    await page.getByText('Successfully subscribed to newsletter!').waitFor();

    // Unsubscribe without a link: the owner gets one by mail; opening it unsubscribes.
    await page.goto(`${site()}/unsubscribe`);
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('The change may take up to 24 hours.').waitFor();
    const unsubscribe = await waitForMail(local().urls.mail, email, /^Unsubscribe from/);
    await page.goto(linkIn(unsubscribe, '/unsubscribe'));
    await page.getByText('Successfully unsubscribed from newsletter.').waitFor();
    expect(await page.getByLabel('Changed your mind?').inputValue()).toBe(email);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Resubscribe to Newsletter' }).click();
    await page.getByText('Please check your email to verify your subscription').first().waitFor();
  });

  it('offers the newsletter card on a guest\'s Personalized Feed tab, with the same double opt-in', async () => {
    const email = `card-${Date.now()}@example.com`;
    const page = chromium.page;
    await page.goto(site());
    await page.getByRole('tab', { name: 'Personalized Feed' }).click();
    const card = page.locator('.newsletter-card');
    await card.getByRole('heading', { name: 'Get the Weekly Roundup' }).waitFor();
    await card.getByLabel('Email').fill(email);
    await card.getByRole('button', { name: 'Subscribe to Newsletter' }).click();
    await page.getByText('Please check your email to verify your subscription').first().waitFor();
    await waitForMail(local().urls.mail, email, /Confirm your Creator News Hub newsletter/);
  });

  it('says so when a confirmation link was altered', async () => {
    await chromium.page.goto(`${site()}/newsletter/confirm?token=forged.token-value`);
    await chromium.page.getByText('This link is invalid or has expired. Please subscribe again.').waitFor();
  });

  it('sends a confirmed reader exactly one daily digest of their topics, unsubscribes by one-click POST, and a bounce suppresses an address', async () => {
    useLocalAws();
    const email = `digest-reader-${Date.now()}@example.com`;
    const page = chromium.page;
    await page.goto(`${site()}/newsletter`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Frequency').selectOption('daily');
    await page.getByLabel('Platform Updates').check();
    await page.getByRole('button', { name: 'Subscribe to Newsletter' }).click();
    await page.locator('.success-card').waitFor();
    await page.goto(linkIn(await waitForMail(local().urls.mail, email, /Confirm your Creator News Hub newsletter/), '/newsletter/confirm'));
    await page.getByText('Successfully subscribed to newsletter!').waitFor();

    const digests = async () => (await mailsTo(local().urls.mail, email)).filter((mail) => mail.subject.startsWith('Daily Digest:'));
    expect((await runStateMachine('newsletter', { trigger: 'test', frequency: 'daily' })).status).toBe('SUCCEEDED');
    const [digest, ...more] = await digests();
    expect(more).toEqual([]);
    expect(digest?.body.html).toContain('Platform Updates');
    const headers = Object.fromEntries((digest?.headers ?? []).map((header) => [header.name.toLowerCase(), header.value]));
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    // A re-run of the same issue sends nothing new.
    expect((await runStateMachine('newsletter', { trigger: 'test', frequency: 'daily' })).status).toBe('SUCCEEDED');
    expect(await digests()).toHaveLength(1);
    // The mail client's one-click POST (RFC 8058), then no digest reaches the address.
    expect((await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    const { getSubscriber, activateSubscription, listDigestRecipients } = await import('#store/subscribers.ts');
    expect((await getSubscriber(email))?.isActive).toBe(false);
    // The next issue (tomorrow's: today's is already sent) is addressed to the daily recipients, without it.
    expect((await listDigestRecipients('daily', { limit: 1000 })).items.map((item) => item.email)).not.toContain(email);

    // An address that bounces (SES's mailbox simulator): its confirmation mail bounces, the link no longer subscribes it.
    const bouncing = `bounce+reader-${Date.now()}@simulator.amazonses.com`;
    await page.goto(`${site()}/newsletter`);
    await page.getByLabel('Email').fill(bouncing);
    await page.getByRole('button', { name: 'Subscribe to Newsletter' }).click();
    const confirmation = await waitForMail(local().urls.mail, bouncing, /Confirm/);
    for (let waited = 0; !(await getSubscriber(bouncing))?.suppressedAt && waited < 10_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
    await page.goto(linkIn(confirmation, '/newsletter/confirm'));
    await page.getByText('This address cannot receive our mail (it bounced or reported spam). Please use another address.').waitFor();
    await expect(activateSubscription(bouncing, { frequency: 'daily', topics: [] })).rejects.toThrow(/cannot receive our mail/);

    expect((await runStateMachine('newsletter', { trigger: 'test', frequency: 'daily' })).status).toBe('SUCCEEDED');
    expect(await digests()).toHaveLength(1);
    expect((await mailsTo(local().urls.mail, bouncing)).filter((mail) => mail.subject.startsWith('Daily Digest:'))).toEqual([]);
  });
});
