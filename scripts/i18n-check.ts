/**
 * `pnpm --filter @portal/web i18n:check`: fails when `lingui extract` would change a committed catalogue (a message
 * added, removed or changed in the code without `i18n:extract`) or when a Vietnamese message is still empty, so no
 * message reaches the screen untranslated. The extraction runs on copies in a temporary folder, with the project's
 * own settings: the working tree is never written.
 *
 * Usage: tsx scripts/i18n-check.ts [--web <web folder>]  (exit 0: in step; 1: what differs is listed). The web app's
 * own Lingui packages are used, resolved from its folder.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LOCALES = ['en', 'vi', 'pseudo'] as const;
/** The locale whose every message needs a translation of its own (the source locale is English, pseudo is made). */
const TRANSLATED = 'vi';
/** At most this many ids are printed per kind of difference; the count says how many there are. */
const PRINTED = 40;

interface Entry {
  message?: string;
  translation?: string;
  context?: string;
  comments?: string[];
  origin?: [string, number?][];
  obsolete?: boolean;
}
type Catalog = Record<string, Entry>;

export interface CatalogDifferences {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface CheckResult {
  /** Per locale, what extraction would change. */
  differences: Record<string, CatalogDifferences>;
  /** Vietnamese messages with no translation, in the committed catalogue. */
  untranslated: string[];
  ok: boolean;
}

/** The part of @lingui/format-po this check uses. */
interface PoFormat {
  parse(content: string, ctx: object): Catalog | Promise<Catalog>;
}

async function poFormat(web: string): Promise<PoFormat> {
  const entry = createRequire(path.join(web, 'package.json')).resolve('@lingui/format-po');
  const { formatter } = (await import(pathToFileURL(entry).href)) as {
    formatter(options: { lineNumbers: boolean }): PoFormat;
  };
  return formatter({ lineNumbers: false });
}

async function parse(po: PoFormat, file: string): Promise<Catalog> {
  return existsSync(file) ? await po.parse(readFileSync(file, 'utf8'), {}) : {};
}

/** The text a person reads for an entry (its source message; the id when the id is the message). */
const label = (id: string, e: Entry | undefined) => {
  const text = e?.message || id;
  return e?.context ? `${text} (context: ${e.context})` : text;
};

/** What tells two versions of one entry apart: its translation, its context, where it is used, its comments. */
const shape = (e: Entry) =>
  JSON.stringify([e.translation ?? '', e.context ?? '', e.obsolete ?? false, e.comments ?? [], e.origin ?? []]);

export function compareCatalogs(committed: Catalog, extracted: Catalog): CatalogDifferences {
  const live = (c: Catalog) => Object.keys(c).filter((id) => !c[id]!.obsolete);
  const before = new Set(live(committed));
  const after = new Set(live(extracted));
  return {
    added: [...after].filter((id) => !before.has(id)).map((id) => label(id, extracted[id])),
    removed: [...before].filter((id) => !after.has(id)).map((id) => label(id, committed[id])),
    changed: [...after]
      .filter((id) => before.has(id) && shape(committed[id]!) !== shape(extracted[id]!))
      .map((id) => label(id, extracted[id])),
  };
}

export function untranslatedMessages(catalog: Catalog): string[] {
  return Object.entries(catalog)
    .filter(([, e]) => !e.obsolete && !(e.translation ?? '').trim())
    .map(([id, e]) => label(id, e));
}

/** Extracts `web`'s messages into copies of its catalogues and compares them with the committed ones. */
export async function checkCatalogs(web: string): Promise<CheckResult> {
  const po = await poFormat(web);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  try {
    const committedDir = path.join(web, 'src', 'locales');
    for (const locale of LOCALES) {
      const from = path.join(committedDir, locale, 'messages.po');
      if (existsSync(from)) cpSync(from, path.join(tmp, locale, 'messages.po'));
    }
    // The project's configuration with the catalogues in the temporary folder.
    const require = createRequire(path.join(web, 'package.json'));
    const project = readFileSync(path.join(web, 'lingui.config.ts'), 'utf8');
    const config = path.join(tmp, 'lingui.config.mjs');
    writeFileSync(
      config,
      project
        .replace(/^import type .*$/gm, '')
        .replace(
          /from '(@lingui\/[\w-]+)'/g,
          (_, name: string) => `from ${JSON.stringify(pathToFileURL(require.resolve(name)).href)}`,
        )
        .replace(
          "path: '<rootDir>/src/locales/{locale}/messages'",
          `path: ${JSON.stringify(path.join(tmp, '{locale}', 'messages'))}`,
        )
        .replace('export default defineConfig({', `export default defineConfig({\n  rootDir: ${JSON.stringify(web)},`),
    );
    if (!readFileSync(config, 'utf8').includes(tmp))
      throw new Error('lingui.config.ts no longer has the catalogue path this check rewrites');
    const lingui = spawnSync(
      path.join(web, 'node_modules', '.bin', 'lingui'),
      ['extract', '--clean', '--config', config],
      {
        cwd: web,
        encoding: 'utf8',
      },
    );
    if (lingui.status !== 0) {
      const said = `${lingui.stdout}${lingui.stderr}`.split('\n').filter((l) => !/^\s+at /.test(l));
      throw new Error(`lingui extract failed:\n${said.slice(0, 40).join('\n')}`);
    }
    const differences: Record<string, CatalogDifferences> = {};
    for (const locale of LOCALES)
      differences[locale] = compareCatalogs(
        await parse(po, path.join(committedDir, locale, 'messages.po')),
        await parse(po, path.join(tmp, locale, 'messages.po')),
      );
    const untranslated = untranslatedMessages(await parse(po, path.join(committedDir, TRANSLATED, 'messages.po')));
    const ok =
      untranslated.length === 0 &&
      Object.values(differences).every((d) => !d.added.length && !d.removed.length && !d.changed.length);
    return { differences, untranslated, ok };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function report(result: CheckResult): string {
  if (result.ok) return 'The catalogues are in step with the code, and every Vietnamese message is translated.';
  const lines: string[] = [];
  const list = (title: string, ids: string[]) => {
    if (!ids.length) return;
    lines.push(`${title} (${ids.length}):`);
    for (const id of ids.slice(0, PRINTED)) lines.push(`  ${JSON.stringify(id)}`);
    if (ids.length > PRINTED) lines.push(`  ... and ${ids.length - PRINTED} more`);
  };
  // Locales with the same differences (a message added in the code is new in each) are listed once.
  const groups = new Map<string, { locales: string[]; d: CatalogDifferences }>();
  for (const [locale, d] of Object.entries(result.differences)) {
    const key = JSON.stringify(d);
    const group = groups.get(key) ?? { locales: [], d };
    group.locales.push(locale);
    groups.set(key, group);
  }
  for (const { locales, d } of groups.values()) {
    const locale = locales.join(', ');
    list(`${locale}: new messages in the code, not in the catalogue`, d.added);
    list(`${locale}: messages in the catalogue no longer in the code`, d.removed);
    list(`${locale}: messages whose entry would change (translation, context, place or comment)`, d.changed);
  }
  list(`${TRANSLATED}: messages without a Vietnamese translation`, result.untranslated);
  const stale = Object.values(result.differences).some((d) => d.added.length || d.removed.length || d.changed.length);
  if (stale)
    lines.push('Run `pnpm --filter @portal/web i18n:extract`, then translate the new entries in vi/messages.po.');
  else lines.push('Translate the entries above in web/src/locales/vi/messages.po.');
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--web');
  const web = path.resolve(
    flag > 0 ? process.argv[flag + 1]! : path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web'),
  );
  const result = await checkCatalogs(web);
  (result.ok ? process.stdout : process.stderr).write(`${report(result)}\n`);
  process.exitCode = result.ok ? 0 : 1;
}
