import { describe, expectTypeOf, it } from 'vitest';
import type { SystemHealth } from '#domain/operations/system-health.ts';
import type { ApiAnswer, ApiAnswers } from '#http/answers.ts';
import type { AnswerOf, Reply, RouteHandler, TextReply } from '#platform/router.ts';
import type { listArticles as adminListArticles } from '../../lambdas/http/admin/articles.ts';
import type { listArticles as publicListArticles } from '../../lambdas/http/articles/list-articles.ts';
import type { dashboard } from '../../lambdas/http/admin/console.ts';
import type { operations, recovery } from '../../lambdas/http/admin/operations.ts';

/**
 * One contract per answer: the screens, the reader's API modules and the tests read each route's answer
 * from the handler (ApiAnswer), never from a copy. These are type-level checks, enforced by `npm run
 * typecheck` (tsc reads test/): a handler that changes its answer, or a reader that declares its own
 * shape again, fails the build instead of drifting at run time. At run time the assertions are no-ops.
 */
type PublicArticles = typeof import('#web/features/reader/api/articles.ts');
type ConsoleArticles = typeof import('#web/features/admin/screens/articles/api.ts');
type ConsoleDashboard = typeof import('#web/features/admin/screens/dashboard/api.ts');
type ConsoleOperations = typeof import('#web/features/admin/screens/operations/api.ts');
type ConsoleRecovery = typeof import('#web/features/admin/screens/recovery/api.ts');

type Resolved<Call extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Call>>;

describe('the answer of a route', () => {
  it('is what its handler returns: a Reply answers its body, a text answer has no JSON body', () => {
    expectTypeOf<AnswerOf<RouteHandler<{ id: string }>>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<AnswerOf<RouteHandler<Reply<{ created: true }> | { created: false }>>>().toEqualTypeOf<{ created: true } | { created: false }>();
    expectTypeOf<AnswerOf<RouteHandler<TextReply>>>().toBeNever();
  });

  it('is found in the table by the route key the stack description writes', () => {
    expectTypeOf<ApiAnswer<'GET /admin/articles'>>().toEqualTypeOf<AnswerOf<typeof adminListArticles>>();
    expectTypeOf<ApiAnswer<'GET /articles'>>().toEqualTypeOf<AnswerOf<typeof publicListArticles>>();
    expectTypeOf<'GET /admin/articles'>().toExtend<keyof ApiAnswers>();
    // A key no route has is refused.
    // @ts-expect-error -- there is no such route
    expectTypeOf<ApiAnswer<'GET /admin/nothing'>>().toBeUnknown();
  });
});

describe('the public article card', () => {
  it('is the list answer\'s item, on the reader side and in the list call', () => {
    type Card = ApiAnswer<'GET /articles'>['items'][number];
    expectTypeOf<PublicArticles['fetchArticles']>().returns.resolves.toEqualTypeOf<AnswerOf<typeof publicListArticles>>();
    expectTypeOf<Resolved<PublicArticles['fetchArticles']>['items'][number]>().toEqualTypeOf<Card>();
    expectTypeOf<Card>().toHaveProperty('indiaBadge').toEqualTypeOf<string | null>();
    expectTypeOf<Card>().toHaveProperty('alsoCoveredBy');
  });

  it('cannot be read for a field the list does not send (the article body is only in the detail)', () => {
    type Card = ApiAnswer<'GET /articles'>['items'][number];
    // @ts-expect-error -- the card has no content: a reader that expects it fails to compile
    expectTypeOf<Card['content']>().toBeString();
    expectTypeOf<ApiAnswer<'GET /articles/{id}'>>().toHaveProperty('content').toBeString();
  });
});

describe('the console article list page', () => {
  it('is the admin list handler\'s answer, rows and per-status counts included', () => {
    type Page = AnswerOf<typeof adminListArticles>;
    expectTypeOf<ConsoleArticles['fetchArticles']>().returns.resolves.toEqualTypeOf<Page>();
    expectTypeOf<Resolved<ConsoleArticles['fetchArticles']>['items'][number]>().toEqualTypeOf<Page['items'][number]>();
    expectTypeOf<Page>().toHaveProperty('counts').toEqualTypeOf<Record<string, number>>();
    expectTypeOf<Page>().toHaveProperty('pages').toBeNumber();
  });
});

describe('the health answer', () => {
  it('is the one health model on the dashboard, Operations and Recovery', () => {
    expectTypeOf<AnswerOf<typeof dashboard>['health']>().toEqualTypeOf<SystemHealth>();
    expectTypeOf<AnswerOf<typeof operations>['health']>().toEqualTypeOf<SystemHealth>();
    expectTypeOf<AnswerOf<typeof recovery>['health']>().toEqualTypeOf<SystemHealth>();
    expectTypeOf<Resolved<ConsoleDashboard['fetchDashboard']>['health']>().toEqualTypeOf<SystemHealth>();
    expectTypeOf<Resolved<ConsoleOperations['fetchOperations']>['health']>().toEqualTypeOf<SystemHealth>();
    expectTypeOf<Resolved<ConsoleRecovery['fetchRecovery']>['health']>().toEqualTypeOf<SystemHealth>();
  });
});
