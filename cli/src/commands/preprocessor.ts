import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Command } from 'commander';
import { type Db, LocalFileStore, type Config, ValidationError } from '@portal/core';
import {
  createJob,
  importKnownProviders,
  MATCH_COLUMNS,
  matchCsvLine,
  matchFileRows,
  readInputRows,
  resolveSupplier,
  SUPPLIER_FIELDS,
  sheetExtension,
} from '@portal/location-preprocessor';
import { action, CliError, withDatabase } from '../context.js';
import { progressBar } from '../progress.js';

/** A spreadsheet file read whole, or a clear error: missing, unreadable, or not .csv/.xlsx. */
export async function readSheetFile(file: string): Promise<{ extension: 'csv' | 'xlsx'; data: Buffer }> {
  const extension = sheetExtension(file);
  if (!extension) throw new CliError(`${file}: the file must be a .csv or .xlsx file.`);
  try {
    return { extension, data: await readFile(file) };
  } catch (error) {
    throw new CliError(`${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
}

/** The rows of a file as they are read, on a terminal (stderr); nothing when the output is piped or in tests. */
const rowsBar = (total: number) =>
  progressBar({ total, format: '{bar} {percentage}% | {value}/{total} rows | {eta_formatted} left' });

/** How many data rows the file has (for the bar); throws the reader's ValidationError (no name column) as a CliError. */
async function countRows(extension: 'csv' | 'xlsx', data: Buffer, fields = SUPPLIER_FIELDS): Promise<number> {
  let n = 0;
  try {
    for await (const _ of readInputRows(extension, data, fields)) n += 1;
  } catch (error) {
    if (error instanceof ValidationError) throw new CliError(error.message);
    throw new CliError(`The file could not be read: ${(error as Error).message}`);
  }
  return n;
}

export async function importKnown(db: Db, file: string): Promise<string> {
  const { extension, data } = await readSheetFile(file);
  const total = await countRows(extension, data, ['name']);
  const bar = rowsBar(total);
  const s = await importKnownProviders(db, extension, data, (n) => bar.update(n)).finally(() => bar.stop());
  const lines = [
    `${file}: ${s.rows} rows: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.refused} refused`,
    ...s.refusals.map((r) => `  line ${r.line}: ${r.reason}`),
  ];
  if (s.refused > s.refusals.length) lines.push(`  ... and ${s.refused - s.refusals.length} more`);
  return lines.join('\n');
}

export async function matchLocations(
  db: Db,
  file: string,
  options: { supplier?: string; output: string },
): Promise<string> {
  const { extension, data } = await readSheetFile(file);
  const total = await countRows(extension, data);
  const supplierId = options.supplier ? await supplierOf(db, options.supplier) : null;
  const out = createWriteStream(options.output);
  const counts = { MATCHED: 0, REVIEW: 0, UNMATCHED: 0 };
  const bar = rowsBar(total);
  let done = 0;
  try {
    out.write(`${MATCH_COLUMNS.join(',')}\n`);
    for await (const rows of matchFileRows(db, extension, data, supplierId)) {
      const chunk = rows.map(matchCsvLine).join('');
      if (!out.write(chunk)) await once(out, 'drain');
      for (const r of rows) counts[r.decision] += 1;
      done += rows.length;
      bar.update(done);
    }
  } finally {
    bar.stop();
    out.end();
    await once(out, 'close');
  }
  return `${file}: ${done} rows: ${counts.MATCHED} matched, ${counts.REVIEW} to review, ${counts.UNMATCHED} unmatched; written to ${options.output}`;
}

async function supplierOf(db: Db, name: string): Promise<number> {
  try {
    return await resolveSupplier(db, name);
  } catch (error) {
    if (error instanceof ValidationError) throw new CliError(`--supplier "${name}": ${error.message}`);
    throw error;
  }
}

export async function importLocations(db: Db, config: Config, file: string, supplier: string): Promise<string> {
  const { data } = await readSheetFile(file);
  const supplierId = await supplierOf(db, supplier);
  const store = new LocalFileStore(path.join(config.dataDir, 'files'));
  try {
    const job = await createJob(db, null, store, String(supplierId), { name: path.basename(file), data });
    return `Pre-processor job ${job.id} created (${job.status}) for ${supplier}: the server matches it in the background (or run: pnpm cli jobs run location-preprocessor).`;
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
}

export function configurePreprocessorCommands(program: Command): void {
  const providers = program.command('providers').description('Known providers of the location pre-processor');
  providers
    .command('import-known')
    .description(
      'Load known providers from a CSV (UTF-8 or Windows-1252) or XLSX file such as CMS "Hospital General Information.csv": upserts by Facility ID / CCN / NPI / GLN',
    )
    .argument('<file>', 'the provider list')
    .action(action((file: string) => withDatabase((db) => importKnown(db, file))));

  const locations = program.command('locations').description('Supplier location files and the pre-processor');
  locations
    .command('match')
    .description(
      'Match a supplier location file to the known providers and write row, provider_id, confidence, decision, candidates',
    )
    .argument('<file>', 'the supplier file (.csv or .xlsx)')
    .option('--supplier <name>', 'the supplier (its learnt aliases and customer numbers are used)')
    .requiredOption('--output <out.csv>', 'where to write the results')
    .action(
      action((file: string, o: { supplier?: string; output: string }) =>
        withDatabase((db) => matchLocations(db, file, o)),
      ),
    );
  locations
    .command('import')
    .description('Create a pre-processor job for a supplier location file, as the upload does')
    .argument('<file>', 'the supplier file (.csv or .xlsx)')
    .requiredOption('--supplier <name>', 'the supplier the file belongs to')
    .action(
      action((file: string, o: { supplier: string }) =>
        withDatabase((db, config) => importLocations(db, config, file, o.supplier)),
      ),
    );
}
