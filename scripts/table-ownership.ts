/**
 * Table ownership: a module's tables are read and written only by that module; others call its index.ts.
 * Each module declares the tables it owns in `modules/<m>/src/models/tables.ts` (`ownedTables`). This check
 * - fails when a table created by the migrations has no owner or two, or a declared table is never created;
 * - scans every module's non-test source for another module's table in a knex call (`db('t')`, `.join('t as x')`,
 *   `.from(...)`, helpers taking a table name), in raw SQL (`FROM t`, `JOIN t`, `UPDATE t`, `INTO t`), or queried
 *   through its objection model (`Organization.query(db)`);
 * - fails on any occurrence (per file and table) above `scripts/table-ownership-baseline.json`, and on a baseline
 *   above what is left, so the baseline only ever shrinks (`--update` lowers it, and refuses to raise it).
 * Run by `pnpm lint` (`pnpm lint:tables`).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Tables owned outside the modules (the BFF's rate limiter). */
const OWNED_OUTSIDE_MODULES: Record<string, string> = { rate_limit_windows: 'services/bff' };

export const BASELINE_FILE = 'scripts/table-ownership-baseline.json';

/** file (relative to the root) → table → occurrences. */
export type Counts = Record<string, Record<string, number>>;

export interface Ownership {
  owners: Map<string, string>;
  /** objection model class → its table (`static tableName`), from each module's `models/`. */
  models: Map<string, string>;
  problems: string[];
}

/**
 * Occurrences of each of `tables` in one source text, comments left out; with `models` (class → table), a query
 * through another module's objection model (`Organization.query(db)`) counts for its table too.
 */
export function scanSource(
  text: string,
  tables: Iterable<string>,
  models: ReadonlyMap<string, string> = new Map(),
): Map<string, number> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found = new Map<string, number>();
  for (const table of tables) {
    const t = table; // a plain identifier (loadOwnership checks), safe inside a pattern
    const q = `['"\`]${t}(?:\\s+as\\s+\\w+)?['"\`]`;
    // A knex call or a helper naming the table: `db('t')`, `.join('t as x', …)`, `insertInBatches(trx, 't', …)`,
    // `db({ x: 't' })`, or a `table: 't'` setting…
    const asArgument = new RegExp(
      `[\\w$]\\s*\\(\\s*${q}|\\(\\s*[\\w$.]+\\s*,\\s*${q}\\s*[,)]|\\btable:\\s*${q}|\\(\\s*\\{\\s*\\w+:\\s*${q}\\s*\\}`,
      'g',
    );
    // …or the table in SQL text.
    const inSql = new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO|USING|TABLE)\\s+${t}\\b(?![.(])`, 'g');
    const n = (code.match(asArgument)?.length ?? 0) + (code.match(inSql)?.length ?? 0);
    if (n > 0) found.set(table, n);
  }
  const foreign = new Set(tables);
  for (const [model, table] of models) {
    if (!foreign.has(table)) continue;
    const n = code.match(new RegExp(`\\b${model}\\.query\\(`, 'g'))?.length ?? 0;
    if (n > 0) found.set(table, (found.get(table) ?? 0) + n);
  }
  return found;
}

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const modulesOf = (root: string) =>
  readdirSync(join(root, 'modules')).filter((m) => statSync(join(root, 'modules', m)).isDirectory());

/** The tables the migrations create. */
export function createdTables(root: string): Set<string> {
  const tables = new Set<string>();
  for (const file of walk(join(root, 'migrations'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/createTable(?:IfNotExists)?\(\s*['"`](\w+)['"`]/g)) tables.add(m[1]!);
    for (const m of text.matchAll(/CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/g))
      tables.add(m[1]!);
  }
  return tables;
}

