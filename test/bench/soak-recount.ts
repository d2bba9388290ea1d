/**
 * The soak bench's last check: every counter the store keeps in its writes, recounted from the items it
 * counts, read the slow way (one Scan of the whole table, straight to DynamoDB Local, not through the
 * fault injector). A counter is off when its stored value differs from the recount.
 *
 * What is recounted, and from what:
 * - `articles` counters (status#, published#<category>, admin#, confidence#): each article item counts in
 *   the counters the store's own rule names (articleCounterChanges from nothing to the article);
 * - `users` total: profile items;
 * - `donations` (paid#amount, paid#count, their month's, paid#supporters): paid donation items, supporter items;
 * - each article's likesCount / bookmarksCount: its like / bookmark items; sharesCount (plus its tally):
 *   its share items; viewsCount (plus its tally): the views the API answered `counted: true` to (a view
 *   leaves no item; the bench's own tally is the record);
 * - today's daily analytics: `likes` and `bookmarks` against the sum of their per-article counters, and
 *   `article.views` against both the sum of `article.view#<id>` and the bench's counted views.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown> & { __edb_e__?: string };

export interface CounterCheck {
  counter: string;
  stored: number;
  recounted: number;
}

async function scanAll(endpoint: string, tableName: string): Promise<Item[]> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  client.destroy();
  return items;
}

const add = (totals: Map<string, number>, name: string, by = 1) => totals.set(name, (totals.get(name) ?? 0) + by);
const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** Stored counters (shards summed) by `scope|name`. */
function storedCounters(items: Item[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of items.filter((entry) => entry.__edb_e__ === 'counter')) add(totals, `${String(item.scope)}|${String(item.name).replace(/~\d+$/, '')}`, num(item.value));
  return totals;
}

/**
 * Every counter against its recount. `countedViews`: article id -> views the API answered counted;
 * `day`: today's India day (YYYY-MM-DD), whose analytics counters are checked.
 */
export async function recountCounters(options: { endpoint: string; tableName: string; countedViews: Map<string, number>; day: string }): Promise<CounterCheck[]> {
  const { articleCounterChanges } = await import('#store/table/counters.ts');
  const { indiaMonthOf } = await import('#domain/common/india-time.ts');
  const items = await scanAll(options.endpoint, options.tableName);
  const stored = storedCounters(items);
  const of = (entity: string) => items.filter((item) => item.__edb_e__ === entity);
  const checks: CounterCheck[] = [];
  const compare = (prefix: string, recounted: Map<string, number>) => {
    const names = new Set([...recounted.keys(), ...[...stored.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length))]);
    for (const name of [...names].sort()) checks.push({ counter: `${prefix}${name}`, stored: stored.get(`${prefix}${name}`) ?? 0, recounted: recounted.get(name) ?? 0 });
  };

  // Articles by status, listed category, admin status, confidence.
  const articleTotals = new Map<string, number>();
  for (const article of of('article')) for (const change of articleCounterChanges(undefined, article as never)) add(articleTotals, change.name, change.by);
  compare('articles|', articleTotals);

  // Accounts.
  compare('users|', new Map([['total', of('profile').length]]));

  // Donations.
  const donationTotals = new Map<string, number>([['paid#amount', 0], ['paid#count', 0], ['paid#supporters', of('supporter').length]]);
  for (const donation of of('donation').filter((item) => item.status === 'paid')) {
    const counted = Math.max(0, num(donation.amount) - num(donation.refundedAmount));
    const month = indiaMonthOf(String(donation.paidAt));
    add(donationTotals, 'paid#amount', counted);
    add(donationTotals, `paid#amount#${month}`, counted);
    if (counted) {
      add(donationTotals, 'paid#count');
      add(donationTotals, `paid#count#${month}`);
    }
  }
  compare('donations|', donationTotals);

  // Each article's own figures.
  const per = (entity: string) => {
    const totals = new Map<string, number>();
    for (const item of of(entity)) add(totals, String(item.articleId));
    return totals;
  };
  const likes = per('like');
  const bookmarks = per('bookmark');
  const shares = per('share');
  const tallies = new Map(of('articleTally').map((tally) => [String(tally.id), tally]));
  for (const article of of('article')) {
    const id = String(article.id);
    const tally = tallies.get(id);
    const figures: Array<[string, number, number]> = [
      ['likesCount', num(article.likesCount), likes.get(id) ?? 0],
      ['bookmarksCount', num(article.bookmarksCount), bookmarks.get(id) ?? 0],
      ['sharesCount', num(article.sharesCount) + num(tally?.shares), shares.get(id) ?? 0],
      ['viewsCount', num(article.viewsCount) + num(tally?.views), options.countedViews.get(id) ?? 0],
    ];
    for (const [name, value, recounted] of figures) if (value || recounted) checks.push({ counter: `article ${id} ${name}`, stored: value, recounted });
  }

  // Today's analytics: totals against their parts, views against the bench's record.
  const scope = `analytics#${options.day}|`;
  const sumOf = (prefix: string) => [...stored].filter(([key]) => key.startsWith(`${scope}${prefix}`)).reduce((sum, [, value]) => sum + value, 0);
  const countedTotal = [...options.countedViews.values()].reduce((sum, value) => sum + value, 0);
  checks.push(
    { counter: `${scope}likes (vs sum of like#)`, stored: stored.get(`${scope}likes`) ?? 0, recounted: sumOf('like#') },
    { counter: `${scope}bookmarks (vs sum of bookmark#)`, stored: stored.get(`${scope}bookmarks`) ?? 0, recounted: sumOf('bookmark#') },
    { counter: `${scope}article.views (vs sum of article.view#)`, stored: stored.get(`${scope}article.views`) ?? 0, recounted: sumOf('article.view#') },
    { counter: `${scope}article.views (vs views answered counted)`, stored: stored.get(`${scope}article.views`) ?? 0, recounted: countedTotal },
  );
  return checks;
}

/** Tallies still holding views or shares not yet folded into their article (the stream consumer's backlog). */
export async function pendingTallies(endpoint: string, tableName: string): Promise<number> {
  const items = await scanAll(endpoint, tableName);
  return items.filter((item) => item.__edb_e__ === 'articleTally' && num(item.views) + num(item.shares) > 0).length;
}
