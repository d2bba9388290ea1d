import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slow test files took in the last full run (29 Nov 2026, 2-core machine,
 * two shards side by side); any other file counts as DEFAULT_SECONDS. Only the balance of the shards depends on these: a stale figure makes a shard longer,
 * never a test wrong.
 */
const SECONDS: Record<string, number> = {
  'test/e2e/route-smoke-dev.test.ts': 150,
  'test/e2e/walk-round-two.test.ts': 90,
  'test/e2e/console.test.ts': 153,
  'test/e2e/route-smoke.test.ts': 135,
  'test/e2e/diagnostics-admin.test.ts': 68,
  'test/e2e/articles-admin.test.ts': 109,
  'test/e2e/double-submit.test.ts': 56,
  'test/e2e/accounts.test.ts': 57,
  'test/e2e/reader-walk.test.ts': 75,
  'test/e2e/operations-admin.test.ts': 63,
  'test/e2e/analytics-admin.test.ts': 45,
  'test/e2e/search.test.ts': 48,
  'test/e2e/revenue-newsletter-admin.test.ts': 43,
  'test/e2e/feeds-admin.test.ts': 44,
  'test/e2e/users-admin.test.ts': 53,
  'test/e2e/newsletter-send.test.ts': 34,
  'test/e2e/reader-defects.test.ts': 30,
  'test/e2e/editor-choices.test.ts': 47,
  'test/e2e/pipeline-control.test.ts': 33,
  'test/e2e/settings-security-admin.test.ts': 32,
  'test/integration/fuzz-routes.test.ts': 158,
  'test/integration/chaos-pipeline.test.ts': 115,
  'test/integration/chaos-reader-money.test.ts': 46,
  'test/integration/lean-ingest.test.ts': 39,
  'test/integration/pipeline-control.test.ts': 14,
  'test/integration/admin-cli.test.ts': 41,
  'test/integration/diagnostics-admin.test.ts': 14,
  'test/integration/tracking.test.ts': 9,
  'test/integration/page-images.test.ts': 27,
  'test/integration/analytics.test.ts': 20,
  'test/integration/articles-api.test.ts': 10,
  'test/integration/ingest.test.ts': 25,
  'test/integration/article-list-index.test.ts': 71,
};
const DEFAULT_SECONDS = 10;

const root = path.resolve(import.meta.dirname, '../..');
const secondsOf = (file: TestSpecification) => SECONDS[path.relative(root, file.moduleId)] ?? DEFAULT_SECONDS;

/**
 * Splits the files between shards by their expected time (longest first, each to the least loaded
 * shard) instead of Vitest's split by path hash, which can put the two longest files in one shard.
 */
export class WeightedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const shard = this.ctx.config.shard;
    if (!shard) return files;
    const loads = new Array<number>(shard.count).fill(0);
    const mine: TestSpecification[] = [];
    const byTime = [...files].sort((a, b) => secondsOf(b) - secondsOf(a) || a.moduleId.localeCompare(b.moduleId));
    for (const file of byTime) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] = (loads[lightest] as number) + secondsOf(file);
      if (lightest === shard.index - 1) mine.push(file);
    }
    return mine;
  }
}
