import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LocalUrls } from '../../lib/local/runtime.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningRuntime {
  urls: LocalUrls & { userPool: { userPoolId: string; userPoolClientId: string; endpoint: string } };
  dataDir: string;
  /** The runtime's own process (the stand-ins it starts are its descendants). */
  pid: number;
  startupSeconds: number;
  stop: () => Promise<void>;
}

/** The runtime writes the day's counters it summed a second after the events (30 s by default), so tests wait briefly. */
export const TEST_ANALYTICS_FLUSH_SECONDS = 1;

/**
 * Starts the local runtime exactly as `npm start` does (a child process running bin/local.ts), on its
 * own ports and in a fresh data folder; resolves once it serves and the ingest at start has finished.
 */
export async function startLocalRuntime(options: { portBase: number; serveBuiltSite: boolean; admin?: { email: string; password: string }; logFile?: string }): Promise<RunningRuntime> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-test-'));
  const startedAt = Date.now();
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'bin/local.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      CNH_PORT_BASE: String(options.portBase),
      CNH_LOCAL_DIR: dataDir,
      ...(options.admin ? { CNH_ADMIN_EMAIL: options.admin.email, CNH_ADMIN_PASSWORD: options.admin.password } : {}),
      CNH_SERVE_BUILT_SITE: options.serveBuiltSite ? '1' : '0',
      ANALYTICS_FLUSH_SECONDS: String(TEST_ANALYTICS_FLUSH_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopping it can then end the stand-ins it started even if it dies first.
    detached: true,
  });
  const stop = async () => {
    // A child that has already exited (a failed start) fires no more 'exit'; and the wait's timer stays
    // referenced, or Node, with nothing else pending, would end the test run with code 0 before the
    // setup's error is reported.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
      clearTimeout(timer);
    }
    try {
      // Whatever is left of the group (DynamoDB Local, the SES stand-in), also after a failed start.
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // The group has already gone.
    }
    child.stdout?.destroy();
    child.stderr?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (options.logFile) {
    // Everything it prints, also after the start (the soak bench reads the errors behind its 500s there).
    const log = createWriteStream(options.logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }

  const urlsFile = path.join(dataDir, 'urls.json');
  const deadline = Date.now() + 110_000;
  try {
    // Ready when serving and the ingest at start (the first, over the fixture feeds) has finished.
    while (!output.includes('Creator News Hub is running') || !output.includes('Ingest at start')) {
      if (child.exitCode !== null) throw new Error(`The local runtime exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`The local runtime did not start within 110 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!existsSync(urlsFile)) throw new Error(`The local runtime wrote no urls.json:\n${output}`);
    if (!output.includes('Ingest at start succeeded')) throw new Error(`The first ingest did not succeed:\n${output}`);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    urls: JSON.parse(readFileSync(urlsFile, 'utf8')) as RunningRuntime['urls'],
    dataDir,
    pid: child.pid as number,
    startupSeconds: (Date.now() - startedAt) / 1000,
    stop,
  };
}
