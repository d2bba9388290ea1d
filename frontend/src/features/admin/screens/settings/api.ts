import { adminGet, adminPut } from '../../shell/api.ts';

/** The values operators tune (lambdas/domain/operations/settings.ts); the goal in whole rupees. */
export interface SettingsValues {
  publishRelevance: number;
  publishConfidence: number;
  reviewRelevance: number;
  monthlyGoalRupees: number;
  dailyDigestTime: string;
  weeklyDigestTime: string;
  monthlyDigestTime: string;
  defaultFrequency: 'daily' | 'weekly' | 'monthly';
  feedIntervalMinutes: number;
}

export interface ConfigurationStatusItem {
  configCategory: string;
  settingName: string;
  currentValue: string;
  recommendedValue: string;
  status: 'ok' | 'warning';
  manualActionRequired: boolean;
}

export interface SettingsResponse {
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
  values: SettingsValues;
  defaults: SettingsValues;
  configurationStatus: ConfigurationStatusItem[];
}

export const fetchSettings = () => adminGet<SettingsResponse>('/admin/settings');
export const saveSettings = (version: number, values: SettingsValues) => adminPut<SettingsResponse>('/admin/settings', { version, ...values });
