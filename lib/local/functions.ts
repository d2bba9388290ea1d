import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runAsFunction } from '../../lambdas/core/invocation.ts';
import { retryProfileOf, stack, type FunctionDescription } from '../stack-description.ts';
import { repoRoot } from './settings.ts';

export type LocalHandler = (event: unknown) => Promise<unknown>;

const loaded = new Map<string, LocalHandler>();

/** The deployed function's name here (what the Lambda Invoke stand-in answers to and the context says). */
export const localFunctionName = (fn: Pick<FunctionDescription, 'name'>) => `creator-news-hub-${fn.name}`;
export const localFunctionArn = (fn: Pick<FunctionDescription, 'name'>, region: string) => `arn:aws:lambda:${region}:000000000000:function:${localFunctionName(fn)}`;

/** A Lambda context as far as the project's handlers read it. */
function lambdaContext(fn: FunctionDescription) {
  return {
    functionName: localFunctionName(fn),
    functionVersion: '$LATEST',
    awsRequestId: randomUUID(),
    memoryLimitInMB: String(fn.memoryMb ?? 512),
    getRemainingTimeInMillis: () => (fn.timeoutSeconds ?? 29) * 1000,
    callbackWaitsForEmptyEventLoop: false,
  };
}

/** Imports a function's entry file, as the Lambda runtime would, and returns its `handler`. */
export async function loadFunctionHandler(fn: FunctionDescription): Promise<LocalHandler> {
  const cached = loaded.get(fn.name);
  if (cached) return cached;
  const module = (await import(pathToFileURL(path.join(repoRoot, fn.entry)).href)) as {
    handler?: (event: unknown, context: unknown) => Promise<unknown>;
  };
  const exported = module.handler;
  if (typeof exported !== 'function') throw new Error(`${fn.entry} exports no handler function`);
  // One process runs every function here: each invocation carries its function's retry profile, as RETRY_PROFILE does on Lambda.
  const retryProfile = retryProfileOf(stack, fn.name);
  const handler: LocalHandler = (event) => runAsFunction(retryProfile, () => exported(event, lambdaContext(fn)));
  loaded.set(fn.name, handler);
  return handler;
}
