import { adminGet, adminPut, type ApiAnswer } from '../../shell/api.ts';

export type SettingsResponse = ApiAnswer<'GET /admin/settings'>;
/** The values operators tune (lambdas/domain/operations/settings.ts); the goal in whole rupees. */
export type SettingsValues = SettingsResponse['values'];
export type ConfigurationStatusItem = SettingsResponse['configurationStatus'][number];

export const fetchSettings = () => adminGet<SettingsResponse>('/admin/settings');
export const saveSettings = (version: number, values: SettingsValues) => adminPut<ApiAnswer<'PUT /admin/settings'>>('/admin/settings', { version, ...values });
