/**
 * Issue 38: "Are we affected?", measured. Run alone with `pnpm bench:udi` (it rewrites its own section of
 * bench/RESULTS.md); `pnpm bench` runs it too. Nothing is asserted; every figure is printed with when it was measured.
 *   1. UDI strings: real label strings (the FDA's and HL7's published GS1 and HIBCC examples, whose DIs are in the
 *      GUDID) and strings built on those DIs in every form a scanner or a person writes them, each valid one parsed;
 *      the same strings broken the ways labels and typing break them, each refused with a reason (@portal/vocabulary's
 *      parseUdi, the import's and the scan field's parser).
 *   2. Matching: recalls built from the openFDA samples in ../shared/data/openfda/ (their `code_info` and
 *      `product_description` as the FDA wrote them) and from products identified by real and made-up DIs, written the
 *      ways recalls write identifiers (structured UDI, catalogue and lot fields; FDA free text with "Lot/Batch Numbers",
 *      "Lots 1234 through 1300", "REF", "Model", serial ranges); item masters written the ways hospitals write them
 *      (other column names' contents: GTINs with and without leading zeros or inside a full GS1 string, catalogue
 *      numbers with and without dashes, dots and spaces, manufacturers with and without "Inc."), with distractors (the
 *      same product in another lot, the same catalogue number at another manufacturer, a lot whose number is in a range
 *      under another prefix, codes one character apart). Ground truth comes from the generator, never from the matcher:
 *      precision and recall of "likely affected" per (recall, item master row).
 *   3. Speed: a BENCH_UDI_ROWS-row (1,000,000) item master imported through the import job (COPY + upsert batches) on
 *      this machine, its time and the process's peak RSS; then one recall matched against it (the job's whole run for
 *      one notice: candidates from the indexes, the matcher, the rows written).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDb, type FileStore, LocalFileStore, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { hibcCheckCharacter, parseUdi } from '../modules/vocabulary/src/index.js';
import { gtinOf, HL7_HIBCC, matchingEvaluation, REAL_DIS, REAL_LABELS, rng } from './udi-matching-eval.js';
import {
  type ImportView,
  keysOfProduct,
  matchProviderCommunication,
  searchedOf,
} from '../modules/inventory/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { mb, table, time } from './harness.js';
import { createReportCommunication } from './io.js';
import { env, log } from './run-env.js';

const execFileAsync = promisify(execFile);

type Db = ReturnType<typeof createDb>;

// ---------------------------------------------------------------------------------------------------------------
// 1. UDI strings.

function yymmdd(r: ReturnType<typeof rng>) {
  return `${String(r.int(24, 30))}${String(r.int(1, 12)).padStart(2, '0')}${String(r.int(1, 28)).padStart(2, '0')}`;
}

export function udiEvaluation(): {
  rows: string[][];
  valid: number;
  parsed: number;
  invalid: number;
  refused: number;
  failures: string[];
} {
  const r = rng(38);
  const valid: string[] = [
    ...REAL_LABELS,
    `${HL7_HIBCC}H`,
    `+H123PARTNO1234567890120${hibcCheckCharacter('+H123PARTNO1234567890120')}`,
  ];
  const dis = [
    ...REAL_DIS,
    ...Array.from({ length: 95 }, (_, i) => gtinOf(`0${String(8845210000 + i * 7919).padStart(12, '0')}`.slice(0, 13))),
  ];
  for (const di of dis) {
    const lot = `L${r.int(1000, 99999)}${r.pick(['', 'A', 'B'])}`;
    const ser = `S${r.int(100000, 999999)}`;
    const exp = yymmdd(r);
    valid.push(
      `(01)${di}(17)${exp}(10)${lot}`,
      `(01)${di}(11)${yymmdd(r)}(17)${exp}(10)${lot}(21)${ser}`,
      `01${di}17${exp}10${lot}\x1d21${ser}`,
      `]d201${di}10${lot}\x1d17${exp}`,
      `]C101${di}21${ser}`,
      `01${di}17${exp}10${lot}~21${ser}`,
      di.replace(/^0+/, '').padStart(13, '0').slice(-13).length === 13 && di.startsWith('0') ? di.slice(1) : di,
    );
  }
  // Broken the ways labels and typing break them.
  const invalid: string[] = ['', '   ', 'hello world', '(01)', '+', '=,000025=A99971312345600'];
  for (const di of dis) {
    const wrong = `${di.slice(0, 13)}${(Number(di[13]) + 1) % 10}`;
    invalid.push(
      `(01)${wrong}(17)${yymmdd(r)}`,
      `01${wrong}10LOT1`,
      `(01)${di.slice(0, 12)}(10)L1`,
      `(01)${di}(17)251301(10)L1`,
      `(01)${di}(17)25123`,
      `(01)${di}(10)${'X'.repeat(21)}`,
      `(01)${di}(23)ABC`,
      // A GS1-128 scan cut after 14 digits: behind "]C1" that is AI 01 short of two digits, not a bare GTIN.
      `]C101${di.slice(0, 12)}`,
    );
  }
  invalid.push(
    `${HL7_HIBCC}C`,
    '+H123PARTNO1234567890129/$$420020216LOT123456789012345/SXYZ456789012345678/16D20130202H',
  );
  invalid.push('+A1PROD1X');
  let parsed = 0;
  let refused = 0;
  const failures: string[] = [];
  for (const s of valid) {
    const p = parseUdi(s);
    if (p.ok) parsed++;
    else failures.push(`valid refused: ${JSON.stringify(s)} (${p.reason})`);
  }
  const reasons = new Map<string, number>();
  for (const s of invalid) {
    const p = parseUdi(s);
    if (!p.ok && p.reason) {
      refused++;
      reasons.set(p.reason, (reasons.get(p.reason) ?? 0) + 1);
    } else failures.push(`invalid accepted: ${JSON.stringify(s)}`);
  }
  return {
    valid: valid.length,
    parsed,
    invalid: invalid.length,
    refused,
    failures,
    rows: [
      [
        'valid strings parsed (GS1 HRI, raw with GS, symbology prefix, "~" for GS, bare GTIN, HIBCC)',
        `${parsed} / ${valid.length}`,
        pct(parsed, valid.length),
      ],
      ['invalid strings refused with a reason', `${refused} / ${invalid.length}`, pct(refused, invalid.length)],
      ['reasons given', [...reasons].map(([k, v]) => `${k} ${v}`).join(', '), ''],
    ],
  };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');

// ---------------------------------------------------------------------------------------------------------------
// 3. Speed: a large item master imported, one recall matched against it.

/** The JavaScript heap the import's own process may use: far below the file's size and its rows' records. */
const IMPORT_HEAP_CAP_MB = 256;

