import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_GOAL_KB, buildLambdaBundles, type BuiltBundle } from '../bench/lambda-bundles.ts';
import { stack } from '../../lib/stack-description.ts';
import { repoRoot } from '../support/local-runtime.ts';
import { OUR_DOMAINS } from '../support/our-domains.ts';

/**
 * The two functions that read feeds carry rss-parser, feedsmith and sanitize-html (~560 KB with their XML
 * and HTML parsers and entity tables) and stay over the goal; every other function must fit
 * (npm run bench -- lambda-bundles prints all, with what weighs most in each).
 */
const FEED_READERS = ['fetch-feeds', 'admin-content'];
/**
 * The page writer renders the app's own pages with React on the server (docs/decisions/first-screen-html.md):
 * react-dom's server renderer, React Router and the reader's components (~1 MB). It runs off the table stream,
 * never in a reader's request, so its cold start is nobody's wait; its own ceiling keeps it from growing unseen.
 * 1300 since each written page keeps only the rules its markup uses (services/first-screen-css.ts): Beasties, with
 * postcss, css-select and their source-map reader, about 200 KB (1,288 KB).
 */
const PAGE_WRITER = 'site-pages';
const PAGE_WRITER_GOAL_KB = 1300;
/**
 * articles also answers the resized pictures (/img): their fetch, header checks and codec loader add 8 KB (the
 * codecs themselves are runtime files, not bundled). A function of their own would have stayed lean but takes
 * the stack past CloudFormation's 500 resources (docs/decisions/resized-images.md), so articles has a ceiling of
 * its own until the goal or the stack's split is decided. 411 since web push: every handler's router bundles the stack
 * description, which gained the push function, its stream consumer and four routes (0.7 KB). 415 since topics: a
 * topic's page (GET /topics/{topicId}: its Query, the sealed cursor, the catalogue read from a shipped file rather
 * than bundled) took it from 410.2 to 414.2 KB. 416 since publisher follows: six routes in the stack description
 * and For You's read of the reader's muted publishers (the follow entity) took it to 415.7 KB (the keyword index
 * and its matcher are kept out of it: store/keyword-alerts.ts, domain/reader/keyword-alerts.ts). 420 since
 * moderated topics and topics in search: the overrides' entity, their per-instance cache, the rules that apply
 * them to cards and the topic page, and the search's topic names took it to about 419 KB. 422 since a story published
 * but not yet written is answered with the site's shell (http/articles/missing-page.ts: the bucket read, the public
 * rule for one article): 420.8 KB. 425 since every signed-in request refuses a deleted or suspended account's
 * tokens (platform/auth.ts: the check and the two entities it reads, store/account-standing.ts), and a page size
 * given twice is told so (platform/router.ts limitParam): 424.3 KB. The largest
 * part left to cut is the RSS writer (`feed` with xml-js, 34 KB).
 */
const ARTICLES_CEILING_KB = 425;
/**
 * admin-operations carries the whole stack description (its executions, schedules and health screens read it) and
 * crossed the goal by 0.06 KB when topics added six routes and two stream filters to it (400.06 KB); 405 since the
 * closed-account check (above) and its bounded reads (404.1 KB).
 */
const ADMIN_OPERATIONS_CEILING_KB = 405;
const CEILINGS: Record<string, number> = { articles: ARTICLES_CEILING_KB, 'admin-operations': ADMIN_OPERATIONS_CEILING_KB };
const LEAN = stack.functions.map((fn) => fn.name).filter((name) => !FEED_READERS.includes(name) && name !== PAGE_WRITER && !(name in CEILINGS));
const ALL = stack.functions.map((fn) => fn.name);

describe('Lambda bundles, built with the CDK\'s esbuild options', () => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-bundles-test-'));
  let bundles: BuiltBundle[];
  beforeAll(async () => {
    // Every function: the size goal is for the lean ones, what they carry is checked in all.
    bundles = await buildLambdaBundles(outDir, ALL);
  }, 240_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it.each(LEAN)('%s fits in the size goal', (name) => {
    const bundle = bundles.find((candidate) => candidate.name === name);
    expect(bundle?.error).toBeUndefined();
    expect(bundle?.kb).toBeLessThanOrEqual(BUNDLE_GOAL_KB);
  });

  it(`${PAGE_WRITER} fits in its own ceiling`, () => {
    expect(bundles.find((candidate) => candidate.name === PAGE_WRITER)?.kb).toBeLessThanOrEqual(PAGE_WRITER_GOAL_KB);
  });

  it.each(Object.entries(CEILINGS))('%s stays under its own ceiling (%s KB)', (name, ceilingKb) => {
    const bundle = bundles.find((candidate) => candidate.name === name);
    expect(bundle?.error).toBeUndefined();
    expect(bundle?.kb).toBeLessThanOrEqual(ceilingKb);
  });

  it('carries no zod locale but English, no React (but the page writer) and no HTML-to-text converter (mails are rendered from blocks)', () => {
    const inputs = bundles.flatMap((bundle) => bundle.inputs);
    const withoutReact = bundles.filter((bundle) => bundle.name !== PAGE_WRITER).flatMap((bundle) => bundle.inputs);
    // The locales' index only re-exports (the page writer's bundle parses it, its locales are shaken out): the locale files weigh.
    expect(inputs.filter((input) => /zod\/v4\/locales\/(?!en\.js|index\.js)/.test(input))).toEqual([]);
    // zod/mini only: classic zod's chained schemas put ~95 KB into every bundle.
    expect(inputs.filter((input) => input.includes('zod/v4/classic/'))).toEqual([]);
    expect(withoutReact.filter((input) => /node_modules\/(react|react-dom|@react-email|html-to-text|prettier)\//.test(input))).toEqual([]);
    expect(inputs.filter((input) => /node_modules\/(@react-email|html-to-text|prettier)\//.test(input))).toEqual([]);
  });

  it('name nothing of the project\'s own domains: not in the code, not in the source map deployed beside it', () => {
    expect(bundles.map((bundle) => bundle.name).sort()).toEqual([...ALL].sort());
    expect(bundles.filter((bundle) => bundle.error).map((bundle) => `${bundle.name}: ${bundle.error}`)).toEqual([]);
    const carrying = bundles.flatMap((bundle) =>
      [bundle.file, `${bundle.file}.map`].filter((file) => {
        expect(existsSync(file), file).toBe(true);
        return OUR_DOMAINS.test(readFileSync(file, 'utf8'));
      }),
    );
    expect(carrying.map((file) => path.relative(outDir, file))).toEqual([]);
  });

  it('imports zod in shipped code only through domain/common/validation.ts (zod/mini, English messages)', () => {
    const sources = execFileSync('git', ['ls-files', 'lambdas', 'lib'], { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter((file) => /\.tsx?$/.test(file));
    const importers = sources.filter((file) => /from 'zod(\/[^']*)?'/.test(readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(importers).toEqual(['lambdas/domain/common/validation.ts']);
  });
});
