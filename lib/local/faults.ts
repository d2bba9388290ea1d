import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '../../lambdas/domain/common/seeded-random.ts';
import { dependencyFault, operationOf, type FaultKind, type FaultService } from './fault-errors.ts';

/**
 * The local runtime's fault injector: a small proxy in front of each AWS stand-in and the Razorpay stand-in.
 * The SDK clients (and the Razorpay adapter) are pointed at the proxy, so the code under test is unchanged: it
 * meets the errors AWS really answers, on the wire, and its own retries, parsing and fallbacks run as in Lambda.
 * One plan drives it, set at start (`CNH_FAULTS`) or at any time over the control port (docs/faults.md).
 */

export type { FaultKind, FaultService } from './fault-errors.ts';

export interface FaultRule {
  /** The service whose calls fail, or `*` for every proxied service. */
  service: FaultService | '*';
  /** Only these operations (SDK names: PutItem, SendEmail, PutObject, StartExecution; Razorpay: CreateOrder). */
  operations?: string[];
  fault: FaultKind;
  /** Share of matching calls that fail, 0..1 (default 1). */
  rate?: number;
  /** Let this many matching calls through before the rule may fire. */
  after?: number;
  /** Fail at most this many calls. */
  times?: number;
  /** For `timeout`: how long the call is held before the connection is reset (default 10 s). */
  holdMs?: number;
}

export interface FaultPlan {
  /** Seed of the random draws, so a run with the same plan and calls fails the same calls. */
  seed?: number;
  rules: FaultRule[];
}

export interface InjectedFault {
  at: string;
  service: FaultService;
  operation: string;
  fault: FaultKind;
  /** The error name the caller's SDK sees (ProvisionedThroughputExceededException, SlowDown, ECONNRESET...). */
  error: string;
}

export interface FaultStats {
  plan: FaultPlan;
  calls: Record<string, number>;
  injected: Record<string, number>;
  /** The latest injected faults, oldest first (at most JOURNAL_LIMIT). */
  journal: InjectedFault[];
}

const JOURNAL_LIMIT = 10_000;

interface RuleState {
  rule: FaultRule;
  seen: number;
  fired: number;
}

/** Decides, call by call, which fail; counts calls and injections per `service.operation`. */
export class FaultInjector {
  private rules: RuleState[] = [];
  private random = seededRandom(1);
  private plan: FaultPlan = { rules: [] };
  private readonly calls = new Map<string, number>();
  private readonly injected = new Map<string, number>();
  private journal: InjectedFault[] = [];

  constructor(plan?: FaultPlan) {
    if (plan) this.setPlan(plan);
  }

  setPlan(plan: FaultPlan): void {
    this.plan = plan;
    this.rules = plan.rules.map((rule) => ({ rule, seen: 0, fired: 0 }));
    this.random = seededRandom(plan.seed ?? 1);
  }

  clear(): void {
    this.setPlan({ rules: [] });
  }

  /** Forgets the counts and the journal (the plan stays). */
  resetCounts(): void {
    this.calls.clear();
    this.injected.clear();
    this.journal = [];
  }

  /** The fault this call meets, if any; the first rule that fires wins. */
  decide(service: FaultService, operation: string): FaultRule | undefined {
    const key = `${service}.${operation}`;
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
    for (const state of this.rules) {
      const { rule } = state;
      if (rule.service !== '*' && rule.service !== service) continue;
      if (rule.operations && !rule.operations.includes(operation)) continue;
      if (!dependencyFault(service, rule.fault, operation)) continue;
      state.seen += 1;
      if (state.seen <= (rule.after ?? 0)) continue;
      if (rule.times !== undefined && state.fired >= rule.times) continue;
      if (this.random() >= (rule.rate ?? 1)) continue;
      state.fired += 1;
      return rule;
    }
    return undefined;
  }

  record(service: FaultService, operation: string, fault: FaultKind, error: string): void {
    const key = `${service}.${operation}`;
    this.injected.set(key, (this.injected.get(key) ?? 0) + 1);
    this.journal.push({ at: new Date().toISOString(), service, operation, fault, error });
    if (this.journal.length > JOURNAL_LIMIT) this.journal.splice(0, this.journal.length - JOURNAL_LIMIT);
  }

  stats(): FaultStats {
    return { plan: this.plan, calls: Object.fromEntries(this.calls), injected: Object.fromEntries(this.injected), journal: [...this.journal] };
  }
}

const FAULT_KINDS: readonly FaultKind[] = ['throttle', 'throughput-exceeded', 'server-error', 'transaction-cancelled', 'message-rejected', 'timeout', 'reset', 'lost-response'];
const SERVICES: readonly FaultService[] = ['dynamodb', 'ses', 's3', 'stepfunctions', 'scheduler', 'cognito', 'razorpay'];

/**
 * Reads a plan from JSON (`{"seed":1,"rules":[...]}`) or the short form of `CNH_FAULTS`:
 * `service[:Operation+Operation]=rate[:fault]`, comma-separated, e.g. `dynamodb=0.1,s3:PutObject=0.5:throttle`.
 * Throws with a message naming the part it could not read.
 */
