import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slow test files took in the last full run (29 Nov 2026 14:08, 2-core machine under other work,
 * two shards side by side); any other file counts as DEFAULT_SECONDS. Only the balance of the shards depends on these: a stale figure makes a shard longer,
 * never a test wrong.
 */
const SECONDS: Record<string, number> = {
  'test/integration/chaos-pipeline.test.ts': 102,
  'test/e2e/route-smoke-dev.test.ts': 86,
  'test/e2e/route-smoke.test.ts': 83,
  'test/integration/fuzz-routes.test.ts': 79,
  'test/e2e/console.test.ts': 65,
  'test/integration/lean-ingest.test.ts': 63,
  'test/e2e/diagnostics-admin.test.ts': 53,
  'test/integration/chaos-reader-money.test.ts': 44,
  'test/integration/admin-cli.test.ts': 42,
  'test/e2e/double-submit.test.ts': 42,
  'test/e2e/articles-admin.test.ts': 35,
  'test/integration/tracking.test.ts': 33,
  'test/e2e/operations-admin.test.ts': 30,
  'test/e2e/accounts.test.ts': 30,
  'test/e2e/reader-walk.test.ts': 27,
  'test/e2e/analytics-admin.test.ts': 27,
  'test/e2e/walk-round-two.test.ts': 25,
  'test/e2e/search.test.ts': 25,
  'test/e2e/revenue-newsletter-admin.test.ts': 21,
  'test/integration/articles-api.test.ts': 20,
  'test/integration/analytics.test.ts': 20,
  'test/integration/page-images.test.ts': 18,
  'test/integration/article-list-index.test.ts': 18,
  'test/e2e/users-admin.test.ts': 17,
  'test/e2e/newsletter.test.ts': 17,
  'test/integration/diagnostics-admin.test.ts': 16,
  'test/e2e/pipeline-control.test.ts': 16,
  'test/e2e/follow-topic.test.ts': 16,
  'test/e2e/feeds-admin.test.ts': 16,
  'test/integration/ingest.test.ts': 15,
  'test/e2e/settings-security-admin.test.ts': 15,
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
