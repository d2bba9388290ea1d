import { HttpError } from '#shared/errors.ts';
import { route } from '#shared/http.ts';

/** A declared route whose handler is being built: answers 501, never a made-up result. */
export const notBuiltYet = (what: string) =>
  route({}, async () => {
    throw new HttpError(501, `${what} is not built yet`);
  });
