import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The browser must never load a Node built-in: Vite's dev server stops at the first one (the production
 * build only stubs it), so a screen works under `npm run build:web` and crashes under `npm start`.
 * A per-file ban cannot hold this, because a browser module reaches Node through the shared modules it
 * imports (frontend -> lambdas/domain/x.ts -> node:crypto), and some domain modules are server-only and
 * may use Node. So this rule, on each file of frontend/src, follows every runtime import (type-only
 * imports are erased and are not followed) through the repository's own modules and reports the import
 * whose graph reaches a built-in, with the path it took, in the browser file where that path leaves frontend/src.
 */

const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const packageImports = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).imports ?? {};
const browserRoot = path.join(repoRoot, 'frontend', 'src') + path.sep;
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];

function resolveAlias(specifier) {
  for (const [pattern, target] of Object.entries(packageImports)) {
    const prefix = pattern.replace(/\*$/, '');
    if (pattern.endsWith('*') ? specifier.startsWith(prefix) : specifier === pattern) {
      return path.join(repoRoot, target.replace(/\*$/, '') + specifier.slice(prefix.length));
    }
  }
  return null;
}

function existingSource(candidate) {
  for (const file of [candidate, ...SOURCE_EXTENSIONS.map((ext) => candidate + ext), ...SOURCE_EXTENSIONS.map((ext) => path.join(candidate, `index${ext}`))]) {
    if (SOURCE_EXTENSIONS.includes(path.extname(file)) && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** 'builtin' for a Node built-in, a file path for one of our modules, null for a package, asset or unknown. */
function resolve(specifier, fromFile) {
  if (specifier.startsWith('node:') || isBuiltin(specifier)) return 'builtin';
  if (specifier.startsWith('.')) return existingSource(path.resolve(path.dirname(fromFile), specifier));
  if (specifier.startsWith('#')) {
    const target = resolveAlias(specifier);
    return target ? existingSource(target) : null;
  }
  return null;
}

/** The module specifiers a file loads at run time: value imports, re-exports and literal dynamic import(). */
function runtimeSpecifiers(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

// file -> { mtimeMs, chain }: the chain of modules from file to the first built-in it reaches, or null.
const reached = new Map();

function builtinChain(file, visiting = new Set()) {
  const mtimeMs = fs.statSync(file).mtimeMs;
  const known = reached.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.chain;
  if (visiting.has(file)) return null;
  visiting.add(file);
  let chain = null;
  for (const specifier of runtimeSpecifiers(file)) {
    const target = resolve(specifier, file);
    if (target === 'builtin') chain = [specifier];
    else if (target) {
      const below = builtinChain(target, visiting);
      if (below) chain = [path.relative(repoRoot, target), ...below];
    }
    if (chain) break;
  }
  visiting.delete(file);
  reached.set(file, { mtimeMs, chain });
  return chain;
}

export const noNodeBuiltinsInBrowser = {
  meta: {
    type: 'problem',
    docs: { description: 'Nothing the browser loads may import a Node built-in, directly or through the modules it imports.' },
    messages: {
      builtin: "The browser loads this import, which reaches the Node built-in '{{builtin}}' ({{chain}}): Vite's dev server cannot serve it. Keep that code server-side (lambdas/core, platform, adapters or http) and import only pure modules here.",
    },
    schema: [],
  },
  create(context) {
    const check = (node, specifierNode) => {
      if (!specifierNode || typeof specifierNode.value !== 'string') return;
      const target = resolve(specifierNode.value, context.filename);
      // Imports between browser files are checked where the path leaves frontend/src: one report per cause.
      if (target && target !== 'builtin' && target.startsWith(browserRoot)) return;
      const chain = target === 'builtin' ? [specifierNode.value] : target ? builtinChain(target) : null;
      if (!chain) return;
      const route = target === 'builtin' ? [path.relative(repoRoot, context.filename), ...chain] : [path.relative(repoRoot, context.filename), path.relative(repoRoot, target), ...chain];
      context.report({ node, messageId: 'builtin', data: { builtin: chain.at(-1), chain: route.join(' -> ') } });
    };
    return {
      ImportDeclaration(node) {
        if (node.importKind !== 'type') check(node, node.source);
      },
      ExportNamedDeclaration(node) {
        if (node.source && node.exportKind !== 'type') check(node, node.source);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') check(node, node.source);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source);
      },
    };
  },
};
