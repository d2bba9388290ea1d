/**
 * Replays the file moves of .moves/moves.json on a tree, and re-points everything that names a moved file.
 *
 *   npx tsx .moves/rewrite-imports.ts [.moves/moves.json] [--until <group>] [--dry-run]
 *
 * moves.json: { "aliases": { "add": { "#x/*": "./dir/*" }, "remove": ["#y/*"] }, "moves": [entry, ...] }, in order.
 * An entry is one of
 *   { "group": "g", "from": "a/b.ts", "to": "a/c/b.ts" }          a file move (git mv)
 *   { "group": "g", "from": "a/dir/", "to": "b/dir/" }            every tracked file under a folder
 *   { "group": "g", "split": "a/b.ts", "into": { "a/c.ts": ["Name", ...] }, "note": "..." }
 *       a file whose content was split by hand (a content commit): named imports of the listed exports are
 *       re-pointed to the file that now holds them. The entry is skipped while a target file is missing.
 *
 * What it does, each step skipping what is already done (so it may run again on a merged tree):
 *   1. git mv each file whose `from` exists and whose `to` does not;
 *   2. package.json `imports`: adds and removes the listed aliases;
 *   3. every import specifier in lambdas/, lib/, bin/, test/, frontend/src/ and the root configs (import and
 *      export declarations, `import()`, `import('x').T` types, require, vi.mock / vi.importActual...), in
 *      relative or `#alias/` form, is re-pointed at the file's new place, in the form it had (an alias whose
 *      folder holds the new place, else a relative path);
 *   4. named imports from a split file are divided between the files that now hold them;
 *   5. every other mention of a moved path (`lambdas/store/x.ts`, `#store/x.ts`, a regex-escaped
 *      `lambdas/store/x\\.ts`, a folder `lambdas/shared/core/`) in those files, in docs/ and README.md,
 *      .dependency-cruiser.cjs, eslint config and package.json is rewritten.
 * It prints what it could not do (a namespace import or vi.mock factory of a split file): review those by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

interface FileMove { group?: string; from: string; to: string; note?: string }
interface SplitEntry { group?: string; split: string; into: Record<string, string[]>; note?: string }
type Entry = FileMove | SplitEntry;
interface MovesFile { aliases?: { add?: Record<string, string>; remove?: string[] }; moves: Entry[] }

const args = process.argv.slice(2);
const flag = (name: string) => { const at = args.indexOf(name); return at < 0 ? undefined : args.splice(at, 2)[1]; };
const until = flag('--until');
const dryRun = args.includes('--dry-run');
const movesPath = path.resolve(args.find((a) => !a.startsWith('--')) ?? '.moves/moves.json');
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: path.dirname(movesPath), encoding: 'utf8' }).trim();
const abs = (p: string) => path.join(root, p);
const warnings: string[] = [];
const warn = (text: string) => warnings.push(text);

const spec: MovesFile = JSON.parse(readFileSync(movesPath, 'utf8'));
const entries: Entry[] = [];
for (const entry of spec.moves) {
  entries.push(entry);
  if (until && entry.group === until && !spec.moves.slice(spec.moves.indexOf(entry) + 1).some((e) => e.group === until)) break;
}
const moves = entries.filter((e): e is FileMove => 'from' in e);
const splits = entries.filter((e): e is SplitEntry => 'split' in e);

/** Where a repository path ends up after every move, in order. */
function mapPath(p: string): string {
  let out = p;
  for (const move of moves) {
    if (move.from.endsWith('/')) {
      if (out.startsWith(move.from)) out = move.to + out.slice(move.from.length);
      else if (out === move.from.slice(0, -1)) out = move.to.slice(0, -1);
    } else if (out === move.from) out = move.to;
  }
  return out;
}
/** Where a file now at `p` stood before the moves (the inverse of mapPath, for files moved by an earlier run). */
function unmapPath(p: string): string {
  let out = p;
  for (const move of [...moves].reverse()) {
    if (move.from.endsWith('/')) { if (out.startsWith(move.to)) out = move.from + out.slice(move.to.length); }
    else if (out === move.to) out = move.from;
  }
  return out;
}

