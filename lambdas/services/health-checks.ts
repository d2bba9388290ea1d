import { userPoolName } from '#adapters/cognito.ts';
import { mailAccount } from '#adapters/mail.ts';
import { latestExecution } from '#adapters/stepfunctions.ts';
import { checkErrorText, type DiagnosticCheck } from '#domain/operations/diagnostics.ts';
import { config } from '#core/config.ts';
import { routesOf, stack } from '#stack/stack-description.ts';
import { boundedDynamoClient, probeTable } from '#store/table/backups.ts';

/**
 * The diagnostics' real checks, each against the service itself with a short, bounded wait (one attempt,
 * connection and request timeouts), so an unreachable service is a failed check within seconds. Clients
 * are made per run: endpoints come from the SDK's environment lookup (the local runtime points them at
 * the stand-ins), read when the run starts.
 */

const CHECK_TIMEOUT_MS = 3_000;

/**
 * Each HTTP function's light GET route: calling it through the API proves the route, the gateway (and its
 * authorizer), the function and its table reads answer, as a reader's request would. Signed-in routes are
 * called with the admin's own token (the caller of the diagnostics).
 */
const FUNCTION_PROBES: Record<string, string> = {
  articles: '/categories',
  me: '/me/preferences',
  newsletter: '/me/newsletter',
  donations: '/donations/summary',
  admin: '/admin/ping',
  'admin-content': '/admin/feeds',
  'admin-operations': '/admin/alerts',
};

/** The described functions that answer HTTP routes (the ones with a probe). */
export function httpFunctions(): string[] {
  return stack.functions.map((fn) => fn.name).filter((name) => routesOf(stack, name).length > 0);
}

async function timed(name: string, kind: DiagnosticCheck['kind'], detail: string, work: () => Promise<{ detail?: string; statusCode?: number }>): Promise<DiagnosticCheck> {
  const started = performance.now();
  try {
    // A last guard beside the clients' own timeouts (DNS, TLS or a body that never ends).
    const result = await Promise.race([
      work(),
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(Object.assign(new Error(`no answer within ${CHECK_TIMEOUT_MS * 2} ms`), { name: 'TimeoutError' })), CHECK_TIMEOUT_MS * 2).unref()),
    ]);
    return { name, kind, status: 'ok', latencyMs: Math.round(performance.now() - started), ...(result.statusCode ? { statusCode: result.statusCode } : {}), detail: result.detail ?? detail, error: null };
  } catch (error) {
    const statusCode = (error as { statusCode?: number }).statusCode;
    return { name, kind, status: 'failed', latencyMs: Math.round(performance.now() - started), ...(statusCode ? { statusCode } : {}), detail, error: checkErrorText(error) };
  }
}

function databaseCheck(): Promise<DiagnosticCheck> {
  return timed('dynamodb', 'database', `DescribeTable ${config.TABLE_NAME} + Query counters`, async () => {
    const client = boundedDynamoClient(CHECK_TIMEOUT_MS);
    try {
      return { detail: await probeTable(client, config.TABLE_NAME) };
    } finally {
      client.destroy();
    }
  });
}

function stateMachineChecks(): Promise<DiagnosticCheck>[] {
  return Object.entries(config.STATE_MACHINE_ARNS).map(([machine, arn]) =>
    timed(`stepfunctions:${machine}`, 'state-machine', `ListExecutions ${machine}`, async () => {
      const last = await latestExecution(arn, CHECK_TIMEOUT_MS);
      return { detail: last ? `ListExecutions ${machine}: last run ${last.status?.toLowerCase()} (${last.startDate?.toISOString() ?? ''})` : `ListExecutions ${machine}: no runs yet` };
    }),
  );
}

function mailCheck(): Promise<DiagnosticCheck> {
  return timed('ses', 'mail', 'SESv2 GetAccount', async () => {
    const account = await mailAccount(CHECK_TIMEOUT_MS);
    if (account.sendingEnabled === false) throw new Error('Sending is disabled on the SES account');
    return { detail: `SESv2 GetAccount: sending enabled${account.productionAccessEnabled === false ? ', sandbox' : ''}` };
  });
}

function userPoolCheck(): Promise<DiagnosticCheck> {
  return timed('cognito', 'user-pool', 'DescribeUserPool', async () => {
    return { detail: `DescribeUserPool ${await userPoolName(CHECK_TIMEOUT_MS)}` };
  });
}

function functionChecks(authorization: string | undefined): Promise<DiagnosticCheck>[] {
  return httpFunctions().map((name) => {
    const probe = FUNCTION_PROBES[name];
    return timed(`function:${name}`, 'function', probe ? `GET ${probe}` : 'no probe route', async () => {
      if (!probe) throw new Error(`No probe route is set for function ${name}`);
      const response = await fetch(`${config.API_URL}${probe}`, {
        headers: authorization ? { authorization } : {},
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok) throw Object.assign(new Error(`GET ${probe} answered ${response.status}`), { statusCode: response.status });
      return { statusCode: response.status, detail: `GET ${probe}` };
    });
  });
}

/**
 * Every check, in parallel (each bounded), in a stable order: database, state machines, mail, user pool,
 * then each HTTP function. `authorization` is the diagnostics caller's own header, for signed-in probes.
 */
export async function runChecks(options: { authorization?: string } = {}): Promise<DiagnosticCheck[]> {
  return Promise.all([databaseCheck(), ...stateMachineChecks(), mailCheck(), userPoolCheck(), ...functionChecks(options.authorization)]);
}
