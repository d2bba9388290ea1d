import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '#shared/config.ts';

let linkKey: Promise<string> | undefined;

/**
 * The key that signs newsletter links. On AWS it lives in Secrets Manager (the stack passes its ARN, never
 * the value) and is read once per instance; locally it is the configured value.
 */
export function linkSigningKey(): Promise<string> {
  linkKey ??= (async () => {
    if (!config.LINK_SIGNING_SECRET_ARN) return config.LINK_SIGNING_SECRET;
    const answer = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: config.LINK_SIGNING_SECRET_ARN }));
    if (!answer.SecretString || answer.SecretString.length < 32) throw new Error('The link signing secret is missing or too short');
    return answer.SecretString;
  })().catch((error: unknown) => {
    linkKey = undefined;
    throw error;
  });
  return linkKey;
}
