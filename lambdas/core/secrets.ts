import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from '#domain/common/validation.ts';
import { config } from '#core/config.ts';

/**
 * Secrets: on AWS they live in Secrets Manager (the stack passes each one's ARN, never its value) and are
 * read once per instance; locally they are configured values. A failed read is not cached.
 */
export function cachedSecret<T>(arn: string | undefined, local: () => T, parse: (value: string) => T): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= (async () => {
      if (!arn) return local();
      const answer = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
      return parse(answer.SecretString ?? '');
    })().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

/** The key that signs newsletter links. */
export const linkSigningKey = cachedSecret(
  config.LINK_SIGNING_SECRET_ARN,
  () => config.LINK_SIGNING_SECRET,
  (value) => {
    if (value.length < 32) throw new Error('The link signing secret is missing or too short');
    return value;
  },
);

const razorpayKeysSchema = z.object({ keyId: z.string().check(z.minLength(1)), keySecret: z.string().check(z.minLength(1)), webhookSecret: z.string().check(z.minLength(1)) });
export type RazorpayKeys = z.infer<typeof razorpayKeysSchema>;

/** Razorpay's key id and secret (orders, checkout signatures) and the webhook secret. */
export const razorpayKeys = cachedSecret<RazorpayKeys>(
  config.RAZORPAY_SECRET_ARN,
  () => razorpayKeysSchema.parse({ keyId: config.RAZORPAY_KEY_ID, keySecret: config.RAZORPAY_KEY_SECRET, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET }),
  (value) => razorpayKeysSchema.parse(JSON.parse(value)),
);

