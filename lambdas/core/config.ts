import * as z from '#domain/common/validation.ts';

/**
 * Off Lambda (the local runtime, the tests), the deployment's own addresses default to the local runtime's,
 * at its default ports and under a name that is no one's domain (.local). On Lambda none of them has a
 * default: the stack sets each (lib/app-stack.ts, lib/constructs/functions.ts), and a function without one
 * fails at load (loadConfig below) rather than send mail as, or link to, a site that is not the owner's.
 */
const LOCAL = {
  SITE_URL: 'http://localhost:4700',
  API_URL: 'http://localhost:4700/api',
  MAIL_FROM: 'Creator News Hub <news@creatornewshub.local>',
  CONTACT_TEAM_EMAIL: 'hello@creatornewshub.local',
} as const;

/** What a deployed function must be given, with where the stack gives it (said in the error when missing). */
const REQUIRED_ON_LAMBDA = {
  SITE_URL: 'the stack sets it to the site\'s address',
  API_URL: 'the stack sets it to the API\'s address',
  MAIL_FROM: 'the stack sets it to the mail construct\'s sender',
  CONTACT_TEAM_EMAIL: 'the stack sets it from the deploy config\'s contactEmail',
  CLIENT_KEY_SALT: 'the stack sets it from its ClientKeySalt secret',
} as const;

/**
 * The environment, read and validated once at cold start. A missing variable throws here, at load,
 * instead of surfacing later as `undefined` deep inside a request.
 */
