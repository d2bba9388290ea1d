import type { Caller } from '#domain/common/caller.ts';
import { changeArticleStatus } from '#store/articles.ts';
import { recordAudit } from '#store/audit.ts';
import { listAutoRejectedDrafts } from '#store/read-models/console-metrics.ts';

/**
 * "Move auto-rejected to rejected" (the Lifecycle screen's control and the Operations screen's recovery
 * action): an article the classifier auto-rejected but that is still a draft (e.g. written by an older
 * pipeline) becomes rejected, so the lifecycle archives it in time. Each article moved is audited.
 */
export async function rejectAutoRejectedDrafts(who: Caller): Promise<{ updated: number }> {
  const drafts = await listAutoRejectedDrafts();
  let updated = 0;
  for (const article of drafts) {
    if (await changeArticleStatus(article, { status: 'rejected', set: { rejectionReason: article.rejectionReason ?? 'low quality' } })) {
      updated += 1;
      await recordAudit(who, { action: 'article.cleanup-auto-rejected', target: article.id, before: { status: article.status }, after: { status: 'rejected' } });
    }
  }
  return { updated };
}
