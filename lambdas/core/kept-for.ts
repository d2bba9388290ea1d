/**
 * A read an instance keeps for a while (the shell of the site, the moderators' topic overrides): the first call
 * starts it and later calls within `ttlMs` share its promise, so a busy instance reads once a period, not once a
 * request. A failed read is not kept: the next call tries again. `forget` drops the copy at once.
 */
export function keptFor<T>(ttlMs: number, read: () => Promise<T>): { get: (now?: number) => Promise<T>; forget: () => void } {
  let kept: { value: Promise<T>; readAt: number } | undefined;
  return {
    get(now = Date.now()) {
      if (!kept || now - kept.readAt >= ttlMs) {
        const entry = { value: read(), readAt: now };
        // Only this read's own copy is dropped: a newer one started meanwhile stays.
        entry.value.catch(() => {
          if (kept === entry) kept = undefined;
        });
        kept = entry;
      }
      return kept.value;
    },
    forget() {
      kept = undefined;
    },
  };
}