/** Runs the import in a process of its own (bench/udi-import-child.ts) with the heap capped, as the CLI would run it. */
async function importInChild(
  db: Db,
  filesDir: string,
  importId: number,
): Promise<{ ms: number; view: ImportView | null; peakRssBytes: number }> {
  const { connectionString } = (db.client as { config: { connection: { connectionString: string } } }).config
    .connection;
  const child = fileURLToPath(new URL('./udi-import-child.ts', import.meta.url));
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir> writes the import's V8 CPU profile there.
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      `--max-old-space-size=${IMPORT_HEAP_CAP_MB}`,
      '--import',
      'tsx',
      child,
      connectionString,
      filesDir,
      String(importId),
    ],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; view: ImportView | null; peakRssBytes: number };
}

export async function measureLargeMaster(db: Db, filesDir: string, rowsWanted: number): Promise<string[][]> {
  const store: FileStore = new LocalFileStore(filesDir);
  const org = (await db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number };
  const user = (await db('users').where({ email: 'admin@riverside.demo' }).first('id')) as { id: number };
  const lines = ['Item GTIN,Mfr,Catalog #,Description,Lot/Batch,On Hand,Cost Center,Location'];
  const target = gtinOf('0088452177777');
  for (let i = 0; i < rowsWanted; i++) {
    const gtin = i % 1000 === 0 ? target : gtinOf(`1${String(i).padStart(12, '0')}`);
    lines.push(
      `${gtin},Acme Medical Devices Inc.,CAT-${i % 50000},Device ${i % 977},L${100000 + (i % 90000)},${1 + (i % 9)},Dept ${i % 40},Site ${i % 3}`,
    );
  }
  const data = Buffer.from(`${lines.join('\r\n')}\r\n`);
  lines.length = 0;
  const key = `inventory/bench-${Date.now()}.csv`;
  await store.put(key, data);
  const [imp] = (await db('inventory_imports')
    .insert({
      organization_id: org.id,
      kind: 'items',
      status: 'QUEUED',
      file_name: 'bench.csv',
      file_key: key,
      extension: 'csv',
      header_row: 1,
      mapping: JSON.stringify({
        gtin: 0,
        manufacturer: 1,
        catalogue: 2,
        description: 3,
        lot: 4,
        quantity: 5,
        department: 6,
        site: 7,
      }),
      created_by: user.id,
    })
    .returning('id')) as { id: number }[];
  const at = new Date().toISOString();
  log(`Importing ${rowsWanted} item master rows (${mb(data.length)})...`);
  const imported = await importInChild(db, filesDir, Number(imp!.id));
  const view = imported.view;
  const importMs = imported.ms;

  // One recall matched against it: a product whose DI 1 row in 1,000 carries, lots in a range. The run is written
  // against a demo provider communication (its event's own products do not matter: the keys are given).
  if (!(await db('provider_communications').first('id'))) {
    const acme = (await db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number };
    const acmeUser = (await db('users').where({ email: 'admin@acme.demo' }).first('id')) as { id: number };
    await createReportCommunication(db, acme.id, acmeUser.id, 1);
  }
  const pc = (await db('provider_communications')
    .whereNot('status', 'DELETED')
    .orderBy('id')
    .first('id', 'communication_id')) as { id: number; communication_id: number } | undefined;
  const rows: string[][] = [
    ['when', at, ''],
    [
      `item master import, ${rowsWanted} rows (goal < 60 s)`,
      `${(importMs / 1000).toFixed(1)} s`,
      `${view?.status ?? '?'}: ${view?.created_rows ?? '?'} created, ${view?.refused_rows ?? '?'} refused`,
    ],
    [
      `peak RSS of the importing process, its JavaScript heap capped at ${IMPORT_HEAP_CAP_MB} MB (bounded memory)`,
      mb(imported.peakRssBytes),
      `the file: ${mb(data.length)}; the process finishes under the cap or dies of it`,
    ],
  ];
  if (pc) {
    const keys = {
      communicationId: Number(pc.communication_id),
      products: [
        keysOfProduct(
          {
            product_name: 'Pump',
            catalog_number: null,
            lot_number: 'L100000 through L150000',
            udi: `(01)${target}`,
            description: null,
          },
          'Acme Medical Devices',
        ),
      ],
      searched: searchedOf([]),
    };
    await matchProviderCommunication(
      db,
      { id: Number(pc.id), communication_id: Number(pc.communication_id), provider_organization_id: org.id },
      keys,
    );
    const runs: number[] = [];
    let out = { likely: 0 };
    for (let i = 0; i < 5; i++) {
      const m = await time(() =>
        matchProviderCommunication(
          db,
          { id: Number(pc.id), communication_id: Number(pc.communication_id), provider_organization_id: org.id },
          keys,
        ),
      );
      runs.push(m.ms);
      out = m.result;
    }
    runs.sort((a, b) => a - b);
    rows.push([
      'one recall matched against it (goal < 1 s): candidates, matcher, rows written',
      `${runs[2]!.toFixed(0)} ms median of 5`,
      `${out.likely} likely affected rows of ${rowsWanted}`,
    ]);
  }
  return rows;
}

