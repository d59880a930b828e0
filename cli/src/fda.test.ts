import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { fdaImport, fdaProgress } from './commands/fda.js';
import { CliError } from './context.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('fda import', () => {
  it('prints the summary with each refused record, and refuses an unknown --kind or a missing path', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-fda-'));
    const file = path.join(dir, 'drugs.jsonl');
    const good = { recall_number: 'D-0500-2023', product_type: 'Drugs', status: 'Ongoing', report_date: '20230102' };
    writeFileSync(file, `${JSON.stringify(good)}\n${JSON.stringify({ ...good, recall_number: 'oops' })}\n`);
    const out = await fdaImport(t.db, file, {});
    expect(out).toContain('created 1, updated 0, unchanged 0, refused 1');
    expect(out).toContain('refused drugs.jsonl line 2: recall_number is not a recall number: oops');
    expect(await fdaImport(t.db, file, { kind: 'drug-enforcement' })).toContain('created 0, updated 0, unchanged 1');
    await expect(fdaImport(t.db, file, { kind: 'food' })).rejects.toThrow(CliError);
    await expect(fdaImport(t.db, path.join(dir, 'missing.json'), {})).rejects.toThrow('No such file or folder');
  });

  it('says a file whose results array is empty holds no records (issue 36 item 14)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-fda-empty-'));
    const file = path.join(dir, 'drug-enforcement-empty.json');
    writeFileSync(file, JSON.stringify({ meta: { results: { total: 0 } }, results: [] }));
    const out = await fdaImport(t.db, file, {});
    expect(out).toContain('created 0, updated 0, unchanged 0, refused 0');
    expect(out).toContain('drug-enforcement-empty.json holds no records');
    expect(out).not.toContain('no "results" array');
  });

  it('draws a progress bar on a terminal only', () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true }) as unknown as NodeJS.WriteStream;
    const chunks: string[] = [];
    (tty as unknown as PassThrough).on('data', (c: Buffer) => chunks.push(c.toString()));
    fdaProgress(tty).update({ bytes: 50, totalBytes: 100, records: 10, file: 'a.json' });
    const pipe = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
    const piped: string[] = [];
    (pipe as unknown as PassThrough).on('data', (c: Buffer) => piped.push(c.toString()));
    fdaProgress(pipe).update({ bytes: 50, totalBytes: 100, records: 10, file: 'a.json' });
    expect(chunks.join('')).toContain(' 50%  10 records  a.json');
    expect(piped).toEqual([]);
  });
});
