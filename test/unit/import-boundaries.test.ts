import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The layer rules (.dependency-cruiser.cjs), run as `npm run lint` runs them: on the tree, which must be
 * clean, and on probe files with one bad import each, written into the layer they pretend to belong to
 * (the rules match on paths) and removed afterwards. The handlers' store rule is an ESLint rule
 * (eslint-rules/handlers-read-the-store-only.js): its probes are linted as text at a path under lambdas/http/.
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

  it('keep AWS clients in adapters: the store builds its DynamoDB client through adapters/dynamodb.ts alone', () => {
    const sesClient = "import { SESv2Client } from '@aws-sdk/client-sesv2';\nexport const client = new SESv2Client({});\n";
    // Each probe file, its one import, and what the rules say of it ('' when nothing).
    const cases: Array<[file: string, code: string, expected: RegExp]> = [
      ['lambdas/services/boundary-probe-aws.ts', sesClient, /^aws-sdk-clients-only-in-adapters: node_modules\/@aws-sdk\/client-sesv2\//],
      ['lambdas/http/admin/boundary-probe-aws.ts', "import type { ExecutionListItem } from '@aws-sdk/client-sfn';\nexport type Item = ExecutionListItem;\n", /^aws-sdk-clients-only-in-adapters: node_modules\/@aws-sdk\/client-sfn\//],
      ['lambdas/streams/boundary-probe-aws.ts', "import { unmarshall } from '@aws-sdk/util-dynamodb';\nexport const decode = unmarshall;\n", /^dynamodb-document-helpers-only-in-store-and-adapters: node_modules\/@aws-sdk\/util-dynamodb\//],
      ['lambdas/store/boundary-probe-client.ts', "import { documentClientFor } from '#adapters/dynamodb.ts';\nexport const client = documentClientFor;\n", /^$/],
      ['lambdas/store/boundary-probe-mail.ts', "import { sendMail } from '#adapters/mail.ts';\nexport const send = sendMail;\n", /^store-and-search-import-domain-and-core: lambdas\/adapters\/mail\.ts$/],
      ['lambdas/adapters/boundary-probe-aws.ts', sesClient, /^$/],
    ];
    const files = cases.map(([file, code]) => probe(file, code));
    const violations = cruise(files);
    for (const [file, , expected] of cases) expect([file, broken(violations, file).join('; ')]).toEqual([file, expect.stringMatching(expected)]);
  });

  it('fail a cycle between two files of one folder, which the folder rule cannot see', () => {
    const first = probe('lambdas/store/boundary-probe-cycle-a.ts', "import { b } from './boundary-probe-cycle-b.ts';\nexport const a = () => b;\n");
    const second = probe('lambdas/store/boundary-probe-cycle-b.ts', "import { a } from './boundary-probe-cycle-a.ts';\nexport const b = () => a;\n");
    const violations = cruise([first, second]);
    expect(broken(violations, first)).toEqual(['no-cycle-between-files: lambdas/store/boundary-probe-cycle-b.ts']);
    expect(violations.filter((violation) => violation.rule.name === 'no-cycle-between-folders')).toEqual([]);
  });

  it('let a handler read the store but not write it (ESLint rule handlers/read-the-store-only)', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const lint = async (code: string, file = 'lambdas/http/admin/boundary-probe.ts') => {
      const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
      return (result?.messages ?? []).filter((message) => message.ruleId === 'handlers/read-the-store-only').map((message) => message.message);
    };
    const reads = "import { getArticle, listReviewQueue, type ArticleItem } from '#store/articles.ts';\nimport { COUNTER_SCOPES, readCounters } from '#store/table/counters.ts';\nimport type { AlertItem } from '#store/operations.ts';\nexport const r = [getArticle, listReviewQueue, COUNTER_SCOPES, readCounters] as unknown as ArticleItem & AlertItem;\n";
    expect(await lint(reads)).toEqual([]);
    const writes = "import { recordAudit } from '#store/audit.ts';\nimport { countArticleEvent, getArticle } from '../../store/articles.ts';\nexport const w = [recordAudit, countArticleEvent, getArticle];\n";
    expect(await lint(writes)).toEqual([
      expect.stringContaining("may read the store, not write it: 'recordAudit' from #store/audit.ts"),
      expect.stringContaining("may read the store, not write it: 'countArticleEvent' from ../../store/articles.ts"),
    ]);
    const namespace = "import * as feeds from '#store/feeds.ts';\nexport const all = feeds;\n";
    expect(await lint(namespace)).toHaveLength(1);
    // Services are where the writes go: the same imports pass there.
    expect(await lint(writes, 'lambdas/services/boundary-probe.ts')).toEqual([]);
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
