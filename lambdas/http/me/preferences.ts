import * as z from 'zod';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/categories.ts';
import { getPreferences, savePreferences, type PreferencesItem } from '#store/users.ts';
import { route } from '#shared/http.ts';
import { reader } from './caller.ts';

export const REGIONS = ['indian', 'global'] as const;
export const LANGUAGES = ['en', 'hi'] as const;

const preferencesBody = z
  .object({
    preferredCategories: z
      .array(z.enum(['all', ...PUBLIC_CATEGORY_SLUGS] as [string, ...string[]], 'Unknown category'))
      .min(1, 'Choose at least one category')
      .max(PUBLIC_CATEGORY_SLUGS.length + 1)
      .transform((list) => (list.includes('all') ? ['all'] : [...new Set(list)])),
    preferredRegions: z.array(z.enum(REGIONS)).min(1, 'Choose at least one region').max(REGIONS.length).transform((list) => [...new Set(list)]),
    contentLanguage: z.enum(LANGUAGES),
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
  })
  .partial()
  .strict();

function view(preferences: PreferencesItem) {
  const { preferredCategories, preferredRegions, contentLanguage, emailNotifications, pushNotifications, updatedAt } = preferences;
  return { preferredCategories, preferredRegions, contentLanguage, emailNotifications, pushNotifications, updatedAt };
}

export const getMyPreferences = route({}, async ({ caller }) => view(await getPreferences(reader(caller).userId)));

export const putMyPreferences = route({ body: preferencesBody }, async ({ caller, body }) => view(await savePreferences(reader(caller).userId, body)));
