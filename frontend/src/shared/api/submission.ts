import { useCallback, useRef, useState } from 'react';

/** What a form's submit function is given besides its input: the submission's Idempotency-Key. */
export type Keyed<T> = T & { idempotencyKey?: string | undefined };

/**
 * One submission of a form at a time, each with its own Idempotency-Key. A second submit while the first
 * is on its way is dropped at once (before React has re-rendered the disabled button: a double click's
 * second click comes that fast); the same content submitted again later carries the same key, so the
 * server answers it with the first answer instead of writing twice. Changed content is a new submission.
 */
export function useSubmission<TInput>(submit: (input: TInput, idempotencyKey: string) => Promise<unknown>) {
  const inFlight = useRef(false);
  const last = useRef<{ content: string; key: string } | null>(null);
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (input: TInput) => {
      if (inFlight.current) return;
      const content = JSON.stringify(input);
      if (last.current?.content !== content) last.current = { content, key: crypto.randomUUID() };
      inFlight.current = true;
      setPending(true);
      try {
        await submit(input, last.current.key);
      } catch {
        // The caller's mutation reports its own errors (its onError); nothing more to do here.
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [submit],
  );
  return { run, pending };
}
