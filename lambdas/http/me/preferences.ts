import * as z from '#domain/common/validation.ts';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { getPreferences, type PreferencesItem } from '#store/preferences.ts';
import { changePreferences } from '../../services/reader-activity.ts';
import { route } from '#platform/router.ts';
import { reader } from './caller.ts';

export const REGIONS = ['indian', 'global'] as const;
export const LANGUAGES = ['en', 'hi'] as const;

const preferencesBody = z.partial(z.strictObject({
    preferredCategories: z.pipe(z.array(z.enum(['all', ...PUBLIC_CATEGORY_SLUGS] as [string, ...string[]], 'Unknown category')).check(z.minLength(1, 'Choose at least one category'), z.maxLength(PUBLIC_CATEGORY_SLUGS.length + 1)), z.transform((list) => (list.includes('all') ? ['all'] : [...new Set(list)]))),
    preferredRegions: z.pipe(z.array(z.enum(REGIONS)).check(z.minLength(1, 'Choose at least one region'), z.maxLength(REGIONS.length)), z.transform((list) => [...new Set(list)])),
    contentLanguage: z.enum(LANGUAGES),
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
  }));

function view(preferences: PreferencesItem) {
  const { preferredCategories, preferredRegions, contentLanguage, emailNotifications, pushNotifications, updatedAt } = preferences;
  return { preferredCategories, preferredRegions, contentLanguage, emailNotifications, pushNotifications, updatedAt };
}

export const getMyPreferences = route({}, async ({ caller }) => view(await getPreferences(reader(caller).userId)));

export const putMyPreferences = route({ body: preferencesBody }, async ({ caller, body }) => view(await changePreferences(reader(caller).userId, body)));
