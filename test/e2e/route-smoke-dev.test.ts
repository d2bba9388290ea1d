import { local } from '../support/aws.ts';
import { startLocalRuntime, type RunningRuntime } from '../support/local-runtime.ts';
import { describeRouteSmoke } from '../support/route-smoke.ts';

/**
 * Every reader and console route under Vite's dev server, as `npm start` serves it, each opened inside the app
 * after the walk's first (see `Server` in test/support/route-smoke.ts): a second runtime,
 * on the ports next to the e2e runtime's (its stand-ins take the next 50).
 */
let devRuntime: RunningRuntime | undefined;

describeRouteSmoke(
  'dev server',
  async () => {
    const e2e = local();
    devRuntime = await startLocalRuntime({ portBase: e2e.portBase + 50, serveBuiltSite: false, admin: e2e.admin });
    // Vite optimises the dependencies on the first request after a cold start (seconds): take that here.
    const entry = await fetch(`${devRuntime.urls.site}/src/main.tsx`);
    if (!entry.ok) throw new Error(`The dev server answered ${entry.status} for /src/main.tsx`);
    return { name: 'dev server', site: devRuntime.urls.site, api: devRuntime.urls.api, urls: devRuntime.urls, navigation: 'in-app' };
  },
  async () => devRuntime?.stop(),
);
