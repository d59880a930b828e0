/**
 * The location pre-processor's accuracy and speed, from the CMS hospitals file:
 * - known list: the CMS hospitals, less a hold-out (every "Government - Federal" hospital, i.e. VA, military and IHS,
 *   and 3% of the others at random) that stands for hospitals the registry does not know;
 * - a supplier-like file built from it: other column names, Windows-1252, abbreviations and case, typos, system
 *   renames ("ST MARY'S MEDICAL CENTER" → "ASCENSION ST MARY'S HOSPITAL"), moved addresses, missing and reformatted
 *   phones, ZIP+4 and lost leading zeros, suites; plus the hold-out rows and invented psychiatric and VA facilities
 *   in the cities of known hospitals (none of which may be MATCHED);
 * - precision and recall of MATCHED, the REVIEW rows' top-3 hit rate; then the time and peak RSS to match
 *   BENCH_LPP_ROWS rows (default 100,000: the file repeated with fresh variations) through the CLI's path
 *   (`locations match`) and through a background job (rows written, counters, cursor).
 * Run alone with `pnpm bench:preprocessor` (it rewrites its own section of bench/RESULTS.md); `pnpm bench` runs it too.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, type Db, LocalFileStore, startEmbeddedPostgres } from '../modules/core/src/index.js';
import {
  createJob,
  importKnownProviders,
  matchFileRows,
  readInputRows,
  runWorker,
} from '../modules/location-preprocessor/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { mb, peakRss, table, time } from './harness.js';

const requireFromCore = createRequire(new URL('../modules/core/package.json', import.meta.url));
const iconv = requireFromCore('iconv-lite') as { encode(text: string, encoding: string): Buffer };

const CMS = new URL('../data/cms-hospitals/Hospital General Information.csv', import.meta.url);
const log = (m: string) => process.stdout.write(`${m}\n`);

/** A small seeded generator (mulberry32), so every run builds the same evaluation. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
  };
}
type Rng = ReturnType<typeof rng>;

interface Hospital {
  ccn: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  ownership: string;
}

async function loadCms(): Promise<Hospital[]> {
  const data = readFileSync(CMS);
  const out: Hospital[] = [];
  // The reader maps the columns it knows; ownership is read by position from the raw header.
  const header = data.toString('latin1').split(/\r?\n/, 1)[0]!.split('","');
  const ownershipAt = header.findIndex((h) => h.replace(/"/g, '') === 'Hospital Ownership');
  const owners = data
    .toString('latin1')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('","')[ownershipAt]?.replace(/"/g, '') ?? '');
  let i = 0;
  for await (const r of readInputRows('csv', data, ['name', 'address', 'city', 'state', 'zip', 'phone', 'ccn'])) {
    out.push({
      ccn: r.values.ccn ?? '',
      name: r.values.name ?? '',
      address: r.values.address ?? '',
      city: r.values.city ?? '',
      state: r.values.state ?? '',
      zip: r.values.zip ?? '',
      phone: r.values.phone ?? '',
      ownership: owners[i++] ?? '',
    });
  }
  return out;
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

const SYSTEMS = ['ASCENSION', 'ADVENTHEALTH', 'TRINITY HEALTH', 'COMMONSPIRIT', 'ATRIUM HEALTH', 'BANNER', 'BAYCARE'];
const NAME_ABBREVIATIONS: [RegExp, string[]][] = [
  [/\bMEDICAL CENTER\b/, ['MED CTR', 'MEDICAL CTR', 'MED CENTER', 'MC']],
  [/\bHOSPITAL\b/, ['HOSP', 'HOSP.']],
  [/\bSAINT\b/, ['ST', 'ST.']],
  [/\bST\b/, ['SAINT', 'ST.']],
  [/\bREGIONAL\b/, ['REG', 'REGL']],
  [/\bMEMORIAL\b/, ['MEM', 'MEML']],
  [/\bCOMMUNITY\b/, ['COMM']],
  [/\bUNIVERSITY\b/, ['UNIV']],
  [/\bCENTER\b/, ['CTR']],
  [/\bHEALTH\b/, ['HLTH']],
];
const STREET_VARIANTS: [RegExp, string][] = [
  [/\bSTREET\b/, 'ST'],
  [/\bST\b/, 'STREET'],
  [/\bAVENUE\b/, 'AVE'],
  [/\bAVE\b/, 'AVENUE'],
  [/\bROAD\b/, 'RD'],
  [/\bDRIVE\b/, 'DR'],
  [/\bBOULEVARD\b/, 'BLVD'],
  [/\bNORTH\b/, 'N'],
  [/\bSOUTH\b/, 'S'],
  [/\bEAST\b/, 'E'],
  [/\bWEST\b/, 'W'],
  [/\bHIGHWAY\b/, 'HWY'],
];
const ACCENTS: [RegExp, string][] = [
  [/\bJOSE\b/, 'JOSÉ'],
  [/\bESPANOLA\b/, 'ESPAÑOLA'],
  [/\bCANON\b/, 'CAÑON'],
  [/'/, '’'],
];

const title = (s: string) => s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

function typo(r: Rng, s: string): string {
  const words = s.split(' ');
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 6);
  if (!long.length) return s;
  const [w, i] = r.pick(long);
  const k = r.int(1, w.length - 3);
  words[i] = w.slice(0, k) + w[k + 1] + w[k] + w.slice(k + 2);
  return words.join(' ');
}

/** A supplier's spelling of a hospital. `kind` says which hard case it is (for the breakdown). */
function supplierRow(r: Rng, h: Hospital): { cells: string[]; kind: string } {
  let name = h.name;
  let address = h.address;
  let zip = h.zip;
  let phone = h.phone;
  let kind = 'spelling';
  for (const [re, alts] of NAME_ABBREVIATIONS)
    if (re.test(name) && r.chance(0.5)) name = name.replace(re, r.pick(alts));
  if (r.chance(0.08)) {
    kind = 'renamed';
    name = `${r.pick(SYSTEMS)} ${name.replace(/\bMEDICAL CENTER\b/, 'HOSPITAL')}`;
  }
  if (r.chance(0.04)) name = typo(r, name);
  for (const [re, alt] of ACCENTS) if (re.test(name)) name = name.replace(re, alt);
  for (const [re, alt] of STREET_VARIANTS) if (re.test(address) && r.chance(0.5)) address = address.replace(re, alt);
  if (r.chance(0.1)) address = `${address} ${r.pick(['SUITE 100', 'STE 2B', '# 4', 'BLDG A'])}`;
  if (r.chance(0.08)) {
    kind = kind === 'renamed' ? 'renamed+moved' : 'moved';
    address = `${r.int(10, 9999)} ${r.pick(['MEDICAL PKWY', 'HEALTH WAY', 'HOSPITAL DR', 'CAMPUS BLVD', 'MAIN ST'])}`;
    if (r.chance(0.5)) zip = zip.slice(0, 4) + String((Number(zip[4]) + 1) % 10);
  }
  if (r.chance(0.35)) {
    phone = '';
    if (kind === 'spelling') kind = 'no phone';
  } else if (r.chance(0.1)) {
    // The receiving dock's line, not the switchboard the registry has.
    phone = `${phone.slice(0, 3)}${r.int(200, 999)}${String(r.int(0, 9999)).padStart(4, '0')}`;
    if (kind === 'spelling') kind = 'other phone';
  } else if (r.chance(0.5)) phone = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
  if (r.chance(0.2)) zip = `${zip}-${String(r.int(0, 9999)).padStart(4, '0')}`;
  else if (zip.startsWith('0') && r.chance(0.3)) zip = zip.slice(1);
  if (r.chance(0.5)) {
    name = title(name);
    address = title(address);
  }
  const city = r.chance(0.5) ? title(h.city) : h.city;
  return { cells: [name, address, city, h.state, zip, phone], kind };
}

