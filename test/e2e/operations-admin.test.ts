import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, useLocalAws } from '../support/aws.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { callApi, newConsolePage, tokenOf } from '../support/console.ts';
import { countOf } from '#domain/common/plural.ts';
import type { ApiAnswer } from '#http/answers.ts';

/** Operations / Monitoring and Recovery in Chromium against the local runtime. */
const chromium = useChromium();
const SLOW = { timeout: 20_000 };

type Operations = ApiAnswer<'GET /admin/operations'>;

beforeAll(() => {
  useLocalAws();
});

const consolePage = (path: string, width = 1366, height = 900): Promise<Page> => newConsolePage(chromium.browser, path, { width, height });

describe('one health model', () => {
  it('shows the same overall status, with its reasons in words, on the dashboard, Operations, Monitoring and Recovery', async () => {
    const page = await consolePage('/admin');
    type Health = Pick<Operations, 'health'>;
    const answer = (await callApi<Health>(await tokenOf(page), 'GET', '/admin/operations')).body.health;
    const label = { healthy: 'Healthy', warning: 'Warning', critical: 'Critical' }[answer.status];
    expect(answer.reasons.length).toBeGreaterThan(0);
    const seen: Record<string, { status: string; reasons: string[] }> = {};
    for (const path of ['/admin', '/admin/system/operations', '/admin/system/monitoring', '/admin/system/recovery']) {
      if (path !== '/admin') await page.goto(`${local().urls.site}${path}`);
      await page.getByTestId('health-status').waitFor();
      const reasons = await page.getByTestId('health-reasons').locator('li').allTextContents();
      seen[path] = { status: (await page.getByTestId('health-status').textContent()) ?? '', reasons };
      expect(reasons.length, path).toBeGreaterThan(0);
      expect(reasons.every((reason) => reason.split(' ').length >= 4), `${path}: reasons in words`).toBe(true);
      // The stabilization monitor's Overall is the same status, not a rule set of its own.
      if (path !== '/admin' && path !== '/admin/system/recovery') expect(await page.getByTestId('monitor-status').textContent(), path).toBe(seen[path].status);
    }
    const statuses = Object.values(seen).map((screen) => screen.status);
    expect(statuses).toEqual([label, label, label, label]);
    const firstReasons = Object.values(seen).map((screen) => screen.reasons[0]);
    expect(new Set(firstReasons).size, JSON.stringify(seen)).toBe(1);
    await page.close();
  });
});

