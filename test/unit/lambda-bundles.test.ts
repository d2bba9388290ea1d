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
const LEAN = stack.functions.map((fn) => fn.name).filter((name) => !FEED_READERS.includes(name));
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

  it('carries no zod locale but English, no React and no HTML-to-text converter (mails are rendered from blocks)', () => {
    const inputs = bundles.flatMap((bundle) => bundle.inputs);
    expect(inputs.filter((input) => /zod\/v4\/locales\/(?!en\.js)/.test(input))).toEqual([]);
    // zod/mini only: classic zod's chained schemas put ~95 KB into every bundle.
    expect(inputs.filter((input) => input.includes('zod/v4/classic/'))).toEqual([]);
    expect(inputs.filter((input) => /node_modules\/(react|react-dom|@react-email|html-to-text|prettier)\//.test(input))).toEqual([]);
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
