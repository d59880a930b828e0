import type { Command } from 'commander';
import type { Db } from '@portal/core';
import { FDA_KINDS, type FdaKind, type ImportSummary, importFda } from '@portal/fda';
import { action, CliError, withDatabase } from '../context.js';
import { progressBar as cliProgressBar } from '../progress.js';

/** At most this many refusals are printed; the summary counts them all. */
const PRINTED_REFUSALS = 50;

/** The bytes read of the file being imported, on a terminal (stderr); nothing when piped: a log gets the summary. */
export function fdaProgress(stream: NodeJS.WriteStream = process.stderr): {
  update(p: { bytes: number; totalBytes: number; records: number; file: string }): void;
  done(): void;
} {
  const bar = cliProgressBar({ stream, total: 0, format: '{bar} {percentage}%  {records} records  {file}' });
  return {
    update(p: { bytes: number; totalBytes: number; records: number; file: string }) {
      const file = p.file.length > 40 ? `…${p.file.slice(-39)}` : p.file;
      bar.update(Math.min(p.bytes, p.totalBytes), { total: p.totalBytes, records: p.records, file });
    },
    done: () => bar.stop(),
  };
}

export function formatSummary(s: ImportSummary): string {
  const lines = [
    `created ${s.created}, updated ${s.updated}, unchanged ${s.unchanged}, refused ${s.refused}`,
    `device recalls ${s.byKind['device-recall']}, device enforcement reports ${s.byKind['device-enforcement']}, drug enforcement reports ${s.byKind['drug-enforcement']}`,
  ];
  for (const r of s.refusals.slice(0, PRINTED_REFUSALS)) lines.push(`  refused ${r.position}: ${r.reason}`);
  if (s.refused > PRINTED_REFUSALS) lines.push(`  … and ${s.refused - PRINTED_REFUSALS} more refused`);
  for (const file of s.empty ?? []) lines.push(`  ${file} holds no records (its results are empty): nothing to import`);
  return lines.join('\n');
}

export async function fdaImport(db: Db, target: string, o: { kind?: string }): Promise<string> {
  if (o.kind && !(FDA_KINDS as readonly string[]).includes(o.kind))
    throw new CliError(`--kind must be one of ${FDA_KINDS.join(', ')}`);
  const bar = fdaProgress();
  try {
    const summary = await importFda(db, target, { kind: o.kind as FdaKind | undefined, onProgress: bar.update });
    return formatSummary(summary);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`No such file or folder: ${target}`);
    throw error;
  } finally {
    bar.done();
  }
}

export function configureFdaCommand(program: Command): void {
  const fda = program.command('fda').description('Public FDA device and drug recall records');
  fda
    .command('import')
    .description(
      'Import openFDA files: a bulk-download zip, a JSON document, JSON lines, or a folder of them (kind guessed per record)',
    )
    .argument('<path>', 'file or folder')
    .option('--kind <kind>', `only records of this kind: ${FDA_KINDS.join(', ')}`)
    .action(action((target: string, opts: { kind?: string }) => withDatabase((db) => fdaImport(db, target, opts))));
}
