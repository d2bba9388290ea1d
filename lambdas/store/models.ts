import { gunzipSync, gzipSync } from 'node:zlib';
import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { type JsonObject, keep, now, service, tableConfig, timestamps } from './table/table.ts';

/** A moderator's decision on an article, kept as a training label for the classifier. */
export const ReviewLabel = new Entity({
  model: { entity: 'reviewLabel', version: '1', service },
  attributes: {
    articleId: { type: 'string', required: true },
    /** A category slug, or off-topic for a rejection. */
    label: { type: 'string', required: true },
    text: { type: 'string', required: true },
    decidedBy: { type: 'string' },
    decidedAt: { type: 'string', required: true, default: now },
  },
  indexes: {
    byDecided: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['decidedAt', 'articleId'], casing: keep },
    },
  },
}, tableConfig);

/** A trained classifier; the newest active one classifies. */
export const ModelVersion = new Entity({
  model: { entity: 'modelVersion', version: '1', service },
  attributes: {
    version: { type: 'string', required: true },
    status: { type: ['active', 'rejected'] as const, required: true },
    /**
     * The model: gzipped JSON as binary (storedModel below). Versions saved before that are JSON text, which
     * modelJsonOf reads too (ElectroDB's custom type cannot name a union with string, so the type says binary).
     */
    model: { type: CustomAttributeType<Uint8Array>('any'), required: true },
    metrics: { type: CustomAttributeType<JsonObject>('any') },
    trainedOn: { type: 'number' },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byVersion: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['version'], casing: keep },
    },
  },
}, tableConfig);

export type ModelVersionItem = EntityItem<typeof ModelVersion>;
export type ReviewLabelItem = EntityItem<typeof ReviewLabel>;

/**
 * A trained model is stored as gzipped JSON in a binary attribute: the JSON (about 600 KB, most of it naive
 * Bayes's vocabulary) would pass DynamoDB's 400 KB item limit, gzipped it is about 325 KB (as base64 text it
 * would be 430 KB). Versions stored before are JSON text and are read as they are.
 */
export const storedModel = (json: string): Uint8Array => gzipSync(json, { level: 9 });
export const modelJsonOf = (stored: unknown): string => (typeof stored === 'string' ? stored : gunzipSync(stored as Uint8Array).toString('utf8'));

/** Versions sort as text: a zero-padded number. */
export const versionKey = (n: number) => String(n).padStart(6, '0');

/** The newest active model, or null when only the shipped one exists. */
export async function activeModelVersion(): Promise<ModelVersionItem | null> {
  // A Limit of 1 would apply before the filter and miss an older active version behind a rejected one.
  const { data } = await ModelVersion.query.byVersion({}).where(({ status }, { eq }) => eq(status, 'active')).go({ order: 'desc', pages: 'all' });
  return data[0] ?? null;
}

export async function latestModelVersionNumber(): Promise<number> {
  const { data } = await ModelVersion.query.byVersion({}).go({ order: 'desc', limit: 1 });
  return data[0] ? Number(data[0].version) : 0;
}

export async function saveModelVersion(item: Omit<ModelVersionItem, 'createdAt'>): Promise<void> {
  await ModelVersion.create(item).go();
}

export async function saveReviewLabel(label: Omit<ReviewLabelItem, 'decidedAt'> & { decidedAt?: string }): Promise<void> {
  await ReviewLabel.create(label).go();
}

export async function allReviewLabels(): Promise<ReviewLabelItem[]> {
  const { data } = await ReviewLabel.query.byDecided({}).go({ pages: 'all' });
  return data;
}
