import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFaultPlan, type FaultPlan } from './faults.ts';

/**
 * Where the local runtime keeps its data and which ports it listens on. Everything derives from two
 * variables so that tests can run a second instance beside a developer's `npm start`.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The local bucket of the search index snapshot (on AWS the stack's bucket, in SEARCH_SNAPSHOT_BUCKET). */
export const LOCAL_SNAPSHOT_BUCKET = 'creator-news-hub-search';
/** The local bucket of the ingest's work lists (on AWS the stack's IngestWork bucket, in INGEST_WORK_BUCKET). */
export const LOCAL_INGEST_WORK_BUCKET = 'creator-news-hub-ingest-work';
/**
 * The local bucket of the reader site (on AWS the site construct's bucket, in SITE_BUCKET): the app's shell
 * (index.html, put there at start as the deploy puts it) and the written pages the local site serves.
 */
export const LOCAL_SITE_BUCKET = 'creator-news-hub-site';
/**
 * The local deployment's contact address (on AWS the deploy config's contactEmail): where the contact form's
 * messages go (CONTACT_TEAM_EMAIL) and the address the site shows (/config.json). A name under .local, no one's
 * domain; every mail stays in the SES stand-in's inbox.
 */
export const LOCAL_CONTACT_EMAIL = 'hello@creatornewshub.local';
/** The sender of the local deployment's mail (on AWS the mail construct's, of the owner's mail domain). */
export const LOCAL_MAIL_FROM = 'Creator News Hub <news@creatornewshub.local>';

export interface LocalSettings {
  dataDir: string;
  ports: {
    site: number;
    api: number;
    dynamodb: number;
    cognito: number;
    mail: number;
    stepfunctions: number;
    feeds: number;
    razorpay: number;
    /** The EventBridge Scheduler API stand-in (GetSchedule / UpdateSchedule / ListSchedules). */
    scheduler: number;
    /** The S3 stand-in (the search index snapshot). */
    objects: number;
    /** The SQS stand-in (the dead-letter queues). */
    queues: number;
    /** The Lambda Invoke stand-in (the recovery's redrive invokes the consumers through it). */
    functions: number;
    /** The fault injector's control port (lib/local/faults.ts, docs/faults.md). */
    faults: number;
    /** The web push service stand-in (lib/local/push-service.ts). */
    push: number;
  };
  /** Faults injected from the start (`CNH_FAULTS`); none by default. */
  faults: FaultPlan;
  region: string;
  tableName: string;
  admin: { email: string; password: string };
  /** The Razorpay stand-in's test keys (the handlers get them as RAZORPAY_* settings; nothing real). */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string };
  /** Serve the built front end (frontend/dist) instead of Vite's dev server. */
  serveBuiltSite: boolean;
}

export function localSettings(env: NodeJS.ProcessEnv = process.env): LocalSettings {
  const base = Number(env.CNH_PORT_BASE ?? 4700);
  if (!Number.isInteger(base) || base < 1024 || base > 65000) {
    throw new Error(`CNH_PORT_BASE must be a port number between 1024 and 65000, got ${env.CNH_PORT_BASE}`);
  }
  return {
    dataDir: path.resolve(repoRoot, env.CNH_LOCAL_DIR ?? '.local'),
    ports: {
      site: base,
      api: base + 1,
      dynamodb: base + 2,
      cognito: base + 3,
      mail: base + 4,
      stepfunctions: base + 5,
      feeds: base + 6,
      razorpay: base + 7,
      scheduler: base + 8,
      objects: base + 9,
      queues: base + 10,
      functions: base + 11,
      faults: base + 12,
      push: base + 13,
    },
    faults: parseFaultPlan(env.CNH_FAULTS ?? ''),
    region: 'ap-south-1',
    tableName: env.CNH_TABLE_NAME ?? 'creator-news-hub',
    admin: {
      email: env.CNH_ADMIN_EMAIL ?? 'admin@creatornewshub.local',
      password: env.CNH_ADMIN_PASSWORD ?? 'Admin-Local-2026',
    },
    razorpay: { keyId: 'rzp_test_LocalStandIn', keySecret: 'local-standin-key-secret-not-for-production', webhookSecret: 'local-standin-webhook-secret' },
    serveBuiltSite: env.CNH_SERVE_BUILT_SITE === '1',
  };
}
