import { Entity } from 'electrodb';
import { boundedDocumentClient, GetCommand } from '#adapters/dynamodb.ts';
import { Profile } from './profile-entity.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * A deleted account, remembered for as long as its last tokens may still be valid: the signed-in API
 * refuses them, so nothing of the reader's comes back after "Delete my account".
 */
export const DeletedAccount = new Entity({
  model: { entity: 'deletedAccount', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    deletedAt: { type: 'string', required: true, default: () => new Date().toISOString(), readOnly: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

/** How long a request waits to learn its account's standing (a GetItem takes milliseconds): one attempt, then it fails. */
export const STANDING_WAIT_MS = 1_500;
let client: ReturnType<typeof boundedDocumentClient> | undefined;

/** One item by the key an entity's get builds, through the bounded client (its attributes raw). */
async function boundedGet(params: object): Promise<Record<string, unknown> | undefined> {
  client ??= boundedDocumentClient(STANDING_WAIT_MS);
  return (await client.send(new GetCommand(params as ConstructorParameters<typeof GetCommand>[0]))).Item;
}

/**
 * Whether the account was deleted or suspended since its tokens were issued (they verify until they expire): every
 * signed-in request asks (platform/auth.ts), so this module stays small, apart from the account's other records. The
 * reads try once and give up within STANDING_WAIT_MS: a table that does not answer fails the check, not the request.
 */
export async function accountStanding(userId: string): Promise<'live' | 'deleted' | 'suspended'> {
  const [deleted, profile] = await Promise.all([boundedGet(DeletedAccount.get({ userId }).params()), boundedGet(Profile.get({ userId }).params())]);
  if (deleted) return 'deleted';
  return profile && Profile.parse({ Item: profile }).data?.suspended ? 'suspended' : 'live';
}
