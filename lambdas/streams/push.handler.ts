import type { DynamoDBStreamEvent } from 'aws-lambda';
import { NOTIFICATION_KINDS, type NotificationKind } from '#domain/reader/push.ts';
import { streamItem, type StreamImage } from '#store/table/table.ts';
import { pushNotification } from '../services/push-delivery.ts';
import { logger } from '#core/logger.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

const isKind = (value: unknown): value is NotificationKind => typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/**
 * The table stream's push consumer (filtered by the event source mapping to new notifications): each
 * notification the app creates (lambdas/store/notifications.ts) is mirrored to the reader's devices as a web
 * push, when their choices, quiet hours and the daily cap allow (services/push-delivery.ts). A store failure
 * throws, so Lambda retries the batch and then gives it to the dead-letter queue; a push already sent is not
 * sent again.
 */
async function handleEvent(event: DynamoDBStreamEvent): Promise<void> {
  for (const record of event.Records) {
    if (record.eventName !== 'INSERT') continue;
    const decoded = streamItem(record.dynamodb?.NewImage as StreamImage | undefined);
    if (decoded?.entity !== 'notification') continue;
    const { item } = decoded;
    if (typeof item.userId !== 'string' || typeof item.id !== 'string') continue;
    const report = await pushNotification({
      userId: item.userId,
      id: item.id,
      title: String(item.title ?? ''),
      message: String(item.message ?? ''),
      actionUrl: typeof item.actionUrl === 'string' ? item.actionUrl : undefined,
      kind: isKind(item.kind) ? item.kind : undefined,
    });
    if (report.decision !== 'no-devices') logger.info('notification pushed', { userId: item.userId, notificationId: item.id, ...report });
  }
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('push', handleEvent);