export function parseFaultPlan(text: string): FaultPlan {
  const trimmed = text.trim();
  if (!trimmed) return { rules: [] };
  const plan: FaultPlan = trimmed.startsWith('{') ? (JSON.parse(trimmed) as FaultPlan) : { rules: trimmed.split(',').map(parseShortRule) };
  if (!Array.isArray(plan.rules)) throw new Error('A fault plan needs "rules": an array');
  for (const rule of plan.rules) {
    if (rule.service !== '*' && !SERVICES.includes(rule.service)) throw new Error(`Unknown service in fault plan: ${String(rule.service)} (one of ${SERVICES.join(', ')}, *)`);
    if (!FAULT_KINDS.includes(rule.fault)) throw new Error(`Unknown fault: ${String(rule.fault)} (one of ${FAULT_KINDS.join(', ')})`);
    if (rule.rate !== undefined && !(rule.rate >= 0 && rule.rate <= 1)) throw new Error(`A fault rate is between 0 and 1, got ${rule.rate}`);
  }
  return plan;
}

function parseShortRule(part: string): FaultRule {
  const match = /^\s*([a-z0-9*]+)(?::([A-Za-z+]+))?=([0-9.]+)(?::([a-z-]+))?\s*$/.exec(part);
  if (!match) throw new Error(`Cannot read fault rule "${part}": write service[:Operation]=rate[:fault]`);
  const [, service, operations, rate, fault] = match;
  return {
    service: service as FaultService,
    ...(operations ? { operations: operations.split('+') } : {}),
    rate: Number(rate),
    fault: (fault ?? (service === 'razorpay' || service === 's3' ? 'server-error' : 'throttle')) as FaultKind,
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends the request on to the stand-in; resolves with its full answer. */
function forward(target: URL, request: IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...request.headers, host: target.host } },
      (answer) => {
        readBody(answer).then((answerBody) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: answerBody }), reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

export interface FaultProxy {
  service: FaultService;
  url: string;
  close: () => Promise<void>;
}

/** A proxy in front of one stand-in: each call passes, or meets the fault the injector chose for it. */
export async function startFaultProxy(service: FaultService, targetUrl: string, injector: FaultInjector): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const held = new Set<NodeJS.Timeout>();
  const server = http.createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      const operation = operationOf(service, request.method ?? 'GET', request.url ?? '/', request.headers);
      const rule = injector.decide(service, operation);
      const answer = rule ? dependencyFault(service, rule.fault, operation, body) : undefined;
      if (!rule || !answer) {
        const passed = await forward(target, request, body);
        response.writeHead(passed.status, passed.headers).end(passed.body);
        return;
      }
      injector.record(service, operation, rule.fault, answer.error);
      if (answer.kind === 'reset') return request.socket.destroy();
      if (answer.kind === 'lost-response') {
        // The call reaches the service and takes effect; its answer never comes back.
        await forward(target, request, body).catch(() => undefined);
        return request.socket.destroy();
      }
      if (answer.kind === 'hold') {
        const timer = setTimeout(() => {
          held.delete(timer);
          request.socket.destroy();
        }, rule.holdMs ?? 10_000);
        held.add(timer);
        return;
      }
      response.writeHead(answer.status, answer.headers).end(answer.body);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end(`Fault proxy could not reach ${service}: ${String(error)}`);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    service,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      held.forEach(clearTimeout);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The control port: `GET /faults` (plan, calls, injections, journal), `PUT /faults` (a plan, JSON or the short
 * form), `DELETE /faults` (no faults), `POST /faults/reset-counts`.
 */
export async function listenFaultControl(port: number, injector: FaultInjector): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const send = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const path = (request.url ?? '/').split('?')[0];
      if (path !== '/faults' && path !== '/faults/reset-counts') return send(404, { message: 'GET, PUT or DELETE /faults; POST /faults/reset-counts' });
      if (request.method === 'GET') return send(200, injector.stats());
      if (request.method === 'DELETE') {
        injector.clear();
        return send(200, injector.stats());
      }
      if (request.method === 'POST' && path === '/faults/reset-counts') {
        injector.resetCounts();
        return send(200, injector.stats());
      }
      if (request.method === 'PUT') {
        try {
          injector.setPlan(parseFaultPlan((await readBody(request)).toString('utf8')));
        } catch (error) {
          return send(400, { message: error instanceof Error ? error.message : String(error) });
        }
        return send(200, injector.stats());
      }
      return send(405, { message: 'GET, PUT or DELETE /faults' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

export interface FaultProxies {
  /** Where the SDK clients and the Razorpay adapter send their calls, per service. */
  urls: Record<FaultService, string>;
  close: () => Promise<void>;
}

/** A proxy for each stand-in the functions call; the ports are the stand-ins' own (lib/local/settings.ts). */
export async function startFaultProxies(ports: { dynamodb: number; mail: number; objects: number; stepfunctions: number; scheduler: number; cognito: number; razorpay: number }, injector: FaultInjector): Promise<FaultProxies> {
  const targets: Record<FaultService, string> = {
    dynamodb: `http://127.0.0.1:${ports.dynamodb}`,
    ses: `http://127.0.0.1:${ports.mail}`,
    s3: `http://127.0.0.1:${ports.objects}`,
    stepfunctions: `http://127.0.0.1:${ports.stepfunctions}`,
    scheduler: `http://127.0.0.1:${ports.scheduler}`,
    // By name, as the functions called it before the proxy stood between (cognito-local listens on localhost).
    cognito: `http://localhost:${ports.cognito}`,
    razorpay: `http://127.0.0.1:${ports.razorpay}`,
  };
  const proxies = await Promise.all(Object.entries(targets).map(([service, url]) => startFaultProxy(service as FaultService, url, injector)));
  return {
    urls: Object.fromEntries(proxies.map((proxy) => [proxy.service, proxy.url])) as Record<FaultService, string>,
    close: async () => {
      await Promise.all(proxies.map((proxy) => proxy.close()));
    },
  };
}
