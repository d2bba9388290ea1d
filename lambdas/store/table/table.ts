import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient, tableName } from './client.ts';

/**
 * What every entity of the one table shares; each entity sits beside its queries in its aggregate's file.
 * Physical fields are generic (pk, sk, gsiNpk, gsiNsk) and each index is named after the access pattern it
 * serves; no module outside lambdas/store/ builds a key.
 * Keys keep their case (`casing: 'none'`): ids, hashes and e-mail addresses are compared exactly.
 */

export const service = 'cnh';
export const keep = 'none' as const;
export const now = () => new Date().toISOString();

export const timestamps = {
  createdAt: { type: 'string', required: true, readOnly: true, default: now },
  updatedAt: { type: 'string', required: true, watch: '*', set: now, default: now },
} as const;

export const tableConfig = { table: tableName, client: documentClient };

/** What an open-ended attribute holds (run stats, event data, alert context): a JSON object, read as written. */
export type JsonObject = Record<string, unknown>;

/** A table stream record's item (its new image, else its old one), as stored: the raw attribute values. */
export type StreamImage = Parameters<typeof unmarshall>[0];

/**
 * Decodes a table stream record's image into the item it holds and the entity it belongs to (the entity
 * name ElectroDB writes on every item), or null for an item no entity wrote. Stream consumers read items
 * through this, so the table's shape stays the store's.
 */
export function streamItem(image: StreamImage | undefined): { entity: string; item: JsonObject } | null {
  if (!image) return null;
  const item = unmarshall(image) as JsonObject;
  const entity = item.__edb_e__;
  return typeof entity === 'string' ? { entity, item } : null;
}
