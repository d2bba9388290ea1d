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
/**
 * The page writer (docs/decisions/first-screen-html.md) renders the app's own pages on the server and answers
 * their reads with the API's public route handlers, so a written page is what the app and the API would show:
 * the one entry point that reaches the front end and another kind of entry point, by the rule of its own below.
 */
const PAGE_WRITER = '^lambdas/streams/site-pages\\.handler\\.ts$';
const PAGE_WRITER_READS = ['^lambdas/http/articles/(list-articles|get-article|categories)\\.ts$', '^frontend/src/app/prerender\\.tsx$'];
/** The stack description imports nothing and is the configuration the runtime reads (routes, names, keys). */
const STACK_DESCRIPTION = '^lib/stack-description\\.ts$';
/** The data the product ships (feed catalogues, the model, story frequencies), read as JSON imports. */
const DATA_JSON = '^data/.+\\.json$';
const OWN_CODE = '^(lambdas|lib|bin|frontend|test|data)/';

/** "files of `from` may not import `to`", with why. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });
const layer = (name, from, allowed, comment) => forbid(name, comment, { path: from, pathNot: PAGE_WRITER }, { path: OWN_CODE, pathNot: allowed });
/** The one adapter the store may import: it builds the DynamoDB clients the store sends its commands through. */
const DYNAMODB_ADAPTER = '^lambdas/adapters/dynamodb\\.ts$';
/** The retries, timeouts and failure watch every AWS client is built with (search/snapshots.ts builds its own S3 client). */
const AWS_CLIENT_SETTINGS = '^lambdas/adapters/aws-clients\\.ts$';

