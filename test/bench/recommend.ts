/**
 * For You, measured on real articles (test/bench/data/real-articles.json: published pages with their
 * topics, see the README there) with simulated readers whose interest is known: each likes and saves a
 * few articles of one category (and reads one of another, as people do). Printed: precision@10 (the
 * share of the top 10 in the reader's category) and top-1 hit rate, against the "latest" baseline
 * (the ten newest articles), and how long one recommendation takes over 3,000 candidates.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { recommend, type Interaction, type RecommendableArticle } from '#domain/reader/recommend.ts';
import { repoRoot } from '../support/local-runtime.ts';

interface RealArticle {
  id: string;
  title: string;
  summary: string;
  category: string;
  publishedAt: string | null;
}

const READERS_PER_CATEGORY = 40;
const LIKES = 3;
const TOP = 10;

/** A small seeded generator, so every run simulates the same readers. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(list: readonly T[], count: number, next: () => number): T[] {
  const copy = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && copy.length) chosen.push(copy.splice(Math.floor(next() * copy.length), 1)[0] as T);
  return chosen;
}

export function loadRealArticles(now: Date): RecommendableArticle[] {
  const file = path.join(repoRoot, 'test/bench/data/real-articles.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RealArticle[];
  const next = random(7);
  // Pages without a date get one in the last 7 days (seeded), so freshness and "latest" have something to order.
  return raw.map((article) => ({
    id: article.id,
    title: article.title,
    summary: article.summary,
    category: article.category,
    publishedAt: article.publishedAt && !Number.isNaN(Date.parse(article.publishedAt)) ? new Date(Math.min(Date.parse(article.publishedAt), now.getTime())).toISOString() : new Date(now.getTime() - next() * 7 * 86_400_000).toISOString(),
  }));
}

export async function runRecommendationBench(): Promise<void> {
  const now = new Date();
  const labelled = loadRealArticles(now);
  // The model reads the article's category, which on the site is the classifier's guess: with the human
  // label it is flattered, so it is also measured with the category withheld (text and tags only).
  runScenario('with the category', labelled, labelled, now);
  runScenario('text only (category withheld)', labelled.map((article) => ({ ...article, category: 'unknown' })), labelled, now);
  timeOneRecommendation(labelled, now);
}

function runScenario(name: string, articles: RecommendableArticle[], labelled: RecommendableArticle[], now: Date): void {
  const truth = new Map(labelled.map((article) => [article.id, article.category]));
  const categoryOf = (article: RecommendableArticle) => truth.get(article.id) as string;
  const categories = [...new Set(labelled.map((article) => article.category))].sort();
  const next = random(42);
  const rows: Array<{ category: string; model: number; latest: number; modelTop1: number; latestTop1: number }> = [];
  for (const category of categories) {
    const own = articles.filter((article) => categoryOf(article) === category);
    const other = articles.filter((article) => categoryOf(article) !== category);
    let model = 0;
    let latest = 0;
    let modelTop1 = 0;
    let latestTop1 = 0;
    for (let reader = 0; reader < READERS_PER_CATEGORY; reader += 1) {
      const liked = pick(own, LIKES, next);
      const strayRead = pick(other, 1, next);
      const interactions: Interaction[] = [
        ...liked.map((article, index) => ({ article, kind: index === 0 ? ('bookmark' as const) : ('like' as const) })),
        ...strayRead.map((article) => ({ article, kind: 'read' as const })),
      ];
      const seen = new Set(interactions.map((interaction) => interaction.article.id));
      const candidates = articles.filter((article) => !seen.has(article.id));
      const ranked = recommend(interactions, candidates, now, TOP).map((item) => item.articleId);
      const newest = [...candidates].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt)).slice(0, TOP).map((article) => article.id);
      const inCategory = (id: string) => truth.get(id) === category;
      model += ranked.filter(inCategory).length / TOP;
      latest += newest.filter(inCategory).length / TOP;
      modelTop1 += ranked[0] && inCategory(ranked[0]) ? 1 : 0;
      latestTop1 += newest[0] && inCategory(newest[0]) ? 1 : 0;
    }
    rows.push({ category, model: model / READERS_PER_CATEGORY, latest: latest / READERS_PER_CATEGORY, modelTop1: modelTop1 / READERS_PER_CATEGORY, latestTop1: latestTop1 / READERS_PER_CATEGORY });
  }

  const percent = (value: number) => `${(value * 100).toFixed(0)}%`.padStart(5);
  console.log(`\nFor You, ${name}: ${articles.length} real articles, ${READERS_PER_CATEGORY} simulated readers per category (${LIKES} likes/saves in it, 1 stray read)`);
  console.log(`  ${'category'.padEnd(20)} articles  precision@10 For You / latest   top-1 For You / latest`);
  for (const row of rows) {
    const count = labelled.filter((article) => article.category === row.category).length;
    console.log(`  ${row.category.padEnd(20)} ${String(count).padStart(8)}  ${percent(row.model)} / ${percent(row.latest)}              ${percent(row.modelTop1)} / ${percent(row.latestTop1)}`);
  }
  const mean = (key: 'model' | 'latest' | 'modelTop1' | 'latestTop1') => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;
  console.log(`  ${'all readers'.padEnd(20)} ${String(articles.length).padStart(8)}  ${percent(mean('model'))} / ${percent(mean('latest'))}              ${percent(mean('modelTop1'))} / ${percent(mean('latestTop1'))}`);
}

/** Cost of one recomputation at the size the stream consumer uses (the 3,000 newest candidates). */
function timeOneRecommendation(articles: RecommendableArticle[], now: Date): void {
  const next = random(9);
  const pool = Array.from({ length: Math.ceil(3000 / articles.length) }, (_, copy) => articles.map((article) => ({ ...article, id: `${article.id}-${copy}` }))).flat().slice(0, 3000);
  const interactions = pick(articles, 6, next).map((article) => ({ article, kind: 'like' as const }));
  recommend(interactions, pool, now);
  const runs = 20;
  const startedAt = performance.now();
  for (let run = 0; run < runs; run += 1) recommend(interactions, pool, now);
  console.log(`  one recommendation over ${pool.length} candidates: ${((performance.now() - startedAt) / runs).toFixed(1)} ms`);
}
