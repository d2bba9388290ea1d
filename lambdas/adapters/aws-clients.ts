import type { RetryErrorInfo, RetryStrategyV2, RetryToken } from '@smithy/types';
import { config } from '#core/config.ts';
import { classifyDependencyError, noteDependencyFailure, type DependencyService } from '#core/dependency-failures.ts';
import { invocationRetryProfile, type RetryProfile } from '#core/invocation.ts';

/**
 * How every AWS client of the functions is built: retries and timeouts chosen per path, once, here.
 *
 * - reader: someone waits on the answer. Two attempts and short timeouts; a call still failing is answered
 *   503 with Retry-After (lambdas/platform/router.ts), so the reader's own retry happens after a pause.
 * - console: a moderator waits, a little longer: three attempts.
 * - pipeline: nobody waits; a throttled service is waited for: five attempts (up to about 7.5 s of backoff on a
 *   throttle) and longer timeouts, inside the step's Lambda timeout.
 *
 * The profile is the running function's: on Lambda its RETRY_PROFILE setting, in the local runtime (every function
 * in one process) each invocation's (lambdas/core/invocation.ts), read per call. Nothing here imports @smithy/*
 * (the SDK's own strategies): the functions are bundled without the SDK, which the Lambda runtime provides with its
 * own copy of those packages, and a second copy cost every bundle 33 KB. So the strategy is this file's, with the
 * SDK's standard backoff and without its retry quota or adaptive rate limiting.
 * Every failed attempt and every call that gave up is noted for the Operations screen (dependency failures).
 */
export const RETRY_SETTINGS: Record<RetryProfile, { maxAttempts: number; requestTimeoutMs: number; connectionTimeoutMs: number }> = {
  reader: { maxAttempts: 2, requestTimeoutMs: 3_000, connectionTimeoutMs: 1_000 },
  console: { maxAttempts: 3, requestTimeoutMs: 5_000, connectionTimeoutMs: 2_000 },
  pipeline: { maxAttempts: 5, requestTimeoutMs: 20_000, connectionTimeoutMs: 3_000 },
};

/** The running function's profile: the local runtime's invocation, or this Lambda's setting. */
// (A test that stands in its own config without the setting gets the pipeline's.)
const currentRetryProfile = (): RetryProfile => invocationRetryProfile() ?? config.RETRY_PROFILE ?? 'pipeline';

/**
 * The retries of every client, decided per call from the running function's profile (so each local invocation
 * gets its own, as each Lambda does): a call is tried again when its failure is a dependency's
 * (lambdas/core/dependency-failures.ts: throttled, 5xx, timeout, dropped connection, transaction conflict), up to
 * the profile's attempts, after a full-jitter backoff (throttles from 500 ms, the rest from 100 ms, doubling, 20 s
 * at most: the SDK's standard values). `retryUnknownOutcomes: false` (SES sends) retries only what the service
 * refused outright: after a dropped connection or a timeout the mail may have gone, SES takes no idempotency key,
 * and a repeat mails twice; the callers settle the outcome themselves (a claim, then a mark).
 */
function retriesByProfile(retryUnknownOutcomes: boolean, profile?: RetryProfile): RetryStrategyV2 {
  const token = (retries: number, throttled: boolean): RetryToken & { getRetryDelay: () => number } => ({
    getRetryCount: () => retries,
    getRetryDelay: () => Math.random() * Math.min(20_000, (throttled ? 500 : 100) * 2 ** (retries - 1)),
  });
  return {
    acquireInitialRetryToken: async () => token(0, false),
    refreshRetryTokenForRetry: async (previous: RetryToken, errorInfo: RetryErrorInfo) => {
      const retries = previous.getRetryCount() + 1;
      const kind = classifyDependencyError(errorInfo.error)?.kind;
      const unknownOutcome = kind === 'connection' || kind === 'timeout';
      if (!kind || retries >= RETRY_SETTINGS[profile ?? currentRetryProfile()].maxAttempts || (unknownOutcome && !retryUnknownOutcomes)) throw errorInfo.error;
      return token(retries, kind === 'throttled');
    },
    recordSuccess: () => undefined,
  };
}

/**
 * The settings every long-lived client of the functions is built with. `retryUnknownOutcomes: false` for calls
 * whose repeat does harm and that take no idempotency key (SES SendEmail). `profile` is for tests: the functions
 * take their own.
 */
export function clientSettings(options: { retryUnknownOutcomes?: boolean; profile?: RetryProfile } = {}) {
  // The request timeouts are the process's: on Lambda the function's; in the local runtime's one process, the pipeline's.
  const { connectionTimeoutMs, requestTimeoutMs } = RETRY_SETTINGS[options.profile ?? currentRetryProfile()];
  return {
    retryStrategy: retriesByProfile(options.retryUnknownOutcomes ?? true, options.profile),
    // `throwOnRequestTimeout`: without it this SDK version only logs a warning when a request exceeds
    // requestTimeout, and a held call waits for the Lambda's timeout.
    requestHandler: { connectionTimeout: connectionTimeoutMs, requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true },
  };
}

/** A client that tries once and gives up within `timeoutMs` (the health checks: a stopped service fails fast). */
export function boundedClientSettings(timeoutMs: number) {
  return { maxAttempts: 1, requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs, throwOnRequestTimeout: true } };
}

/** Any SDK v3 client: its middleware stack takes a middleware at a named step. */
interface WatchableClient {
  middlewareStack: object;
}

type AddMiddleware = (middleware: unknown, options: { step: 'initialize' | 'deserialize'; name: string; priority: 'high' }) => void;

/**
 * Notes the client's failures: each failed attempt (inside the retries) and each call that failed after them.
 * A business answer (a failed condition) is not a failure (lambdas/core/dependency-failures.ts).
 */
export function watched<C extends WatchableClient>(client: C, service: DependencyService): C {
  const watch = (outcome: 'attempt' | 'gave-up') => (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
    try {
      return await next(args);
    } catch (error) {
      const failure = classifyDependencyError(error);
      if (failure) noteDependencyFailure(service, context.commandName?.replace(/Command$/, '') ?? 'unknown', failure, outcome);
      throw error;
    }
  };
  const stack = client.middlewareStack as { add: AddMiddleware };
  // At `deserialize` it runs inside the retry loop (once per attempt); at `initialize`, once per call, outside it.
  stack.add.call(stack, watch('attempt'), { step: 'deserialize', name: 'dependencyAttemptWatch', priority: 'high' });
  stack.add.call(stack, watch('gave-up'), { step: 'initialize', name: 'dependencyCallWatch', priority: 'high' });
  return client;
}