module.exports = {
  forbidden: [
    layer(
      'domain-imports-only-domain',
      '^lambdas/domain/',
      ['^lambdas/domain/', DATA_JSON],
      'domain/ holds pure rules: it imports only domain/, libraries and the JSON under data/.',
    ),
    forbid(
      'domain-has-no-aws',
      'Domain rules run anywhere, the browser included: no AWS SDK, no ElectroDB.',
      { path: '^lambdas/domain/' },
      { path: '^node_modules/(@aws-sdk|electrodb)/' },
    ),
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
      ['^lambdas/(store|search)/', '^lambdas/domain/', '^lambdas/core/', STACK_DESCRIPTION, DYNAMODB_ADAPTER, AWS_CLIENT_SETTINGS],
      'store/ and search/ know the table and the index; they call no service or entry point, and no adapter but ' +
        'adapters/dynamodb.ts, which builds the DynamoDB clients (rule aws-sdk-clients-only-in-adapters), and ' +
        'adapters/aws-clients.ts, the settings every client is built with (search/snapshots.ts builds its S3 client).',
    ),
    forbid(
      'aws-sdk-clients-only-in-adapters',
      'An AWS client (@aws-sdk/client-*) is built and called in lambdas/adapters/ alone (lib/, bin/ and test/ ' +
        'may use them too). The store gets its DynamoDB clients, and the table-level commands it sends, from ' +
        'adapters/dynamodb.ts, the one adapter it may import. @aws-sdk/lib-dynamodb and util-dynamodb stay ' +
        'allowed in the store: they are the item layer (Query/Update on documents, marshalling) of the table ' +
        'the store owns, not a client. Two known exceptions, below the adapters in the layers: ' +
        'core/secrets.ts (Secrets Manager; the adapters read their keys through it) and ' +
        'search/snapshots.ts (the index snapshots in S3; search may not import adapters).',
      { path: LAMBDAS, pathNot: ['^lambdas/adapters/', '^lambdas/core/secrets\\.ts$', '^lambdas/search/snapshots\\.ts$'] },
      { path: '^node_modules/@aws-sdk/client-' },
    ),
    forbid(
      'dynamodb-document-helpers-only-in-store-and-adapters',
      'Items are decoded (unmarshall) and written (lib-dynamodb commands) where the table\'s shape is known: ' +
        'the store, and the DynamoDB adapter that builds its clients. A stream consumer asks the store to decode a record.',
      { path: LAMBDAS, pathNot: ['^lambdas/store/', '^lambdas/adapters/'] },
      { path: '^node_modules/@aws-sdk/(lib|util)-dynamodb/' },
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
    forbid(
      'page-writer-renders-the-app-with-the-public-routes',
      'The page writer may import, besides the layers every entry point may, the app\'s server renderer and the ' +
        'public route handlers whose answers a written page shows; nothing else of the front end or of http/.',
      { path: PAGE_WRITER },
      { path: OWN_CODE, pathNot: ['^lambdas/(services|store|search|adapters|domain|core|platform)/', STACK_DESCRIPTION, ...PAGE_WRITER_READS] },
    ),
    forbid(
      'entry-points-do-not-call-other-kinds-of-entry-point',
      'An HTTP handler that needs a pipeline step calls the service both use (services/), not the step.',
      { path: ENTRY_POINTS, pathNot: PAGE_WRITER },
      { path: ENTRY_POINTS, pathNot: '^lambdas/$1/' },
    ),
    forbid(
      'lambdas-do-not-import-the-cdk-or-the-local-runtime',
      'lib/ is the CDK stack and the local stand-ins; a Lambda reads only the stack description.',
      { path: LAMBDAS },
      { path: '^(lib|bin)/', pathNot: STACK_DESCRIPTION },
    ),
    forbid(
      'bin-clis-are-entry-points',
      'The CLIs call services, the store, search, adapters, domain, core, platform and lib/, never each other.',
      { path: '^bin/' },
      { path: ENTRY_POINTS },
    ),
    forbid(
      'production-never-imports-test',
      'Fixtures the product ships live under data/; test/ is for the tests alone.',
      { path: '^(lambdas|lib|bin|frontend/src)/' },
      { path: '^test/' },
    ),
    forbid(
      'frontend-reaches-the-server-only-for-domain-and-answer-types',
      'The browser imports domain/ (browser-safe rules) and, type-only, the answer types of http/.',
      { path: '^frontend/src/' },
      { path: '^(lambdas|bin|data)/|^lib/(?!site-config\\.ts$)', pathNot: '^lambdas/(domain|http)/' },
    ),
    forbid(
      'frontend-imports-answer-types-type-only',
      'Handlers run on the server; the screens take only their declared answer types (`import type`).',
      { path: '^frontend/src/' },
      { path: '^lambdas/http/', dependencyTypesNot: ['type-only'] },
    ),
    forbid(
      'no-feature-imports-another',
      'Features compose at the app level (frontend/src/app/), never by importing each other.',
      { path: '^frontend/src/features/([^/]+)/' },
      { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    ),
    {
      name: 'no-cycle-between-folders',
      comment:
        'Layers run one way: no two folders of lambdas/ import each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: LAMBDAS, pathNot: '^lambdas/domain/' },
      // A folder counts its subfolders, so lib/ (the stack description the adapters read, and lib/local/, which
      // starts the store) closes store -> adapters/dynamodb.ts -> lib -> store. Folder rules take no `via`, so the
      // edges into adapters/ and lib/ are not reported here: a cycle of the layers still has an edge into another
      // folder (adapters import no layer above them), and no-cycle-between-files sees every real cycle of files.
      to: { circular: true, pathNot: '^(lambdas/adapters|lib)$' },
    },
    {
      name: 'no-cycle-between-files',
      comment:
        'Within a folder too: no two files of lambdas/ import each other, directly or through others (a cycle ' +
        'makes the load order decide what a module sees at start-up). A rule both files need goes to a third.',
      severity: 'error',
      from: { path: LAMBDAS },
      to: { circular: true },
    },
    {
      name: 'no-cycle-between-domain-areas',
      comment:
        'The areas of domain/ run one way too: common <- content <- topics <- classifier <- reader <- newsletter, ' +
        'donations <- operations (analytics on common), so no two areas import each other, directly or through others.',
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
