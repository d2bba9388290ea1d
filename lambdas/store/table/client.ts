import { documentClientFor } from '#adapters/dynamodb.ts';
import { config } from '#core/config.ts';

/** One client per container, created at cold start and reused (built by the DynamoDB adapter). */
export const documentClient = documentClientFor();

export const tableName = config.TABLE_NAME;
