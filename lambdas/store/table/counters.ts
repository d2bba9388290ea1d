import { Entity } from 'electrodb';
import { type ArticleStatus, confidenceBucket, PUBLIC_MIN_RELEVANCE } from '#domain/content/article-status.ts';
import { keep, service, tableConfig } from './table.ts';

/** Running totals that pages show, changed in the same write as the data they count. */
export const Counter = new Entity({
  model: { entity: 'counter', version: '1', service },
  attributes: {
    scope: { type: 'string', required: true },
    name: { type: 'string', required: true },
    value: { type: 'number', default: 0 },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'], casing: keep },
      sk: { field: 'sk', composite: ['name'], casing: keep },
    },
  },
}, tableConfig);

/** Counter scopes and names; pages read a whole scope in one Query. */
export const COUNTER_SCOPES = { articles: 'articles', donations: 'donations', users: 'users', push: 'push' } as const;

export interface CounterChange {
  scope: string;
  name: string;
  by: number;
}

type Counted = {
  status: ArticleStatus;
  category?: string | undefined;
  isDuplicate?: boolean | undefined;
  relevanceScore?: number | undefined;
  adminStatus?: string | undefined;
  mlConfidenceScore?: number | undefined;
};

/**
 * The counters an article counts in: its status; while the public list shows it, its category; while it
 * is not purged, where the classifier or a moderator put it (`admin#...`, the entity's default
 * `unclassified` when absent) and, once classified, its confidence bucket (the dashboard's funnel).
 */
function countersOf(article: Counted | undefined): string[] {
  if (!article || article.isDuplicate) return [];
  const listed = article.status === 'published' && article.category && (article.relevanceScore ?? 0) >= PUBLIC_MIN_RELEVANCE;
  const adminStatus = article.adminStatus ?? 'unclassified';
  const live = article.status !== 'purged';
  return [
    `status#${article.status}`,
    ...(listed ? [`published#${article.category}`] : []),
    ...(live ? [`admin#${adminStatus}`] : []),
    ...(live && adminStatus !== 'unclassified' ? [`confidence#${confidenceBucket(article.mlConfidenceScore ?? 0)}`] : []),
  ];
}

/**
 * How the article counters move when an article goes from `before` to `after` (undefined: created or
 * deleted). Duplicates are not counted (admin spec: article counts exclude duplicates).
 */
export function articleCounterChanges(before: Counted | undefined, after: Counted | undefined): CounterChange[] {
  const from = countersOf(before);
  const to = countersOf(after);
  return [
    ...from.filter((name) => !to.includes(name)).map((name) => ({ scope: COUNTER_SCOPES.articles, name, by: -1 })),
    ...to.filter((name) => !from.includes(name)).map((name) => ({ scope: COUNTER_SCOPES.articles, name, by: 1 })),
  ];
}

/**
 * Each counter is spread over this many items: concurrent transactions that touch one item conflict,
 * so a single hot counter would serialise (and cancel) parallel article writes. Readers sum the shards.
 */
const COUNTER_SHARDS = 10;

/** The counter shard a change applies to (a random one); the write is an atomic ADD that creates it on first use. */
export function counterKey(change: CounterChange): { scope: string; name: string } {
  return { scope: change.scope, name: `${change.name}~${Math.floor(Math.random() * COUNTER_SHARDS)}` };
}

/**
 * Every counter of a scope, shards summed: one Query. With a prefix, only the counters whose names start
 * with it (`status#`: the per-status totals), so a page that needs a few reads a few.
 */
export async function readCounters(scope: string, prefix?: string): Promise<Record<string, number>> {
  const query = Counter.query.byScope({ scope });
  const { data } = await (prefix ? query.begins({ name: prefix }) : query).go({ pages: 'all' });
  const totals: Record<string, number> = {};
  for (const item of data) {
    const name = item.name.replace(/~\d+$/, '');
    totals[name] = (totals[name] ?? 0) + (item.value ?? 0);
  }
  return totals;
}

/**
 * Adds to counters outside a transaction (each an atomic ADD on a random shard, created on first use), for figures
 * whose write cannot share a transaction with the thing counted (a push service's answer, a device replaced).
 */
export async function addToCounters(changes: readonly CounterChange[]): Promise<void> {
  await Promise.all(changes.filter((change) => change.by !== 0).map((change) => Counter.update(counterKey(change)).add({ value: change.by }).go({ response: 'none' })));
}
