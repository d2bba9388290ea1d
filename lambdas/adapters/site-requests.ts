/**
 * Requests the page writer makes to the site itself, as a reader's browser would: through the site's address
 * (CloudFront on AWS, the local site here), so what they ask for is made and kept at the edge.
 */
import pLimit from 'p-limit';
import { config } from '#core/config.ts';
import { crawlerUserAgent } from './http-get.ts';

/** A copy is made in well under a second; a slow publisher is given this long, then the reader's own request tries. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Several at a time (on AWS each is a function instance of its own), not the batch's all: readers use that function meanwhile. */
const AT_ONCE = 8;

/** Asks the site for each path once and reads the answer through; answers how many came back 200 and how many did not. */
export async function askSiteFor(paths: readonly string[]): Promise<{ made: number; failed: number }> {
  const limit = pLimit(AT_ONCE);
  const answers = await Promise.all(
    paths.map((path) =>
      limit(async () => {
        try {
          const response = await fetch(`${config.SITE_URL}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), headers: { 'user-agent': crawlerUserAgent(config.SITE_URL) } });
          await response.arrayBuffer();
          return response.status === 200;
        } catch {
          return false;
        }
      }),
    ),
  );
  const made = answers.filter(Boolean).length;
  return { made, failed: answers.length - made };
}
