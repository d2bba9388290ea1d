import type { TableProps } from '@cloudscape-design/components/table';
import { formatCount } from '../../shell/format.ts';
import type { Tier } from './api.ts';
import { formatMoney } from './format.ts';

export interface TierRow {
  tier: Tier;
  count: number;
  totalPaise: number;
  share: number;
}
export interface CurrencyRow {
  currency: string;
  count: number;
  totalPaise: number;
}

/** Thresholds as the server defines them (lambdas/domain/donations/donations.ts SUPPORTER_TIERS). */
export const TIER_NAMES: Record<Tier, string> = { premium: 'Premium', gold: 'Gold', silver: 'Silver', other: 'Other' };
export const TIER_LABELS: Record<Tier, string> = {
  premium: 'Premium: ₹2,500 and above',
  gold: 'Gold: ₹1,000 to ₹2,499',
  silver: 'Silver: ₹500 to ₹999',
  other: 'Other: below ₹500',
};

export const tierColumns: TableProps.ColumnDefinition<TierRow>[] = [
  { id: 'tier', header: 'Tier', cell: (row) => TIER_NAMES[row.tier], isRowHeader: true },
  { id: 'count', header: 'Donations', cell: (row) => formatCount(row.count) },
  { id: 'total', header: 'Total', cell: (row) => formatMoney(row.totalPaise) },
  { id: 'share', header: 'Share', cell: (row) => `${row.share}%` },
];

export const currencyColumns: TableProps.ColumnDefinition<CurrencyRow>[] = [
  { id: 'currency', header: 'Currency', cell: (row) => row.currency, isRowHeader: true },
  { id: 'count', header: 'Donations', cell: (row) => formatCount(row.count) },
  { id: 'total', header: 'Total', cell: (row) => formatMoney(row.totalPaise, row.currency) },
];