/** Each table's owner, from the modules' declarations, checked against the migrations. */
export async function loadOwnership(root: string): Promise<Ownership> {
  const owners = new Map<string, string>(Object.entries(OWNED_OUTSIDE_MODULES));
  const models = new Map<string, string>();
  const problems: string[] = [];
  for (const mod of modulesOf(root)) {
    for (const file of walk(join(root, 'modules', mod, 'src', 'models'))) {
      const text = readFileSync(file, 'utf8');
      const name = /class\s+(\w+)\s+extends/.exec(text)?.[1];
      const table = /static\s+(?:override\s+)?tableName\s*=\s*['"`](\w+)['"`]/.exec(text)?.[1];
      if (name && table) models.set(name, table);
    }
    const file = join(root, 'modules', mod, 'src', 'models', 'tables.ts');
    if (!existsSync(file)) continue;
    const { ownedTables } = (await import(pathToFileURL(file).href)) as { ownedTables?: readonly string[] };
    if (!Array.isArray(ownedTables)) {
      problems.push(`${relative(root, file)} does not export ownedTables`);
      continue;
    }
    for (const table of ownedTables) {
      if (!/^[a-z_][a-z0-9_]*$/.test(table)) problems.push(`${relative(root, file)}: ${table} is not a table name`);
      const other = owners.get(table);
      if (other) problems.push(`table ${table} is declared by both ${other} and ${mod}`);
      else owners.set(table, mod);
    }
  }
  const created = createdTables(root);
  for (const table of created) {
    if (!owners.has(table))
      problems.push(`table ${table} has no owner: add it to modules/<owner>/src/models/tables.ts`);
  }
  for (const [table, mod] of owners) {
    if (!created.has(table)) problems.push(`table ${table} (declared by ${mod}) is created by no migration`);
  }
  return { owners, models, problems };
}

/** Every module's mentions of another module's tables, per file and table. */
export function countCrossReads(
  root: string,
  owners: Map<string, string>,
  models: ReadonlyMap<string, string> = new Map(),
): Counts {
  const counts: Counts = {};
  for (const mod of modulesOf(root)) {
    const foreign = [...owners].filter(([, owner]) => owner !== mod).map(([table]) => table);
    for (const file of walk(join(root, 'modules', mod, 'src')).sort()) {
      const found = scanSource(readFileSync(file, 'utf8'), foreign, models);
      if (found.size > 0) counts[relative(root, file)] = Object.fromEntries([...found].sort());
    }
  }
  return counts;
}

/** What is wrong with `counts` against the baseline: a new or grown cross read, or a baseline left too high. */
export function compareWithBaseline(counts: Counts, baseline: Counts): { grown: string[]; stale: string[] } {
  const grown: string[] = [];
  const stale: string[] = [];
  for (const [file, tables] of Object.entries(counts)) {
    for (const [table, n] of Object.entries(tables)) {
      const allowed = baseline[file]?.[table] ?? 0;
      if (n > allowed) grown.push(`${file}: ${table} named ${n} times (baseline ${allowed})`);
    }
  }
  for (const [file, tables] of Object.entries(baseline)) {
    for (const [table, allowed] of Object.entries(tables)) {
      const n = counts[file]?.[table] ?? 0;
      if (n < allowed) stale.push(`${file}: ${table} now ${n} (baseline ${allowed})`);
    }
  }
  return { grown, stale };
}

/** Occurrences per reader → owner pair, for the summary. */
export function pairTotals(counts: Counts, owners: Map<string, string>): Map<string, number> {
  const pairs = new Map<string, number>();
  for (const [file, tables] of Object.entries(counts)) {
    const reader = file.split('/')[1]!;
    for (const [table, n] of Object.entries(tables)) {
      const key = `${reader} → ${owners.get(table)}`;
      pairs.set(key, (pairs.get(key) ?? 0) + n);
    }
  }
  return new Map([...pairs].sort(([a], [b]) => a.localeCompare(b)));
}

export interface CheckResult {
  ok: boolean;
  lines: string[];
  counts: Counts;
}

/** The whole check; with `update`, lowers the baseline to what is left (never raises it). */
export async function checkTableOwnership(root: string, { update = false } = {}): Promise<CheckResult> {
  const { owners, models, problems } = await loadOwnership(root);
  const counts = countCrossReads(root, owners, models);
  const baselinePath = join(root, BASELINE_FILE);
  const baseline: Counts = existsSync(baselinePath) ? JSON.parse(readFileSync(baselinePath, 'utf8')) : {};
  const { grown, stale } = compareWithBaseline(counts, baseline);
  const lines = [...problems];
  if (grown.length > 0) {
    lines.push(
      "A module names another module's table (call the owner's index.ts instead):",
      ...grown.map((g) => `  ${g}`),
    );
  }
  if (stale.length > 0 && update && grown.length === 0) {
    writeFileSync(baselinePath, `${JSON.stringify(counts, null, 2)}\n`);
    lines.push(`Baseline lowered (${stale.length} entries).`);
  } else if (stale.length > 0) {
    lines.push(
      'Fewer cross-module table reads than the baseline allows: lower it with `pnpm lint:tables --update`.',
      ...stale.map((s) => `  ${s}`),
    );
  }
  const pairs = pairTotals(counts, owners);
  const total = [...pairs.values()].reduce((a, b) => a + b, 0);
  lines.push(`Cross-module table reads left: ${total}`, ...[...pairs].map(([pair, n]) => `  ${pair}: ${n}`));
  const ok = problems.length === 0 && grown.length === 0 && (stale.length === 0 || update);
  return { ok, lines, counts };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await checkTableOwnership(process.cwd(), { update: process.argv.includes('--update') });
  console[result.ok ? 'log' : 'error'](result.lines.join('\n'));
  process.exitCode = result.ok ? 0 : 1;
}
