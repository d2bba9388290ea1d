import { CustomAttributeType, Entity } from 'electrodb';
import { type SettingsValues, withDefaults } from '#domain/operations/settings.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';
import { failedOnCondition } from './table/condition-failures.ts';

/**
 * The console's settings (Settings screen): one item holding every value operators tune, with a version
 * that each save must name (optimistic concurrency) and who saved it last.
 */
export const Setting = new Entity({
  model: { entity: 'setting', version: '1', service },
  attributes: {
    name: { type: 'string', required: true },
    version: { type: 'number', required: true },
    values: { type: CustomAttributeType<Partial<SettingsValues>>('any'), required: true },
    updatedBy: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['name'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

const NAME = 'console';
/** Each container re-reads the settings at most this often; the admin's own save refreshes it at once. */
const SETTINGS_CACHE_MS = 60_000;

export interface StoredSettings {
  values: SettingsValues;
  /** 0 while nothing was ever saved (the defaults). */
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

let cached: { settings: StoredSettings; loadedAt: number } | undefined;

/** The settings item as stored (defaults for missing keys), read fresh. */
export async function readSettings(): Promise<StoredSettings> {
  const item = (await Setting.get({ name: NAME }).go({ consistent: true })).data;
  const settings: StoredSettings = item
    ? { values: withDefaults(item.values), version: item.version, updatedAt: item.updatedAt, updatedBy: item.updatedBy ?? null }
    : { values: withDefaults(undefined), version: 0, updatedAt: null, updatedBy: null };
  cached = { settings, loadedAt: Date.now() };
  return settings;
}

/** The values the handlers follow: one read per container per minute at most. */
export async function currentSettings(): Promise<SettingsValues> {
  if (cached && Date.now() - cached.loadedAt < SETTINGS_CACHE_MS) return cached.settings.values;
  return (await readSettings()).values;
}

/** Forgets the cached settings (tests; a save in this container). */
export function forgetSettings(): void {
  cached = undefined;
}

export class StaleSettingsError extends Error {
  constructor() {
    super('Settings were changed by someone else; reload');
    this.name = 'StaleSettingsError';
  }
}

/**
 * Saves the values if the stored version is still `expectedVersion` (0: never saved), as version + 1.
 * A concurrent save in between makes the condition fail: StaleSettingsError.
 */
export async function saveSettings(values: SettingsValues, expectedVersion: number, updatedBy: string): Promise<StoredSettings> {
  const version = expectedVersion + 1;
  try {
    if (expectedVersion === 0) {
      await Setting.create({ name: NAME, version, values, updatedBy }).go();
    } else {
      await Setting.put({ name: NAME, version, values, updatedBy })
        .where((attributes, { eq }) => eq(attributes.version, expectedVersion))
        .go();
    }
  } catch (error) {
    if (failedOnCondition(error)) throw new StaleSettingsError();
    throw error;
  }
  forgetSettings();
  return readSettings();
}

