import { meCall } from '#web/shared/api/meCall.ts';

export interface ReadingReport {
  event: 'start' | 'progress' | 'complete';
  progressPercentage: number;
  secondsRead: number;
  lastPosition: number;
}

/** Reading tracking is silent on failure (reader spec section 8). */
export function reportReading(articleId: string, report: ReadingReport): void {
  void meCall('POST /me/reading/{articleId}', { params: { articleId }, body: report }).catch(() => undefined);
}
