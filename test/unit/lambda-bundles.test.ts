import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_GOAL_KB, buildLambdaBundles, type BuiltBundle } from '../bench/lambda-bundles.ts';

// Functions that only touch the table (and mail): the goal holds for them; see npm run bench -- lambda-bundles for all.
const LEAN = ['newsletter', 'account-events', 'mail-events', 'personalise', 'lifecycle'];

describe('Lambda bundles, built with the CDK\'s esbuild options', () => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-bundles-test-'));
  let bundles: BuiltBundle[];
  beforeAll(async () => {
    bundles = await buildLambdaBundles(outDir, [...LEAN, 'newsletter-digest']);
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it.each(LEAN)('%s fits in the size goal', (name) => {
    const bundle = bundles.find((candidate) => candidate.name === name);
    expect(bundle?.error).toBeUndefined();
    expect(bundle?.kb).toBeLessThanOrEqual(BUNDLE_GOAL_KB);
  });

  it('carries no zod locale but English, no React development build and no prettier', () => {
    const inputs = bundles.flatMap((bundle) => bundle.inputs);
    expect(inputs.filter((input) => /zod\/v4\/locales\/(?!en\.js)/.test(input))).toEqual([]);
    expect(inputs.filter((input) => /react(-dom)?\/cjs\/.*development/.test(input))).toEqual([]);
    expect(inputs.filter((input) => input.includes('node_modules/prettier/'))).toEqual([]);
    // The digest does render with react-dom's production server build.
    expect(inputs.some((input) => /react-dom-server.*production/.test(input))).toBe(true);
  });
});
