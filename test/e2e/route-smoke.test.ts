import { local } from '../support/aws.ts';
import { describeRouteSmoke } from '../support/route-smoke.ts';

/** Every reader and console route under the production build, as CI and a deployment serve it. */
describeRouteSmoke('production build', async () => ({ name: 'production build', site: local().urls.site, api: local().urls.api, urls: local().urls, navigation: 'load' }));