/** Facilities no registry here knows, in the cities (and ZIPs) of known hospitals. */
function inventedRow(r: Rng, near: Hospital): string[] {
  const town = title(near.city);
  const name = r.pick([
    `${town} Behavioral Health Hospital`,
    `${town} Psychiatric Center`,
    `VA Medical Center - ${town}`,
    `${town} VA Community Based Outpatient Clinic`,
    `Naval Hospital ${town}`,
    `${town} Recovery and Wellness Center`,
  ]);
  return [
    name,
    `${r.int(10, 9999)} ${r.pick(['Veterans Dr', 'Wellness Way', 'Oak St'])}`,
    town,
    near.state,
    near.zip,
    '',
  ];
}

const HEADER = ['Ship-To Name', 'Ship-To Street', 'Ship-To City', 'St', 'Postal Code', 'Tel', 'Account #'];

interface Evaluation {
  known: Hospital[];
  /** The supplier file (Windows-1252) and, per data row, the right CCN (null: not in the known list) and the case. */
  file: Buffer;
  truth: { ccn: string | null; kind: string }[];
}

function buildEvaluation(cms: Hospital[], r: Rng): Evaluation {
  const held = cms.filter((h) => h.ownership === 'Government - Federal' || r.chance(0.03));
  const heldSet = new Set(held);
  const known = cms.filter((h) => !heldSet.has(h));
  const lines = [csvLine(HEADER)];
  const truth: Evaluation['truth'] = [];
  let account = 100000;
  for (const h of known) {
    const row = supplierRow(r, h);
    lines.push(csvLine([...row.cells, String(account++)]));
    truth.push({ ccn: h.ccn, kind: row.kind });
  }
  for (const h of held) {
    lines.push(csvLine([...supplierRow(r, h).cells, String(account++)]));
    truth.push({
      ccn: null,
      kind: h.ownership === 'Government - Federal' ? 'not known: federal (VA, military)' : 'not known: held out',
    });
  }
  for (let i = 0; i < 300; i++) {
    lines.push(csvLine([...inventedRow(r, r.pick(known)), String(account++)]));
    truth.push({ ccn: null, kind: 'not known: psychiatric / VA invented' });
  }
  return { known, file: iconv.encode(lines.join(''), 'windows-1252'), truth };
}

