import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which kind of caller a function serves, and so how its AWS calls retry (lambdas/adapters/aws-clients.ts):
 * a reader waits on the answer (few, fast attempts, then a 503 with Retry-After), a moderator can wait a little
 * longer, the pipeline can wait for a throttled service (adaptive, many attempts). The stack description gives
 * each function its profile (lib/stack-description/retries.ts).
 */
export type RetryProfile = 'reader' | 'console' | 'pipeline';

export const RETRY_PROFILES: readonly RetryProfile[] = ['reader', 'console', 'pipeline'];

const invocation = new AsyncLocalStorage<{ retryProfile: RetryProfile }>();

/**
 * The profile of the invocation being run, where the local runtime runs every function in one process and each
 * invocation inside `runAsFunction`; undefined on Lambda, where the function's RETRY_PROFILE setting says it.
 * (No config import here: the local runtime loads this before the functions' settings exist.)
 */
export function invocationRetryProfile(): RetryProfile | undefined {
  return invocation.getStore()?.retryProfile;
}

/** Runs `work` as an invocation of a function with this profile (the local runtime's functions loader). */
export function runAsFunction<T>(retryProfile: RetryProfile, work: () => T): T {
  return invocation.run({ retryProfile }, work);
}
