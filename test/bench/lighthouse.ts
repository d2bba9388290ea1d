/**
 * Lighthouse mobile performance (Lighthouse's default: a mid-range phone, simulated slow 4G, 4x CPU
 * slowdown) of the production build served by the local runtime, the API answering from DynamoDB Local.
 * Median of three runs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalRuntime } from '../support/local-runtime.ts';
import { buildSite } from './bundle.ts';

const RUNS = 3;
/** Ports of the bench's own runtime; CNH_BENCH_PORT_BASE moves them (several checkouts on one machine). */
const PORT_BASE = Number(process.env.CNH_BENCH_PORT_BASE ?? 5500);

export async function runLighthouseBench(): Promise<void> {
  await buildSite();
  const runtime = await startLocalRuntime({ portBase: PORT_BASE, serveBuiltSite: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const results: Array<{ score: number; audits: Record<string, string>; lcpElement: string; shifts: string[] }> = [];
    for (let run = 0; run < RUNS; run += 1) {
      const answer = await lighthouse(runtime.urls.site, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      const lhr = answer?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      // What the largest paint was and what moved: the two things to look at when LCP or CLS is off.
      const nodes = (id: string) => JSON.stringify(lhr.audits[id]?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/g) ?? [];
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        audits: { FCP: audit('first-contentful-paint'), LCP: audit('largest-contentful-paint'), TBT: audit('total-blocking-time'), CLS: audit('cumulative-layout-shift'), SI: audit('speed-index') },
        lcpElement: `${nodes('lcp-breakdown-insight')[0]?.slice(11, 130) ?? '?'} (${[...JSON.stringify(lhr.audits['lcp-breakdown-insight']?.details ?? {}).matchAll(/"subpart":"(\w+)"[^}]*?"duration":([\d.]+)/g)].map((part) => `${part[1]} ${Math.round(Number(part[2]))} ms`).join(', ')})`,
        shifts: nodes('layout-shifts').map((snippet) => snippet.slice(11, 90)),
      });
    }
    results.sort((a, b) => a.score - b.score);
    const median = results[Math.floor(RUNS / 2)] as (typeof results)[number];
    console.log(`\nLighthouse ${'mobile'} performance of the production build (local runtime, ${RUNS} runs)`);
    console.log(`  scores ${results.map((result) => result.score).join(', ')}; median ${median.score} (goal >= 95)`);
    console.log(`  median run: ${Object.entries(median.audits).map(([name, value]) => `${name} ${value}`).join(', ')}`);
    console.log(`  median run's LCP element: ${median.lcpElement}`);
    if (median.shifts.length) console.log(`  median run's layout shifts: ${median.shifts.join(' | ')}`);
  } finally {
    await chrome.kill();
    await runtime.stop();
  }
}
