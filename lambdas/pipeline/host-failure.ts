import { raiseAlert } from '#store/alerts.ts';

/**
 * A host whose fetch failed as a whole (a throw past its feeds' own faults, or its batch failing): one high
 * alert per host, the same from the batch function and from the Distributed Map's catch. Its figures count
 * it as a failed host and, as before, one failed feed.
 */
export async function alertHostFailure(host: string, error: unknown) {
  await raiseAlert({ severity: 'high', alertType: 'ingest-step-failure', message: `Fetching ${host} failed`, context: { error } });
  return { hosts: 1, failedHosts: 1, deferredHosts: 0, feeds: 0, notModified: 0, failed: 1, itemsFound: 0, created: 0, duplicates: 0, nearDuplicates: 0, pageImages: 0, classified: 0, published: 0, queued: 0, rejected: 0 };
}

export type HostFetchFigures = Awaited<ReturnType<typeof alertHostFailure>>;

/** Figures of several hosts (a batch, or a run's batches) added up key by key. */
export function addFetchFigures(figures: ReadonlyArray<Partial<Record<keyof HostFetchFigures, number>>>): HostFetchFigures {
  const total: HostFetchFigures = { hosts: 0, failedHosts: 0, deferredHosts: 0, feeds: 0, notModified: 0, failed: 0, itemsFound: 0, created: 0, duplicates: 0, nearDuplicates: 0, pageImages: 0, classified: 0, published: 0, queued: 0, rejected: 0 };
  for (const one of figures) for (const key of Object.keys(total) as Array<keyof HostFetchFigures>) total[key] += one[key] ?? 0;
  return total;
}
