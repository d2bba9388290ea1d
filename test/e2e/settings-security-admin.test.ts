import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../../lib/local/cognito.ts';
import { localSettings } from '../../lib/local/settings.ts';
import { local, useLocalAws } from '../support/aws.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { callApi, newConsolePage, tokenOf } from '../support/console.ts';

/** Settings and Security in Chromium against the local runtime. */
const chromium = useChromium();
/** expect.poll gives up after 1 s by default; screens under a loaded machine need longer. */
const SLOW = { timeout: 20_000 };

let adminToken: string | undefined;

beforeAll(() => {
  useLocalAws();
});

// Later files see the shipped settings (and the described schedules) again.
afterAll(async () => {
  if (!adminToken) return;
  const current = await callApi<ApiAnswer<'GET /admin/settings'>>(adminToken, 'GET', '/admin/settings');
  await callApi(adminToken, 'PUT', '/admin/settings', { version: current.body.version, ...current.body.defaults });
});

async function consolePage(path: string, width = 1366, height = 900): Promise<Page> {
  const page = await newConsolePage(chromium.browser, path, { width, height });
  adminToken ??= await tokenOf(page);
  return page;
}

const field = (page: Page, key: string) => page.getByTestId(`setting-${key}`).locator('input');

describe('settings screen', () => {
  it('saves a changed goal (reload shows it, the audit has it), shows a server validation error inline, passes axe at both widths', async () => {
    const page = await consolePage('/admin/system/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByTestId('config-status').getByText('Point-in-time recovery').waitFor(SLOW);
    const save = page.getByTestId('settings-save').locator('button').or(page.getByRole('button', { name: 'Save' })).first();
    expect(await save.isDisabled()).toBe(true);

    const goal = 20_000 + Math.floor(Math.random() * 10_000);
    await field(page, 'monthlyGoalRupees').fill(String(goal));
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('Settings saved').waitFor(SLOW);
    await page.reload();
    await expect.poll(() => field(page, 'monthlyGoalRupees').inputValue(), SLOW).toBe(String(goal));
    const { listAudit } = await import('#store/audit.ts');
    const [entry] = (await listAudit({ target: 'settings', limit: 1 })).items;
    expect(entry).toMatchObject({ action: 'settings.update', actorEmail: local().admin.email, after: { monthlyGoalRupees: goal } });

    // The server's word for a bad time, next to the field.
    await field(page, 'weeklyDigestTime').fill('25:00');
    await save.click();
    await page.getByText('Use a 24-hour time as HH:MM').waitFor(SLOW);
    await expectNoSeriousViolations(page, 'settings at 1366px');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('config-status').waitFor();
    await expectNoSeriousViolations(page, 'settings at 390px');
    await page.close();
  });
});

describe('security screen', () => {
  it('shows a failed sign-in made at /auth, and passes axe at both widths', async () => {
    const { urls, portBase } = local();
    const email = `wrongpass-${randomUUID().slice(0, 8)}@test.local`;
    await createConfirmedUser(localSettings({ CNH_PORT_BASE: String(portBase) }), urls.userPool, email, 'Reader-Pass-2026');
    const guest = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await guest.goto(`${urls.site}/auth`);
    await guest.getByLabel('Email').fill(email);
    await guest.getByLabel('Password').fill('Not-The-Password-1');
    // The page's InitiateAuth call reaches the local Cognito and is refused.
    const refused = guest.waitForResponse((response) => response.url().startsWith(urls.userPool.endpoint) && response.request().method() === 'POST' && response.status() === 400, SLOW);
    await guest.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await refused;
    await guest.close();

    const page = await consolePage('/admin/system/security');
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByText('Today').click();
    const row = page.getByTestId('sec-failures-table').locator('tr', { hasText: email });
    await expect.poll(async () => ((await row.count()) ? await row.textContent() : ''), SLOW).toMatch(new RegExp(`${email}11`));
    await page.getByRole('heading', { name: 'Role changes and suspensions' }).waitFor();
    await expectNoSeriousViolations(page, 'security at 1366px');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('sec-failures-table').waitFor();
    await expectNoSeriousViolations(page, 'security at 390px');
    await page.close();
  });
});
