/**
 * Runs work side by side and fails if any part fails; each part's output is printed whole when it ends, so
 * the logs do not interleave.
 *
 *   tsx bin/side-by-side.ts scripts <npm script>...       e.g. scripts lint typecheck
 *   tsx bin/side-by-side.ts shards <vitest project> [n]    e.g. shards integration 2
 *
 * Why: on the project's 2-core machine the lint and tsc each keep one core busy, and the integration and
 * browser projects keep about 0.7 of a core busy and wait the rest (on the runtime and the browser), so two
 * at a time finish in little more than half the time. Each Vitest shard has its own process and local
 * runtime (ports CNH_TEST_PORT_BASE + 200 per shard); the files are split by measured time
 * (test/support/weighted-sequencer.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

interface Part {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

interface Outcome {
  part: Part;
  code: number;
  output: string;
  seconds: number;
}

function run(part: Part): Promise<Outcome> {
  const startedAt = Date.now();
  const child = spawn(part.command, part.args, {
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...part.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ part, code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - startedAt) / 1000 }));
  });
}

const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Vitest's own summary of the failures (from its "Failed Tests" heading), else the output's last lines. */
function failureReport(output: string): string {
  const plain = output.replace(ANSI_ESCAPE, '');
  const start = plain.search(/⎯+ Failed (Tests|Suites) \d+ ⎯+/);
  const report = start >= 0 ? plain.slice(start) : plain.split('\n').slice(-120).join('\n');
  const MAX_CHARS = 12_000;
  return report.length > MAX_CHARS ? `${report.slice(0, MAX_CHARS)}\n[... cut at ${MAX_CHARS} characters]\n` : report;
}

function usage(): never {
  console.error('Usage: tsx bin/side-by-side.ts scripts <npm script>... | shards <vitest project> [shards]');
  process.exit(2);
}

function partsOf([mode, ...rest]: string[]): Part[] {
  if (mode === 'scripts' && rest.length > 0) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    return rest.map((script) => ({ name: `npm run ${script}`, command: npm, args: ['run', script] }));
  }
  const [project, count = '2'] = rest;
  const shards = Number(count);
  if (mode !== 'shards' || !project || !Number.isInteger(shards) || shards < 1) usage();
  const portBase = Number(process.env.CNH_TEST_PORT_BASE ?? 4800);
  const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
  return Array.from({ length: shards }, (_, offset) => ({
    name: `${project} shard ${offset + 1}/${shards}`,
    command: process.execPath,
    args: [vitest, 'run', '--project', project, `--shard=${offset + 1}/${shards}`],
    env: { CNH_TEST_PORT_BASE: String(portBase + offset * 200) },
  }));
}

const parts = partsOf(process.argv.slice(2));
console.info(`side by side: ${parts.map((part) => part.name).join(' | ')}`);
const outcomes = await Promise.all(parts.map((part) => run(part).then((outcome) => {
  console.info(`\n===== ${part.name}: ${outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`} in ${outcome.seconds.toFixed(0)} s =====\n`);
  process.stdout.write(outcome.output);
  return outcome;
})));
const failed = outcomes.filter((outcome) => outcome.code !== 0);
// CI keeps only the tail of the log: repeat each failed part's failure report last, so a part that passed and
// ended later does not push it out of sight.
for (const outcome of failed) {
  console.info(`\n===== again, the failures of ${outcome.part.name} =====\n`);
  process.stdout.write(failureReport(outcome.output));
}
console.info(`\n${failed.length ? `failed: ${failed.map((outcome) => outcome.part.name).join(', ')}` : 'all passed'}`);
process.exit(failed.length ? 1 : 0);
