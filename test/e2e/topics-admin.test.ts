import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { api, useLocalAws } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { callApi, openConsole, tokenOf } from '../support/console.ts';
import { expectMenuItemsClickable } from '../support/menus.ts';

/**
 * The Topics screen in Chromium against the runtime `npm start` runs: an admin renames a topic and hides it, and
 * the reader API agrees. The topic is one no other browser test names; its overrides are undone at the end.
 */
const chromium = useChromium();
const SLOW = { timeout: 20_000 };
const TOPIC = 'pocket-aces';
let admin: Page;

type Listing = ApiAnswer<'GET /admin/topics'>;

beforeAll(async () => {
  useLocalAws();
  admin = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await openConsole(admin, '/admin/content/topics');
  await admin.getByRole('heading', { name: 'Topics', level: 1 }).waitFor();
});

afterAll(async () => {
  const token = await tokenOf(admin);
  await callApi(token, 'PUT', `/admin/topics/${TOPIC}/visibility`, { hidden: false });
  await callApi(token, 'PUT', `/admin/topics/${TOPIC}/name`, { name: '' });
});

async function topicRow() {
  await admin.getByRole('searchbox', { name: 'Search topics by name or id' }).fill(TOPIC);
  const row = admin.getByRole('row').filter({ hasText: TOPIC });
  await row.waitFor();
  await expect.poll(() => admin.getByRole('row').count(), SLOW).toBe(2);
  return row;
}

async function act(item: string) {
  const row = await topicRow();
  await row.getByRole('button', { name: /Actions for/ }).click();
  await expectMenuItemsClickable(admin.getByRole('menuitem'));
  await admin.getByRole('menuitem', { name: item }).click();
}

async function serverRow() {
  const listed = await callApi<Listing>(await tokenOf(admin), 'GET', `/admin/topics?filter=${TOPIC}`);
  return listed.body.items.find((row) => row.id === TOPIC);
}

describe('the Topics screen in the browser', () => {
  it('is in the Content navigation, lists the catalogue with figures, and has no serious accessibility violations', async () => {
    await admin.getByRole('link', { name: 'Topics', exact: true }).waitFor();
    const row = await topicRow();
    await expect(row.textContent()).resolves.toMatch(/Pocket Aces.*Agency.*Shown/);
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('renames the topic: the table, the server and the topic page show the new name', async () => {
    await act('Rename');
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Rename topic').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await dialog.getByLabel('Display name').fill('Pocket Aces Studios');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await admin.getByText('Topic renamed').waitFor(SLOW);

    const row = await topicRow();
    await expect.poll(() => row.textContent(), SLOW).toMatch(/Pocket Aces Studios.*Catalogue name: Pocket Aces/);
    expect(await serverRow()).toMatchObject({ name: 'Pocket Aces Studios', renamed: true });
    expect((await api('GET', `/topics/${TOPIC}`)).body).toMatchObject({ topic: { id: TOPIC, name: 'Pocket Aces Studios' } });
  });

  it('hides the topic: the row says Hidden, its page answers 404, and it can be shown again from the list of hidden topics', async () => {
    await act('Hide');
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(/Readers no longer see it/).waitFor();
    await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
    await admin.getByText('Topic hidden').waitFor(SLOW);

    const row = await topicRow();
    await expect.poll(() => row.textContent(), SLOW).toMatch(/Hidden/);
    expect(await serverRow()).toMatchObject({ hidden: true });
    expect((await api('GET', `/topics/${TOPIC}`)).status).toBe(404);

    await admin.getByRole('button', { name: 'Filter by what a moderator changed' }).click();
    await admin.getByRole('option', { name: 'Hidden' }).click();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: TOPIC }).count(), SLOW).toBe(1);
    await act('Show');
    await admin.getByRole('dialog').getByRole('button', { name: 'Show', exact: true }).click();
    await admin.getByText('Topic shown').waitFor(SLOW);
    expect((await api('GET', `/topics/${TOPIC}`)).status).toBe(200);
  });
});
