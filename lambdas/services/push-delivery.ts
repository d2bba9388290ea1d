import { pushDayOf, pushDecision, pushMessageOf, PUSH_TTL_SECONDS, type NotificationKind, type PushDecision } from '#domain/reader/push.ts';
import { sendPush } from '#adapters/web-push.ts';
import { claimPush, countPush, deletePushSubscription, getPushChoices, pushesSentOn, pushSubscriptionsOf, takeDailyPush } from '#store/push-subscriptions.ts';
import { logger } from '#core/logger.ts';

export interface MirroredNotification {
  userId: string;
  id: string;
  title: string;
  message: string;
  actionUrl?: string | undefined;
  kind?: NotificationKind | undefined;
}

export interface PushReport {
  decision: PushDecision | 'no-devices' | 'already-pushed';
  delivered: number;
  failed: number;
  /** Devices whose push service answered 404 or 410, removed. */
  removed: number;
}

/**
 * Mirrors one new notification to the reader's devices, if their choices, quiet hours and the day's cap let
 * it through (domain/reader/push.ts). Each notification is claimed, and the day's push taken, before sending:
 * a retried batch pushes nothing twice, and the cap holds when several notifications arrive at once. A device the push service says is gone
 * is removed; another failure loses this message only.
 */
export async function pushNotification(notification: MirroredNotification, now = new Date()): Promise<PushReport> {
  const report: PushReport = { decision: 'no-devices', delivered: 0, failed: 0, removed: 0 };
  const devices = await pushSubscriptionsOf(notification.userId);
  if (!devices.length) return report;
  const day = pushDayOf(now);
  const [choices, sentToday] = await Promise.all([getPushChoices(notification.userId), pushesSentOn(notification.userId, day)]);
  report.decision = pushDecision(notification.kind, choices, now, sentToday);
  if (report.decision !== 'send' || !notification.kind) return report;
  if (!(await claimPush(notification.userId, notification.id))) {
    report.decision = 'already-pushed';
    return report;
  }
  if (!(await takeDailyPush(notification.userId, day))) {
    report.decision = 'daily-cap';
    return report;
  }
  const message = pushMessageOf({ ...notification, kind: notification.kind });
  const payload = JSON.stringify(message);
  await Promise.all(devices.map(async (device) => {
    const outcome = await sendPush(device, payload, {
      ttlSeconds: PUSH_TTL_SECONDS,
      urgency: message.kind === 'breaking' ? 'high' : 'normal',
      // A newer "new in your categories" replaces one the device has not fetched yet.
      ...(message.kind === 'categories' ? { topic: 'categories' } : {}),
    });
    if (outcome.result === 'delivered') report.delivered += 1;
    else if (outcome.result === 'gone') {
      await deletePushSubscription(notification.userId, device.deviceId);
      report.removed += 1;
    } else {
      report.failed += 1;
      logger.warn('push not delivered', { userId: notification.userId, deviceId: device.deviceId, status: outcome.status, reason: outcome.reason });
    }
  }));
  // The console's push figures (the devices figure moved with each removal above).
  await countPush({ sent: report.delivered, failed: report.failed, removed: report.removed });
  return report;
}
