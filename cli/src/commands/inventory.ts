import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { type Actor, AppError, type Config, type Db, LocalFileStore } from '@portal/core';
import { createImportFromFile, type ImportView, runImport, startImport } from '@portal/inventory';
import { loadActor } from '@portal/organizations';
import { action, CliError, withDatabase } from '../context.js';
import { progressBar } from '../progress.js';

type Kind = 'items' | 'purchases';

/** The provider named (or numbered) by --org, and its administrator as the caller (scoping, audit). */
async function providerAdministrator(db: Db, org: string): Promise<{ actor: Actor; name: string }> {
  const q = db('organizations').where({ type: 'PROVIDER' }).whereNot({ status: 'DELETED' });
  if (/^\d+$/.test(org)) q.where({ id: Number(org) });
  else q.whereRaw('lower(name) = lower(?)', [org.trim()]);
  const rows = (await q.limit(2).select('id', 'name')) as { id: number; name: string }[];
  if (!rows.length) throw new CliError(`No provider named or numbered "${org}".`);
  if (rows.length > 1) throw new CliError(`More than one provider is named "${org}": give its id.`);
  const organization = { id: Number(rows[0]!.id), name: rows[0]!.name };
  const admins = (await db('memberships as m')
    .join('roles as r', 'r.id', 'm.role_id')
    .where({ 'm.organization_id': organization.id, 'm.status': 'ACTIVE', 'r.name': 'Administrator' })
    .orderBy('m.user_id')
    .pluck('m.user_id')) as number[];
  for (const userId of admins) {
    const actor = await loadActor(db, Number(userId), organization.id);
    if (actor) return { actor, name: organization.name };
  }
  throw new CliError(`${organization.name} has no active administrator to import as.`);
}

export function importSummary(file: string, v: ImportView): string {
  const head = `${file}: ${v.status}, ${v.processed_rows} rows: ${v.created_rows} created, ${v.updated_rows} updated, ${v.unchanged_rows} unchanged, ${v.refused_rows} refused`;
  return v.refused_rows
    ? `${head}\n  the refused rows and their reasons: GET /api/provider/inventory/imports/${v.id}/refusals/csv (or the Inventory page)`
    : head;
}

/**
 * `pnpm cli inventory import <file> --org <provider> [--kind items|purchases]`: the upload, the proposed mapping (the
 * last confirmed one first, then the headers' synonyms) confirmed as is, and the import run here with a progress bar,
 * exactly as the server's job runs it.
 */
export async function inventoryImport(
  db: Db,
  config: Config,
  file: string,
  o: { org: string; kind?: string; batch?: string },
): Promise<string> {
  const kind = (o.kind ?? 'items') as Kind;
  if (kind !== 'items' && kind !== 'purchases') throw new CliError('--kind must be items or purchases');
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    throw new CliError(`${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const { actor } = await providerAdministrator(db, o.org);
  const store = new LocalFileStore(path.join(config.dataDir, 'files'));
  const bar = progressBar({
    total: 0,
    format: '{bar} {percentage}%  {value}/{total} rows  {file}',
    pipedLabel: 'rows',
  });
  try {
    const up = await createImportFromFile(db, actor, store, kind, { name: path.basename(file), data });
    await startImport(
      db,
      actor,
      store,
      up.import.id,
      { header_row: up.header_row, mapping: up.mapping },
      { queue: false },
    );
    const done = await runImport(db, store, up.import.id, {
      batchSize: o.batch ? Math.max(100, Number(o.batch)) : undefined,
      onProgress: (v) => bar.update(v.processed_rows, { total: Math.max(v.total_rows, v.processed_rows), file }),
    });
    if (!done) throw new CliError(`Import ${up.import.id} was already running or finished.`);
    if (done.status === 'FAILED') throw new CliError(`${file}: the import failed.`);
    return importSummary(file, done);
  } catch (error) {
    if (error instanceof AppError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  } finally {
    bar.stop();
  }
}

export function configureInventoryCommand(program: Command): void {
  const inventory = program.command('inventory').description("A provider's item master and purchase history");
  inventory
    .command('import')
    .description(
      'Import an item master (or --kind purchases: a purchase history) from CSV (UTF-8 or Windows-1252) or XLSX for a provider, upserting by its stable key',
    )
    .argument('<file>', 'the file (.csv or .xlsx)')
    .requiredOption('--org <provider>', 'the provider (name or id)')
    .option('--kind <kind>', 'items (default) or purchases')
    .option('--batch <rows>', 'rows per transaction (default 5000)')
    .action(
      action((file: string, o: { org: string; kind?: string; batch?: string }) =>
        withDatabase((db, config) => inventoryImport(db, config, file, o)),
      ),
    );
}