describe('monitoring screen', () => {
  it('shows the figures the API answers after a fresh request load, and passes axe at both widths', async () => {
    const page = await consolePage('/admin/system/monitoring');
    await page.getByRole('heading', { name: 'System Monitoring', level: 1 }).waitFor();
    await page.getByTestId('fn-admin-day-invocations').waitFor();
    const token = await tokenOf(page);
    const before = (await callApi<Operations>(token, 'GET', '/admin/operations')).body.functions.find((fn) => fn.name === 'admin')!.day.invocations;
    const N = 5;
    for (let i = 0; i < N; i += 1) expect((await callApi(token, 'GET', '/admin/ping')).status).toBe(200);

    // Refresh: the screen's own request answers the figures it must show.
    const answered = page.waitForResponse((response) => response.url().endsWith('/admin/operations') && response.request().method() === 'GET');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const body = (await (await answered).json()) as Operations;
    const admin = body.functions.find((fn) => fn.name === 'admin')!;
    // The N pings at least (GET /admin/operations is the admin-operations function's).
    expect(admin.day.invocations).toBeGreaterThanOrEqual(before + N);
    await expect.poll(() => page.getByTestId('fn-admin-day-invocations').textContent(), SLOW).toBe(admin.day.invocations.toLocaleString('en-IN'));
    expect(await page.getByTestId('fn-admin-hour-invocations').textContent()).toBe(admin.hour.invocations.toLocaleString('en-IN'));
    expect(await page.getByTestId('fn-admin-day-errors').textContent()).toBe(admin.day.errors.toLocaleString('en-IN'));
    for (const machine of body.stateMachines) expect(await page.getByTestId(`sm-${machine.machine}-runs`).textContent()).toBe(String(machine.runs));
    await page.getByRole('heading', { name: 'Stabilization monitor' }).waitFor();
    await page.getByRole('heading', { name: /^Alarms/ }).waitFor();
    await expectNoSeriousViolations(page, 'monitoring at 1366px');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('fn-admin-day-invocations').waitFor();
    await expectNoSeriousViolations(page, 'monitoring at 390px');
    await page.close();
  });

  it('shows the Operations tabs: Monitoring, Automation with the schedules, Maintenance', async () => {
    const page = await consolePage('/admin/system/operations');
    await page.getByRole('heading', { name: 'System Operations', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Automation' }).click();
    await page.getByRole('table', { name: /Schedules/ }).getByText('lifecycle-twice-daily').waitFor();
    await expectNoSeriousViolations(page, 'operations automation at 1366px');
    await page.getByRole('tab', { name: 'Maintenance' }).click();
    await page.getByRole('link', { name: /^Recovery:/ }).click();
    await page.getByRole('heading', { name: 'System Recovery', level: 1 }).waitFor();
    await page.close();
  });
});

describe('recovery screen', () => {
  it('runs an action from the screen, shows its progress and its result, and passes axe at both widths', async () => {
    const { createArticle, getArticle } = await import('#store/articles.ts');
    const { testArticle } = await import('../support/articles.ts');
    const stuck = [testArticle({ status: 'draft', adminStatus: 'auto_rejected', mlConfidenceScore: 0.2 }), testArticle({ status: 'draft', adminStatus: 'auto_rejected', mlConfidenceScore: 0.1 })];
    for (const article of stuck) await createArticle(article);
    const waiting = testArticle({ status: 'draft', adminStatus: 'unclassified', mlConfidenceScore: 0 });
    await createArticle(waiting);

    const page = await consolePage('/admin/system/emergency-recovery');
    await page.getByRole('heading', { name: 'System Recovery', level: 1 }).waitFor();
    expect(page.url()).toContain('/admin/system/recovery');
    const pendingRejected = Number((await page.getByTestId('pending-reject-auto-rejected').textContent())?.replace(/,/g, ''));
    expect(pendingRejected).toBeGreaterThanOrEqual(2);
    await expectNoSeriousViolations(page, 'recovery at 1366px');

    await page.getByTestId('run-reject-auto-rejected').click();
    await expect.poll(() => page.getByTestId('recovery-result').textContent(), SLOW).toBe(`${countOf(pendingRejected, 'auto-rejected draft')} moved to rejected.`);
    for (const article of stuck) expect((await getArticle(article.id))?.status).toBe('rejected');
    await expect.poll(() => page.getByTestId('pending-reject-auto-rejected').textContent(), SLOW).toBe('0');
    await page.getByRole('table', { name: /Recovery history/ }).getByText('Move auto-rejected to rejected').first().waitFor();

    // A run that follows an execution: the first look at it is held for a moment, so the progress panel can be seen.
    await page.route(/\/admin\/pipeline\/executions\/ingest\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByTestId('run-classify-drafts').click();
    await page.getByText('Classify waiting drafts: in progress').waitFor();
    await page.getByTestId('run-progress').waitFor();
    await page.getByRole('link', { name: /^Open execution .+ in Pipeline Control$/ }).waitFor();
    await expect.poll(() => page.getByTestId('recovery-result').textContent(), { timeout: 60_000 }).toMatch(/^The ingest execution recovery-classify-\S+ succeeded\.$/);
    expect((await getArticle(waiting.id))?.adminStatus).not.toBe('unclassified');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('recovery-result').waitFor();
    await expectNoSeriousViolations(page, 'recovery at 390px');
    await page.close();
  });
});

describe('dead letters on the recovery screen', () => {
  it('shows the dead letters waiting per queue, and a redrive hands them back and empties the queue', async () => {
    const { SQSClient, SendMessageCommand } = await import('@aws-sdk/client-sqs');
    const { asyncFailureRecord } = await import('#domain/operations/dead-letters.ts');
    const { snsNotification } = await import('../../lib/local/mail-events.ts');
    // A bounce the mail events function gave up on (as Lambda sends it after the asynchronous retries).
    const bounce = { eventType: 'Bounce', bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: `gone-${Date.now()}@example.com` }], timestamp: new Date().toISOString() }, mail: { messageId: 'dead-letter-test', timestamp: new Date().toISOString(), source: 'news@creatornewshub.local', destination: [] } };
    const record = asyncFailureRecord({ requestId: 'e2e', functionArn: 'arn:aws:lambda:ap-south-1:000000000000:function:creator-news-hub-mail-events', invokeCount: 3, at: new Date(), event: snsNotification('arn:aws:sns:ap-south-1:000000000000:mail-events', bounce), error: new Error('injected') });
    const sqs = new SQSClient({ endpoint: local().urls.queues, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await sqs.send(new SendMessageCommand({ QueueUrl: `${local().urls.queues}/000000000000/mail-events`, MessageBody: JSON.stringify(record) }));
    sqs.destroy();

    const page = await consolePage('/admin/system/recovery');
    await page.getByRole('heading', { name: 'System Recovery', level: 1 }).waitFor();
    type Recovery = ApiAnswer<'GET /admin/recovery'>;
    const answer = (await callApi<Recovery>(await tokenOf(page), 'GET', '/admin/recovery')).body;
    const mailQueue = answer.deadLetters.find((queue) => queue.queue === 'mail-events');
    expect(mailQueue).toMatchObject({ source: 'mail-events', fn: 'mail-events', waiting: 1 });
    const total = answer.deadLetters.reduce((sum, queue) => sum + (queue.waiting ?? 0), 0);
    await expect.poll(() => page.getByTestId('dead-letters-mail-events').textContent(), SLOW).toBe('1');
    expect(await page.getByTestId('pending-redrive-dead-letters').textContent()).toBe(String(total));

    await page.getByTestId('run-redrive-dead-letters').click();
    await expect.poll(() => page.getByTestId('recovery-result').textContent(), SLOW).toBe(`${total} of ${countOf(total, 'dead letter')} redriven.`);
    await expect.poll(() => page.getByTestId('dead-letters-mail-events').textContent(), SLOW).toBe('0');
    await page.getByTestId('dead-letters-empty').waitFor();
    expect(await page.getByTestId('pending-redrive-dead-letters').textContent()).toBe('0');
    await page.getByRole('table', { name: /Recovery history/ }).getByText('Redrive dead letters').first().waitFor();
    await expectNoSeriousViolations(page, 'recovery with dead letters');
    await page.close();
  });
});
