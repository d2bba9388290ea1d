/**
 * The layers of docs/architecture.md, checked on every `npm run lint` (so `npm test` fails on a violation).
 * Why dependency-cruiser and not an ESLint rule: docs/decisions/import-boundaries.md.
 *
 * Each layer rule reads "files of layer X may import only Y": the `to.pathNot` list is the allow-list, and
 * `to.path` limits the rule to this repo's own files (libraries and Node built-ins are always allowed here;
 * the browser's ban on Node built-ins is the ESLint rule browser-safe/no-node-builtins).
 */
const LAMBDAS = '^lambdas/';
/** The Lambda entry points; the CLIs in bin/ are entry points too, with rules of their own below. */
const ENTRY_POINTS = '^lambdas/(http|pipeline|triggers|streams)/';
/** The stack description imports nothing and is the configuration the runtime reads (routes, names, keys). */
const STACK_DESCRIPTION = '^lib/stack-description\\.ts$';
/** The data the product ships (feed catalogues, the model, story frequencies), read as JSON imports. */
const DATA_JSON = '^data/.+\\.json$';
const OWN_CODE = '^(lambdas|lib|bin|frontend|test|data)/';

const layer = (name, from, allowed, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: OWN_CODE, pathNot: allowed },
});

module.exports = {
  forbidden: [
    layer(
      'domain-imports-only-domain',
      '^lambdas/domain/',
      ['^lambdas/domain/', DATA_JSON],
      'domain/ holds pure rules: it imports only domain/, libraries and the JSON under data/.',
    ),
    {
      name: 'domain-has-no-aws',
      comment: 'Domain rules run anywhere, the browser included: no AWS SDK, no ElectroDB.',
      severity: 'error',
      from: { path: '^lambdas/domain/' },
      to: { path: '^node_modules/(@aws-sdk|electrodb)/' },
    },
    layer(
      'core-imports-only-libraries',
      '^lambdas/core/',
      ['^lambdas/core/', '^lambdas/domain/common/validation\\.ts$'],
      'core/ (config, errors, logger, validation) is the bottom layer: libraries only, and the one zod ' +
        'set-up that domain/common/validation.ts owns.',
    ),
    layer(
      'platform-imports-core-and-store',
      '^lambdas/platform/',
      ['^lambdas/(core|platform)/', '^lambdas/store/', '^lambdas/domain/', STACK_DESCRIPTION],
      'platform/ (router, auth, limits, metrics, cursors) sits on core/, the store and domain types.',
    ),
    layer(
      'store-and-search-import-domain-and-core',
      '^lambdas/(store|search)/',
      ['^lambdas/(store|search)/', '^lambdas/domain/', '^lambdas/core/', STACK_DESCRIPTION],
      'store/ and search/ know the table and the index; they call no adapter, service or entry point.',
    ),
    layer(
      'adapters-import-domain-and-core',
      '^lambdas/adapters/',
      ['^lambdas/adapters/', '^lambdas/domain/', '^lambdas/core/', STACK_DESCRIPTION],
      'adapters/ wrap one outside service each (SES, S3, Step Functions, feed HTTP...); they never read the store.',
    ),
    layer(
      'services-import-below-them',
      '^lambdas/services/',
      ['^lambdas/(services|store|search|adapters|domain)/', '^lambdas/core/', STACK_DESCRIPTION, DATA_JSON],
      'services/ are the use cases: store, search, adapters, domain, core and the data the product ships ' +
        '(the feed catalogues), never an entry point.',
    ),
    layer(
      'entry-points-import-layers-not-each-other',
      ENTRY_POINTS,
      [
        '^lambdas/(services|store|search|adapters|domain|core|platform)/',
        STACK_DESCRIPTION,
        // Within its own kind: a handler's helpers beside it (http/admin/*.ts, pipeline/sources/...).
        ENTRY_POINTS,
      ],
      'Entry points (http, pipeline, triggers, streams) call services, the store, search, adapters, domain, core, platform.',
    ),
    {
      name: 'entry-points-do-not-call-other-kinds-of-entry-point',
      comment: 'An HTTP handler that needs a pipeline step calls the service both use (services/), not the step.',
      severity: 'error',
      from: { path: ENTRY_POINTS },
      to: { path: ENTRY_POINTS, pathNot: '^lambdas/$1/' },
    },
    {
      name: 'lambdas-do-not-import-the-cdk-or-the-local-runtime',
      comment: 'lib/ is the CDK stack and the local stand-ins; a Lambda reads only the stack description.',
      severity: 'error',
      from: { path: LAMBDAS },
      to: { path: '^(lib|bin)/', pathNot: STACK_DESCRIPTION },
    },
    {
      name: 'bin-clis-are-entry-points',
      comment: 'The CLIs call services, the store, search, adapters, domain, core, platform and lib/, never each other.',
      severity: 'error',
      from: { path: '^bin/' },
      to: { path: ENTRY_POINTS },
    },
    {
      name: 'production-never-imports-test',
      comment: 'Fixtures the product ships live under data/; test/ is for the tests alone.',
      severity: 'error',
      from: { path: '^(lambdas|lib|bin|frontend/src)/' },
      to: { path: '^test/' },
    },
    {
      name: 'frontend-reaches-the-server-only-for-domain-and-answer-types',
      comment: 'The browser imports domain/ (browser-safe rules) and, type-only, the answer types of http/.',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { path: '^(lambdas|bin|data)/|^lib/(?!site-config\\.ts$)', pathNot: '^lambdas/(domain|http)/' },
    },
    {
      name: 'frontend-imports-answer-types-type-only',
      comment: 'Handlers run on the server; the screens take only their declared answer types (`import type`).',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { path: '^lambdas/http/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-feature-imports-another',
      comment: 'Features compose at the app level (frontend/src/app/), never by importing each other.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'no-cycle-between-folders',
      comment:
        'Layers run one way: no two folders of lambdas/ import each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: LAMBDAS, pathNot: '^lambdas/domain/' },
      to: { circular: true },
    },
    {
      name: 'no-cycle-between-domain-areas',
      comment:
        'The areas of domain/ run one way too: common <- content <- classifier <- reader <- newsletter, donations ' +
        '<- operations (analytics on common), so no two areas import each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^lambdas/domain/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(cdk\\.out|frontend/dist|\\.local)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      archi: { collapsePattern: '^(lambdas/[^/]+|lib|bin|frontend/src/[^/]+|data|test)' },
    },
  },
};
