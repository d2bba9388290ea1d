/**
 * Lighthouse mobile performance (Lighthouse's default: a mid-range phone, simulated slow 4G, 4x CPU
 * slowdown) of the production build served by the local runtime, the API answering from DynamoDB Local:
 * the home page and the first published story's own page, three runs each, against issue #36's goals.
 */
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { ApiAnswer } from '#http/answers.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { startLocalRuntime } from '../support/local-runtime.ts';
import { buildSite } from './bundle.ts';

const RUNS = 3;
/** Ports of the bench's own runtime; CNH_BENCH_PORT_BASE moves them (several checkouts on one machine). */
const PORT_BASE = Number(process.env.CNH_BENCH_PORT_BASE ?? 5500);

/** Issue #36: every run scores at least 95; the median run's LCP, CLS and TBT within these. */
export const LIGHTHOUSE_GOALS = { minScore: 95, medianLcpMs: 1500, medianCls: 0.05, medianTbtMs: 150 } as const;

interface RunResult {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** The largest paint's element and its phases: what to look at when LCP is off. */
  lcpElement: string;
  shifts: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function measure(url: string, port: number): Promise<RunResult> {
  const answer = await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
  const lhr = answer?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const nodes = (id: string) => JSON.stringify(lhr.audits[id]?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/g) ?? [];
  const phases = [...JSON.stringify(lhr.audits['lcp-breakdown-insight']?.details ?? {}).matchAll(/"subpart":"(\w+)"[^}]*?"duration":([\d.]+)/g)];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    lcpElement: `${nodes('lcp-breakdown-insight')[0]?.slice(11, 150) ?? '?'} (${phases.map((part) => `${part[1]} ${Math.round(Number(part[2]))} ms`).join(', ')})`,
    shifts: nodes('layout-shifts').map((snippet) => snippet.slice(11, 90)),
  };
}

/** Prints one page's runs, medians and verdict; answers whether it met every goal. */
function report(name: string, path: string, runs: RunResult[]): boolean {
  const medians = { lcpMs: median(runs.map((run) => run.lcpMs)), cls: median(runs.map((run) => run.cls)), tbtMs: median(runs.map((run) => run.tbtMs)) };
  const checks = [
    [`every run >= ${LIGHTHOUSE_GOALS.minScore}`, runs.every((run) => run.score >= LIGHTHOUSE_GOALS.minScore)],
    [`median LCP <= ${LIGHTHOUSE_GOALS.medianLcpMs} ms`, medians.lcpMs <= LIGHTHOUSE_GOALS.medianLcpMs],
    [`median CLS <= ${LIGHTHOUSE_GOALS.medianCls}`, medians.cls <= LIGHTHOUSE_GOALS.medianCls],
    [`median TBT <= ${LIGHTHOUSE_GOALS.medianTbtMs} ms`, medians.tbtMs <= LIGHTHOUSE_GOALS.medianTbtMs],
  ] as const;
  console.log(`\n  ${name} (${path})`);
  runs.forEach((run, index) =>
    console.log(`    run ${index + 1}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms, CLS ${run.cls.toFixed(3)}, TBT ${Math.round(run.tbtMs)} ms, FCP ${Math.round(run.fcpMs)} ms\n      LCP element: ${run.lcpElement}${run.shifts.length ? `\n      layout shifts: ${run.shifts.join(' | ')}` : ''}`),
  );
  console.log(`    median: LCP ${Math.round(medians.lcpMs)} ms, CLS ${medians.cls.toFixed(3)}, TBT ${Math.round(medians.tbtMs)} ms; scores ${runs.map((run) => run.score).join(', ')}`);
  for (const [goal, met] of checks) console.log(`    ${met ? 'PASS' : 'FAIL'} ${goal}`);
  return checks.every(([, met]) => met);
}

/** The machine's busy and total CPU time so far (Linux /proc/stat, every core). */
function cpuTimes(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the machine has been quiet (under 15 % busy) for 3 s, up to two minutes: after its start the runtime
 * still works off the ingest's changes (the page writer, the other stream consumers), and Lighthouse's total
 * blocking time is the page's main-thread work as measured here, scaled by its CPU slowdown.
 */
async function untilQuiet(): Promise<number> {
  const startedAt = Date.now();
  let quietSince = Date.now();
  let last = cpuTimes();
  while (Date.now() - startedAt < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTimes();
    const busy = (now.busy - last.busy) / Math.max(1, now.total - last.total);
    last = now;
    if (busy > 0.15) quietSince = Date.now();
    else if (Date.now() - quietSince >= 3_000) break;
  }
  return (Date.now() - startedAt) / 1000;
}

/**
 * Asks once for every resized picture a page names, as its first reader would, and answers how many and how long
 * the slowest took. The edge keeps each copy a year (docs/decisions/resized-images.md), so the runs measure what
 * every later reader gets; the first reader's wait is printed, not hidden.
 */
async function warmPictures(url: string): Promise<{ count: number; slowestMs: number }> {
  const html = await (await fetch(url)).text();
  const pictures = [...new Set([...html.matchAll(/\/img\/[0-9a-f-]{36}\/[0-9]+b?-[0-9a-z]+\.webp/g)].map((match) => match[0]))];
  const times = await Promise.all(pictures.map(async (picture) => {
    const startedAt = performance.now();
    await (await fetch(new URL(picture, url))).arrayBuffer();
    return performance.now() - startedAt;
  }));
  return { count: pictures.length, slowestMs: Math.max(0, ...times) };
}

export async function runLighthouseBench(): Promise<void> {
  await buildSite();
  const runtime = await startLocalRuntime({ portBase: PORT_BASE, serveBuiltSite: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    // The first published story's own page (until its route renders a page, the app's shell answers it).
    const { items } = (await (await fetch(`${runtime.urls.api}/articles?limit=1`)).json()) as ApiAnswer<'GET /articles'>;
    const story = items[0];
    if (!story) throw new Error('The local runtime published no story to measure');
    const pages = [
      { name: 'home', path: '/' },
      { name: 'story', path: storyPath(story) },
    ];
    for (const page of pages) {
      const warmed = await warmPictures(new URL(page.path, runtime.urls.site).toString());
      console.log(`${page.name}: ${warmed.count} resized pictures made at their first request (the slowest ${Math.round(warmed.slowestMs)} ms), before the runs`);
    }
    const waited = await untilQuiet();
    console.log(`\nLighthouse mobile performance of the production build (local runtime, ${RUNS} runs per page; the machine quiet after ${waited.toFixed(0)} s)`);
    const verdicts: boolean[] = [];
    for (const page of pages) {
      const runs: RunResult[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(new URL(page.path, runtime.urls.site).toString(), chrome.port));
      verdicts.push(report(page.name, page.path, runs));
    }
    console.log(`\n  ${verdicts.every(Boolean) ? 'PASS' : 'FAIL'}: issue #36's goals on ${pages.map((page) => page.name).join(' and ')}`);
  } finally {
    await chrome.kill();
    await runtime.stop();
  }
}
