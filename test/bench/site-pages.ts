/**
 * The page writer (docs/decisions/first-screen-html.md) in the local runtime, as `npm start` runs it: how long
 * writing every page takes at start, how soon a burst of publishes has its pages, and how long a moderator's edit
 * takes to reach the story's written page, with the lists long enough for every written list page
 * (WRITTEN_LIST_PAGES); then every page again as the deploy asks for it. `npm run bench -- site-pages`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { storyPath, WRITTEN_LIST_PAGES } from '#domain/reader/site-pages.ts';
import { startLocalRuntime, type RunningRuntime } from '../support/local-runtime.ts';
import { buildSite } from './bundle.ts';

/** Ports of the bench's own runtime; CNH_BENCH_PORT_BASE moves them. */
const PORT_BASE = Number(process.env.CNH_BENCH_PORT_BASE ?? 5300) + 100;
/** Enough stories for every written page of the home list (12 cards a page), and more. */
const STORIES = 12 * WRITTEN_LIST_PAGES + 30;
const EDITS = 8;
/** Fixture pictures on the local feed host (test/fixtures/feeds/images). */
const BENCH_PICTURES = ['ai-captions.jpg', 'collab-dashboard.jpg', 'creator-funds.jpg', 'd2c-festive.jpg', 'link-in-bio.jpg'];
const ADMIN = { email: 'bench-admin@local.test', password: 'Bench-Admin-2026' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function adminToken(runtime: RunningRuntime): Promise<string> {
  const { userPool } = runtime.urls;
  const cognito = new CognitoIdentityProviderClient({ endpoint: userPool.endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const signedIn = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: userPool.userPoolClientId, AuthParameters: { USERNAME: ADMIN.email, PASSWORD: ADMIN.password } }));
  cognito.destroy();
  const token = signedIn.AuthenticationResult?.IdToken;
  if (!token) throw new Error('The bench admin could not sign in');
  return token;
}

async function call(runtime: RunningRuntime, token: string, method: string, route: string, body: unknown): Promise<{ id: string; title: string }> {
  const answer = await fetch(`${runtime.urls.api}${route}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`${method} ${route} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as { id: string; title: string };
}

/** Milliseconds until `path` on the site serves HTML containing `text` (asked every 50 ms, for a minute at most). */
async function untilServed(runtime: RunningRuntime, pathname: string, text: string): Promise<number> {
  const startedAt = performance.now();
  while (performance.now() - startedAt < 60_000) {
    // The local site serves the bucket's copy as it is (CloudFront would keep it up to a minute more: max-age=60).
    const answer = await fetch(`${runtime.urls.site}${pathname}`);
    if (answer.ok && (await answer.text()).includes(text)) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${pathname} did not show "${text}" within a minute`);
}

export async function runSitePagesBench(): Promise<void> {
  await buildSite();
  const logFile = path.join(process.env.TMPDIR ?? '/tmp', `cnh-bench-site-pages-${process.pid}.log`);
  const runtime = await startLocalRuntime({ portBase: PORT_BASE, serveBuiltSite: true, admin: ADMIN, logFile });
  try {
    const atStart = /Pages at start: every page written in ([\d.]+) s/.exec(readFileSync(logFile, 'utf8'))?.[1];
    const token = await adminToken(runtime);
    const marker = `bench${Date.now().toString(36)}`;
    const created: Array<{ id: string; title: string }> = [];
    const filledAt = performance.now();
    for (let n = 0; n < STORIES; n += 1) {
      const category = PUBLIC_CATEGORY_SLUGS[n % PUBLIC_CATEGORY_SLUGS.length] as string;
      const title = `Creators in Pune get payout dashboard number ${n} ${marker}`;
      created.push(await call(runtime, token, 'POST', '/admin/articles', {
        title,
        sourceUrl: `https://bench.example.com/${marker}/${n}`,
        sourceName: `Bench Source ${n % 9}`,
        summary: `A bench story about a creator payout dashboard for brands and agencies in India, number ${n}.`,
        category,
        status: 'published',
        // A publisher's picture each (the local feed host's), as most stories have: the writer makes their first copies.
        imageUrl: `${runtime.urls.feeds}/images/${BENCH_PICTURES[n % BENCH_PICTURES.length]}`,
      }));
    }
    const newest = created.at(-1) as { id: string; title: string };
    // The last story's page is written after the batches before it (the stream is in order): the burst is done.
    const caughtUp = await untilServed(runtime, storyPath(newest), newest.title);
    console.log(`\nPage writer (local runtime, built site; ${STORIES} stories published through the console API)`);
    console.log(`  every page at start (fixtures): ${atStart ?? '?'} s`);
    console.log(`  ${STORIES} publishes, one API call after another: the last one's page served ${((performance.now() - filledAt) / 1000).toFixed(1)} s after the first call, ${(caughtUp / 1000).toFixed(1)} s after the last`);

    const storyLatencies: number[] = [];
    for (let edit = 0; edit < EDITS; edit += 1) {
      const story = created[created.length - 1 - edit] as { id: string; title: string };
      const title = `${story.title} edited ${edit}`;
      const edited = await call(runtime, token, 'PUT', `/admin/articles/${story.id}`, { title });
      storyLatencies.push(await untilServed(runtime, storyPath(edited), title));
    }
    console.log(`  a console edit until the story's written page shows it (${EDITS} edits, one at a time; the local stream poller has no batching window, Lambda's adds up to 5 s on AWS): median ${Math.round(median(storyLatencies))} ms, max ${Math.round(Math.max(...storyLatencies))} ms`);

    // As the deploy asks (one part here: far under its minute): the figure that sizes the parts on AWS.
    const total = ((await (await fetch(`${runtime.urls.api}/articles?limit=1`)).json()) as { total: number }).total;
    const lambda = new LambdaClient({ endpoint: runtime.urls.functions, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const rewriteStarted = performance.now();
    const rewrite = await lambda.send(new InvokeCommand({ FunctionName: 'site-pages', Payload: new TextEncoder().encode(JSON.stringify({ rewriteAll: true })) }));
    const rewriteMs = performance.now() - rewriteStarted;
    lambda.destroy();
    if (rewrite.FunctionError) throw new Error(`The rewrite failed: ${new TextDecoder().decode(rewrite.Payload)}`);
    console.log(`  every page again, as after a deploy: ${total} story pages and every list's pages in ${(rewriteMs / 1000).toFixed(1)} s, ${(rewriteMs / total).toFixed(1)} ms a story, the lists' share included`);
  } finally {
    await runtime.stop();
  }
}