function knownCsv(known: Hospital[]): Buffer {
  const lines = [csvLine(['Provider ID', 'Hospital Name', 'Address', 'City', 'State', 'ZIP Code', 'Phone Number'])];
  for (const h of known) lines.push(csvLine([h.ccn, h.name, h.address, h.city, h.state, h.zip, h.phone]));
  return Buffer.from(lines.join(''));
}

/** A big file: the evaluation rows again and again, each time with fresh variations. */
function bigFile(cms: Hospital[], rows: number): Buffer {
  const r = rng(7);
  const lines = [csvLine(HEADER)];
  let n = 0;
  while (n < rows) {
    for (const h of cms) {
      if (n >= rows) break;
      lines.push(csvLine([...supplierRow(r, h).cells, String(n)]));
      n++;
    }
  }
  return iconv.encode(lines.join(''), 'windows-1252');
}

/** How much other work competed for the CPUs (Linux's /proc/pressure/cpu), as bench/run.ts reports it. */
function cpuPressure(): string {
  try {
    const avg = /avg300=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1];
    return `CPU pressure ${avg ?? '?'}% of the last 5 minutes with runnable tasks waiting`;
  } catch {
    return 'CPU pressure unknown';
  }
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(2)}%` : 'n/a');
const frac = (a: number, b: number) => (b ? (a / b).toFixed(4) : 'n/a');

/** Measures on a migrated database with the demo world; answers the Markdown section. */
export async function measurePreprocessor(db: Db, filesDir: string, rows: number): Promise<string[]> {
  const cms = await loadCms();
  const ev = buildEvaluation(cms, rng(42));
  const imported = await time(() => importKnownProviders(db, 'csv', knownCsv(ev.known)));
  log(`  known providers: ${imported.result.created} created in ${(imported.ms / 1000).toFixed(1)} s`);

  // Accuracy, through the CLI's path.
  const results: { decision: string; providerId: string; candidates: string[] }[] = [];
  for await (const batch of matchFileRows(db, 'csv', ev.file, null)) {
    for (const m of batch)
      results.push({ decision: m.decision, providerId: m.providerId, candidates: m.candidates.map((c) => c.id) });
  }
  let matched = 0;
  let matchedRight = 0;
  let withKnown = 0;
  let review = 0;
  let reviewHit = 0;
  let remaining = 0;
  let remainingHit = 0;
  const byKind = new Map<string, { rows: number; matched: number; right: number; review: number; unmatched: number }>();
  results.forEach((m, i) => {
    const t = ev.truth[i]!;
    const k = byKind.get(t.kind) ?? { rows: 0, matched: 0, right: 0, review: 0, unmatched: 0 };
    k.rows++;
    if (m.decision === 'MATCHED') {
      matched++;
      k.matched++;
      if (m.providerId === t.ccn) {
        matchedRight++;
        k.right++;
      }
    }
    if (m.decision === 'REVIEW') k.review++;
    if (m.decision === 'UNMATCHED') k.unmatched++;
    if (t.ccn) {
      withKnown++;
      if (m.decision !== 'MATCHED') {
        remaining++;
        if (m.candidates.includes(t.ccn)) remainingHit++;
      }
      if (m.decision === 'REVIEW') {
        review++;
        if (m.candidates.includes(t.ccn)) reviewHit++;
      }
    }
    byKind.set(t.kind, k);
  });
  const matchedKnownRight = matchedRight;

  // Speed: BENCH_LPP_ROWS rows through the CLI's path, then as a background job.
  const big = bigFile(cms, rows);
  let count = 0;
  const cpu0 = process.cpuUsage();
  const cli = await peakRss(() =>
    time(async () => {
      for await (const b of matchFileRows(db, 'csv', big, null)) count += b.length;
    }),
  );
  const cliCpu = process.cpuUsage(cpu0);
  const store = new LocalFileStore(filesDir);
  const supplier = (await db('organizations').where({ type: 'SUPPLIER' }).orderBy('id').first('id')) as { id: number };
  const { id: jobId } = await createJob(db, null, store, String(supplier.id), { name: 'bench.csv', data: big });
  const cpu1 = process.cpuUsage();
  const job = await peakRss(() => time(() => runWorker(db, store)));
  const jobCpu = process.cpuUsage(cpu1);
  const cpuSeconds = (u: NodeJS.CpuUsage) => `${((u.user + u.system) / 1e6).toFixed(1)} s`;
  const jobRow = (await db('preprocessor_jobs').where({ id: jobId }).first()) as Record<string, number>;

  return [
    '## Location pre-processor: accuracy and speed (issue 14; bench/preprocessor.ts)',
    '',
    `Known list: ${ev.known.length} CMS hospitals (held out: every "Government - Federal" hospital, i.e. VA, military, IHS, and 3% of the others). Supplier file: ${ev.truth.length} rows in Windows-1252 with other column names, abbreviations, typos, system renames, moved addresses, missing phones, ZIP+4; ${ev.truth.filter((t) => !t.ccn).length} of them have no known provider (the hold-out, and 300 invented psychiatric and VA facilities in known hospitals' cities). Matched through \`locations match\`'s path, without a supplier (no learnt aliases).`,
    '',
    table(
      ['figure', 'value', 'target'],
      [
        ['precision of MATCHED', `${frac(matchedRight, matched)} (${matchedRight} of ${matched})`, '≥ 0.99'],
        [
          'recall of MATCHED (rows with a known provider)',
          `${frac(matchedKnownRight, withKnown)} (${matchedKnownRight} of ${withKnown})`,
          '≥ 0.90',
        ],
        [
          'REVIEW rows: right provider among the 3 candidates',
          `${frac(reviewHit, review)} (${reviewHit} of ${review})`,
          '≥ 0.98',
        ],
        [
          'all not-MATCHED rows with a known provider (REVIEW and UNMATCHED): right provider among the candidates',
          `${frac(remainingHit, remaining)} (${remainingHit} of ${remaining})`,
          '',
        ],
      ],
    ),
    '',
    table(
      ['case', 'rows', 'MATCHED', 'of which right', 'REVIEW', 'UNMATCHED'],
      [...byKind.entries()]
        .sort()
        .map(([kind, k]) => [
          kind,
          String(k.rows),
          pct(k.matched, k.rows),
          String(k.right),
          pct(k.review, k.rows),
          pct(k.unmatched, k.rows),
        ]),
    ),
    '',
    `Speed: ${count} rows (${mb(big.length)} Windows-1252 CSV), on ${os.cpus().length} CPU(s) shared with other work (load average ${os.loadavg()[0]!.toFixed(1)}, ${cpuPressure()}); RSS sampled every 5 ms (this process; PostgreSQL is a separate process). Run ${new Date().toISOString()}.`,
    '',
    table(
      ['path', 'rows', 'time', 'rows/s', 'CPU of this process', 'rss before', 'rss peak', 'rss growth', 'target'],
      [
        [
          '`locations match` (read, match; no writes)',
          String(count),
          `${(cli.result.ms / 1000).toFixed(1)} s`,
          (count / (cli.result.ms / 1000)).toFixed(0),
          cpuSeconds(cliCpu),
          mb(cli.baseline),
          mb(cli.peak),
          mb(cli.peak - cli.baseline),
          '< 30 s',
        ],
        [
          'background job (match, write rows, counters, cursor per batch of 1000)',
          String(jobRow.processed_rows),
          `${(job.result.ms / 1000).toFixed(1)} s`,
          (Number(jobRow.processed_rows) / (job.result.ms / 1000)).toFixed(0),
          cpuSeconds(jobCpu),
          mb(job.baseline),
          mb(job.peak),
          mb(job.peak - job.baseline),
          '',
        ],
      ],
    ),
    '',
  ];
}

/** Run alone: its own embedded PostgreSQL; the section replaces the one in bench/RESULTS.md. */
async function main(): Promise<void> {
  const rows = Number(process.env.BENCH_LPP_ROWS ?? 100_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-lpp-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const db = createDb(server.url('bench'), { min: 0, max: 10 });
  try {
    await migrateLatest(db);
    await seedDemo(db, 'Portal#2026');
    const section = await measurePreprocessor(db, path.join(dir, 'files'), rows);
    log(section.join('\n'));
    const file = new URL('./RESULTS.md', import.meta.url);
    const current = readFileSync(file, 'utf8');
    const start = current.indexOf('## Location pre-processor');
    const next = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
    const updated =
      start < 0
        ? `${current.trimEnd()}\n\n${section.join('\n')}`
        : `${current.slice(0, start)}${section.join('\n')}${next < 0 ? '' : current.slice(next + 1)}`;
    writeFileSync(file, updated);
  } finally {
    await db.destroy();
    await server.stop().catch((err: unknown) => log(`stopping PostgreSQL: ${String(err)}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
