import * as z from '../common/validation.ts';
import { DECISION_THRESHOLDS } from '../classifier/decision.ts';
import { MONTHLY_GOAL_RUPEES } from '../donations/donations.ts';
import { BASE_INTERVAL_MINUTES } from '../content/feed-schedule.ts';
import { DEFAULT_FREQUENCY, FREQUENCY_VALUES } from '../newsletter/newsletter.ts';

/**
 * The values operators tune from the console (Settings screen), stored as one versioned item. The
 * defaults are the constants the code used before settings existed, so a fresh table behaves as before.
 * The form works in whole rupees; the stored goal is in paise like every amount.
 */

/** A field's message, or "Required" when the field was not sent at all (PUT sends every value). */
const orRequired = (message: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : message) });

const time = z.string(orRequired('Use a 24-hour time as HH:MM')).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time as HH:MM'));

const fields = {
  /** Classifier: publish without review at this relevance (0-100) and confidence (0-1). */
  publishRelevance: z.int(orRequired('Whole number')).check(z.minimum(1, 'At least 1'), z.maximum(100, 'At most 100')),
  publishConfidence: z.number(orRequired('A number from 0 to 1')).check(z.minimum(0, 'At least 0'), z.maximum(1, 'At most 1')),
  /** Classifier: below this relevance a draft is rejected; from it up to the publish threshold it goes to review. */
  reviewRelevance: z.int(orRequired('Whole number')).check(z.minimum(0, 'At least 0'), z.maximum(99, 'At most 99')),
  /** Donations: this month's goal in whole rupees. */
  monthlyGoalRupees: z.int(orRequired('Whole rupees')).check(z.minimum(1, 'At least ₹1'), z.maximum(10_000_000, 'At most ₹1,00,00,000')),
  /** Newsletter: India time (HH:MM) each digest goes out (the schedules follow on save). */
  dailyDigestTime: time,
  weeklyDigestTime: time,
  monthlyDigestTime: time,
  /** Newsletter: the frequency the subscription form preselects (and a request without one gets). */
  defaultFrequency: z.enum(FREQUENCY_VALUES, orRequired('Choose daily, weekly or monthly')),
  /** Feeds: minimum minutes between two fetches of one feed (the publisher may ask for longer). */
  feedIntervalMinutes: z.int(orRequired('Whole minutes')).check(z.minimum(5, 'At least 5 minutes'), z.maximum(1440, 'At most 1440 minutes (a day)')),
};

const relations = (value: { publishRelevance: number; reviewRelevance: number }, ctx: z.core.$RefinementCtx) => {
  if (value.reviewRelevance >= value.publishRelevance) {
    ctx.addIssue({ code: 'custom', path: ['reviewRelevance'], message: 'The review threshold must be below the publish threshold' });
  }
};

/** What the form edits (and the API answers): flat, so each field's error names the field. */
export const settingsValuesSchema = z.strictObject(fields).check(z.superRefine(relations));
export type SettingsValues = z.infer<typeof settingsValuesSchema>;
export type SettingKey = keyof SettingsValues;
export const SETTING_KEYS = Object.keys(fields) as SettingKey[];

/** PUT /admin/settings: the version read plus every value. */
export const settingsUpdateSchema = z.strictObject({ version: z.int().check(z.minimum(0)), ...fields }).check(z.superRefine(relations));

/** Today's constants: what a table without a settings item behaves like. */
export const DEFAULT_SETTINGS: SettingsValues = {
  publishRelevance: DECISION_THRESHOLDS.autoPublishRelevance,
  publishConfidence: DECISION_THRESHOLDS.autoPublishConfidence,
  reviewRelevance: DECISION_THRESHOLDS.autoRejectBelowRelevance,
  monthlyGoalRupees: MONTHLY_GOAL_RUPEES,
  dailyDigestTime: '07:00',
  weeklyDigestTime: '07:00',
  monthlyDigestTime: '07:00',
  defaultFrequency: DEFAULT_FREQUENCY,
  feedIntervalMinutes: BASE_INTERVAL_MINUTES,
};

/** A stored item's values over the defaults (a key added later takes its default until first saved). */
export function withDefaults(stored: Partial<SettingsValues> | undefined): SettingsValues {
  const merged = { ...DEFAULT_SETTINGS, ...(stored ?? {}) };
  const parsed = settingsValuesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** Only the keys whose value changed, before and after (the audit entry). */
export function changedKeys(before: SettingsValues, after: SettingsValues): { before: Partial<SettingsValues>; after: Partial<SettingsValues> } {
  const changed = SETTING_KEYS.filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])) as Partial<SettingsValues>,
    after: Object.fromEntries(changed.map((key) => [key, after[key]])) as Partial<SettingsValues>,
  };
}

/** The classifier thresholds as decide() takes them. */
export function decisionThresholds(values: SettingsValues) {
  return {
    ...DECISION_THRESHOLDS,
    autoPublishRelevance: values.publishRelevance,
    autoPublishConfidence: values.publishConfidence,
    autoRejectBelowRelevance: values.reviewRelevance,
  };
}

/** The described digest schedules and the time setting each one follows. */
export const DIGEST_SCHEDULES = [
  { schedule: 'newsletter-daily', key: 'dailyDigestTime' },
  { schedule: 'newsletter-weekly', key: 'weeklyDigestTime' },
  { schedule: 'newsletter-monthly', key: 'monthlyDigestTime' },
] as const satisfies ReadonlyArray<{ schedule: string; key: SettingKey }>;

/**
 * The schedule's EventBridge cron with its minute and hour replaced by `HH:MM` (day fields kept):
 * `cron(0 7 ? * MON *)` at 18:30 -> `cron(30 18 ? * MON *)`. Null when the expression is not a cron.
 */
export function cronAt(expression: string, hhmm: string): string | null {
  const match = /^cron\((\S+) (\S+) (.+)\)$/.exec(expression);
  if (!match) return null;
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  return `cron(${minutes} ${hours} ${match[3]})`;
}

/** `HH:MM` of a cron expression with a single minute and hour, else null. */
export function timeOfCron(expression: string): string | null {
  const match = /^cron\((\d{1,2}) (\d{1,2}) /.exec(expression);
  if (!match) return null;
  return `${match[2]!.padStart(2, '0')}:${match[1]!.padStart(2, '0')}`;
}

export interface ConfigurationStatusItem {
  configCategory: string;
  settingName: string;
  currentValue: string;
  recommendedValue: string;
  status: 'ok' | 'warning';
  manualActionRequired: boolean;
}

/** The classifier thresholds against their recommended (shipped) values. */
export function thresholdStatus(values: SettingsValues): ConfigurationStatusItem[] {
  const rows: Array<[string, SettingKey]> = [
    ['Publish relevance threshold', 'publishRelevance'],
    ['Publish confidence threshold', 'publishConfidence'],
    ['Review relevance threshold', 'reviewRelevance'],
  ];
  return rows.map(([settingName, key]) => {
    const same = values[key] === DEFAULT_SETTINGS[key];
    return {
      configCategory: 'Classifier',
      settingName,
      currentValue: String(values[key]),
      recommendedValue: String(DEFAULT_SETTINGS[key]),
      status: same ? 'ok' : 'warning',
      manualActionRequired: false,
    };
  });
}
