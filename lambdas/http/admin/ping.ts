import { readCounters, COUNTER_SCOPES } from '#store/table/counters.ts';
import { route } from '#platform/router.ts';

/** Proves the caller is an admin and the table answers; the console's health page builds on it. */
export const ping = route({}, async ({ caller }) => {
  const articleCounters = await readCounters(COUNTER_SCOPES.articles);
  return {
    ok: true,
    role: caller?.role,
    userId: caller?.userId,
    articlesByStatus: Object.fromEntries(
      Object.entries(articleCounters)
        .filter(([name]) => name.startsWith('status#'))
        .map(([name, value]) => [name.slice('status#'.length), value]),
    ),
  };
});
