import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FaultInjector, startFaultProxy, type FaultPlan, type FaultService, type FaultStats } from '../../lib/local/faults.ts';
import { local } from './aws.ts';

/**
 * The fault injector of the running local runtime (lib/local/faults.ts, docs/faults.md), over its control port,
 * and private injectors for code a test runs in its own process. The runtime's plan reaches every function the
 * runtime runs (and its scheduled runs), so a file that sets one clears it in afterEach/afterAll.
 */

async function control(method: string, suffix = '', body?: unknown): Promise<FaultStats> {
  const response = await fetch(`${local().urls.faults}${suffix}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const answer = (await response.json()) as FaultStats & { message?: string };
  if (!response.ok) throw new Error(`Fault control ${method} ${suffix || '/faults'}: ${response.status} ${answer.message ?? ''}`);
  return answer;
}

/** Sets the runtime's plan (and forgets the counts, so the stats that follow are this plan's). */
export async function setFaults(plan: FaultPlan): Promise<FaultStats> {
  await control('POST', '/reset-counts');
  return control('PUT', '', plan);
}

/** No faults: every call passes again. */
export const clearFaults = (): Promise<FaultStats> => control('DELETE');

/** Forgets the calls, injections and journal (the plan stays). */
export const resetFaultCounts = (): Promise<FaultStats> => control('POST', '/reset-counts');

/** The plan, calls and injections per `service.operation`, and the journal of injected faults. */
export const faultStats = (): Promise<FaultStats> => control('GET');

/** Calls (or injections) added up over `service.operation` keys, of one service or all. */
export function total(counts: Record<string, number>, service?: FaultService): number {
  return Object.entries(counts)
    .filter(([key]) => !service || key.startsWith(`${service}.`))
    .reduce((sum, [, count]) => sum + count, 0);
}

/** The runtime's own proxies (urls.json `faultProxies`): in-process code sent through them meets the runtime's plan. */
export function runtimeFaultProxies(): Record<FaultService, string> {
  const urls = JSON.parse(readFileSync(path.join(local().dataDir, 'urls.json'), 'utf8')) as { faultProxies: Record<FaultService, string> };
  return urls.faultProxies;
}

export interface PrivateFaults {
  injector: FaultInjector;
  /** Where to point this process's SDK clients, per service. */
  urls: Partial<Record<FaultService, string>>;
  close: () => Promise<void>;
}

/**
 * An injector of this test's own with proxies in front of the runtime's stand-ins (DynamoDB, S3, SES): what the
 * test runs in its process meets its plan, and nothing else does. A crash walk needs that: the runtime's scheduled
 * runs would otherwise shift the call counts the plan's `after` counts, and meet the walk's faults.
 */
export async function privateFaults(services: Array<'dynamodb' | 's3' | 'ses'> = ['dynamodb', 's3']): Promise<PrivateFaults> {
  const { urls } = local();
  const targets = { dynamodb: urls.dynamodb, s3: urls.objects, ses: urls.mail };
  const injector = new FaultInjector();
  const proxies = await Promise.all(services.map((service) => startFaultProxy(service, targets[service], injector)));
  return {
    injector,
    urls: Object.fromEntries(proxies.map((proxy) => [proxy.service, proxy.url])),
    close: async () => {
      await Promise.all(proxies.map((proxy) => proxy.close()));
    },
  };
}
