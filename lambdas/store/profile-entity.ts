import { Entity, type EntityItem } from 'electrodb';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/** The profile entity alone (profiles.ts has its writes): every signed-in request reads its suspension (account-standing.ts). */
export const ROLES = ['user', 'moderator', 'admin'] as const;

export const Profile = new Entity({
  model: { entity: 'profile', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    fullName: { type: 'string', default: '' },
    /** Mirror of the Cognito group, for lists; Cognito stays the authority for access. */
    role: { type: ROLES, required: true, default: 'user' },
    subscriptionType: { type: 'string', default: 'Free' },
    subscriptionStatus: { type: 'string', default: 'Active' },
    /** Set by an admin's suspension (the Cognito account is disabled meanwhile); absent means not suspended. */
    suspended: { type: 'boolean' },
    suspendedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** All profiles, newest first (user management). */
    byJoined: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'userId'], casing: keep },
    },
    /** Admins and moderators tab. */
    byRole: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['role'], casing: keep },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'userId'], casing: keep },
    },
  },
}, tableConfig);

export type ProfileItem = EntityItem<typeof Profile>;
export type Role = ProfileItem['role'];
