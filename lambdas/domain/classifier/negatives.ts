import type { CorpusHeadline } from './corpus.ts';

/**
 * Trade-press neighbours as explicit negatives: the off-beat rows of outlets that also carry on-beat
 * stories (agency business, adland moves, platform earnings, celebrity endorsements in the marketing and
 * tech trade press) are the stories the model publishes by mistake, so the relevance head weighs them
 * `weight` times a general-news negative. Returns one weight per row, in order.
 */
export function tradeNeighbourWeights(rows: readonly CorpusHeadline[], weight: number): number[] {
  const tradeOutlets = new Set(rows.filter((row) => row.label === 'on-beat').map((row) => row.outlet));
  return rows.map((row) => (row.label === 'off-beat' && tradeOutlets.has(row.outlet) ? weight : 1));
}
