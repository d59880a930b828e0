import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { importFda } from './import.js';
import { importFiles } from './reader.js';

/** A file claimed by a replica that died mid-import is taken over after this long. */
export const STALE_CLAIM_MINUTES = 60;

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Claims a file by its checksum: the first replica to insert the row imports it, every other one skips it. The same
 * bytes under another name are the same file (imported once); a changed file is a new one. A claim left RUNNING by a
 * replica that died is taken over once stale.
 */
async function claim(db: Knex, name: string, checksum: string): Promise<boolean> {
  const inserted = await db('fda_import_files')
    .insert({ name, checksum, status: 'RUNNING' })
    .onConflict('checksum')
    .ignore()
    .returning('id');
  if (inserted.length) return true;
  const taken = await db('fda_import_files')
    .where({ checksum, status: 'RUNNING' })
    .where('started_at', '<', db.raw(`now() - make_interval(mins => ?)`, [STALE_CLAIM_MINUTES]))
    .update({ name, started_at: db.fn.now() })
    .returning('id');
  return taken.length > 0;
}

/**
 * The scheduled job (`fda-import`): imports the files dropped into FDA_IMPORT_DIR that no replica imported yet, each
 * recorded with its checksum and summary. A file that fails is recorded FAILED and not retried by the schedule
 * (`pnpm cli fda import <file>` imports it by hand).
 */
export interface DroppedFilesResult {
  files: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  failed: number;
  [k: string]: number;
}

export async function importDroppedFiles(db: Knex, dir: string): Promise<DroppedFilesResult> {
  const totals: DroppedFilesResult = { files: 0, created: 0, updated: 0, unchanged: 0, refused: 0, failed: 0 };
  for (const file of await importFiles(dir)) {
    const checksum = await sha256(file);
    if (!(await claim(db, path.basename(file), checksum))) continue;
    totals.files += 1;
    try {
      const summary = await importFda(db, file);
      totals.created += summary.created;
      totals.updated += summary.updated;
      totals.unchanged += summary.unchanged;
      totals.refused += summary.refused;
      await db('fda_import_files')
        .where({ checksum })
        .update({ status: 'DONE', summary: JSON.stringify(summary), finished_at: db.fn.now() });
    } catch (error) {
      totals.failed += 1;
      await db('fda_import_files')
        .where({ checksum })
        .update({
          status: 'FAILED',
          error: String((error as Error).message ?? error).slice(0, 2000),
          finished_at: db.fn.now(),
        });
    }
  }
  return totals;
}
