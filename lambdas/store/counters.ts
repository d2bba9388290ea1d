import type { ArticleStatus } from '#domain/article-status.ts';
import { Counter } from './entities.ts';

/** Counter scopes and names; pages read a whole scope in one Query. */
export const COUNTER_SCOPES = { articles: 'articles', donations: 'donations', users: 'users' } as const;

export interface CounterChange {
  scope: string;
  name: string;
  by: number;
}

type Counted = { status: ArticleStatus; isDuplicate?: boolean | undefined };

/**
 * How the article counters move when an article goes from `before` to `after` (undefined: created or
 * deleted). Duplicates are not counted (admin spec: article counts exclude duplicates).
 */
export function articleCounterChanges(before: Counted | undefined, after: Counted | undefined): CounterChange[] {
  const key = (article: Counted | undefined) => (article && !article.isDuplicate ? `status#${article.status}` : null);
  const from = key(before);
  const to = key(after);
  if (from === to) return [];
  const changes: CounterChange[] = [];
  if (from) changes.push({ scope: COUNTER_SCOPES.articles, name: from, by: -1 });
  if (to) changes.push({ scope: COUNTER_SCOPES.articles, name: to, by: 1 });
  return changes;
}

/** The counter item a change applies to; the write is an atomic ADD that creates the item on first use. */
export function counterKey(change: CounterChange): { scope: string; name: string } {
  return { scope: change.scope, name: change.name };
}

export async function addToCounter(change: CounterChange): Promise<void> {
  await Counter.update(counterKey(change)).add({ value: change.by }).go();
}

export async function readCounters(scope: string): Promise<Record<string, number>> {
  const { data } = await Counter.query.byScope({ scope }).go({ pages: 'all' });
  return Object.fromEntries(data.map((item) => [item.name, item.value ?? 0]));
}
