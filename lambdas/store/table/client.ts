import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '#core/config.ts';

/**
 * One client per container, created at cold start and reused. The endpoint comes from the SDK's own
 * environment lookup (AWS_ENDPOINT_URL_DYNAMODB), which the local runtime sets, so this code is the
 * same in AWS and on a laptop.
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = config.TABLE_NAME;
