/**
 * Run metrics overhead: what the recording adds to each invocation (platform/run-metrics.ts), measured on
 * a do-nothing handler with and without it, the HTTP areas' middy middleware and the non-HTTP wrapper.
 * The recording path is in memory; the flush (one UpdateItem per function and hour, at most every 30 s
 * per container, or after an error) is not in the per-request figure: the first call here flushes
 * against an address nothing listens on (it fails, is logged and kept), and the measured calls come
 * within the next 30 s.
 */
import middy from '@middy/core';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100_000);
const ROUNDS = 5;

Object.assign(process.env, {
  AWS_REGION: process.env.AWS_REGION ?? 'ap-south-1',
  AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'bench',
  AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'bench',
  AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9',
  AWS_MAX_ATTEMPTS: '1',
  TABLE_NAME: process.env.TABLE_NAME ?? 'bench',
  LOG_LEVEL: 'error',
});

type Handler = (event: unknown) => Promise<unknown>;

async function timePerCall(handler: Handler): Promise<number> {
  const event = { routeKey: 'GET /bench' };
  const started = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i += 1) await handler(event);
  return Number(process.hrtime.bigint() - started) / ITERATIONS / 1000;
}

export async function runRunMetricsBench(): Promise<void> {
  const { runMetricsMiddleware, withRunMetrics, flushRunMetrics, pendingRunMetrics } = await import('#platform/run-metrics.ts');
  const work = async (_event: unknown) => ({ statusCode: 200, body: '{}' });
  const plainMiddy = middy(work) as unknown as Handler;
  const withMiddleware = middy(work).use(runMetricsMiddleware('bench-http')) as unknown as Handler;
  const plain: Handler = work;
  const wrapped = withRunMetrics('bench-fn', work) as Handler;

  // The first recorded call flushes (and fails here); what follows within 30 s stays in memory.
  await withMiddleware({ routeKey: 'GET /bench' });
  await flushRunMetrics();

  const figures = { plainMiddy: [] as number[], withMiddleware: [] as number[], plain: [] as number[], wrapped: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    figures.plainMiddy.push(await timePerCall(plainMiddy));
    figures.withMiddleware.push(await timePerCall(withMiddleware));
    figures.plain.push(await timePerCall(plain));
    figures.wrapped.push(await timePerCall(wrapped));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const recorded = pendingRunMetrics().reduce((total, entry) => total + entry.figures.invocations, 0);
  console.log('\nRun metrics overhead per invocation (median of %d rounds of %d calls, µs):', ROUNDS, ITERATIONS);
  console.log('  HTTP (middy):      %s -> %s  (+%s µs)', median(figures.plainMiddy).toFixed(2), median(figures.withMiddleware).toFixed(2), (median(figures.withMiddleware) - median(figures.plainMiddy)).toFixed(2));
  console.log('  non-HTTP wrapper:  %s -> %s  (+%s µs)', median(figures.plain).toFixed(2), median(figures.wrapped).toFixed(2), (median(figures.wrapped) - median(figures.plain)).toFixed(2));
  console.log('  runs recorded in memory: %d (pending flush)', recorded);
}

if (import.meta.url === `file://${process.argv[1]}`) await runRunMetricsBench();
