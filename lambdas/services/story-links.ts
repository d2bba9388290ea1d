import { joinProblem, splitProblem } from '#domain/topics/story-links.ts';
import type { Caller } from '#domain/common/caller.ts';
import { getArticle, type ArticleItem } from '#store/articles.ts';
import { recordAudit } from '#store/audit.ts';
import { joinStory, pairStoryOf, splitStory, type NewStoryDecision } from '#store/story-links.ts';
import { HttpError } from '#core/errors.ts';
import { existingArticle } from './article-editing.ts';

/**
 * A moderator's split or join of stories (domain/topics/story-links.ts): the articles and counters move in one
 * transaction with the decision, a labelled pair the ingest then obeys and the same-event tuning can read.
 */

const CHANGED_MEANWHILE = 'The story changed meanwhile: reload it and try again';

function decisionOf(moderator: Caller, first: ArticleItem, later: ArticleItem, same: boolean): NewStoryDecision {
  return {
    at: new Date().toISOString(),
    firstId: first.id,
    laterId: later.id,
    same,
    first: pairStoryOf(first),
    later: pairStoryOf(later),
    by: moderator.userId,
    ...(moderator.email ? { byEmail: moderator.email } : {}),
  };
}

/** Makes the later report `id` a story of its own again: counted and listed, no longer under its first report. */
export async function splitFromStory(moderator: Caller, id: string) {
  const later = await existingArticle(id);
  const problem = splitProblem(later);
  if (problem) throw new HttpError(409, problem);
  const storyId = later.clusterId as string;
  // A first report deleted meanwhile: the later report still leaves its cluster (no pair: one side is gone).
  const first = await getArticle(storyId);
  const entryIndex = first?.alsoCoveredBy?.findIndex((entry) => entry.articleId === later.id) ?? -1;
  if (!(await splitStory(later, first, entryIndex, first ? decisionOf(moderator, first, later, false) : null))) throw new HttpError(409, CHANGED_MEANWHILE);
  await recordAudit(moderator, { action: 'article.split', target: later.id, before: { clusterId: storyId, isDuplicate: true }, after: { clusterId: null, isDuplicate: false } });
  return { id: later.id, splitFrom: storyId };
}

/** Makes the story `id` a later report of the first report `storyId`: no longer counted or listed on its own. */
export async function joinToStory(moderator: Caller, id: string, storyId: string) {
  const later = await existingArticle(id);
  const first = storyId === id ? later : await getArticle(storyId);
  const problem = joinProblem(later, first);
  if (problem) throw new HttpError(first ? 409 : 404, problem);
  const story = first as ArticleItem;
  if (!(await joinStory(later, story, decisionOf(moderator, story, later, true)))) throw new HttpError(409, CHANGED_MEANWHILE);
  await recordAudit(moderator, { action: 'article.join', target: later.id, before: { clusterId: null, isDuplicate: false }, after: { clusterId: story.id, isDuplicate: true } });
  return { id: later.id, joinedTo: story.id };
}
