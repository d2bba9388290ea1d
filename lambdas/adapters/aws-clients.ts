import { AdaptiveRetryStrategy, StandardRetryStrategy } from '@smithy/core/retry';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { HttpHandlerOptions, RetryErrorInfo, RetryStrategyV2, RetryToken, StandardRetryToken } from '@smithy/types';
import { classifyDependencyError, noteDependencyFailure, type DependencyService } from '#core/dependency-failures.ts';
import { config } from '#core/config.ts';
import { invocationRetryProfile, type RetryProfile } from '#core/invocation.ts';

/**
 * How every AWS client of the functions is built: retries and timeouts chosen per path, once, here.
 *
 * - reader: someone waits on the answer. Two attempts and short timeouts; a call still failing is answered
 *   503 with Retry-After (lambdas/platform/router.ts), so the reader's own retry happens after a pause.
 * - console: a moderator waits, a little longer: three attempts.
 * - pipeline: nobody waits; a throttled service is waited for (adaptive mode slows the client's own sending
 *   rate when throttled) with five attempts (up to about 7.5 s of backoff on a throttle) and longer timeouts, inside the step's Lambda timeout.
 *
 * The profile is the running function's (lambdas/core/invocation.ts), read per call, so one client serves
 * every function of the local runtime's single process as it serves one function on Lambda.
 * Every failed attempt and every call that gave up is noted for the Operations screen (dependency failures).
 */
export const RETRY_SETTINGS: Record<RetryProfile, { maxAttempts: number; mode: 'standard' | 'adaptive'; requestTimeoutMs: number; connectionTimeoutMs: number }> = {
  reader: { maxAttempts: 2, mode: 'standard', requestTimeoutMs: 3_000, connectionTimeoutMs: 1_000 },
  console: { maxAttempts: 3, mode: 'standard', requestTimeoutMs: 5_000, connectionTimeoutMs: 2_000 },
  pipeline: { maxAttempts: 5, mode: 'adaptive', requestTimeoutMs: 20_000, connectionTimeoutMs: 3_000 },
};

/** The running function's profile: the local runtime's invocation, or this Lambda's setting. */
const currentRetryProfile = (): RetryProfile => invocationRetryProfile() ?? config.RETRY_PROFILE;

/** Hands each call to the strategy of the running function's profile; a token returns to the strategy that issued it. */
class RetryByProfile implements RetryStrategyV2 {
  private readonly strategies: Record<RetryProfile, RetryStrategyV2>;
  private readonly issuedBy = new WeakMap<object, RetryStrategyV2>();

  constructor(private readonly retryUnknownOutcomes: boolean) {
    const strategyOf = ({ maxAttempts, mode }: (typeof RETRY_SETTINGS)[RetryProfile]) => (mode === 'adaptive' ? new AdaptiveRetryStrategy(maxAttempts) : new StandardRetryStrategy(maxAttempts));
    this.strategies = { reader: strategyOf(RETRY_SETTINGS.reader), console: strategyOf(RETRY_SETTINGS.console), pipeline: strategyOf(RETRY_SETTINGS.pipeline) };
  }

  private remember(token: RetryToken, strategy: RetryStrategyV2): RetryToken {
    this.issuedBy.set(token, strategy);
    return token;
  }

  async acquireInitialRetryToken(scope: string): Promise<RetryToken> {
    const strategy = this.strategies[currentRetryProfile()];
    return this.remember(await strategy.acquireInitialRetryToken(scope), strategy);
  }

  async refreshRetryTokenForRetry(token: RetryToken, errorInfo: RetryErrorInfo): Promise<RetryToken> {
    // A dropped connection or a timeout may come after the service did the call: where a repeat is harmful, no retry.
    const kind = classifyDependencyError(errorInfo.error)?.kind;
    if (!this.retryUnknownOutcomes && (kind === 'connection' || kind === 'timeout')) throw errorInfo.error;
    const strategy = this.issuedBy.get(token) ?? this.strategies[currentRetryProfile()];
    return this.remember(await strategy.refreshRetryTokenForRetry(token as StandardRetryToken, errorInfo), strategy);
  }

  recordSuccess(token: RetryToken): void {
    (this.issuedBy.get(token) ?? this.strategies[currentRetryProfile()]).recordSuccess(token as StandardRetryToken);
  }
}

/**
 * The HTTP handler with the profile's request timeout per call. `throwOnRequestTimeout`: without it this SDK
 * version only logs a warning when a request exceeds requestTimeout, and a held call waits for the Lambda's timeout.
 */
class TimedHttpHandler extends NodeHttpHandler {
  override handle(request: Parameters<NodeHttpHandler['handle']>[0], options: HttpHandlerOptions = {}) {
    return super.handle(request, { ...options, requestTimeout: options.requestTimeout ?? RETRY_SETTINGS[currentRetryProfile()].requestTimeoutMs });
  }
}

/**
 * The settings every long-lived client of the functions is built with. `retryUnknownOutcomes: false` for calls
 * whose repeat does harm and that take no idempotency key (SES SendEmail: a retry after a lost answer mails twice);
 * their callers settle the outcome themselves (a claim, then a mark, docs/faults.md).
 */
export function clientSettings(options: { retryUnknownOutcomes?: boolean } = {}) {
  return {
    retryStrategy: new RetryByProfile(options.retryUnknownOutcomes ?? true),
    requestHandler: new TimedHttpHandler({ connectionTimeout: RETRY_SETTINGS.pipeline.connectionTimeoutMs, throwOnRequestTimeout: true }),
  };
}

/** A client that tries once and gives up within `timeoutMs` (the health checks: a stopped service fails fast). */
export function boundedClientSettings(timeoutMs: number) {
  return { maxAttempts: 1, requestHandler: new NodeHttpHandler({ connectionTimeout: timeoutMs, requestTimeout: timeoutMs, throwOnRequestTimeout: true }) };
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
