import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { clientSettings } from './aws-clients.ts';

/**
 * Invokes another of the stack's functions and waits for its answer (RequestResponse), as the recovery's
 * redrive hands a dead letter's work back to the function that gave it up. Locally the SDK reaches the
 * runtime's Lambda Invoke stand-in through AWS_ENDPOINT_URL_LAMBDA.
 */

let client: LambdaClient | undefined;
const lambda = () => (client ??= new LambdaClient(clientSettings()));

export type InvokeOutcome = { ok: true } | { ok: false; error: string };

export async function invokeFunction(functionName: string, event: unknown): Promise<InvokeOutcome> {
  const answer = await lambda().send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: new TextEncoder().encode(JSON.stringify(event)) }));
  if (!answer.FunctionError) return { ok: true };
  const payload = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
  let message = payload;
  try {
    const failure = JSON.parse(payload) as { errorType?: string; errorMessage?: string };
    message = [failure.errorType, failure.errorMessage].filter(Boolean).join(': ') || payload;
  } catch {
    // Not JSON: the payload as it came.
  }
  return { ok: false, error: message || answer.FunctionError };
}
