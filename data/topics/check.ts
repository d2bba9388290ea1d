// Validates the hand-labelled topics evaluation data. Run: npx tsx data/topics/check.ts
// Prints counts and exits non-zero on any error. It checks the files; it never labels anything.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const KINDS = ["platform", "creator", "brand", "agency", "regulator"] as const;
type Kind = (typeof KINDS)[number];
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const errors: string[] = [];
const err = (m: string) => errors.push(m);

// The classifier corpus's title normalisation: lowercase, punctuation and whitespace folded.
const norm = (t: string) =>
  t.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}_\s]/gu, " ").split(/\s+/).filter(Boolean).join(" ");

interface Entity { text: string; id: string; kind: Kind }
interface Row {
  id: string; title: string; outlet: string; url: string; date: string | null;
  entities: Entity[]; india: boolean; indiaCues: string[]; split: "dev" | "test";
}

const lines = readFileSync(join(here, "labelled-headlines.jsonl"), "utf8").split("\n").filter((l) => l.trim());
const rows: Row[] = [];
lines.forEach((l, i) => {
  try { rows.push(JSON.parse(l)); } catch { err(`line ${i + 1}: not valid JSON`); }
});

const corpus = new Set(
  readFileSync(join(here, "..", "classifier", "corpus", "headlines.jsonl"), "utf8")
    .split("\n").filter((l) => l.trim()).map((l) => norm(JSON.parse(l).title as string)),
);

const ids = new Set<string>();
const titles = new Map<string, string>();
const outletSplit = new Map<string, string>();
const kindOf = new Map<string, Kind>();
for (const r of rows) {
  for (const f of ["id", "title", "outlet", "url"] as const) if (typeof r[f] !== "string" || !r[f]) err(`${r.id}: missing ${f}`);
  if (!/^h\d{4}$/.test(r.id)) err(`${r.id}: id not hNNNN`);
  if (ids.has(r.id)) err(`${r.id}: duplicate id`);
  ids.add(r.id);
  const n = norm(r.title);
  if (titles.has(n)) err(`${r.id}: same normalised title as ${titles.get(n)}`);
  titles.set(n, r.id);
  if (corpus.has(n)) err(`${r.id}: title is a row of the classifier corpus`);
  if (r.date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(r.date)) err(`${r.id}: date not ISO or null`);
  if (!/^https?:\/\//.test(r.url)) err(`${r.id}: url`);
  if (r.split !== "dev" && r.split !== "test") err(`${r.id}: split`);
  const prev = outletSplit.get(r.outlet);
  if (prev && prev !== r.split) err(`${r.id}: outlet ${r.outlet} in both splits`);
  outletSplit.set(r.outlet, r.split);
  if (typeof r.india !== "boolean") err(`${r.id}: india not boolean`);
  if (!Array.isArray(r.indiaCues)) err(`${r.id}: indiaCues not an array`);
  else {
    for (const c of r.indiaCues) if (!r.title.includes(c)) err(`${r.id}: cue "${c}" not in title`);
    if (!r.india && r.indiaCues.length) err(`${r.id}: cues on a non-India row`);
  }
  if (!Array.isArray(r.entities)) { err(`${r.id}: entities not an array`); continue; }
  for (const e of r.entities) {
    if (!r.title.includes(e.text)) err(`${r.id}: entity text "${e.text}" not in title`);
    if (!KEBAB.test(e.id)) err(`${r.id}: entity id "${e.id}" not kebab-case`);
    if (!KINDS.includes(e.kind)) err(`${r.id}: kind "${e.kind}"`);
    const k = kindOf.get(e.id);
    if (k && k !== e.kind) err(`${r.id}: ${e.id} is ${e.kind} here but ${k} elsewhere`);
    kindOf.set(e.id, e.kind);
  }
}

// Seed list: unique ids, kinds from the list, aliases arrays, ambiguous aliases among name/aliases.
interface Seed { id: string; name: string; kind: Kind; aliases: string[]; india: boolean; ambiguousAliases?: string[] }
const seeds: Seed[] = JSON.parse(readFileSync(join(here, "seed-entities.json"), "utf8"));
const seedIds = new Set<string>();
for (const s of seeds) {
  if (seedIds.has(s.id)) err(`seed ${s.id}: duplicate`);
  seedIds.add(s.id);
  if (!KEBAB.test(s.id)) err(`seed ${s.id}: not kebab-case`);
  if (!KINDS.includes(s.kind)) err(`seed ${s.id}: kind ${s.kind}`);
  if (!s.name || !Array.isArray(s.aliases) || typeof s.india !== "boolean") err(`seed ${s.id}: fields`);
  for (const a of s.ambiguousAliases ?? []) if (a !== s.name && !s.aliases.includes(a)) err(`seed ${s.id}: ambiguous alias ${a} is not a name or alias`);
  const k = kindOf.get(s.id);
  if (k && k !== s.kind) err(`seed ${s.id}: kind ${s.kind} but labelled ${k} in the headlines`);
}

const bySplit = (s: string) => rows.filter((r) => r.split === s);
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(`headlines ${rows.length}, outlets ${outletSplit.size}, classifier-corpus titles checked against ${corpus.size}`);
for (const s of ["dev", "test"]) {
  const R = bySplit(s);
  const outs = new Set(R.map((r) => r.outlet));
  const mentions = R.flatMap((r) => r.entities);
  const perKind = KINDS.map((k) => `${k} ${mentions.filter((e) => e.kind === k).length}`).join(", ");
  const distinct = new Set(mentions.map((e) => e.id)).size;
  console.log(
    `${s}: ${R.length} headlines (${pct(R.length, rows.length)}), ${outs.size} outlets, india ${R.filter((r) => r.india).length} / not ${R.filter((r) => !r.india).length}, ` +
      `no entity ${R.filter((r) => !r.entities.length).length}; mentions ${mentions.length} (${perKind}); distinct ids ${distinct}`,
  );
}
const testOnlyOutlets = [...new Set(bySplit("test").map((r) => r.outlet))].filter((o) => outletSplit.get(o) === "test").length;
console.log(`test outlets absent from dev: ${testOnlyOutlets}`);
console.log(`seed entities ${seeds.length} (${KINDS.map((k) => `${k} ${seeds.filter((s) => s.kind === k).length}`).join(", ")}), india ${seeds.filter((s) => s.india).length}, with ambiguous aliases ${seeds.filter((s) => s.ambiguousAliases?.length).length}`);
if (errors.length) {
  console.log(`ERRORS ${errors.length}`);
  for (const e of errors) console.log("  " + e);
  process.exit(1);
}
console.log("OK: valid JSON per line, unique ids and titles, no classifier-corpus title, entity texts and cues occur in their titles, kinds from the list, one kind per id, every outlet in one split");
