import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startLocalRuntime, type RunningRuntime } from './local-runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portBase: number;
    serveBuiltSite: boolean;
    local: LocalTestEnvironment;
  }
}

export interface LocalTestEnvironment {
  urls: RunningRuntime['urls'];
  dataDir: string;
  portBase: number;
  tableName: string;
  admin: { email: string; password: string };
  startupSeconds: number;
}

/**
 * Vitest global setup: starts the local runtime as `npm start` does, on the project's own ports and in a
 * fresh data folder, and hands its URLs to the tests.
 */
export default async function setup(project: TestProject) {
  const portBase = project.config.provide?.portBase ?? 4800;
  const admin = { email: 'admin@test.local', password: 'Admin-Test-2026' };
  // CNH_TEST_RUNTIME_LOG: where the runtime's own output goes, to read a failing test's server side.
  const runtime = await startLocalRuntime({ portBase, serveBuiltSite: project.config.provide?.serveBuiltSite ?? false, admin, logFile: process.env.CNH_TEST_RUNTIME_LOG });
  project.provide('local', {
    urls: runtime.urls,
    dataDir: runtime.dataDir,
    portBase,
    tableName: 'creator-news-hub',
    admin,
    startupSeconds: runtime.startupSeconds,
  });
  return runtime.stop;
}