export async function measureUdiEval(db: Db | null, dir: string): Promise<string[]> {
  const at = new Date().toISOString();
  const udi = udiEvaluation();
  const matching = matchingEvaluation();
  const lines = [
    '## Item master: UDI parsing, matching recalls, a large import (issue 38; bench/udi-eval.ts)',
    '',
    `Measured ${at} on ${os.cpus().length} CPU(s), Node ${process.version}. Nothing asserted; see bench/udi-eval.ts for how each case is built.`,
    '',
    '### UDI strings (real FDA/HL7 label strings and their DIs in every written form; the same broken)',
    '',
    table(['case', 'result', 'share'], udi.rows),
    ...(udi.failures.length ? ['', 'Not as expected:', ...udi.failures.slice(0, 20).map((f) => `- ${f}`)] : []),
    '',
    '### Matching: precision and recall of "likely affected" (confidence ≥ 0.75)',
    '',
    table(['figure', 'value', 'note'], matching.rows),
    '',
    table(['recall written as', 'precision', 'recall', 'right', 'wrong', 'missed'], matching.byStyle),
  ];
  if (db) {
    const rowsWanted = env('BENCH_UDI_ROWS', 1_000_000);
    lines.push(
      '',
      '### A large item master',
      '',
      table(['case', 'figure', 'note'], await measureLargeMaster(db, path.join(dir, 'udi-files'), rowsWanted)),
    );
  }
  lines.push('');
  return lines;
}

/** Run alone: its own embedded PostgreSQL (BENCH_UDI_ROWS=0: the accuracy parts only); rewrites its section. */
async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-udi-'));
  chmodSync(dir, 0o755);
  const withDb = env('BENCH_UDI_ROWS', 1_000_000) > 0;
  const server = withDb ? await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench') : null;
  const db = server ? createDb(server.url('bench'), { min: 0, max: 10 }) : null;
  try {
    if (db) {
      await migrateLatest(db);
      await seedDemo(db, 'Portal#2026');
    }
    const section = await measureUdiEval(db, dir);
    log(section.join('\n'));
    const file = new URL('./RESULTS.md', import.meta.url);
    const current = readFileSync(file, 'utf8');
    const start = current.indexOf('## Item master: UDI parsing');
    const next = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
    const updated =
      start < 0
        ? `${current.trimEnd()}\n\n${section.join('\n')}`
        : `${current.slice(0, start)}${section.join('\n')}${next < 0 ? '' : current.slice(next + 1)}`;
    writeFileSync(file, updated);
  } finally {
    await db?.destroy();
    await server?.stop().catch((err: unknown) => log(`stopping PostgreSQL: ${String(err)}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
