import * as z from 'zod';

/**
 * The environment, read and validated once at cold start. A missing variable throws here, at load,
 * instead of surfacing later as `undefined` deep inside a request.
 */
const schema = z.object({
  TABLE_NAME: z.string().min(3),
  /** JSON map of state machine name -> ARN, for functions that start or inspect executions. */
  STATE_MACHINE_ARNS: z
    .string()
    .default('{}')
    .transform((raw, ctx) => {
      try {
        return z.record(z.string(), z.string()).parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'STATE_MACHINE_ARNS must be a JSON object of name -> ARN' });
        return z.NEVER;
      }
    }),
  /** EventBridge Scheduler group of the described schedules (each schedule is named as in the description). */
  SCHEDULE_GROUP: z.string().min(1).default('default'),
  MAIL_FROM: z.string().default('news@creatornewshub.in'),
  /** Key of the signed newsletter links (confirm, unsubscribe) where no secret ARN is given (locally). */
  LINK_SIGNING_SECRET: z.string().min(32).default('creator-news-hub-local-link-signing-secret-0001'),
  /** On AWS: the Secrets Manager secret holding that key (adapters/secrets.ts reads it). */
  LINK_SIGNING_SECRET_ARN: z.string().optional(),
  /**
   * Razorpay keys where no secret ARN is given (locally: the stand-in's test keys, set by the local
   * runtime). On AWS the stack passes RAZORPAY_SECRET_ARN instead: {"keyId","keySecret","webhookSecret"}.
   */
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_SECRET_ARN: z.string().optional(),
  /** Where the SDK sends Orders/Payments calls; unset on AWS (api.razorpay.com), the local stand-in here. */
  RAZORPAY_API_URL: z.string().url().optional(),
  /** Where contact-form messages go. */
  CONTACT_TEAM_EMAIL: z.string().email().default('hello@creatornewshub.in'),
  /** SES configuration set every mail is sent with (its event destination reports bounces and complaints). */
  MAIL_CONFIGURATION_SET: z.string().optional(),
  /** Which feed list the ingest adds to the table: real publishers, or the local fixture feeds. */
  FEED_CATALOGUE: z.enum(['production', 'fixtures']).default('production'),
  /** Where the fixture feeds are served (the local feed host). */
  FIXTURE_FEED_BASE_URL: z.string().url().optional(),
  FEED_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  FEED_MAX_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  /** The Cognito user pool (functions that manage accounts: deleting one, changing groups). */
  USER_POOL_ID: z.string().optional(),
  /** Set by Lambda: the function's unpacked asset, where its runtime files sit (adapters/runtime-files.ts). */
  LAMBDA_TASK_ROOT: z.string().optional(),
  /**
   * On AWS: the token CloudFront sends with every API request (x-origin-verify). Beside it, the viewer
   * address CloudFront reports is the reader's; without it (a direct call, or locally) the connection's.
   */
  EDGE_ORIGIN_TOKEN: z.string().min(16).optional(),
  /** Salt of the client hashes that per-client limits and counts key on (shared/rate-limit.ts). */
  CLIENT_KEY_SALT: z.string().min(8).default('creator-news-hub-local-salt'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** The API's address, for links that call it directly (the digests' one-click List-Unsubscribe). */
  API_URL: z.string().url().default('https://api.creatornewshub.in').transform((url) => url.replace(/\/+$/, '')),
  /** The reader site's address, for links in feeds, the sitemap and share pages. */
  SITE_URL: z.string().url().default('https://creatornewshub.in'),
  /**
   * Locally only (DynamoDB Local has no CreateBackup): the folder the console's backups export the table
   * to (store/backups.ts). Unset on AWS, where a backup is a DynamoDB on-demand backup.
   */
  LOCAL_BACKUP_DIR: z.string().min(1).optional(),
  /**
   * The bucket holding the search index snapshot (store/search-snapshots.ts): instances start from it
   * instead of reading and indexing every article. Unset: no snapshots, every instance builds its own.
   */
  SEARCH_SNAPSHOT_BUCKET: z.string().min(3).optional(),
  /** How often, at most, an instance's search index reads the article change notes (store/article-search.ts). */
  SEARCH_SYNC_SECONDS: z.coerce.number().min(0).default(5),
});

export type Config = z.infer<typeof schema>;

function load(): Config {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

export const config: Config = load();