const schema = z.object({
  TABLE_NAME: z.string().check(z.minLength(3)),
  /** JSON map of state machine name -> ARN, for functions that start or inspect executions. */
  STATE_MACHINE_ARNS: z.pipe(z._default(z.string(), '{}'), z.transform((raw, ctx) => {
      try {
        return z.record(z.string(), z.string()).parse(JSON.parse(raw));
      } catch {
        ctx.issues.push({ code: 'custom', message: 'STATE_MACHINE_ARNS must be a JSON object of name -> ARN', input: raw });
        return z.NEVER;
      }
    })),
  /** EventBridge Scheduler group of the described schedules (each schedule is named as in the description). */
  SCHEDULE_GROUP: z._default(z.string().check(z.minLength(1)), 'default'),
  /** The sender of every mail (on AWS the mail construct's, of the owner's mail domain). */
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), LOCAL.MAIL_FROM),
  /** Key of the signed newsletter links (confirm, unsubscribe) where no secret ARN is given (locally). */
  LINK_SIGNING_SECRET: z._default(z.string().check(z.minLength(32)), 'creator-news-hub-local-link-signing-secret-0001'),
  /** On AWS: the Secrets Manager secret holding that key (core/secrets.ts reads it). */
  LINK_SIGNING_SECRET_ARN: z.optional(z.string()),
  /**
   * Razorpay keys where no secret ARN is given (locally: the stand-in's test keys, set by the local
   * runtime). On AWS the stack passes RAZORPAY_SECRET_ARN instead: {"keyId","keySecret","webhookSecret"}.
   */
  RAZORPAY_KEY_ID: z.optional(z.string()),
  RAZORPAY_KEY_SECRET: z.optional(z.string()),
  RAZORPAY_WEBHOOK_SECRET: z.optional(z.string()),
  RAZORPAY_SECRET_ARN: z.optional(z.string()),
  /**
   * Web push's VAPID keys where no secret ARN is given, as the secret holds them: {"publicKey","privateKey","subject"}
   * (locally made at the first start, lib/local/push-service.ts). On AWS the stack passes VAPID_SECRET_ARN.
   */
  VAPID_KEYS: z.optional(z.string()),
  VAPID_SECRET_ARN: z.optional(z.string()),
  /** Push service origins accepted beside the browsers' own (domain/reader/push.ts), comma-separated: locally the stand-in's. */
  PUSH_SERVICE_ORIGINS: z.optional(z.string()),
  /** Where the SDK sends Orders/Payments calls; unset on AWS (api.razorpay.com), the local stand-in here. */
  RAZORPAY_API_URL: z.optional(z.url()),
  /** Where contact-form messages go. */
  CONTACT_TEAM_EMAIL: z._default(z.email(), LOCAL.CONTACT_TEAM_EMAIL),
  /** SES configuration set every mail is sent with (its event destination reports bounces and complaints). */
  MAIL_CONFIGURATION_SET: z.optional(z.string()),
  /** Which feed list the ingest adds to the table: real publishers, or the local fixture feeds. */
  FEED_CATALOGUE: z._default(z.enum(['production', 'fixtures']), 'production'),
  /** Where the fixture feeds are served (the local feed host). */
  FIXTURE_FEED_BASE_URL: z.optional(z.url()),
  FEED_TIMEOUT_MS: z._default(z.pipe(z.coerce.number(), z.int()).check(z.positive()), 10_000),
  FEED_MAX_BYTES: z._default(z.pipe(z.coerce.number(), z.int()).check(z.positive()), 5 * 1024 * 1024),
  /** The Cognito user pool (functions that manage accounts: deleting one, changing groups). */
  USER_POOL_ID: z.optional(z.string()),
  /** Set by Lambda: the function's unpacked asset, where its runtime files sit (adapters/runtime-files.ts). */
  LAMBDA_TASK_ROOT: z.optional(z.string()),
  /**
   * On AWS: the token CloudFront sends with every API request (x-origin-verify). Beside it, the viewer
   * address CloudFront reports is the reader's; without it (a direct call, or locally) the connection's.
   */
  EDGE_ORIGIN_TOKEN: z.optional(z.string().check(z.minLength(16))),
  /**
   * Salt of the client hashes that per-client limits and counts key on (platform/rate-limit.ts). On Lambda
   * the stack sets it from its own secret and it is required (load() below); the default is for local runs.
   */
  CLIENT_KEY_SALT: z.optional(z.string().check(z.minLength(8))),
  /** Set by the Lambda runtime only: tells a deployed function from the local runtime and tests. */
  AWS_LAMBDA_FUNCTION_NAME: z.optional(z.string()),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error']), 'info'),
  /** JSON map of dead-letter queue name -> { url, source, functionName } (the recovery function; lib/constructs/dead-letter-redrive.ts). */
  DEAD_LETTER_QUEUES: z.optional(z.string()),
  /** How this function's AWS calls retry (lambdas/core/invocation.ts); the stack sets it per function. */
  RETRY_PROFILE: z._default(z.enum(['reader', 'console', 'pipeline']), 'pipeline'),
  /** The API's address, for links that call it directly (the digests' one-click List-Unsubscribe). */
  API_URL: z.pipe(z._default(z.url(), LOCAL.API_URL), z.transform((url) => url.replace(/\/+$/, ''))),
  /** The reader site's address, for links in feeds, the sitemap and share pages. */
  SITE_URL: z.pipe(z._default(z.url(), LOCAL.SITE_URL), z.transform((url) => url.replace(/\/+$/, ''))),
  /**
   * Locally only (DynamoDB Local has no CreateBackup): the folder the console's backups export the table
   * to (store/table/backups.ts). Unset on AWS, where a backup is a DynamoDB on-demand backup.
   */
  LOCAL_BACKUP_DIR: z.optional(z.string().check(z.minLength(1))),
  /**
   * The bucket holding the search index snapshot (search/snapshots.ts): instances start from it
   * instead of reading and indexing every article. Unset: no snapshots, every instance builds its own.
   */
  SEARCH_SNAPSHOT_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /**
   * The bucket the ingest's list-due step writes the due hosts to (adapters/ingest-work.ts): the Distributed
   * Map reads them from there, so the list never passes through a state's 256 KB payload.
   */
  INGEST_WORK_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /**
   * The reader site's bucket (adapters/site-bucket.ts): the page writer reads the app's shell from it and writes
   * the pages under pages/ that the edge serves (docs/decisions/first-screen-html.md).
   */
  SITE_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /** How often, at most, an instance's search index reads the article change notes (services/article-search.ts). */
  SEARCH_SYNC_SECONDS: z._default(z.coerce.number().check(z.minimum(0)), 5),
  /** How often, at most, an instance writes the day's page-view, article-view and search counters it summed (platform/daily-counters.ts). */
  ANALYTICS_FLUSH_SECONDS: z._default(z.coerce.number().check(z.minimum(0)), 30),
  /**
   * The recent tier every instance loads: whole publication months from this many days ago to now (about
   * 50,000 articles at 10,000 feeds: docs/benchmarks.md); older months are archive shards read on demand.
   */
  SEARCH_RECENT_DAYS: z._default(z.coerce.number().check(z.minimum(1)), 45),
  /** Memory the archive shards may hold in one instance (set from the function's memory by both runtimes). */
  SEARCH_ARCHIVE_CACHE_MB: z._default(z.coerce.number().check(z.minimum(1)), 200),
});

export type Config = Omit<z.infer<typeof schema>, 'CLIENT_KEY_SALT'> & { CLIENT_KEY_SALT: string };

/** The salt off Lambda: the local runtime and the tests, whose hashes nobody outside sees. */
const LOCAL_CLIENT_KEY_SALT = 'creator-news-hub-local-salt';

/** Reads and checks settings; exported for the tests of the rules themselves. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const { CLIENT_KEY_SALT, ...rest } = parsed.data;
  if (rest.AWS_LAMBDA_FUNCTION_NAME) {
    // A deployed function must not fall back to a value written in the source: a salt anyone can read would
    // make client hashes guessable, and a local address would put links and mail somewhere that is not the owner's.
    const missing = Object.entries(REQUIRED_ON_LAMBDA).filter(([name]) => !env[name]);
    if (missing.length) throw new Error(`Invalid configuration: ${missing.map(([name, where]) => `${name}: required on Lambda (${where})`).join('; ')}`);
  }
  return { ...rest, CLIENT_KEY_SALT: CLIENT_KEY_SALT ?? LOCAL_CLIENT_KEY_SALT };
}

function load(): Config {
  return loadConfig(process.env);
}

export const config: Config = load();
