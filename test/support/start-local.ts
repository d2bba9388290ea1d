import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import type { LocalUrls } from '../../lib/local/runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portBase: number;
    serveBuiltSite: boolean;
    local: LocalTestEnvironment;
  }
}

export interface LocalTestEnvironment {
  urls: LocalUrls & { userPool: { userPoolId: string; userPoolClientId: string; endpoint: string } };
  dataDir: string;
  portBase: number;
  tableName: string;
  admin: { email: string; password: string };
  startupSeconds: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the local runtime exactly as `npm start` does (a child process running bin/local.ts), on its
 * own ports and in a fresh data folder, and hands its URLs to the tests.
 */
export default async function setup(project: TestProject) {
  const portBase = project.config.provide?.portBase ?? 4800;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-test-'));
  const admin = { email: 'admin@test.local', password: 'Admin-Test-2026' };
  const startedAt = Date.now();
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'bin/local.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      CNH_PORT_BASE: String(portBase),
      CNH_LOCAL_DIR: dataDir,
      CNH_ADMIN_EMAIL: admin.email,
      CNH_ADMIN_PASSWORD: admin.password,
      CNH_SERVE_BUILT_SITE: project.config.provide?.serveBuiltSite ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const urlsFile = path.join(dataDir, 'urls.json');
  const deadline = Date.now() + 110_000;
  // Ready when serving and the ingest at start (the first, over the fixture feeds) has finished.
  while (!output.includes('Creator News Hub is running') || !output.includes('Ingest at start')) {
    if (child.exitCode !== null) throw new Error(`The local runtime exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`The local runtime did not start within 110 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!existsSync(urlsFile)) throw new Error(`The local runtime wrote no urls.json:\n${output}`);
  if (!output.includes('Ingest at start succeeded')) throw new Error(`The first ingest did not succeed:\n${output}`);

  project.provide('local', {
    urls: JSON.parse(readFileSync(urlsFile, 'utf8')) as LocalTestEnvironment['urls'],
    dataDir,
    portBase,
    tableName: 'creator-news-hub',
    admin,
    startupSeconds: (Date.now() - startedAt) / 1000,
  });

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    if (child.exitCode === null) child.kill('SIGKILL');
    child.stdout?.destroy();
    child.stderr?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
