import type { Locator, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { callApi, openConsole, tokenOf } from '../support/console.ts';
import { expectMenuItemsClickable } from '../support/menus.ts';
import type { ApiAnswer } from '#http/answers.ts';

/** User management in Chromium against the runtime `npm start` runs: roles, suspension, the screen's accessibility. */
const chromium = useChromium();
const SLOW = { timeout: 20_000 };
let reader: Reader;
let admin: Page;

type Listing = ApiAnswer<'GET /admin/users'>;

beforeAll(async () => {
  useLocalAws();
  reader = await signedUpReader(`Meera Users ${randomUUID().slice(0, 6)}`);
  admin = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await openConsole(admin, '/admin/users');
  await admin.getByRole('heading', { name: 'User Management' }).waitFor();
});

async function findReaderRow() {
  await admin.getByRole('searchbox', { name: 'Search users by name or email' }).fill(reader.email);
  const row = admin.getByRole('row').filter({ hasText: reader.email });
  await row.waitFor();
  await expect.poll(() => admin.getByRole('row').count(), SLOW).toBe(2);
  return row;
}

/** Opens a row's Actions menu; every item must be whole on screen and clickable (the table once clipped it). */
async function openActions(row: Locator) {
  await row.getByRole('button', { name: /Actions for/ }).click();
  return expectMenuItemsClickable(admin.getByRole('menuitem'));
}

async function act(item: string) {
  const row = await findReaderRow();
  await openActions(row);
  await admin.getByRole('menuitem', { name: item }).click();
}

async function serverView() {
  const listed = await callApi<Listing>(await tokenOf(admin), 'GET', `/admin/users?search=${encodeURIComponent(reader.email)}`);
  return listed.body.items[0];
}

async function signInAt(path: string) {
  const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${local().urls.site}/auth?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(reader.email);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  return page;
}

describe('user management in the browser', () => {
  it('lists the tabs and the new reader, and has no serious accessibility violations', async () => {
    for (const tab of ['All', 'Active', 'Recent', 'Admins']) await admin.getByRole('tab', { name: tab }).waitFor();
    const row = await findReaderRow();
    await expect(row.textContent()).resolves.toMatch(/User.*Active/);
    expect(await seriousViolations(admin)).toEqual([]);
    expect(await openActions(row)).toEqual(['Edit profile', 'Change role', 'Send message', 'Suspend user']);
    await admin.getByRole('menuitem', { name: 'Change role' }).click();
    await admin.getByRole('dialog').getByText('Change User Role').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Cancel' }).click();
  });

  it('makes a reader a moderator; signing in again, they open the review queue and the server agrees', async () => {
    const before = await signInAt('/admin/content/review');
    await before.getByText('Access denied. Admin privileges required.').or(before.getByText('Access denied. Moderator or admin privileges required.')).first().waitFor();
    await before.close();

    await act('Change role');
    await admin.getByRole('radio', { name: /Moderator/ }).check();
    await admin.getByRole('button', { name: 'Save role' }).click();
    await admin.getByText('User role updated').waitFor();
    await expect.poll(async () => (await serverView())?.role, SLOW).toBe('moderator');
    await expect.poll(async () => (await findReaderRow()).textContent(), SLOW).toMatch(/Moderator/);

    const after = await signInAt('/admin/content/review');
    await after.getByRole('heading', { name: 'Admin Review Queue' }).waitFor();
    expect((await callApi(await tokenOf(after), 'GET', '/admin/review')).status).toBe(200);
    expect((await callApi(await tokenOf(after), 'GET', '/admin/users')).status).toBe(403);
    await after.close();
  });

  it('suspends the user (they cannot sign in at /auth), then enables them (they can)', async () => {
    await act('Suspend user');
    await admin.getByRole('dialog').getByLabel('Reason').fill('Testing suspension');
    await admin.getByRole('button', { name: 'Suspend', exact: true }).click();
    await admin.getByText('User suspended').waitFor();
    await expect.poll(async () => (await serverView())?.suspended, SLOW).toBe(true);
    await expect.poll(async () => (await findReaderRow()).textContent(), SLOW).toMatch(/Suspended/);

    const refused = await signInAt('/admin/content/review');
    await refused.getByText('User is disabled.').first().waitFor();
    expect(new URL(refused.url()).pathname).toBe('/auth');
    await refused.close();

    await act('Enable user');
    await admin.getByRole('button', { name: 'Enable', exact: true }).click();
    await admin.getByText('User enabled').waitFor();
    await expect.poll(async () => (await serverView())?.suspended, SLOW).toBe(false);

    const back = await signInAt('/admin/content/review');
    await back.getByRole('heading', { name: 'Admin Review Queue' }).waitFor();
    await back.close();
  });

  it('keeps an admin from removing their own admin role in the dialog (the server refuses it too: integration test)', async () => {
    await admin.getByRole('searchbox', { name: 'Search users by name or email' }).fill(local().admin.email);
    const row = admin.getByRole('row').filter({ hasText: local().admin.email });
    await row.waitFor();
    await openActions(row);
    await admin.getByRole('menuitem', { name: 'Change role' }).click();
    await admin.getByRole('radio', { name: /Moderator/ }).check();
    await admin.getByText('You cannot remove your own admin role.').waitFor();
    await expect(admin.getByRole('button', { name: 'Save role' }).isDisabled()).resolves.toBe(true);
    await admin.getByRole('button', { name: 'Cancel' }).click();
  });
});
