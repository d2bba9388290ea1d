import { describe, expect, it } from 'vitest';
import { indiaDateTimeLabel, indiaDayOf, indiaDays, indiaDayStart, indiaMonthOf, indiaWeekOf } from '#domain/common/india-time.ts';

describe('India time', () => {
  it('turns the day at midnight IST (18:30 UTC), not at midnight UTC', () => {
    expect(indiaDayOf('2026-03-01T18:29:59.999Z')).toBe('2026-03-01');
    expect(indiaDayOf('2026-03-01T18:30:00Z')).toBe('2026-03-02');
    expect(indiaDayOf(Date.parse('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
    expect(indiaDayStart(new Date('2026-03-01T20:00:00Z')).toISOString()).toBe('2026-03-01T18:30:00.000Z');
  });

  it('starts "this month" at midnight on the 1st in India, not in UTC', () => {
    expect(indiaMonthOf('2026-11-30T18:29:59Z')).toBe('2026-11');
    expect(indiaMonthOf('2026-11-30T18:30:00Z')).toBe('2026-12');
    expect(indiaMonthOf(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01');
  });

  it('starts the week on Monday in India', () => {
    // Sunday 1 March 2026, 23:00 IST: still the week of Monday 23 February.
    expect(indiaWeekOf('2026-03-01T17:30:00Z')).toBe('2026-02-23');
    // Half an hour later it is Monday 2 March in India (still Sunday in UTC).
    expect(indiaWeekOf('2026-03-01T18:30:00Z')).toBe('2026-03-02');
  });

  it('lists the last India days, newest first, today included', () => {
    expect(indiaDays(3, new Date('2026-03-01T19:00:00Z'))).toEqual(['2026-03-02', '2026-03-01', '2026-02-28']);
  });

  it('spells an instant as India reads it, the same in any runtime', () => {
    expect(indiaDateTimeLabel('2026-03-02T08:30:00Z')).toBe('2 Mar 2026, 2:00 pm IST');
    expect(indiaDateTimeLabel('2026-12-31T18:29:00Z')).toBe('31 Dec 2026, 11:59 pm IST');
    expect(indiaDateTimeLabel('2026-12-31T18:30:00Z')).toBe('1 Jan 2027, 12:00 am IST');
    expect(indiaDateTimeLabel('2026-06-15T06:30:00Z')).toBe('15 Jun 2026, 12:00 pm IST');
  });
});
