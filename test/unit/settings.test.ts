import { describe, expect, it } from 'vitest';
import { DECISION_THRESHOLDS } from '#domain/classifier/decision.ts';
import { MONTHLY_GOAL_RUPEES } from '#domain/donations/donations.ts';
import { BASE_INTERVAL_MINUTES } from '#domain/content/feed-schedule.ts';
import { changedKeys, cronAt, DEFAULT_SETTINGS, decisionThresholds, settingsUpdateSchema, settingsValuesSchema, thresholdStatus, timeOfCron, withDefaults } from '#domain/operations/settings.ts';
import { stack } from '../../lib/stack-description.ts';

const fieldsOf = (value: unknown) => {
  const result = settingsUpdateSchema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('settings: defaults are the constants the code used before', () => {
  it('equals the decision thresholds, the donation goal, the feed interval and the described digest times', () => {
    expect(DEFAULT_SETTINGS.publishRelevance).toBe(DECISION_THRESHOLDS.autoPublishRelevance);
    expect(DEFAULT_SETTINGS.publishConfidence).toBe(DECISION_THRESHOLDS.autoPublishConfidence);
    expect(DEFAULT_SETTINGS.reviewRelevance).toBe(DECISION_THRESHOLDS.autoRejectBelowRelevance);
    expect(DEFAULT_SETTINGS.monthlyGoalRupees).toBe(MONTHLY_GOAL_RUPEES);
    expect(DEFAULT_SETTINGS.feedIntervalMinutes).toBe(BASE_INTERVAL_MINUTES);
    const described = (name: string) => timeOfCron(stack.schedules.find((schedule) => schedule.name === name)?.expression ?? '');
    expect(DEFAULT_SETTINGS.dailyDigestTime).toBe(described('newsletter-daily'));
    expect(DEFAULT_SETTINGS.weeklyDigestTime).toBe(described('newsletter-weekly'));
    expect(DEFAULT_SETTINGS.monthlyDigestTime).toBe(described('newsletter-monthly'));
    expect(decisionThresholds(DEFAULT_SETTINGS)).toEqual(DECISION_THRESHOLDS);
    expect(settingsValuesSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(thresholdStatus(DEFAULT_SETTINGS).every((row) => row.status === 'ok')).toBe(true);
  });

  it('fills keys missing from a stored item with their defaults', () => {
    expect(withDefaults({ monthlyGoalRupees: 9000 })).toEqual({ ...DEFAULT_SETTINGS, monthlyGoalRupees: 9000 });
    expect(withDefaults(undefined)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('settings: validation names the field', () => {
  const valid = { version: 3, ...DEFAULT_SETTINGS };
  it('accepts the defaults', () => expect(fieldsOf(valid)).toEqual({}));
  it('checks ranges, formats and whole rupees', () => {
    expect(Object.keys(fieldsOf({ ...valid, monthlyGoalRupees: 0 }))).toEqual(['monthlyGoalRupees']);
    expect(Object.keys(fieldsOf({ ...valid, monthlyGoalRupees: 10_000_001 }))).toEqual(['monthlyGoalRupees']);
    expect(Object.keys(fieldsOf({ ...valid, monthlyGoalRupees: 10.5 }))).toEqual(['monthlyGoalRupees']);
    expect(Object.keys(fieldsOf({ ...valid, dailyDigestTime: '7:00' }))).toEqual(['dailyDigestTime']);
    expect(Object.keys(fieldsOf({ ...valid, weeklyDigestTime: '24:00' }))).toEqual(['weeklyDigestTime']);
    expect(Object.keys(fieldsOf({ ...valid, publishConfidence: 1.2 }))).toEqual(['publishConfidence']);
    expect(Object.keys(fieldsOf({ ...valid, feedIntervalMinutes: 1 }))).toEqual(['feedIntervalMinutes']);
  });
  it('keeps the review threshold below the publish threshold', () => {
    expect(fieldsOf({ ...valid, reviewRelevance: 60, publishRelevance: 60 })).toEqual({ reviewRelevance: 'The review threshold must be below the publish threshold' });
    expect(fieldsOf({ ...valid, reviewRelevance: 59, publishRelevance: 60 })).toEqual({});
  });
  it('refuses unknown keys', () => expect(settingsUpdateSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false));
});

describe('settings: helpers', () => {
  it('moves a cron schedule to a new time, keeping its days', () => {
    expect(cronAt('cron(0 7 ? * MON *)', '18:30')).toBe('cron(30 18 ? * MON *)');
    expect(cronAt('cron(0 7 1 * ? *)', '06:05')).toBe('cron(5 6 1 * ? *)');
    expect(cronAt('rate(30 minutes)', '06:05')).toBeNull();
    expect(timeOfCron('cron(5 6 1 * ? *)')).toBe('06:05');
  });
  it('audits only the changed keys', () => {
    expect(changedKeys(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, monthlyGoalRupees: 7000 })).toEqual({ before: { monthlyGoalRupees: MONTHLY_GOAL_RUPEES }, after: { monthlyGoalRupees: 7000 } });
  });
});
