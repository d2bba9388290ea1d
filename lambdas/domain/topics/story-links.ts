/**
 * Moderators' corrections of the same-event rule (same-event.ts): a split makes a later report a story of its
 * own again, a join makes a story a later report of another. Each decision is kept as a labelled pair (the
 * first report `a`, the later one `b`, `same`) that the ingest obeys and the rule's tuning can read.
 */

/** What the rules below read of an article. */
export interface LinkedArticle {
  id: string;
  status: string;
  isDuplicate?: boolean | undefined;
  clusterId?: string | undefined;
  alsoCoveredBy?: ReadonlyArray<{ articleId: string }> | undefined;
}

/** Why a later report cannot be split from the story it joined, or null when it can. */
export function splitProblem(later: LinkedArticle): string | null {
  if (!later.isDuplicate || !later.clusterId || later.clusterId === later.id) return 'This article is not a later report of another story';
  if (later.status === 'purged') return 'A purged article cannot be split';
  return null;
}

/** Why `article` cannot become a later report of `story`, or null when it can. */
export function joinProblem(article: LinkedArticle, story: LinkedArticle | null): string | null {
  if (!story) return 'The story to join was not found';
  if (story.id === article.id) return 'An article cannot join itself';
  if (article.isDuplicate || article.clusterId) return 'This article is already a later report of another story: split it first';
  if (article.alsoCoveredBy?.length) return 'This article has later reports of its own: split them first';
  if (article.status === 'purged') return 'A purged article cannot join a story';
  if (story.isDuplicate || story.clusterId) return 'That article is itself a later report: join its first report instead';
  if (story.status === 'purged') return 'A purged story cannot take later reports';
  return null;
}

/** A moderator's decision on a pair, as the ingest applies it. */
export interface StoryDecisionView {
  /** The first report. */
  firstId: string;
  /** The later report split from it (same: false) or joined to it (same: true). */
  laterId: string;
  same: boolean;
  at: string;
}

/**
 * The recent stories the ingest compares new items against, with the moderators' decisions applied (latest
 * last): a split story leads a cluster of its own, so a new report matching it joins it, never the story it
 * was split from; a joined story's cluster is the first report's. The fingerprints keep the cluster the
 * ingest gave them; the decisions, read once per run, correct them.
 */
export function withStoryDecisions<T extends { articleId: string; clusterId?: string | undefined }>(known: readonly T[], decisions: readonly StoryDecisionView[]): T[] {
  if (decisions.length === 0) return [...known];
  const clusterOf = new Map<string, string>();
  for (const decision of [...decisions].sort((x, y) => x.at.localeCompare(y.at))) {
    if (decision.same) clusterOf.set(decision.laterId, decision.firstId);
    else clusterOf.set(decision.laterId, decision.laterId);
  }
  return known.map((story) => {
    const cluster = clusterOf.get(story.articleId);
    return cluster === undefined ? story : { ...story, clusterId: cluster };
  });
}

/** One side of a decided pair as the decision keeps it. */
export interface DecidedStory {
  title: string;
  summary: string;
  publishedAt: string | null;
  sourceName: string;
  sourceUrl: string;
}

/**
 * A moderator's decision as a line of the labelled pairs (data/classifier/corpus/same-story.jsonl's format,
 * `StoryPair`): `a` the first report, `b` the later one, `same` the moderator's answer, `event` where it came from.
 */
export function decisionAsPair(decision: { first: DecidedStory; later: DecidedStory; same: boolean; by: string; at: string }) {
  const side = (story: DecidedStory) => ({ url: story.sourceUrl, title: story.title, summary: story.summary || null, outlet: story.sourceName, publishedAt: story.publishedAt?.slice(0, 10) ?? null });
  return { a: side(decision.first), b: side(decision.later), same: decision.same, event: `moderator:${decision.by}:${decision.at}` };
}