// 1. git mv
const tracked = () => execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
const movedNow = new Map<string, string>(); // new path -> old path, for files moved by this run
for (const move of moves) {
  const sources = move.from.endsWith('/') ? tracked().filter((f) => f.startsWith(move.from)) : [move.from];
  for (const from of sources) {
    const to = move.from.endsWith('/') ? move.to + from.slice(move.from.length) : move.to;
    if (!existsSync(abs(from))) continue;
    if (existsSync(abs(to))) { warn(`both ${from} and ${to} exist: left as they are`); continue; }
    console.log(`git mv ${from} ${to}`);
    if (dryRun) continue;
    mkdirSync(path.dirname(abs(to)), { recursive: true });
    execFileSync('git', ['mv', from, to], { cwd: root });
    const earlier = [...movedNow].find(([, old]) => old === from);
    movedNow.set(to, earlier ? movedNow.get(earlier[0])! : from);
    if (earlier) movedNow.delete(earlier[0]);
  }
}

// Folders the moves emptied go too.
for (const old of movedNow.values()) {
  for (let dir = path.posix.dirname(old); dir !== '.' && existsSync(abs(dir)) && readdirSync(abs(dir)).length === 0; dir = path.posix.dirname(dir)) {
    if (!dryRun) rmdirSync(abs(dir));
  }
}

