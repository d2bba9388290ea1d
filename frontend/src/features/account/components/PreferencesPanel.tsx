import { useEffect, useState } from 'react';
import { CATEGORY_NAMES, PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { useSubmission } from '#web/shared/api/submission.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { usePreferences, useSavePreferences, type Preferences, type PreferencesChange } from '../api/profile.ts';
import { PushSettings } from './PushSettings.tsx';

type Region = NonNullable<PreferencesChange['preferredRegions']>[number];
type Language = NonNullable<PreferencesChange['contentLanguage']>;
const REGIONS: { value: Region; label: string }[] = [
  { value: 'indian', label: 'India' },
  { value: 'global', label: 'Global' },
];
const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'Hindi' },
];
const isRegion = (value: string): value is Region => REGIONS.some((region) => region.value === value);
const isLanguage = (value: string | undefined): value is Language => LANGUAGES.some((language) => language.value === value);

/** Preferences (reader spec section 3): categories, regions, language, e-mail and push notifications. */
/** The form edits whole lists: the answer types them optional (as the store's attributes are), the server always fills them. */
type Draft = Omit<Preferences, 'preferredRegions' | 'contentLanguage'> & { preferredCategories: string[]; preferredRegions: Region[]; contentLanguage: Language | undefined };

const draftOf = (saved: Preferences): Draft => ({
  ...saved,
  preferredCategories: saved.preferredCategories ?? [],
  preferredRegions: (saved.preferredRegions ?? []).filter(isRegion),
  contentLanguage: isLanguage(saved.contentLanguage) ? saved.contentLanguage : undefined,
});

export function PreferencesPanel() {
  const preferences = usePreferences();
  const toast = useToast();
  const save = useSavePreferences({
    onSuccess: () => toast('Success', 'Preferences updated successfully'),
    onError: (error) => toast('Error', error instanceof ApiError && error.status === 400 ? error.message : 'Failed to update preferences'),
  });
  const submission = useSubmission((changes: PreferencesChange, idempotencyKey: string) => save.mutateAsync({ ...changes, idempotencyKey }));
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (preferences.data) setDraft(draftOf(preferences.data));
  }, [preferences.data]);

  if (preferences.isError) return <p role="alert">Failed to load user preferences</p>;
  if (!draft) return <p aria-busy="true">Loading your preferences...</p>;

  const allCategories = draft.preferredCategories.includes('all');
  const toggleCategory = (slug: string) => {
    const current = allCategories ? [] : draft.preferredCategories;
    const next = current.includes(slug) ? current.filter((item) => item !== slug) : [...current, slug];
    setDraft({ ...draft, preferredCategories: next.length ? next : ['all'] });
  };
  const toggleRegion = (region: Region) => {
    const next = draft.preferredRegions.includes(region) ? draft.preferredRegions.filter((item) => item !== region) : [...draft.preferredRegions, region];
    if (next.length) setDraft({ ...draft, preferredRegions: next });
  };

  return (
    <section id="preferences" className="preferences" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">Preferences</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const { preferredCategories, preferredRegions, contentLanguage, emailNotifications } = draft;
          void submission.run({ preferredCategories, preferredRegions, contentLanguage, emailNotifications });
        }}
      >
        <fieldset>
          <legend>Categories you follow</legend>
          <label className="check">
            <input type="checkbox" checked={allCategories} onChange={() => setDraft({ ...draft, preferredCategories: ['all'] })} /> All categories
          </label>
          {PUBLIC_CATEGORY_SLUGS.map((slug) => (
            <label key={slug} className="check">
              <input type="checkbox" checked={!allCategories && draft.preferredCategories.includes(slug)} onChange={() => toggleCategory(slug)} /> {CATEGORY_NAMES[slug]}
            </label>
          ))}
          <p className="hint">Following a category sends you a notification when new articles are published in it (at most one an hour).</p>
        </fieldset>
        <fieldset>
          <legend>Regions</legend>
          {REGIONS.map((region) => (
            <label key={region.value} className="check">
              <input type="checkbox" checked={draft.preferredRegions.includes(region.value)} onChange={() => toggleRegion(region.value)} /> {region.label}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="pref-language">Content language</label>
          <select id="pref-language" value={draft.contentLanguage} onChange={(event) => setDraft({ ...draft, contentLanguage: isLanguage(event.target.value) ? event.target.value : draft.contentLanguage })}>
            {LANGUAGES.map((language) => (
              <option key={language.value} value={language.value}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>Notifications</legend>
          <label className="check">
            <input type="checkbox" checked={draft.emailNotifications} onChange={(event) => setDraft({ ...draft, emailNotifications: event.target.checked })} /> E-mail notifications
          </label>
          <PushSettings />
        </fieldset>
        <button type="submit" className="primary" disabled={submission.pending}>
          {submission.pending ? 'Saving...' : 'Save preferences'}
        </button>
      </form>
    </section>
  );
}
