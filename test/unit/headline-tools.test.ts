import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm run classify` and `npm run same-story`: their line interfaces, through the code the ingest runs. */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = (script: string, input: string) =>
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), script], { cwd: repoRoot, input, encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('headline tools', () => {
  it('classify: one verdict line per input line, errors as lines', () => {
    const [creator, bad, empty] = run('bin/classify.ts', ['{"title":"Instagram launches new Reels monetisation for creators in India","source":"socialsamosa.com"}', 'not json', '{"title":""}'].join('\n'));
    expect(creator).toMatchObject({ decision: expect.stringMatching(/^(publish|review|reject)$/), category: 'platform-updates' });
    expect(Object.keys(creator ?? {}).sort()).toEqual(['category', 'confidence', 'decision', 'indiaRelevance', 'relevance']);
    expect(bad).toHaveProperty('error');
    expect(empty).toHaveProperty('error');
  }, 20_000);

  it('same-story: {same, score} per pair', () => {
    const [same, different] = run('bin/same-story.ts', [
      JSON.stringify({ a: { title: 'YouTube expands Shorts revenue sharing to India' }, b: { title: 'YouTube expands Shorts revenue sharing to India' } }),
      JSON.stringify({ a: { title: 'ASCI flags 2,000 influencer ads' }, b: { title: 'Meta reports quarterly earnings' } }),
    ].join('\n'));
    expect(same).toEqual({ same: true, score: 1 });
    expect(different).toMatchObject({ same: false });
    expect(different?.score).toBeLessThan(1);
  }, 20_000);
});
