import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { callApi, openConsole, tokenOf } from '../support/console.ts';
import { expectMenuItemsClickable } from '../support/menus.ts';

/**
 * Pipeline Control in Chromium against the runtime `npm start` runs: start an ingest from the screen and
 * read its timeline; make a lifecycle task fail once (the Step Functions stand-in's test-only fault
 * endpoint), see the execution FAILED with the task's error, redrive it from the screen, see it succeed.
 * With CNH_SHOTS_DIR set, screenshots of both pages at 1366x900 and 390x844 are written there.
 */
const chromium = useChromium();
const PIPELINE = '/admin/system/pipeline';

async function shoot(page: Page, name: string) {
  const dir = process.env.CNH_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [[1366, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Starts a run with the screen's button and opens it from the success toast. */
async function startFromScreen(page: Page, button: RegExp, toast: string): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  const flash = page.getByText(toast);
  await flash.waitFor();
  const name = /Execution (console-[\w-]+)\./.exec((await page.getByText(/^Execution console-/).first().textContent()) ?? '')?.[1];
  expect(name).toBeTruthy();
  await page.getByRole('button', { name: 'Open it' }).first().click();
  await page.waitForURL((url) => url.pathname.endsWith(`/${name}`));
  return name as string;
}

/** How many lines each status cell's words take (its text nodes' line boxes), e.g. "Succeeded": 1. */
async function statusLines(page: Page): Promise<Record<string, number>> {
  const table = page.getByRole('table').filter({ hasText: 'State machine' }).first();
  const cells = await table.locator('tbody tr td:nth-child(3)').evaluateAll((tds) =>
    tds.map((cell) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return [(cell.textContent ?? '').trim(), tops.size] as const;
    }),
  );
  return Object.fromEntries(cells);
}

describe('Pipeline Control', () => {
  it('starts an ingest from the screen, lists it and shows its timeline', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await openConsole(page, PIPELINE);
    await page.getByRole('heading', { name: 'Pipeline Control', level: 1 }).waitFor();
    // The ingest at start is listed, with the schedules and their next run.
    await page.getByRole('heading', { name: /^Executions/ }).waitFor();
    await expect.poll(async () => page.getByRole('link', { name: /^[0-9a-f-]{36}$/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByText('lifecycle-twice-daily').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Each status stays one word on one line at both widths (a squeezed column once showed "Succeede d").
    for (const [width, height] of [[1366, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      const lines = await statusLines(page);
      expect(Object.keys(lines).length).toBeGreaterThan(0);
      for (const [status, count] of Object.entries(lines)) expect(count, `${status} at ${width}px`).toBe(1);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Send newsletter' }).click();
    expect(await expectMenuItemsClickable(page.getByRole('menuitem'))).toHaveLength(3);
    await page.keyboard.press('Escape');
    await shoot(page, 'pipeline-overview');

    const name = await startFromScreen(page, /^Start ingest$/, 'Ingest started');
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // It refreshes itself until the execution ends.
    await page.getByTestId('execution-status').getByText('Succeeded').waitFor({ timeout: 45_000 });
    const timeline = page.getByRole('table').filter({ hasText: 'Time in state' });
    for (const state of ['ChooseMode', 'StartFull', 'ListDueFeeds', 'FetchHosts', 'ClassifyBatch', 'RecordRun']) {
      await timeline.getByRole('rowheader', { name: state, exact: true }).first().waitFor();
    }
    await page.getByLabel('Input').getByText('"trigger": "console"').waitFor();

    // The screen's figures are the server's.
    const detail = await callApi<ApiAnswer<'GET /admin/pipeline/executions/{machine}/{name}'>>(await tokenOf(page), 'GET', `/admin/pipeline/executions/ingest/${name}`);
    expect(detail.body.status).toBe('SUCCEEDED');
    await page.getByRole('heading', { name: `Timeline (${detail.body.timeline.length})` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'pipeline-execution');

    await page.getByRole('button', { name: 'All executions' }).click();
    await page.getByRole('link', { name, exact: true }).waitFor();
    await page.close();
  });

  it('shows a failed lifecycle with its error and redrives it to success', async () => {
    const armed = await fetch(`${local().urls.stepfunctions}/_local/faults`, { method: 'POST', body: JSON.stringify({ fn: 'lifecycle', times: 1 }) });
    expect(armed.status).toBe(200);
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await openConsole(page, PIPELINE);
    const name = await startFromScreen(page, /^Run lifecycle$/, 'Lifecycle started');

    await page.getByTestId('execution-status').getByText('Failed').waitFor({ timeout: 30_000 });
    await page.getByText('InjectedFault', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByTestId('execution-cause').textContent(), { timeout: 20_000 }).toMatch(/Fault injected into lifecycle/);
    const timeline = page.getByRole('table').filter({ hasText: 'Time in state' });
    await timeline.getByRole('row').filter({ hasText: 'ArchiveBatch' }).filter({ hasText: 'InjectedFault' }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    await shoot(page, 'pipeline-failed');

    await page.getByRole('button', { name: 'Redrive' }).click();
    await page.getByText('Execution redriven').waitFor();
    await page.getByTestId('execution-status').getByText('Succeeded').waitFor({ timeout: 30_000 });
    await page.getByText(/^1 \(last /).waitFor();
    await timeline.getByRole('rowheader', { name: 'RecordRun', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Redrive' }).count()).toBe(0);

    const detail = await callApi<ApiAnswer<'GET /admin/pipeline/executions/{machine}/{name}'>>(await tokenOf(page), 'GET', `/admin/pipeline/executions/lifecycle/${name}`);
    expect(detail.body).toMatchObject({ status: 'SUCCEEDED', redriveCount: 1 });
    await page.close();
  });
});
