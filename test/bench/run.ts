/** `npm run bench`: runs every benchmark and prints its figures. Not part of npm test. */
import { runArticleAdminBench } from './article-admin.ts';
import { runCostsBench } from './costs.ts';
import { runHomeBundleBench } from './bundle.ts';
import { runDigestBench } from './digest.ts';
import { runFeedCorpusBench } from './feed-corpus.ts';
import { runIngestBench } from './ingest.ts';
import { runIngestScaleBench } from './ingest-scale.ts';
import { runLambdaBundlesBench } from './lambda-bundles.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runLoadBench } from './load.ts';
import { runRecommendationBench } from './recommend.ts';
import { runRunMetricsBench } from './run-metrics.ts';
import { runSearchBench } from './search.ts';
import { runSitePagesBench } from './site-pages.ts';
import { runSoakBench } from './soak.ts';

const only = process.argv[2];
if (!only || only === 'bundle') await runHomeBundleBench();
if (!only || only === 'lighthouse') await runLighthouseBench();
if (!only || only === 'search') await runSearchBench();
if (!only || only === 'site-pages') await runSitePagesBench();
if (!only || only === 'ingest') await runIngestBench();
if (!only || only === 'recommend') await runRecommendationBench();
if (!only || only === 'digest') await runDigestBench();
if (!only || only === 'article-admin') await runArticleAdminBench();
if (!only || only === 'run-metrics') await runRunMetricsBench();
if (!only || only === 'lambda-bundles') await runLambdaBundlesBench();
if (!only || only === 'load') await runLoadBench();
if (!only || only === 'feed-corpus') await runFeedCorpusBench();
if (!only || only === 'costs') await runCostsBench();
if (!only || only === 'ingest-scale') await runIngestScaleBench();
// Not in the all-benches run: half an hour by default. `npm run bench -- soak`.
if (only === 'soak') await runSoakBench();
