import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModules } from '@portal/bff';
import { type Config, loadConfig } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { seed } from './commands/db.js';
import { REPORTS, reportsExport, reportsList } from './commands/reports.js';
import { CliError } from './context.js';

let t: TestDatabase;
let config: Config;
let dir: string;
let recallId: number; // Acme's open recall of the demo world, received by Riverside
beforeAll(async () => {
  t = await createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-reports-'));
  config = loadConfig({ DATABASE_URL: t.url, DATA_DIR: dir });
  await seed(t.db, true, config);
  recallId = Number(
    (
      (await t.db('communications').where({ type: 'RECALL', status: 'OPEN' }).orderBy('id').first('id')) as {
        id: number;
      }
    ).id,
  );
}, 120_000);
afterAll(() => t.drop());

const out = (name: string) => path.join(dir, name);

describe('the demo world', () => {
  it('holds a conversation between Acme and Riverside, written through the services', async () => {
    const rows = (await t
      .db('conversation_messages as m')
      .join('conversations as c', 'c.id', 'm.conversation_id')
      .orderBy('m.id')
      .select('c.subject', 'm.sender_side', 'm.sender_email')) as { subject: string; sender_side: string }[];
    expect(rows).toMatchObject([
      { subject: 'Units found', sender_side: 'SUPPLIER', sender_email: 'recalls@acme.demo' },
      { subject: 'Units found', sender_side: 'PROVIDER', sender_email: 'admin@riverside.demo' },
    ]);
  });
});

describe('reports list', () => {
  it('names every report, and every one is a route of the API', () => {
    const text = reportsList();
    for (const r of REPORTS) expect(text).toContain(r.name);
    expect(text).toMatch(/audit\s+supplier\s+--event\s+xlsx,csv\s+Audit Report/);
    const stub = { db: {} as never, config, logger: {} as never, mail: { kick() {} }, files: {} as never };
    const paths = new Set(
      createModules(stub)
        .flatMap((m) => m.routes)
        .filter((r) => r.method === 'GET')
        .map((r) => r.path),
    );
    for (const r of REPORTS) for (const p of Object.values(r.paths)) expect(paths, `${r.name}: ${p}`).toContain(p);
  });
});

describe('reports export', () => {
  it("writes a supplier's event report through the API's writer, as CSV and as XLSX", async () => {
    const csv = await reportsExport(t.db, config, 'audit', {
      event: String(recallId),
      org: 'Acme Medical Devices',
      format: 'csv',
      output: out('audit.csv'),
    });
    expect(csv).toMatchObject({ organization: 'Acme Medical Devices', output: out('audit.csv') });
    expect(csv.filename).toMatch(/^Audit Report .*\.csv$/);
    const text = readFileSync(out('audit.csv'), 'utf8');
    expect(text).toContain('What happened');
    expect(text).toContain('Notification sent');
    expect(csv.bytes).toBe(Buffer.byteLength(text));

    const seen: number[] = [];
    const xlsx = await reportsExport(
      t.db,
      config,
      'provider-status',
      { event: String(recallId), format: 'xlsx', output: out('status.xlsx') },
      { progress: (n) => seen.push(n) },
    );
    // Without --org, a supplier's event report runs as that event's supplier.
    expect(xlsx.organization).toBe('Acme Medical Devices');
    expect(seen.at(-1)).toBe(xlsx.bytes);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out('status.xlsx'));
    expect(book.worksheets[0]!.rowCount).toBeGreaterThan(1);
  });

  it('runs provider reports as the provider (its own communication found for it) and operator reports as the operator', async () => {
    const products = await reportsExport(t.db, config, 'provider-affected-products', {
      event: String(recallId),
      org: 'Riverside Health',
      output: out('products.xlsx'),
    });
    expect(products.filename).toMatch(/^Affected Products Report/);
    const stdout = new PassThrough();
    const chunks: Buffer[] = [];
    stdout.on('data', (c: Buffer) => chunks.push(c));
    const delegates = await reportsExport(
      t.db,
      config,
      'delegate-summary',
      { org: 'Riverside Health', format: 'csv', output: '-' },
      { stdout },
    );
    expect(delegates.filename).toMatch(/^Delegate Summary Report/);
    expect(Buffer.concat(chunks).length).toBe(delegates.bytes);
    const recalls = await reportsExport(t.db, config, 'recalls', { format: 'csv', output: out('recalls.csv') });
    expect(recalls.organization).toBe('Notisphere Operations');
    expect(readFileSync(out('recalls.csv'), 'utf8')).toContain('Acme Medical Devices');
  });

  it('refuses bad arguments with a clear message, and scopes like the API (another tenant is not found)', async () => {
    const fail = (name: string, o: Parameters<typeof reportsExport>[3]) => reportsExport(t.db, config, name, o);
    await expect(fail('nonsense', {})).rejects.toThrow(/Unknown report "nonsense"/);
    await expect(fail('audit', { org: 'Acme Medical Devices' })).rejects.toThrow('audit needs --event <id>.');
    await expect(fail('audit', { event: 'x1', org: 'Acme Medical Devices' })).rejects.toThrow(/--event must be/);
    await expect(fail('audit', { event: String(recallId), format: 'pdf' })).rejects.toThrow(
      '--format must be csv or xlsx.',
    );
    await expect(fail('fda-effectiveness', { event: String(recallId), format: 'csv' })).rejects.toThrow(
      'fda-effectiveness comes as xlsx only, not csv.',
    );
    await expect(fail('recalls', { event: '1' })).rejects.toThrow(/leave out --event/);
    await expect(fail('delegate-summary', {})).rejects.toThrow(/name the organisation with --org/);
    await expect(fail('delegate-summary', { org: 'No Such Org' })).rejects.toThrow(/No organisation named/);
    await expect(fail('delegate-summary', { org: 'Acme Medical Devices' })).rejects.toThrow(/is not a provider/);
    await expect(
      fail('audit', { event: String(recallId), org: 'Borealis Pharma', output: out('nope.csv'), format: 'csv' }),
    ).rejects.toThrow('Communication not found.');
    // The draft was never sent: Riverside has no provider communication of it.
    const draft = (await t.db('communications').where({ status: 'DRAFT' }).first('id')) as { id: number };
    await expect(
      fail('provider-affected-products', { event: String(draft.id), org: 'Riverside Health', output: out('x.xlsx') }),
    ).rejects.toThrow(/did not receive event/);
    await expect(fail('audit', { event: String(recallId), format: 'csv', output: out('audit.csv') })).rejects.toThrow(
      /exists already/,
    );
    await expect(fail('audit', { event: String(recallId), timezone: 'Mars/Olympus' })).rejects.toThrow(
      /not an IANA time zone/,
    );
    await expect(fail('nonsense', {})).rejects.toBeInstanceOf(CliError);
  });

  it('exits non-zero with the message from the shell', async () => {
    const run = promisify(execFile);
    const cli = (args: string[]) =>
      run(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'index.ts'), ...args], {
        env: { ...process.env, DATABASE_URL: t.url, DATA_DIR: dir },
      });
    const listed = await cli(['reports', 'list']);
    expect(listed.stdout).toContain('provider-recall-summary');
    await expect(cli(['reports', 'export', 'audit', '--org', 'Acme Medical Devices'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('audit needs --event <id>.'),
    });
    const done = await cli(['reports', 'export', 'recalls', '--format', 'csv', '--output', out('shell.csv')]);
    expect(done.stdout).toContain(`written to ${out('shell.csv')}`);
    expect(readFileSync(out('shell.csv'), 'utf8')).toContain('Acme Medical Devices');
  }, 60_000);
});
