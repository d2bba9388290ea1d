import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slow test files took on their own (28 Nov 2026, 2-core machine); any other file counts as
 * DEFAULT_SECONDS. Only the balance of the shards depends on these: a stale figure makes a shard longer,
 * never a test wrong.
 */
const SECONDS: Record<string, number> = {
  'test/e2e/route-smoke.test.ts': 110,
  'test/e2e/route-smoke-dev.test.ts': 110,
  'test/e2e/console.test.ts': 85,
  'test/e2e/diagnostics-admin.test.ts': 55,
  'test/e2e/articles-admin.test.ts': 45,
  'test/e2e/analytics-admin.test.ts': 40,
  'test/e2e/accounts.test.ts': 35,
  'test/e2e/search.test.ts': 30,
  'test/e2e/operations-admin.test.ts': 30,
  'test/e2e/reader-walk.test.ts': 30,
  'test/integration/fuzz-routes.test.ts': 145,
  'test/integration/lean-ingest.test.ts': 95,
  'test/integration/article-list-index.test.ts': 80,
  'test/integration/diagnostics-admin.test.ts': 55,
  'test/integration/page-images.test.ts': 40,
  'test/integration/admin-cli.test.ts': 30,
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
