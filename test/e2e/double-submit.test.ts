import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { signedUpReader, useLocalAws } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';
import { callApi, newConsolePage, tokenOf } from '../support/console.ts';

/**
 * A double click on each form that once wrote twice (issue 33): the form sends one submission (its
 * button is held while it is on its way) and the server, given the submission's Idempotency-Key, would
 * answer a repeat with the first answer. Counted as the reader sees it (toasts) and as the server
 * keeps it (audit entries, requests that reached the API).
 */
const chromium = useChromium();

/** The write requests the page sends to one API path. */
function writesTo(page: Page, pathPattern: RegExp): { count: () => number; keys: () => string[] } {
  const seen: Array<{ key: string }> = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && pathPattern.test(new URL(request.url()).pathname)) seen.push({ key: request.headers()['idempotency-key'] ?? '' });
  });
  return { count: () => seen.length, keys: () => seen.map((entry) => entry.key) };
}

async function auditCount(token: string, target: string): Promise<number> {
  const { body } = await callApi<ApiAnswer<'GET /admin/audit'>>(token, 'GET', `/admin/audit?target=${encodeURIComponent(target)}&limit=100`);
  return body.items.length;
}

describe('a double click writes once', () => {
  it('on the dashboard: Save preferences (one save, one toast) and the newsletter Subscribe (one request)', async () => {
    const reader = await signedUpReader('Double Click Reader');
    const page = await newConsolePage(chromium.browser, '/dashboard', { who: reader });
    await page.locator('#preferences').getByRole('button', { name: 'Save preferences' }).waitFor();
    const saves = writesTo(page, /\/me\/preferences$/);
    await page.locator('#preferences').getByLabel('Hindi').check().catch(() => undefined);
    await page.locator('#preferences').getByRole('button', { name: 'Save preferences' }).dblclick();
    await page.getByText('Preferences updated successfully').first().waitFor();
    await page.waitForTimeout(1_000);
    expect(await page.getByText('Preferences updated successfully').count()).toBe(1);
    expect(saves.count()).toBe(1);
    expect(saves.keys()[0]).toMatch(/^[0-9a-f-]{36}$/);

    await page.getByRole('tab', { name: 'Newsletter' }).click();
    const subscriptions = writesTo(page, /\/me\/newsletter$/);
    await page.getByRole('button', { name: 'Subscribe to Newsletter' }).dblclick();
    await page.getByText('Successfully subscribed to newsletter!').first().waitFor();
    await page.waitForTimeout(1_000);
    expect(subscriptions.count()).toBe(1);
    expect(await page.getByText('Successfully subscribed to newsletter!').count()).toBe(1);
    await page.close();
  });

  it('in the console: Save role and the article editor\u2019s Save changes (one audit entry each)', async () => {
    useLocalAws();
    const reader = await signedUpReader('Role Double Click');
    const admin = await newConsolePage(chromium.browser, '/admin/users');
    const token = await tokenOf(admin);
    const listed = await callApi<ApiAnswer<'GET /admin/users'>>(token, 'GET', `/admin/users?search=${encodeURIComponent(reader.email)}`);
    const userId = listed.body.items[0]!.userId;
    const roleAuditBefore = await auditCount(token, userId);
    await admin.getByRole('searchbox', { name: 'Search users by name or email' }).fill(reader.email);
    // The search's answer first (one row): a menu opened on the list before it would go with the re-rendered row.
    await expect.poll(() => admin.locator('table tbody tr').count(), { timeout: 15_000 }).toBe(1);
    const row = admin.getByRole('row').filter({ hasText: reader.email });
    await row.getByRole('button', { name: /Actions for/ }).click();
    await admin.getByRole('menuitem', { name: 'Change role' }).click();
    await admin.getByRole('radio', { name: /Moderator/ }).check();
    await admin.getByRole('button', { name: 'Save role' }).dblclick();
    await admin.getByText('User role updated').first().waitFor();
    await admin.waitForTimeout(1_000);
    expect(await auditCount(token, userId)).toBe(roleAuditBefore + 1);
    expect(await admin.getByText('User role updated').count()).toBe(1);

    const { body } = await callApi<ApiAnswer<'GET /admin/articles'>>(token, 'GET', '/admin/articles?status=draft&pageSize=25');
    const draft = body.items[0] ?? (await callApi<ApiAnswer<'GET /admin/articles'>>(token, 'GET', '/admin/articles?pageSize=25')).body.items[0]!;
    const articleAuditBefore = await auditCount(token, draft.id);
    await admin.goto(`${new URL(admin.url()).origin}/admin/content/articles/${draft.id}/edit`);
    const title = admin.getByLabel('Title');
    await title.waitFor();
    await title.fill(`${draft.title.slice(0, 200)} (edited)`);
    const saves = writesTo(admin, new RegExp(`/admin/articles/${draft.id}$`));
    await admin.getByRole('button', { name: 'Save changes' }).dblclick();
    await admin.getByText('Article updated').first().waitFor();
    await admin.waitForTimeout(1_000);
    expect(saves.count()).toBe(1);
    expect(await auditCount(token, draft.id)).toBe(articleAuditBefore + 1);
    await admin.close();
  });
});
