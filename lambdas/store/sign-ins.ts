import { Entity, type EntityItem } from 'electrodb';
import { indiaDayOf } from '#domain/common/india-time.ts';
import { AuditEntry, type AuditEntryItem } from './audit.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * Sign-ins of one account on one India day, counted by the user pool's triggers: PreAuthentication adds an
 * attempt, PostAuthentication a success (failures = attempts - successes). One Query lists a day.
 */
export const SignInDay = new Entity({
  model: { entity: 'signInDay', version: '1', service },
  attributes: {
    day: { type: 'string', required: true },
    /** The account's sub (both triggers key by it). */
    userId: { type: 'string', required: true },
    email: { type: 'string' },
    attempts: { type: 'number' },
    successes: { type: 'number' },
    lastAttemptAt: { type: 'string' },
    lastSuccessAt: { type: 'string' },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['day'], casing: keep },
      sk: { field: 'sk', composite: ['userId'], casing: keep },
    },
  },
}, tableConfig);

export type SignInDayItem = EntityItem<typeof SignInDay>;

/** PreAuthentication: one more attempt for the account today (one UpdateItem ADD). */
export async function recordSignInAttempt(userId: string, email: string | undefined, at = new Date()): Promise<void> {
  await SignInDay.update({ day: indiaDayOf(at), userId })
    .add({ attempts: 1 })
    .set({ lastAttemptAt: at.toISOString(), ...(email ? { email } : {}) })
    .go();
}

/** PostAuthentication: one more success for the account today (one UpdateItem ADD). */
export async function recordSignInSuccess(userId: string, email: string | undefined, at = new Date()): Promise<void> {
  await SignInDay.update({ day: indiaDayOf(at), userId })
    .add({ successes: 1 })
    .set({ lastSuccessAt: at.toISOString(), ...(email ? { email } : {}) })
    .go();
}

/** Every account's counts on the given days: one Query per day (all pages). */
export async function listSignInDays(days: string[]): Promise<SignInDayItem[]> {
  const perDay = await Promise.all(days.map((day) => SignInDay.query.byDay({ day }).go({ pages: 'all' })));
  return perDay.flatMap((answer) => answer.data);
}

/** Audit actions the Security screen shows: role changes and suspensions (and re-enables). */
const SECURITY_ACTIONS: readonly string[] = ['user.role', 'user.suspend', 'user.enable'];

/** Role changes and suspensions since `since`, newest first: one Query of the log by time, filtered by action. */
export async function listSecurityAudit(since: Date): Promise<AuditEntryItem[]> {
  const { data } = await AuditEntry.query
    .byAt({})
    .gte({ at: since.toISOString() })
    .where((attributes, { eq }) => SECURITY_ACTIONS.map((action) => eq(attributes.action, action as string)).join(' OR '))
    .go({ order: 'desc', pages: 'all' });
  return data;
}
