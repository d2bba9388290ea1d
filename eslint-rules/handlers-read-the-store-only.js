/**
 * A handler (lambdas/http/**) validates, calls one service, or reads the store for a plain read, and shapes
 * the answer (docs/architecture.md section 3). A write is a use case: it goes through a service in
 * lambdas/services/, which owns the audit, the counters and the order of the writes. dependency-cruiser sees
 * only which file is imported, not which names, so this rule looks at the names a handler takes from the store.
 *
 * From `#store/*` (or a relative path into lambdas/store/) a handler may import:
 * - types (`import type`, or `type X` in the braces);
 * - constants and classes: UPPER_CASE names (COUNTER_SCOPES) and PascalCase names (error classes for
 *   `instanceof`);
 * - read functions, recognised by their verb: the name starts with one of READ_VERBS followed by a capital
 *   letter or nothing (getArticle, listAlerts, countByStatus, readCounters, isDeletedAccount, latestPipelineRuns),
 *   or ends in `Since`/`Between` (a window read: sharesSince, subscriptionsStartedBetween), or is one of
 *   OTHER_READS, read functions whose names carry no verb.
 * A verb list rather than a list of every read: a new read named as the store names its reads passes without an
 * edit here, and a write always starts with a verb of change (set, save, record, create, mark, add, remove...).
 * WRITES_NAMED_LIKE_READS lists the store writes whose name starts with a read verb, so they fail all the same.
 * Everything else (namespace imports and `import *` included) counts as a write.
 */
const READ_VERBS = ['get', 'list', 'count', 'find', 'query', 'read', 'load', 'search', 'is', 'has', 'recent', 'latest', 'top', 'all', 'current'];
const OTHER_READS = new Set(['followedCategories', 'reviewQueueScores', 'subscriberCounts', 'donationTotals', 'exportUserData']);
/** countArticleEvent adds one to an article's view/share tally. */
const WRITES_NAMED_LIKE_READS = new Set(['countArticleEvent']);

const READ_NAME = new RegExp(`^(${READ_VERBS.join('|')})([A-Z0-9]|$)|[a-z](Since|Between)$`);

export function isStoreRead(name) {
  if (WRITES_NAMED_LIKE_READS.has(name)) return false;
  if (/^[A-Z][A-Z0-9_]*$/.test(name) || /^[A-Z][a-zA-Z0-9]*$/.test(name)) return true;
  return READ_NAME.test(name) || OTHER_READS.has(name);
}

const isStoreSpecifier = (specifier) => specifier.startsWith('#store/') || /(^|\/)store\//.test(specifier) && specifier.startsWith('.');

export const handlersReadTheStoreOnly = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      write:
        "A handler may read the store, not write it: '{{name}}' from {{source}} looks like a write. Call a service in " +
        'lambdas/services/ that does it (eslint-rules/handlers-read-the-store-only.js says what counts as a read).',
      namespace: 'Import the store read functions by name ({{source}}), so that a write cannot hide behind a namespace.',
    },
  },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !isStoreSpecifier(source)) return;
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (node.type === 'ExportAllDeclaration') {
        context.report({ node, messageId: 'namespace', data: { source } });
        return;
      }
      for (const specifier of node.specifiers ?? []) {
        if (specifier.importKind === 'type' || specifier.exportKind === 'type') continue;
        if (specifier.type === 'ImportNamespaceSpecifier' || specifier.type === 'ImportDefaultSpecifier') {
          context.report({ node: specifier, messageId: 'namespace', data: { source } });
          continue;
        }
        const imported = specifier.type === 'ExportSpecifier' ? specifier.local : specifier.imported;
        const name = imported.type === 'Identifier' ? imported.name : imported.value;
        if (!isStoreRead(name)) context.report({ node: specifier, messageId: 'write', data: { name, source } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        const source = node.source.type === 'Literal' ? node.source.value : null;
        if (typeof source === 'string' && isStoreSpecifier(source)) context.report({ node, messageId: 'namespace', data: { source } });
      },
    };
  },
};
