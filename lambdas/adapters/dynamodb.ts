import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { boundedClientSettings, clientSettings, watched } from './aws-clients.ts';

/**
 * The one place a DynamoDB client is built. The store (lambdas/store/) owns the table's keys and items and
 * sends its commands through these clients; it imports this file and no other adapter
 * (.dependency-cruiser.cjs, rule aws-sdk-clients-only-in-adapters).
 *
 * The endpoint comes from the SDK's own environment lookup (AWS_ENDPOINT_URL_DYNAMODB), which the local
 * runtime sets, so this code is the same in AWS and on a laptop.
 */

/** One document client per container, created at cold start and reused. */
export function documentClientFor(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(watched(new DynamoDBClient(clientSettings()), 'dynamodb'), { marshallOptions: { removeUndefinedValues: true } });
}

/**
 * A document client with a bounded wait (one attempt): for a read a request must not wait long on, such as the
 * standing of the caller's account before every signed-in route (store/account-standing.ts).
 */
export function boundedDocumentClient(timeoutMs: number): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient(boundedClientSettings(timeoutMs)), { marshallOptions: { removeUndefinedValues: true } });
}
export { GetCommand } from '@aws-sdk/lib-dynamodb';

/** A client with a bounded wait: a stopped or unreachable DynamoDB fails within seconds instead of hanging. */
export function boundedDynamoClient(timeoutMs = 3_000): DynamoDBClient {
  return new DynamoDBClient(boundedClientSettings(timeoutMs));
}

// The table-level commands (and the types and errors) the store's backups and conditional writes use with these clients.
export { BatchWriteItemCommand, ConditionalCheckFailedException, CreateBackupCommand, DescribeContinuousBackupsCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
export { DynamoDBClient, ListBackupsCommand, ScanCommand, type AttributeValue, type WriteRequest } from '@aws-sdk/client-dynamodb';
