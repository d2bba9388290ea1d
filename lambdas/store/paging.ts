/** A page of a Query and the opaque cursor of the next page (null on the last one). */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}

export interface PageOptions {
  limit?: number;
  cursor?: string | null;
}

/** ElectroDB reports each cancelled transaction item with the DynamoDB reason code. */
export function isConditionFailure(entry: { rejected: boolean; code: string }): boolean {
  return entry.rejected && entry.code === 'ConditionalCheckFailed';
}
