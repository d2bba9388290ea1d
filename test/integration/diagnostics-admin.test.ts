import { execFile } from 'node:child_process';
import type { ErrorAnswer } from '#platform/router.ts';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { DynamoDBClient, PutItemCommand, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { stack } from '../../lib/stack-description.ts';
import { api, local, signedInUser, useFreshTable, useLocalAws } from '../support/aws.ts';
import { repoRoot } from '../support/local-runtime.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * Diagnostics and backups: through the local API gateway with cognito-local tokens, and
 * the checks and the export/restore code run in this process against the runtime's stand-ins.
 */

type Report = ApiAnswer<'POST /admin/diagnostics'>;
type Backup = ApiAnswer<'GET /admin/backups'>['backups'][number];

const ROUTES = [
  ['POST', '/admin/diagnostics'],
  ['GET', '/admin/backups'],
  ['POST', '/admin/backups'],
] as const;

let admin: string;
beforeAll(async () => {
  admin = (await signedInUser(['admin'])).idToken;
});

async function scanAll(client: DynamoDBClient, table: string): Promise<Array<Record<string, AttributeValue>>> {
  const items: Array<Record<string, AttributeValue>> = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const keyOf = (item: Record<string, AttributeValue>) => `${item.pk?.S}|${item.sk?.S}`;
const byKey = (items: Array<Record<string, AttributeValue>>) => [...items].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

describe('auth matrix', () => {
  it.each(ROUTES)('%s %s: guest 401, reader 403, moderator 403', async (method, route) => {
    const reader = (await signedInUser()).idToken;
    const moderator = (await signedInUser(['moderator'])).idToken;
    expect((await api(method, route)).status).toBe(401);
    expect(await api(method, route, reader, method === 'POST' ? {} : undefined)).toMatchObject({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
    expect((await api(method, route, moderator, method === 'POST' ? {} : undefined)).status).toBe(403);
  });

  it('rejects a body with unknown fields with a 400, never a 500', async () => {
    const diagnostics = await api('POST', '/admin/diagnostics', admin, { deep: true });
    expect(diagnostics.status).toBe(400);
    expect((diagnostics.body as ErrorAnswer).message).toMatch(/Invalid body/);
    expect((await api('POST', '/admin/backups', admin, ['x'])).status).toBe(400);
  });
});

describe('POST /admin/diagnostics on the running runtime', () => {
  it('answers an admin 200: every check passes, one per service, state machine and HTTP function', async () => {
    const started = Date.now();
    const { status, body } = await api('POST', '/admin/diagnostics', admin);
    expect(status).toBe(200);
    const report = body as Report;
    expect(report.issues).toEqual([]);
    expect(report.checks.filter((check) => check.status !== 'ok')).toEqual([]);
    const names = report.checks.map((check) => check.name);
    const httpFunctions = stack.functions.filter((fn) => stack.routes.some((r) => r.fn === fn.name)).map((fn) => `function:${fn.name}`);
    expect(names).toEqual(['dynamodb', ...stack.stateMachines.map((machine) => `stepfunctions:${machine.name}`).filter((name) => names.includes(name)), 'ses', 'cognito', ...httpFunctions]);
    // The admin function drives these machines: each was asked.
    for (const machine of ['ingest', 'lifecycle', 'retrain', 'newsletter']) expect(names).toContain(`stepfunctions:${machine}`);
    expect(report.checks.find((check) => check.name === 'stepfunctions:ingest')?.detail).toMatch(/last run succeeded/);
    expect(report.checks.filter((check) => check.kind === 'function').every((check) => check.statusCode === 200)).toBe(true);
    expect(report.summary).toMatchObject({ healthy: true, databaseHealthy: true, checksTotal: report.checks.length, passing: report.checks.length, failing: 0 });
    const average = Math.round(report.checks.reduce((sum, check) => sum + check.latencyMs, 0) / report.checks.length);
    expect(report.summary.averageLatencyMs).toBe(average);
    expect(Date.parse(report.timestamp)).toBeGreaterThanOrEqual(started - 1000);
  });
});

describe('a check fails fast when its endpoint is unreachable', () => {
  it('reports DynamoDB failed within seconds (a closed port), the other services still ok', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    useLocalAws();
    const { urls } = local();
    Object.assign(process.env, { USER_POOL_ID: urls.userPool.userPoolId, AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: urls.userPool.endpoint, API_URL: urls.api });
    const { runChecks } = await import('../../lambdas/services/health-checks.ts');
    const { diagnosticReport } = await import('#domain/operations/diagnostics.ts');

    const healthy = await runChecks({ authorization: `Bearer ${admin}` });
    expect(healthy.find((check) => check.name === 'dynamodb')?.status).toBe('ok');

    process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${closed}`;
    try {
      const started = Date.now();
      const report = diagnosticReport(await runChecks({ authorization: `Bearer ${admin}` }), new Date());
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(8_000);
      const database = report.checks.find((check) => check.name === 'dynamodb');
      expect(database).toMatchObject({ status: 'failed', kind: 'database' });
      expect(database?.error).toMatch(/^Network or connection error/);
      expect(database?.latencyMs).toBeLessThan(4_000);
      expect(report.checks.find((check) => check.name === 'ses')?.status).toBe('ok');
      expect(report.checks.find((check) => check.name === 'cognito')?.status).toBe('ok');
      expect(report.summary).toMatchObject({ healthy: false, databaseHealthy: false });
      expect(report.summary.failing).toBeGreaterThanOrEqual(1);
      expect(report.issues.some((issue) => issue.startsWith('dynamodb: Network or connection error'))).toBe(true);
    } finally {
      useLocalAws();
    }
  });

  it('reports an HTTP function failed with its status when its probe is refused', async () => {
    useLocalAws();
    const { runChecks } = await import('../../lambdas/services/health-checks.ts');
    // No token: the signed-in probes are refused by the gateway (401), the public ones still answer.
    const checks = await runChecks({});
    expect(checks.find((check) => check.name === 'function:me')).toMatchObject({ status: 'failed', statusCode: 401 });
    expect(checks.find((check) => check.name === 'function:articles')).toMatchObject({ status: 'ok', statusCode: 200 });
  });
});

describe('backups: export, list, restore', () => {
  it('POST /admin/backups exports every item of the table with counts per entity, lists it, audits it', async () => {
    const before = await api('GET', '/admin/backups', admin);
    expect(before.status).toBe(200);
    const listed = before.body as ApiAnswer<'GET /admin/backups'>;
    expect(listed.mode).toBe('export');
    expect(listed.pointInTimeRecovery.status).toBe('unsupported');

    const { status, body } = await api('POST', '/admin/backups', admin);
    expect(status).toBe(200);
    const { backup } = body as { backup: Backup };
    expect(backup.kind).toBe('export');
    expect(backup.file).toBe(path.join(local().dataDir, 'backups', `${backup.id}.jsonl`));
    expect(existsSync(backup.file as string)).toBe(true);
    const lines = readFileSync(backup.file as string, 'utf8').trim().split('\n');
    expect(lines.length).toBe(backup.totalRecords);
    expect(Buffer.byteLength(readFileSync(backup.file as string))).toBe(backup.totalBytes);
    // Counts per entity match the file's lines.
    const perEntity = new Map<string, number>();
    for (const line of lines) {
      const entity = (JSON.parse(line) as { Item: Record<string, { S?: string }> }).Item.__edb_e__?.S ?? 'other';
      perEntity.set(entity, (perEntity.get(entity) ?? 0) + 1);
    }
    expect(Object.fromEntries(backup.components.map((part) => [part.component, part.recordCount]))).toEqual(Object.fromEntries(perEntity));
    // The first ingest stored articles; the export holds them.
    expect(perEntity.get('article')).toBeGreaterThan(0);

    const after = (await api('GET', '/admin/backups', admin)).body as ApiAnswer<'GET /admin/backups'>;
    expect(after.backups.length).toBe(listed.backups.length + 1);
    expect(after.backups[0]).toMatchObject({ id: backup.id, totalRecords: backup.totalRecords });

    const audit = await api('GET', `/admin/audit?target=${encodeURIComponent(`backup:${backup.id}`)}`, admin);
    expect((audit.body as ApiAnswer<'GET /admin/audit'>).items).toMatchObject([{ action: 'backup.prepare', after: { totalRecords: backup.totalRecords } }]);

    // npm run restore into a table that does not exist yet: created with the described shape, same items.
    const fresh = `restored-${Date.now()}`;
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'bin/restore.ts', backup.file as string, '--table', fresh], {
      cwd: repoRoot,
      env: { ...process.env, AWS_ENDPOINT_URL_DYNAMODB: local().urls.dynamodb },
    });
    expect(stdout).toMatch(new RegExp(`Restored ${backup.totalRecords} items .* into new table ${fresh}`));
    const client = new DynamoDBClient({ endpoint: local().urls.dynamodb, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const restored = await scanAll(client, fresh);
    const exported = lines.map((line) => (JSON.parse(line) as { Item: Record<string, AttributeValue> }).Item);
    // Compared as the export writes them: binary values (a trained model) as base64.
    const { itemToJson } = await import('#store/table/backups.ts');
    const asExported = (items: Array<Record<string, AttributeValue>>) => byKey(items).map((item) => JSON.parse(itemToJson(item)) as unknown);
    expect(asExported(restored)).toEqual(asExported(exported));
    client.destroy();
  });

  it('round-trips every attribute type (binary, sets, maps, lists) through export and restore', async () => {
    const source = await useFreshTable();
    const client = new DynamoDBClient({});
    const items: Array<Record<string, AttributeValue>> = [
      { pk: { S: 'a#1' }, sk: { S: 'x' }, __edb_e__: { S: 'article' }, n: { N: '12.5' }, b: { B: new Uint8Array([0, 1, 254, 255]) }, ss: { SS: ['x', 'y'] }, ns: { NS: ['1', '2'] }, bool: { BOOL: false }, nul: { NULL: true } },
      { pk: { S: 'a#2' }, sk: { S: 'x' }, __edb_e__: { S: 'article' }, m: { M: { inner: { L: [{ S: 'é—₹' }, { N: '3' }, { B: new Uint8Array([7]) }] } } } },
      { pk: { S: 'loose' }, sk: { S: 'y' } },
    ];
    for (const item of items) await client.send(new PutItemCommand({ TableName: source, Item: item }));
    const { exportTable, restoreExport } = await import('#store/table/backups.ts');
    const { mkdtempSync } = await import('node:fs');
    const os = await import('node:os');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cnh-backup-'));
    const summary = await exportTable(client, source, dir);
    expect(summary.totalRecords).toBe(3);
    expect(summary.components.map((part) => [part.component, part.recordCount])).toEqual([['article', 2], ['other', 1]]);

    const target = await useFreshTable();
    expect(await restoreExport(client, summary.file as string, target)).toEqual({ items: 3 });
    const restored = byKey(await scanAll(client, target));
    const normalise = (list: Array<Record<string, AttributeValue>>) => JSON.parse(JSON.stringify(list, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value))) as unknown;
    expect(normalise(restored)).toEqual(normalise(byKey(items)));
    expect(Buffer.from(restored[0]?.b?.B as Uint8Array)).toEqual(Buffer.from([0, 1, 254, 255]));

    // Two exports prepared in the same millisecond (two operators at once) both finish, with the whole table.
    const sameMoment = new Date();
    const [first, second] = await Promise.all([exportTable(client, source, dir, sameMoment), exportTable(client, source, dir, sameMoment)]);
    expect([first.totalRecords, second.totalRecords]).toEqual([3, 3]);
    expect(await restoreExport(client, first.file as string, await useFreshTable())).toEqual({ items: 3 });
    client.destroy();
  });
});
