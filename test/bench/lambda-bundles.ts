/**
 * Lambda bundles: each function of the description bundled as the CDK bundles it (esbuild with the
 * options of lib/constructs/functions.ts), its minified size against the goal, the inputs that weigh
 * most, and its init time: a fresh `node` importing the bundle with the local runtime's environment,
 * median of several starts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_BUNDLING } from '../../lib/constructs/functions.ts';
import { stack } from '../../lib/stack-description.ts';
import { repoRoot } from '../support/local-runtime.ts';

export const BUNDLE_GOAL_KB = 400;
const STARTS = 5;

export interface BuiltBundle {
  name: string;
  /** Why esbuild could not bundle it (an import that does not resolve...); then no size. */
  error?: string;
  file: string;
  kb: number;
  /** The inputs that put the most bytes into the output, largest first (package or file). */
  heaviest: Array<{ input: string; kb: number }>;
  /** Every input file that put bytes into the output. */
  inputs: string[];
}

/** Groups a metafile's inputs by package (node_modules/<pkg>) or by source folder, bytes in the output. */
function heaviestInputs(metafile: Metafile, count: number): BuiltBundle['heaviest'] {
  const bytes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? path.dirname(input);
      bytes.set(pkg, (bytes.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, count).map(([input, size]) => ({ input, kb: size / 1024 }));
}

/** Bundles the described functions (all, or those named) into `outDir/<name>/index.mjs`, with the CDK's esbuild options. */
export async function buildLambdaBundles(outDir: string, names?: readonly string[]): Promise<BuiltBundle[]> {
  const bundles: BuiltBundle[] = [];
  for (const fn of stack.functions.filter((candidate) => !names || names.includes(candidate.name))) {
    const file = path.join(outDir, fn.name, 'index.mjs');
    const result = await build({
      entryPoints: [path.join(repoRoot, fn.entry)],
      outfile: file,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: LAMBDA_BUNDLING.target,
      minify: LAMBDA_BUNDLING.minify,
      sourcemap: LAMBDA_BUNDLING.sourceMap,
      mainFields: LAMBDA_BUNDLING.mainFields,
      define: LAMBDA_BUNDLING.define,
      banner: { js: LAMBDA_BUNDLING.banner },
      external: LAMBDA_BUNDLING.externalModules,
      absWorkingDir: repoRoot,
      metafile: true,
      logLevel: 'silent',
    }).catch((error: Error) => error);
    if (result instanceof Error) bundles.push({ name: fn.name, file, kb: Number.NaN, heaviest: [], inputs: [], error: result.message.split('\n').slice(0, 2).join(' ') });
    else bundles.push({
      name: fn.name,
      file,
      kb: statSync(file).size / 1024,
      heaviest: heaviestInputs(result.metafile, Number(process.env.BENCH_HEAVIEST ?? 4)),
      inputs: Object.values(result.metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([input]) => input)),
    });
  }
  return bundles;
}

/**
 * The environment the local runtime gives its handlers (lib/local/runtime.ts), on ports nothing
 * answers: loading a module must not call anything.
 */
const LOCAL_HANDLER_ENV = {
  AWS_REGION: 'ap-south-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9',
  AWS_ENDPOINT_URL_SFN: 'http://127.0.0.1:9',
  AWS_ENDPOINT_URL_SESV2: 'http://127.0.0.1:9',
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9',
  AWS_ENDPOINT_URL_SCHEDULER: 'http://127.0.0.1:9',
  SCHEDULE_GROUP: 'default',
  TABLE_NAME: 'bench',
  SITE_URL: 'http://localhost:9',
  API_URL: 'http://localhost:9',
  FEED_CATALOGUE: 'fixtures',
  LOCAL_BACKUP_DIR: path.join(os.tmpdir(), 'cnh-bench-backups'),
  RAZORPAY_KEY_ID: 'rzp_test_local',
  RAZORPAY_KEY_SECRET: 'local',
  RAZORPAY_WEBHOOK_SECRET: 'local',
  RAZORPAY_API_URL: 'http://127.0.0.1:9',
  FIXTURE_FEED_BASE_URL: 'http://127.0.0.1:9',
  STATE_MACHINE_ARNS: JSON.stringify(Object.fromEntries(stack.stateMachines.map((machine) => [machine.name, `arn:aws:states:ap-south-1:000000000000:stateMachine:${machine.name}`]))),
  LOG_LEVEL: 'error',
  USER_POOL_ID: 'local_pool',
};

/**
 * From a fresh node's start to the bundle's module evaluated (its `handler` exported): wall milliseconds,
 * and CPU milliseconds (user + system), which stay comparable when other work shares the machine.
 */
function initMs(bundle: string, probe: string): { wall: number; cpu: number } {
  const output = execFileSync(process.execPath, [probe, bundle], {
    env: { PATH: process.env.PATH, ...LOCAL_HANDLER_ENV },
    encoding: 'utf8',
  });
  const [wall, cpu] = output.trim().split(' ').map(Number);
  return { wall: wall as number, cpu: cpu as number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function runLambdaBundlesBench(): Promise<void> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-bundles-'));
  try {
    const bundles = await buildLambdaBundles(outDir);
    // The probe times from process start (performance.timeOrigin) to the import settled, as Lambda's init.
    const probe = path.join(outDir, 'probe.mjs');
    writeFileSync(
      probe,
      `const mod = await import(process.argv[2]);\n` +
        `if (typeof mod.handler !== 'function') throw new Error('no handler export');\n` +
        `const { user, system } = process.cpuUsage();\n` +
        `process.stdout.write(performance.now() + ' ' + (user + system) / 1000);\n`,
    );
    // The bundle leaves the AWS SDK external, as the Lambda runtime provides it: here it resolves from node_modules.
    execFileSync('ln', ['-s', path.join(repoRoot, 'node_modules'), path.join(outDir, 'node_modules')]);
    console.log(`\nLambda bundles (esbuild as the CDK runs it: ESM, minified, AWS SDK v3 external), init = fresh node to module loaded (wall / CPU), median of ${STARTS}`);
    for (const bundle of bundles) {
      if (bundle.error) {
        console.log(`  ${bundle.name.padEnd(18)} does not build: ${bundle.error}`);
        continue;
      }
      const times = Array.from({ length: STARTS }, () => initMs(bundle.file, probe));
      const over = bundle.kb > BUNDLE_GOAL_KB ? '  OVER GOAL' : '';
      const heaviest = bundle.heaviest.map((entry) => `${entry.input} ${entry.kb.toFixed(0)}`).join(', ');
      const wall = median(times.map((time) => time.wall));
      const cpu = median(times.map((time) => time.cpu));
      console.log(`  ${bundle.name.padEnd(18)} ${bundle.kb.toFixed(0).padStart(5)} KB${over.padEnd(11)} init ${wall.toFixed(0).padStart(4)} / ${cpu.toFixed(0).padStart(4)} ms   heaviest (KB): ${heaviest}`);
    }
    const largest = Math.max(...bundles.filter((bundle) => !bundle.error).map((bundle) => bundle.kb));
    console.log(`  largest ${largest.toFixed(0)} KB (goal <= ${BUNDLE_GOAL_KB} KB each); machine load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores (wall times grow with it)`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
