import type { RetryProfile } from '../../lambdas/core/invocation.ts';
import type { StackDescription } from './types.ts';

/**
 * A function's retry profile, from what it serves: routes readers call (public or signed-in) -> `reader`;
 * only console routes (moderator, admin) -> `console`; a Cognito trigger -> `reader`; no route (pipeline steps, stream consumers, triggers)
 * -> `pipeline`. The CDK sets it as RETRY_PROFILE; the local runtime runs each invocation with it.
 */
export function retryProfileOf(stack: Pick<StackDescription, 'routes' | 'userPoolTriggers'>, fn: string): RetryProfile {
  // A Cognito trigger holds a sign-in or sign-up, which Cognito gives up on after 5 seconds.
  if (stack.userPoolTriggers.some((trigger) => trigger.fn === fn)) return 'reader';
  const levels = stack.routes.filter((route) => route.fn === fn).map((route) => route.auth);
  if (!levels.length) return 'pipeline';
  return levels.every((level) => level === 'admin' || level === 'moderator') ? 'console' : 'reader';
}
