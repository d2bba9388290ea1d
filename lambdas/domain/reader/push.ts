/**
 * Web push rules (issue #37): which of a reader's notifications also go to their devices as push messages,
 * when (quiet hours in India time, a daily cap) and what the message carries. Pure: no I/O; the sending
 * consumer (lambdas/streams/push.handler.ts) and the tests share them.
 */
import { indiaDayOf } from '../common/india-time.ts';
import { safeActionUrl, type NotificationKind } from './notifications.ts';

export { NOTIFICATION_KINDS, type NotificationKind } from './notifications.ts';

/** The kinds a reader switches on and off for push. */
export const PUSH_CHOICE_KINDS = ['breaking', 'categories', 'topics', 'stories'] as const;
export type PushChoiceKind = (typeof PUSH_CHOICE_KINDS)[number];

/** Kinds that follow another kind's choice: a followed publisher's and a keyword alert's news go with the topics. */
const CHOICE_OF_KIND: Partial<Record<NotificationKind, PushChoiceKind>> = { publishers: 'topics', keywords: 'topics' };

/** Kinds pushed to every subscribed device, with no choice of their own. */
const ALWAYS_PUSHED: ReadonlySet<NotificationKind> = new Set(['message']);

/**
 * At most this many pushes a reader a day (India's calendar day), whatever they follow. Five: a busy news day
 * makes a few breaking stories and an hourly "new in your categories" for each followed category; past a
 * handful a day, readers switch push off altogether (the reason most sites lose the permission), and every
 * notification still waits in the center.
 */
export const DAILY_PUSH_CAP = 5;

/** Quiet hours: whole India-time hours, from `from` (included) to `to` (excluded); may cross midnight. */
export interface QuietHours {
  from: number;
  to: number;
}

export interface PushChoices {
  breaking: boolean;
  categories: boolean;
  topics: boolean;
  stories: boolean;
  /** Null: no quiet hours. */
  quietHours: QuietHours | null;
}

/** New readers: everything they follow, and silence from 10 pm to 7 am India time. */
export const DEFAULT_PUSH_CHOICES: PushChoices = { breaking: true, categories: true, topics: true, stories: true, quietHours: { from: 22, to: 7 } };

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MINUTES = 330;

/** The India-time hour (0-23) of an instant. */
export function indiaHourOf(at: Date): number {
  const minutes = Math.floor(at.getTime() / 60_000) + IST_OFFSET_MINUTES;
  return Math.floor((((minutes % 1440) + 1440) % 1440) / 60);
}

/** Whether an instant falls in the quiet hours; equal ends mean none. */
export function inQuietHours(at: Date, quiet: QuietHours | null): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  const hour = indiaHourOf(at);
  return quiet.from < quiet.to ? hour >= quiet.from && hour < quiet.to : hour >= quiet.from || hour < quiet.to;
}

/** The day a push counts against the cap: India's calendar day. */
export const pushDayOf = (at: Date): string => indiaDayOf(at);

export type PushDecision = 'send' | 'not-pushed' | 'switched-off' | 'quiet-hours' | 'daily-cap';

/**
 * Whether a notification of this kind goes to the reader's devices now, given how many pushes they had
 * today. Checked in this order: the kind, the reader's choice, quiet hours, the cap. A notification that is not
 * pushed still is in the center; nothing is held back for later (a morning burst of last night's news would
 * be the very noise quiet hours are for).
 */
export function pushDecision(kind: NotificationKind | undefined, choices: PushChoices, at: Date, sentToday: number): PushDecision {
  if (!kind) return 'not-pushed';
  const choice = (PUSH_CHOICE_KINDS as readonly string[]).includes(kind) ? (kind as PushChoiceKind) : CHOICE_OF_KIND[kind];
  const chosen = choice ? choices[choice] : ALWAYS_PUSHED.has(kind);
  if (!chosen) return choice ? 'switched-off' : 'not-pushed';
  if (inQuietHours(at, choices.quietHours)) return 'quiet-hours';
  if (sentToday >= DAILY_PUSH_CAP) return 'daily-cap';
  return 'send';
}

/** What the service worker receives (JSON, encrypted for the device) and shows. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the site (the story's page, the dashboard): the notification's click opens it. */
  url: string;
  /** One shown notification per tag: a second of the same replaces the first. */
  tag: string;
  kind: NotificationKind;
}

/** A push body longer than this is cut: push services take about 4 KB of encrypted payload. */
const BODY_MAX = 240;

export function pushMessageOf(notification: { id: string; title: string; message: string; actionUrl?: string | undefined; kind: NotificationKind }): PushMessage {
  const url = safeActionUrl(notification.actionUrl);
  const body = notification.message.length > BODY_MAX ? `${notification.message.slice(0, BODY_MAX - 1)}…` : notification.message;
  return {
    title: notification.title,
    body,
    // External links stay in the center; a push opens a page of the site.
    url: url && url.startsWith('/') ? url : '/dashboard?tab=notifications',
    tag: notification.kind === 'categories' ? 'categories' : notification.id,
    kind: notification.kind,
  };
}

/** Push service hosts refuse messages kept longer than this; a day-old story alert is no alert. */
export const PUSH_TTL_SECONDS = 12 * 3600;

/**
 * The browsers' push services (Chrome, Edge, Opera, Samsung: Firebase; Firefox: Mozilla's autopush; Safari:
 * Apple; legacy Edge: Windows' WNS). A subscription is refused unless its endpoint is https on one of these (or
 * on an origin the deployment adds, such as the local stand-in), so the push function never posts to an
 * address a reader made up.
 */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^(?:[a-z0-9-]+\.)*push\.apple\.com$/, /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/];

export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && !url.port && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}
