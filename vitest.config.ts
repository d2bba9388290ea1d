import { defineConfig } from 'vitest/config';
import { WeightedSequencer } from './test/support/weighted-sequencer.ts';

/**
 * The integration runtime listens on ports from CNH_TEST_PORT_BASE (default 4800) and the e2e runtime
 * 100 above it, so several checkouts can run their suites side by side.
 */
const testPortBase = Number(process.env.CNH_TEST_PORT_BASE ?? 4800);

/**
 * Four projects, run by `npm test` in this order: unit and infra (no services), integration (handlers
 * and the local runtime over DynamoDB Local and cognito-local, started by its global setup), e2e
 * (Chromium against the built site served by `npm start`'s runtime).
 */
export default defineConfig({
  test: {
    // `npm test` runs the integration and browser projects in two shards side by side (bin/side-by-side.ts).
    sequence: { sequencer: WeightedSequencer },
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node', env: { TABLE_NAME: 'unit-tests' }, globalSetup: ['test/support/temp-dir.ts'] } },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One module cache per worker: aws-cdk-lib is imported once, not once per file (the project's time quartered).
          isolate: false,
          globalSetup: ['test/support/temp-dir.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/start-local.ts'],
          provide: { portBase: testPortBase, serveBuiltSite: false },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Some files work on the runtime's own table (the state machines run there): one at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/start-local.ts'],
          provide: { portBase: testPortBase + 100, serveBuiltSite: true },
          testTimeout: 60_000,
          // A page answers what the browser asked within a few seconds on a loaded 2-core machine (hydration, then
          // the session, then the data); Vitest's default poll gives up after one.
          expect: { poll: { timeout: 5_000 } },
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
