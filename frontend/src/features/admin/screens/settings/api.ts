import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export type SettingsResponse = ApiAnswer<'GET /admin/settings'>;
/** The values operators tune (lambdas/domain/operations/settings.ts); the goal in whole rupees. */
export type SettingsValues = SettingsResponse['values'];
export type ConfigurationStatusItem = SettingsResponse['configurationStatus'][number];

export const fetchSettings = () => adminCall('GET /admin/settings');
export const saveSettings = (version: number, values: SettingsValues) => adminCall('PUT /admin/settings', { body: { version, ...values } });
