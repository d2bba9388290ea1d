import { v7 as uuidv7 } from 'uuid';

/** Time-ordered ids (UUIDv7): as sort keys they list items in creation order. */
export const newId = (): string => uuidv7();

/** DynamoDB TTL value: epoch seconds `days` from now. */
export const expiresInDays = (days: number, from = Date.now()): number => Math.floor(from / 1000) + days * 86_400;

/** Calendar day (UTC) of an ISO time, the partition of day-bucketed lists. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

/** The UTC days from `since`'s day to `now`'s, both included: the partitions a day-bucketed window spans. */
export function daysSince(since: Date, now = new Date()): string[] {
  const days: string[] = [];
  for (let day = dayOf(since.toISOString()); day <= dayOf(now.toISOString()); day = dayOf(new Date(Date.parse(day) + 86_400_000).toISOString())) days.push(day);
  return days;
}
