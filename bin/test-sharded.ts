/**
 * Runs one Vitest project in shards side by side, each shard in its own Vitest process with its own
 * local runtime (ports CNH_TEST_PORT_BASE + 200 per shard), and fails if any shard fails.
 *
 *   tsx bin/test-sharded.ts <project> [shards]
 *
 * Why: the integration and browser projects spend most of their time waiting on the runtime and the
 * browser (about 0.7 of a core busy on the 2-core machine), so two shards finish in little more than
 * half the time. Each shard's output is printed whole when it ends, so the logs do not interleave.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const [project, shardsArgument = '2'] = process.argv.slice(2);
const shards = Number(shardsArgument);
if (!project || !Number.isInteger(shards) || shards < 1) {
  console.error('Usage: tsx bin/test-sharded.ts <project> [shards]');
  process.exit(2);
}
const portBase = Number(process.env.CNH_TEST_PORT_BASE ?? 4800);
const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');

function runShard(index: number): Promise<{ index: number; code: number; output: string; seconds: number }> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [vitest, 'run', '--project', project as string, `--shard=${index}/${shards}`], {
    env: { ...process.env, CNH_TEST_PORT_BASE: String(portBase + (index - 1) * 200), FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ index, code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - startedAt) / 1000 }));
  });
}

console.info(`${project}: ${shards} shards side by side`);
const results = await Promise.all(Array.from({ length: shards }, (_, offset) => runShard(offset + 1).then((result) => {
  console.info(`\n===== ${project} shard ${result.index}/${shards}: ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${result.seconds.toFixed(0)} s =====\n`);
  process.stdout.write(result.output);
  return result;
})));
const failed = results.filter((result) => result.code !== 0);
console.info(`\n${project}: ${failed.length ? `shard(s) ${failed.map((result) => result.index).join(', ')} failed` : 'all shards passed'}`);
process.exit(failed.length ? 1 : 0);
