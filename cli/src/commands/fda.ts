import type { Command } from 'commander';
import type { Db } from '@portal/core';
import { FDA_KINDS, type FdaKind, type ImportSummary, importFda } from '@portal/fda';
import { action, CliError, withDatabase } from '../context.js';

/** At most this many refusals are printed; the summary counts them all. */
const PRINTED_REFUSALS = 50;

/** A one-line progress bar on a terminal (stderr), nothing when piped: a log file gets the summary only. */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  let lastDrawn = 0;
  return {
    update(p: { bytes: number; totalBytes: number; records: number; file: string }) {
      if (!stream.isTTY) return;
      const now = Date.now();
      if (now - lastDrawn < 100 && p.bytes < p.totalBytes) return;
      lastDrawn = now;
      const share = p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : 0;
      const width = 30;
      const filled = Math.round(share * width);
      const name = p.file.length > 40 ? `…${p.file.slice(-39)}` : p.file;
      stream.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%  ${p.records} records  ${name}\x1b[K`,
      );
    },
    done() {
      if (stream.isTTY && lastDrawn) stream.write('\n');
    },
  };
}

export function formatSummary(s: ImportSummary): string {
  const lines = [
    `created ${s.created}, updated ${s.updated}, unchanged ${s.unchanged}, refused ${s.refused}`,
    `device recalls ${s.byKind['device-recall']}, device enforcement reports ${s.byKind['device-enforcement']}, drug enforcement reports ${s.byKind['drug-enforcement']}`,
  ];
  for (const r of s.refusals.slice(0, PRINTED_REFUSALS)) lines.push(`  refused ${r.position}: ${r.reason}`);
  if (s.refused > PRINTED_REFUSALS) lines.push(`  … and ${s.refused - PRINTED_REFUSALS} more refused`);
  return lines.join('\n');
}

export async function fdaImport(db: Db, target: string, o: { kind?: string }): Promise<string> {
  if (o.kind && !(FDA_KINDS as readonly string[]).includes(o.kind))
    throw new CliError(`--kind must be one of ${FDA_KINDS.join(', ')}`);
  const bar = progressBar();
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
