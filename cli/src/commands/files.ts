import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { Command } from 'commander';
import { type FileStore, loadConfig, S3FileStore, s3Settings } from '@portal/core';
import { action, CliError } from '../context.js';
import { progressBar } from '../progress.js';

export interface MigrateFilesResult {
  total: number;
  copied: number;
  /** Verified by an earlier run (listed in the journal): the resumed part. */
  skipped: number;
  bytes: number;
}

export interface MigrateFilesOptions {
  /** The local store's folder (DATA_DIR/files). */
  from: string;
  to: Pick<FileStore, 'stream'> & { put(key: string, data: Readable): Promise<void> };
  /** One verified key per line; a rerun skips them, so an interrupted migration resumes where it stopped. */
  journal: string;
  onProgress?: (done: number, total: number, key: string) => void;
}

/** Every file under `root`, as store keys (`area/yyyy/mm/uuid.ext`, forward slashes), in a stable order. */
function localKeys(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies the local store's files to another store (S3), each streamed (never whole in memory), then read back and
 * compared by SHA-256 with what was sent. Only a verified file enters the journal; a failure stops the run with the
 * key named, and a rerun resumes after the last verified file. The local files are left in place.
 */
export async function migrateFiles(o: MigrateFilesOptions): Promise<MigrateFilesResult> {
  const keys = localKeys(o.from);
  const done = new Set(
    existsSync(o.journal) ? (await readFile(o.journal, 'utf8')).split('\n').filter(Boolean) : ([] as string[]),
  );
  const result: MigrateFilesResult = { total: keys.length, copied: 0, skipped: 0, bytes: 0 };
  let n = 0;
  for (const key of keys) {
    n++;
    if (done.has(key)) {
      result.skipped++;
      o.onProgress?.(n, keys.length, key);
      continue;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const source = createReadStream(path.join(o.from, key));
    const tee = new PassThrough();
    source.on('data', (chunk) => {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    });
    source.once('error', (err) => tee.destroy(err));
    source.pipe(tee);
    await o.to.put(key, tee);
    const sent = hash.digest('hex');
    const stored = await sha256(o.to.stream(key));
    if (stored !== sent) throw new CliError(`Checksum mismatch for ${key}: sent ${sent}, stored ${stored}. Run again.`);
    await appendFile(o.journal, `${key}\n`);
    result.copied++;
    result.bytes += bytes;
    o.onProgress?.(n, keys.length, key);
  }
  return result;
}

export function configureFilesCommand(program: Command): void {
  const files = program.command('files').description('Uploaded files (the file store)');
  files
    .command('migrate')
    .description(
      'Copy the local file store (DATA_DIR/files) to S3 (S3_BUCKET, S3_ENDPOINT, ...), verifying each file by SHA-256; ' +
        'run again to resume. Then set FILE_STORE=s3 on every replica.',
    )
    .requiredOption('--to <store>', 'the target store: s3')
    .action(
      action(async (opts: { to: string }) => {
        if (opts.to !== 's3') throw new CliError('--to must be s3');
        const config = loadConfig();
        let settings: ReturnType<typeof s3Settings>;
        try {
          settings = s3Settings();
        } catch (error) {
          throw new CliError((error as Error).message);
        }
        const store = new S3FileStore(settings);
        // A bar on a terminal, and a line per tenth of the way otherwise (logs, CI).
        const bar = progressBar({
          total: 0,
          format: 'files: {bar} {value}/{total} ({percentage}%) | {eta_formatted} left',
          pipedLabel: 'files',
        });
        try {
          const r = await migrateFiles({
            from: path.join(config.dataDir, 'files'),
            to: store,
            // One journal per destination: another bucket or prefix starts from the beginning.
            journal: path.join(
              config.dataDir,
              `files-migrated-to-s3-${`${settings.bucket}-${settings.prefix ?? ''}`.replace(/[^\w.-]/g, '_')}.journal`,
            ),
            onProgress: (done, total) => bar.update(done, { total }),
          });
          return `${r.copied} files copied and verified (${r.bytes} bytes), ${r.skipped} already done, ${r.total} in all.`;
        } finally {
          bar.stop();
          store.close();
        }
      }),
    );
}
