import { Entity } from 'electrodb';
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

/**
 * Whether the account was deleted or suspended since its tokens were issued (they verify until they expire): every
 * signed-in request asks (platform/auth.ts), so this module stays small, apart from the account's other records.
 */
export async function accountStanding(userId: string): Promise<'live' | 'deleted' | 'suspended'> {
  const [deleted, profile] = await Promise.all([DeletedAccount.get({ userId }).go(), Profile.get({ userId }).go()]);
  if (deleted.data) return 'deleted';
  return profile.data?.suspended ? 'suspended' : 'live';
}
