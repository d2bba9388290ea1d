import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The layer rules (.dependency-cruiser.cjs), run as `npm run lint` runs them: on the tree, which must be
 * clean, and on probe files with one bad import each, written into the layer they pretend to belong to
 * (the rules match on paths) and removed afterwards.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
  cycle?: Array<{ name: string }>;
}

function cruise(paths: string[]): Violation[] {
  let output: string;
  try {
    output = execFileSync(process.execPath, [depcruise, '--output-type', 'json', ...paths], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    // depcruise exits with the number of errors; the report is on stdout all the same.
    output = (error as { stdout: string }).stdout;
  }
  const result = JSON.parse(output) as { summary: { violations: Violation[] } };
  return result.summary.violations.filter((violation) => violation.rule.severity === 'error');
}

const probes: string[] = [];
function probe(file: string, code: string): string {
  mkdirSync(path.dirname(path.join(repoRoot, file)), { recursive: true });
  writeFileSync(path.join(repoRoot, file), code);
  probes.push(file);
  return file;
}

afterEach(() => {
  for (const file of probes.splice(0)) rmSync(path.join(repoRoot, file), { force: true });
  rmSync(path.join(repoRoot, 'frontend/src/features/boundary-probe'), { recursive: true, force: true });
});

const broken = (violations: Violation[], file: string) => violations.filter((violation) => violation.from === file).map((violation) => `${violation.rule.name}: ${violation.to}`);

// Resolving the whole tree through TypeScript takes seconds on a busy machine.
describe('the import boundaries', { timeout: 120_000 }, () => {
  it('hold in the tree as it is', () => {
    expect(cruise(['lambdas', 'bin', 'lib', 'frontend/src']).map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`)).toEqual([]);
  });

  it('fail an import that goes up or across a layer, naming the rule', () => {
    const domain = probe('lambdas/domain/common/boundary-probe.ts', "import { config } from '#core/config.ts';\nexport const table = config.TABLE_NAME;\n");
    const adapter = probe('lambdas/adapters/boundary-probe.ts', "import { getArticle } from '#store/articles.ts';\nexport const read = getArticle;\n");
    const handler = probe('lambdas/http/admin/boundary-probe.ts', "import { handler } from '../../pipeline/ingest.handler.ts';\nexport const run = handler;\n");
    const service = probe('lambdas/services/boundary-probe.ts', "import { route } from '#platform/router.ts';\nexport const r = route;\n");
    const fixture = probe('lambdas/pipeline/boundary-probe.ts', "import data from '../../test/fixtures/pipeline/ingest-history.json' with { type: 'json' };\nexport const d = data;\n");
    const aws = probe('lambdas/domain/common/boundary-probe-aws.ts', "import { Entity } from 'electrodb';\nexport const entity = Entity;\n");
    const violations = cruise([domain, aws, adapter, handler, service, fixture]);
    expect(broken(violations, domain)).toEqual(['domain-imports-only-domain: lambdas/core/config.ts']);
    expect(broken(violations, aws)).toEqual([expect.stringMatching(/^domain-has-no-aws: node_modules\/electrodb\//)]);
    expect(broken(violations, adapter)).toEqual(['adapters-import-domain-and-core: lambdas/store/articles.ts']);
    expect(broken(violations, handler)).toEqual(['entry-points-do-not-call-other-kinds-of-entry-point: lambdas/pipeline/ingest.handler.ts']);
    expect(broken(violations, service)).toEqual(['services-import-below-them: lambdas/platform/router.ts']);
    expect(broken(violations, fixture).map((line) => line.split(':')[0])).toContain('production-never-imports-test');
  });

  it('fail a cycle between folders, even through a layer that may import the other', () => {
    // store may not import services; services import the store: a cycle of two folders.
    const store = probe('lambdas/store/boundary-probe.ts', "import { lifecycleAnalytics } from '../services/lifecycle-analytics.ts';\nexport const read = lifecycleAnalytics;\n");
    const violations = cruise([store]);
    expect(violations.filter((violation) => violation.rule.name === 'no-cycle-between-folders').map((violation) => violation.cycle?.map((step) => step.name))).toContainEqual(
      expect.arrayContaining(['lambdas/services']),
    );
  });

  it('fail a cycle between two areas of domain/, though domain may import domain', () => {
    // content builds on common (simhash reads common/text.ts); common importing content closes the loop.
    const common = probe('lambdas/domain/common/boundary-probe-cycle.ts', "import { simhash } from '../content/simhash.ts';\nexport const fingerprint = simhash;\n");
    const violations = cruise([common]);
    expect(broken(violations, common)).toEqual([]);
    expect(violations.filter((violation) => violation.rule.name === 'no-cycle-between-domain-areas').map((violation) => violation.cycle?.map((step) => step.name))).toContainEqual(
      expect.arrayContaining(['lambdas/domain/content']),
    );
  });

  it('keep the browser to domain rules and type-only answer types, and features apart', () => {
    const value = probe('frontend/src/features/boundary-probe/pages/Probe.tsx', "import { lifecycle } from '../../../../../lambdas/http/admin/lifecycle.ts';\nexport const probe = lifecycle;\n");
    const typeOnly = probe('frontend/src/features/boundary-probe/api/types.ts', "import type { lifecycle } from '../../../../../lambdas/http/admin/lifecycle.ts';\nexport type Probe = typeof lifecycle;\n");
    const store = probe('frontend/src/features/boundary-probe/api/store.ts', "import { getArticle } from '../../../../../lambdas/store/articles.ts';\nexport const read = getArticle;\n");
    const across = probe('frontend/src/features/boundary-probe/api/across.ts', "import { AdminApp } from '../../admin/AdminApp.tsx';\nexport const app = AdminApp;\n");
    const violations = cruise([value, typeOnly, store, across]);
    expect(broken(violations, value)).toEqual(['frontend-imports-answer-types-type-only: lambdas/http/admin/lifecycle.ts']);
    expect(broken(violations, typeOnly)).toEqual([]);
    expect(broken(violations, store)).toEqual(['frontend-reaches-the-server-only-for-domain-and-answer-types: lambdas/store/articles.ts']);
    expect(broken(violations, across)).toEqual(['no-feature-imports-another: frontend/src/features/admin/AdminApp.tsx']);
  });
});
