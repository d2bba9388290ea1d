import { describe, expect, it } from 'vitest';
import { passesFilters } from '#domain/operations/event-filter.ts';
import { stack } from '../../lib/stack-description.ts';

const consumer = stack.streamConsumers.find((candidate) => candidate.name === 'donation-receipts');
const donation = (image: Record<string, unknown>) => ({ eventName: 'MODIFY', dynamodb: { NewImage: { __edb_e__: { S: 'donation' }, status: { S: 'paid' }, ...image } } });

describe('the donation-receipts stream filter (Lambda and the local poller apply the same)', () => {
  it('passes a paid donation whose receipt failed and has not gone out since, nothing else', () => {
    const filters = consumer?.filters;
    expect(filters?.length).toBeGreaterThan(0);
    expect(passesFilters(filters, donation({ receiptFailedAt: { S: '2026-11-26T10:00:00Z' } }))).toBe(true);
    // Sent on the retry: the change that records it passes no more.
    expect(passesFilters(filters, donation({ receiptFailedAt: { S: '2026-11-26T10:00:00Z' }, receiptSentAt: { S: '2026-11-26T10:00:05Z' } }))).toBe(false);
    // Sent the first time, or not yet tried: the donations API sends it itself.
    expect(passesFilters(filters, donation({}))).toBe(false);
    expect(passesFilters(filters, donation({ receiptSentAt: { S: '2026-11-26T10:00:00Z' } }))).toBe(false);
    expect(passesFilters(filters, { eventName: 'MODIFY', dynamodb: { NewImage: { __edb_e__: { S: 'article' }, receiptFailedAt: { S: 'x' } } } })).toBe(false);
  });
});
