import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slow test files took in the last full run (29 Nov 2026 14:50, 2-core machine, quiet, two shards side
 * by side; article-list-index's one slow start, 71 s, is taken at its usual 20); any other file counts as
 * DEFAULT_SECONDS. Only the balance of the shards depends on these: a stale figure makes a shard longer, never a
 * test wrong.
 */
const SECONDS: Record<string, number> = {
  'test/integration/article-list-index.test.ts': 20,
  'test/e2e/route-smoke.test.ts': 61,
  'test/e2e/route-smoke-dev.test.ts': 61,
  'test/e2e/console.test.ts': 60,
  'test/integration/chaos-pipeline.test.ts': 58,
  'test/e2e/diagnostics-admin.test.ts': 47,
  'test/integration/chaos-reader-money.test.ts': 41,
  'test/e2e/double-submit.test.ts': 41,
  'test/integration/fuzz-routes.test.ts': 37,
  'test/integration/lean-ingest.test.ts': 35,
  'test/e2e/articles-admin.test.ts': 28,
  'test/e2e/accounts.test.ts': 28,
  'test/e2e/search.test.ts': 26,
  'test/e2e/analytics-admin.test.ts': 26,
  'test/e2e/walk-round-two.test.ts': 25,
  'test/integration/diagnostics-admin.test.ts': 22,
  'test/integration/page-images.test.ts': 21,
  'test/e2e/operations-admin.test.ts': 21,
  'test/integration/tracking.test.ts': 18,
  'test/integration/analytics.test.ts': 17,
  'test/integration/admin-cli.test.ts': 17,
  'test/e2e/revenue-newsletter-admin.test.ts': 17,
  'test/integration/ingest.test.ts': 16,
  'test/e2e/reader-walk.test.ts': 16,
  'test/e2e/feeds-admin.test.ts': 16,
  'test/e2e/newsletter-send.test.ts': 15,
  'test/integration/retrain-corrections.test.ts': 14,
  'test/integration/pipeline-control.test.ts': 14,
  'test/e2e/newsletter.test.ts': 14,
  'test/e2e/users-admin.test.ts': 13,
  'test/e2e/reader-defects.test.ts': 12,
  'test/e2e/read-state.test.ts': 12,
  'test/e2e/pipeline-control.test.ts': 12,
  'test/e2e/editor-choices.test.ts': 12,
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
