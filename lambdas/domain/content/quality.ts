/**
 * Quality score (reader spec section 9): 0.6 x confidence + 0.4 x relevance, capped at 100, or
 * 0.8 x confidence when there is no relevance. Confidence arrives as 0-1 and is scored on 0-100.
 */
export function qualityScore(mlConfidence: number, relevance: number | null | undefined): number {
  const confidence = Math.max(0, Math.min(1, mlConfidence)) * 100;
  const score = relevance === null || relevance === undefined ? 0.8 * confidence : 0.6 * confidence + 0.4 * relevance;
  return Math.round(Math.min(100, score) * 10) / 10;
}

export const QUALITY_LEVELS = [
  { label: 'Excellent', min: 85 },
  { label: 'Good', min: 70 },
  { label: 'Average', min: 50 },
  { label: 'Fair', min: 35 },
  { label: 'Poor', min: -Infinity },
] as const;

export type QualityLevel = (typeof QUALITY_LEVELS)[number]['label'];

export function qualityLevel(score: number): QualityLevel {
  return (QUALITY_LEVELS.find((level) => score >= level.min) ?? QUALITY_LEVELS[4]).label;
}
