import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core in the page and returns the serious and critical violations (WCAG 2.1 A and AA rules).
 * Finite animations and transitions (a dialog fading in) are let finish first: colour contrast measured
 * mid-fade reads half-transparent text as too faint.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<Array<{ id: string; impact: string | null; help: string; targets: string[] }>> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))));
  // Evaluated through the DevTools protocol, not added as a <script>: the site's CSP (as on CloudFront, so
  // also locally) refuses inline scripts, and the check must not need a hole in it.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(context ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  }, selector);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/**
 * The console's axe check: waits for the network to settle, runs axe, and fails with the failing markup.
 * Cloudscape's own phone toolbar puts aria-orientation on a <nav> (app-layout/visual-refresh/mobile-toolbar.js
 * in 3.0.1383); nothing in this project's markup can remove it, so that one finding is set aside.
 * With CNH_SHOTS set, a full-page screenshot is kept under that folder.
 */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const violations = (await seriousViolations(page)).filter(
    (violation) => !(violation.id === 'aria-allowed-attr' && violation.targets.every((target) => target.includes('mobile-toolbar-nav'))),
  );
  const markup = await Promise.all(violations.flatMap((violation) => violation.targets.map((target) => page.locator(target).first().evaluate((node) => node.outerHTML.slice(0, 300)).catch(() => target))));
  expect(violations, `${what}: ${markup.join(' | ')}`).toEqual([]);
  if (process.env.CNH_SHOTS) await page.screenshot({ path: `${process.env.CNH_SHOTS}/${what.replace(/\W+/g, '-')}.png`, fullPage: true });
}