// 2. package.json imports
const pkgPath = abs('package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
const oldAliases: Record<string, string> = { ...pkg.imports };
const imports: Record<string, string> = { ...pkg.imports };
for (const name of spec.aliases?.remove ?? []) delete imports[name];
Object.assign(imports, spec.aliases?.add ?? {});
const aliasRows = (table: Record<string, string>) =>
  Object.entries(table).filter(([k, v]) => k.endsWith('/*') && v.endsWith('/*')).map(([k, v]) => ({ prefix: k.slice(0, -1), dir: v.slice(2, -1) }));
const allAliases = [...aliasRows(imports), ...aliasRows(oldAliases)];
const newAliases = aliasRows(imports);
if (JSON.stringify(imports) !== JSON.stringify(pkg.imports)) {
  pkg.imports = imports;
  console.log('package.json imports updated');
  if (!dryRun) writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
}

/** `#store/x.ts` -> `lambdas/store/x.ts`, by the longest alias (old or new) that matches. */
function unalias(specifier: string): string | undefined {
  const row = allAliases.filter((a) => specifier.startsWith(a.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return row ? row.dir + specifier.slice(row.prefix.length) : undefined;
}
function alias(target: string): string | undefined {
  const row = newAliases.filter((a) => target.startsWith(a.dir)).sort((a, b) => b.dir.length - a.dir.length)[0];
  return row ? row.prefix + target.slice(row.dir.length) : undefined;
}
function relativeSpecifier(fromFile: string, target: string): string {
  const r = path.posix.relative(path.posix.dirname(fromFile), target);
  return r.startsWith('.') ? r : `./${r}`;
}

// 3-4. specifiers
const CODE_ROOTS = ['lambdas', 'lib', 'bin', 'test', 'frontend/src', 'eslint-rules'];
const CODE_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(abs(dir))) return out;
  for (const name of readdirSync(abs(dir))) {
    const p = `${dir}/${name}`;
    if (name === 'node_modules' || p === 'test/fixtures') continue;
    if (statSync(abs(p)).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}
const rootFiles = readdirSync(root).filter((n) => CODE_EXT.test(n) && statSync(abs(n)).isFile());
const codeFiles = [...CODE_ROOTS.flatMap((d) => walk(d)).filter((f) => CODE_EXT.test(f)), ...rootFiles, 'frontend/vite.config.ts'].filter((f) => existsSync(abs(f)));

const MOCK_CALLS = new Set(['vi.mock', 'vi.doMock', 'vi.unmock', 'vi.doUnmock', 'vi.importActual', 'vi.importMock', 'require', 'require.resolve']);
const activeSplits = splits.filter((s) => {
  const missing = Object.entries(s.into).flatMap(([file, names]) =>
    !existsSync(abs(file)) ? [file] : names.filter((n) => !new RegExp(`export\\s+(declare\\s+)?(async\\s+)?(const|let|function\\*?|class|type|interface|enum|abstract class)\\s+${n}\\b|export\\s*\\{[^}]*\\b${n}\\b`).test(readFileSync(abs(file), 'utf8'))).map((n) => `${file}#${n}`));
  if (missing.length) warn(`split of ${s.split} skipped until its content split is done (missing ${missing.join(', ')})`);
  return missing.length === 0;
});

let filesChanged = 0;
for (const file of codeFiles) {
  const text = readFileSync(abs(file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const oldHome = movedNow.get(file) ?? unmapPath(file);

  /** The repository path a specifier names (before the moves), or undefined for a package. */
  const resolve = (specifier: string): string | undefined => {
    if (specifier.startsWith('#')) return unalias(specifier);
    if (!specifier.startsWith('.')) return undefined;
    const here = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    const there = path.posix.normalize(path.posix.join(path.posix.dirname(oldHome), specifier));
    if (movedNow.has(file)) return there;
    const found = (p: string) => existsSync(abs(p)) || existsSync(abs(mapPath(p)));
    // A file moved by an earlier run may hold specifiers written against its old place (merged from another branch).
    if (!found(here) && oldHome !== file && found(there)) return there;
    return here;
  };
  const respecify = (specifier: string, target: string) =>
    specifier.startsWith('#') ? (alias(target) ?? relativeSpecifier(file, target)) : relativeSpecifier(file, target);

  const visit = (node: ts.Node) => {
    let literal: ts.StringLiteralLike | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) literal = node.moduleSpecifier;
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) literal = node.argument.literal;
    else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import' : node.expression.getText(source);
      if (callee === 'import' || MOCK_CALLS.has(callee)) literal = node.arguments[0];
    }
    if (literal) {
      const specifier = literal.text;
      const before = resolve(specifier);
      if (before !== undefined) {
        const target = mapPath(before);
        const split = activeSplits.find((s) => mapPath(s.split) === target);
        if (split && ts.isImportDeclaration(node) && node.importClause) splitImport(node, split, specifier, target);
        else if (split && ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) splitImport(node, split, specifier, target);
        else if (split && destructuredHome(node, split, target)) {
          const next = respecify(specifier, destructuredHome(node, split, target)!);
          if (next !== specifier) edits.push({ start: literal.getStart(source) + 1, end: literal.getEnd() - 1, text: next });
        } else {
          if (split && !ts.isImportTypeNode(node)) warn(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${specifier} is a split file; review this use by hand`);
          const next = respecify(specifier, target);
          if (next !== specifier) edits.push({ start: literal.getStart(source) + 1, end: literal.getEnd() - 1, text: next });
        }
      }
    }
    ts.forEachChild(node, visit);
  };

  /** `const { a, b } = await import('split')` whose names all went to one file: that file. */
  function destructuredHome(node: ts.Node, split: SplitEntry, target: string): string | undefined {
    if (ts.isImportTypeNode(node) && node.qualifier) {
      const first = ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.getText(source).split('.')[0]!;
      return Object.entries(split.into).find(([, names]) => names.includes(first))?.[0] ?? target;
    }
    const awaited = node.parent;
    const declaration = awaited && ts.isAwaitExpression(awaited) ? awaited.parent : undefined;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !ts.isObjectBindingPattern(declaration.name)) return undefined;
    const homes = new Set(declaration.name.elements.map((el) => {
      const name = (el.propertyName ?? el.name).getText(source);
      return Object.entries(split.into).find(([, names]) => names.includes(name))?.[0] ?? target;
    }));
    return homes.size === 1 ? [...homes][0] : undefined;
  }

  function splitImport(node: ts.ImportDeclaration | ts.ExportDeclaration, split: SplitEntry, specifier: string, target: string) {
    const owner = new Map<string, string>();
    for (const [into, names] of Object.entries(split.into)) for (const n of names) owner.set(n, into);
    const isImport = ts.isImportDeclaration(node);
    const clause = isImport ? node.importClause! : undefined;
    if (clause && (clause.name || (clause.namedBindings && !ts.isNamedImports(clause.namedBindings)))) {
      warn(`${file}: default or namespace import of split file ${specifier}: review by hand`);
      return;
    }
    const elements = isImport ? (clause!.namedBindings as ts.NamedImports | undefined)?.elements ?? [] : (node.exportClause as ts.NamedExports).elements;
    const groups = new Map<string, string[]>();
    for (const el of elements) {
      const name = (el.propertyName ?? el.name).text;
      const home = owner.get(name) ?? target;
      groups.set(home, [...(groups.get(home) ?? []), el.getText(source)]);
    }
    if (groups.size === 1 && groups.has(target)) {
      const next = respecify(specifier, target);
      if (next !== specifier) edits.push({ start: node.moduleSpecifier!.getStart(source) + 1, end: node.moduleSpecifier!.getEnd() - 1, text: next });
      return;
    }
    const typeOnly = isImport ? clause!.isTypeOnly : node.isTypeOnly;
    const keyword = isImport ? `import ${typeOnly ? 'type ' : ''}` : `export ${typeOnly ? 'type ' : ''}`;
    const quote = text[node.moduleSpecifier!.getStart(source)];
    const statements = [...groups].map(([home, names]) => {
      const where = home === target ? respecify(specifier, target) : respecify(specifier, home);
      return `${keyword}{ ${names.join(', ')} } from ${quote}${where}${quote}${node.attributes ? ` ${node.attributes.getText(source)}` : ''};`;
    });
    edits.push({ start: node.getStart(source), end: node.getEnd(), text: statements.join('\n') });
  }

  visit(source);
  if (!edits.length) continue;
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  if (out !== text) {
    filesChanged++;
    if (!dryRun) writeFileSync(abs(file), out);
  }
}

// 5. other mentions of moved paths
const PATH_MENTION = /(?<![\w-])((?:lambdas|lib|bin|test|frontend|#[\w-]+)\/(?:[\w-]|\\\\\.|\.(?=[\w-])|\/)*)/g;
const SHORT_MENTION = /(?<![\w/.#-])((?:shared|store|http|pipeline|streams|triggers|services|adapters|search|core|platform)\/(?:[\w-]|\.(?=[\w-])|\/)*)/g;
const textFiles = [
  ...codeFiles,
  ...walk('docs').filter((f) => f.endsWith('.md')),
  ...readdirSync(root).filter((n) => /\.(md|cjs|json)$/.test(n) && n !== 'package-lock.json'),
].filter((f, i, all) => all.indexOf(f) === i && existsSync(abs(f)));
let mentionsChanged = 0;
for (const file of textFiles) {
  const text = readFileSync(abs(file), 'utf8');
  let out = text.replace(PATH_MENTION, (mention: string) => {
    const escaped = mention.includes('\\\\.');
    const plain = escaped ? mention.replaceAll('\\\\.', '.') : mention;
    const isAlias = plain.startsWith('#');
    const repoPath = isAlias ? unalias(plain) : plain;
    if (repoPath === undefined) return mention;
    const mapped = mapPath(repoPath);
    let next = isAlias ? (alias(mapped) ?? mention) : mapped;
    if (isAlias && next === mention) return mention;
    if (!isAlias && mapped === repoPath) return mention;
    if (escaped) next = next.replaceAll('.', '\\\\.');
    return next;
  });
  // The short form comments use inside lambdas/: `shared/platform/router.ts`, `store/users.ts`.
  const shortened = out.replace(SHORT_MENTION, (mention: string) => {
    const mapped = mapPath(`lambdas/${mention}`);
    return mapped !== `lambdas/${mention}` && mapped.startsWith('lambdas/') ? mapped.slice('lambdas/'.length) : mention;
  });
  out = shortened;
  if (out !== text) {
    mentionsChanged++;
    if (!dryRun) writeFileSync(abs(file), out);
  }
}

console.log(`${movedNow.size} files moved, ${filesChanged} files with specifiers re-pointed, ${mentionsChanged} files with path mentions rewritten${dryRun ? ' (dry run)' : ''}`);
for (const w of warnings) console.warn(`! ${w}`);
