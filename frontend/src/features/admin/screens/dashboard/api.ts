import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export type Dashboard = ApiAnswer<'GET /admin/dashboard'>;
export type LifecycleAnalytics = Dashboard['lifecycle'];

export const fetchDashboard = () => adminCall('GET /admin/dashboard');
