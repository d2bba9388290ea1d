import type { DailyRow } from './report.ts';

/** The Analytics screen's CSV export (RFC 4180). No CSV library is installed; quoting a field is five lines. */

export const CSV_HEADER = ['date', 'page views', 'article views', 'likes', 'shares', 'bookmarks', 'searches', 'subscriptions started', 'subscriptions confirmed', 'donations', 'donation amount INR'];

/** A field quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Rupees with two decimals from paise ("1234.50"). */
export const rupees = (paise: number): string => (paise / 100).toFixed(2);

export function analyticsCsv(daily: readonly DailyRow[]): string {
  return toCsv([
    CSV_HEADER,
    ...daily.map((row) => [row.date, row.pageViews, row.articleViews, row.likes, row.shares, row.bookmarks, row.searches, row.subscriptionsStarted, row.subscriptionsConfirmed, row.donations, rupees(row.donationAmountPaise)]),
  ]);
}
