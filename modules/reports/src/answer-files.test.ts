import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  csvRows,
  downloadFile,
  form,
  IMAGE_PNG,
  PDF,
  responseConformance,
  sendCommunication,
  startTestApp,
  type TestApp,
  type World,
  world,
} from '@portal/testing';

let t: TestApp;
let w: World;
let riversideAdmin: string;
let lakeshoreAdmin: string;
let borealis: string;
let operator: string;
let e: Awaited<ReturnType<typeof sendCommunication>>;

const pv = (token: string) => (method: string, path: string, body?: unknown, f?: FormData) =>
  t.call(method, `/api/provider/communications${path}`, { token, body, form: f });

/** Every entry of a zip by name, with its bytes. */
function unzip(body: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(body, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function upload(token: string, pc: number, type: 'Document' | 'Image', name: string, data: Buffer) {
  const res = await pv(token)('POST', `/${e.id}/${pc}/actions/${e.actionOf(type)}/file`, undefined, form(name, data));
  expect(res.status, res.body.m).toBe(200);
  return res.body.d[0].id as number;
}

const zipOf = (path: string, token: string) => downloadFile(t, `/api${path}`, token, 'America/Chicago');

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  riversideAdmin = (await t.signIn('admin@riverside.demo')).access_token;
  lakeshoreAdmin = (await t.signIn('admin@lakeshore.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  operator = (await t.signIn('admin@operator.demo')).access_token;
  e = await sendCommunication(t, w, 'Answer files recall', {
    providers: [w.riverside, w.lakeshore],
    actions: ['Document', 'Image', 'Text'],
  });
  // Riverside submits a document and an image; Lakeshore leaves a document in a draft.
  const riverside = e.pcOf(w.riverside);
  await upload(riversideAdmin, riverside, 'Document', 'recall letter.pdf', PDF);
  await upload(riversideAdmin, riverside, 'Document', 'count sheet.pdf', Buffer.from('%PDF-1.4\n%count\n'));
  await upload(riversideAdmin, riverside, 'Image', 'shelf.png', IMAGE_PNG);
  for (const type of ['Document', 'Image'] as const) {
    const res = await pv(riversideAdmin)('PUT', `/${e.id}/${riverside}/actions/${e.actionOf(type)}`, {});
    expect(res.status, res.body.m).toBe(200);
  }
  await upload(lakeshoreAdmin, e.pcOf(w.lakeshore), 'Document', 'draft.pdf', PDF);
  // A customer named like a path: its folder in the zip must stay one safe segment.
  await t
    .db('communication_affected_customers')
    .where({
      id: t
        .db('provider_communications')
        .where({ id: e.pcOf(w.lakeshore) })
        .select('affected_customer_id'),
    })
    .update({ name: '../../Lakeshore/..' });
});
afterAll(() => t.close());

describe('GET /supplier/communications/:id/files.zip', () => {
  it('streams every answer file with a manifest of who uploaded what and when', async () => {
    const res = await zipOf(`/supplier/communications/${e.id}/files.zip`, w.supplierToken);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(res.disposition).toMatch(/attachment; filename=.*Answer Files Answer files recall \d\d-\d\d-\d{4}\.zip/);
    const entries = await unzip(res.body);
    const names = [...entries.keys()];
    expect(names[0]).toBe('manifest.csv');
    expect(names).toHaveLength(5);
    // Unique, safe names: two segments, none of them . or .., no absolute path or backslash.
    for (const name of names.slice(1)) {
      const parts = name.split('/');
      expect(parts, name).toHaveLength(2);
      for (const part of parts) expect(['', '.', '..']).not.toContain(part);
      expect(name).not.toMatch(/^[/\\]|\\/);
    }
    expect(new Set(names).size).toBe(names.length);

    const manifest = csvRows(entries.get('manifest.csv')!);
    expect(manifest[0]).toEqual([
      'File',
      'Original Name',
      'Content Type',
      'Size (bytes)',
      'Action',
      'Provider',
      'Site',
      'Customer',
      'Answer Status',
      'Uploaded By',
      'Uploaded Through',
      'Uploaded At',
    ]);
    const rows = manifest.slice(1);
    expect(rows.map((r) => [r[1], r[2], r[4], r[5], r[8], r[9], r[10]])).toEqual([
      // The path-like customer sorts first ("." before letters).
      [
        'draft.pdf',
        'application/pdf',
        'Document action',
        'Lakeshore Medical Center',
        'Draft',
        'admin@lakeshore.demo',
        'Signed in',
      ],
      [
        'recall letter.pdf',
        'application/pdf',
        'Document action',
        'Riverside Health',
        'Submitted',
        'admin@riverside.demo',
        'Signed in',
      ],
      [
        'count sheet.pdf',
        'application/pdf',
        'Document action',
        'Riverside Health',
        'Submitted',
        'admin@riverside.demo',
        'Signed in',
      ],
      ['shelf.png', 'image/png', 'Image action', 'Riverside Health', 'Submitted', 'admin@riverside.demo', 'Signed in'],
    ]);
    expect(rows[0]![0]).toMatch(/^_\.\._Lakeshore_\/\d+-draft\.pdf$/);
    for (const row of rows) {
      // Each manifest line names its entry, whose bytes are the upload's; the size and instant are the stored ones.
      const bytes = entries.get(row[0]!);
      expect(bytes, row[0]).toBeDefined();
      expect(String(bytes!.length)).toBe(row[3]);
      expect(new Date(row[11]!).toISOString()).toBe(row[11]);
    }
    expect(entries.get(rows[3]![0]!)!.equals(IMAGE_PNG)).toBe(true);
    expect(entries.get(rows[1]![0]!)!.equals(PDF)).toBe(true);
  });

  it('leaves out removed files and answers an event without files with the manifest alone', async () => {
    const removed = await upload(riversideAdmin, e.pcOf(w.riverside), 'Document', 'mistake.pdf', PDF);
    expect(
      (
        await pv(riversideAdmin)(
          'DELETE',
          `/${e.id}/${e.pcOf(w.riverside)}/actions/${e.actionOf('Document')}/file/${removed}`,
        )
      ).status,
    ).toBe(200);
    const entries = await unzip((await zipOf(`/supplier/communications/${e.id}/files.zip`, w.supplierToken)).body);
    expect([...entries.keys()].some((n) => n.includes('mistake'))).toBe(false);

    const empty = await sendCommunication(t, w, 'No files recall', { providers: [w.riverside], actions: ['Text'] });
    const res = await zipOf(`/supplier/communications/${empty.id}/files.zip`, w.supplierToken);
    expect(res.status).toBe(200);
    const only = await unzip(res.body);
    expect([...only.keys()]).toEqual(['manifest.csv']);
    expect(csvRows(only.get('manifest.csv')!)).toHaveLength(1);
  });

  it("answers 404 for another supplier's event and a missing one, 403 for a provider; records each download", async () => {
    expect((await zipOf(`/supplier/communications/${e.id}/files.zip`, borealis)).status).toBe(404);
    expect((await zipOf('/supplier/communications/999999999/files.zip', w.supplierToken)).status).toBe(404);
    expect((await zipOf(`/supplier/communications/${e.id}/files.zip`, riversideAdmin)).status).toBe(403);
    const before = await t.db('communication_history').where({ communication_id: e.id, action: 'FILES_DOWNLOADED' });
    await zipOf(`/supplier/communications/${e.id}/files.zip`, w.supplierToken);
    const after = await t
      .db('communication_history')
      .where({ communication_id: e.id, action: 'FILES_DOWNLOADED' })
      .orderBy('id', 'desc');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ actor_email: 'recalls@acme.demo', after: { count: 4 } });
    const audit = await t
      .db('audit_events')
      .where({ action: 'FILES_DOWNLOADED', entity_id: String(e.id) })
      .orderBy('id', 'desc')
      .first();
    expect(audit).toMatchObject({ actor_email: 'recalls@acme.demo' });
    // The event's history reads it as a sentence.
    const history = await t.call('GET', `/api/supplier/communications/${e.id}/histories`, { token: w.supplierToken });
    expect(JSON.stringify(history.body.d)).toContain('FILES_DOWNLOADED');
  });

  it('refuses more files than one download holds, before streaming anything', async () => {
    const big = await sendCommunication(t, w, 'Too many files recall', {
      providers: [w.riverside],
      actions: ['Document'],
    });
    const pc = big.pcOf(w.riverside);
    const supplier = (await t.db('communications').where({ id: big.id }).first('organization_id')).organization_id;
    await t.db.raw(
      `INSERT INTO response_files (provider_communication_id, action_id, supplier_organization_id, name, extension, mimetype, size, file_key)
       SELECT ?, ?, ?, 'f' || n || '.pdf', 'pdf', 'application/pdf', 10, 'responses/none/' || n || '.pdf' FROM generate_series(1, 5001) n`,
      [pc, big.actionOf('Document'), supplier],
    );
    const res = await t.call('GET', `/api/supplier/communications/${big.id}/files.zip`, { token: w.supplierToken });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'FILES_ZIP_TOO_MANY', params: { max: 5000 } });

    await t.db('response_files').where({ provider_communication_id: pc }).where('id', '>', 0).del();
    await t.db('response_files').insert({
      provider_communication_id: pc,
      action_id: big.actionOf('Document'),
      supplier_organization_id: supplier,
      name: 'huge.mp4',
      extension: 'mp4',
      mimetype: 'video/mp4',
      size: 3 * 1024 ** 3,
      file_key: 'responses/none/huge.mp4',
    });
    const large = await t.call('GET', `/api/supplier/communications/${big.id}/files.zip`, { token: w.supplierToken });
    expect(large.status).toBe(422);
    expect(large.body.error).toMatchObject({ code: 'FILES_ZIP_TOO_LARGE', params: { max: 2048 } });
  });
});

describe('GET /notisphere/communications/:id/files.zip', () => {
  it("gives the operator any supplier's files, recorded under the supplier's event; others get 403", async () => {
    const res = await zipOf(`/notisphere/communications/${e.id}/files.zip`, operator);
    expect(res.status).toBe(200);
    const entries = await unzip(res.body);
    expect([...entries.keys()]).toHaveLength(5);
    const last = await t
      .db('communication_history')
      .where({ communication_id: e.id, action: 'FILES_DOWNLOADED' })
      .orderBy('id', 'desc')
      .first();
    expect(last).toMatchObject({ actor_email: 'admin@operator.demo' });
    expect((await zipOf('/notisphere/communications/999999999/files.zip', operator)).status).toBe(404);
    expect((await zipOf(`/notisphere/communications/${e.id}/files.zip`, w.supplierToken)).status).toBe(403);
  });
});

describe('GET /supplier/communications/:id/actions/:x', () => {
  it('gives each answer to a file action its files by name, with signed links', async () => {
    // The answer is the one the OpenAPI document declares, files included.
    const d = await responseConformance(t).conforms(
      'get',
      '/api/supplier/communications/{id}/actions/{x}',
      `/api/supplier/communications/${e.id}/actions/${e.actionOf('Document')}`,
      w.supplierToken,
    );
    const byCustomer = Object.fromEntries(
      (
        d.responses as {
          customer_name: string;
          files: { name: string; signed_url: string; signed_url_review: string }[];
        }[]
      ).map((r) => [r.customer_name, r.files]),
    );
    expect(byCustomer['Riverside Health']!.map((f) => f.name)).toEqual(['recall letter.pdf', 'count sheet.pdf']);
    // Lakeshore only uploaded: no answer yet, so no row.
    expect(Object.keys(byCustomer)).toEqual(['Riverside Health']);
    const file = byCustomer['Riverside Health']![0]!;
    expect(file.signed_url).toMatch(/^\/api\/files\//);
    const opened = await fetch(`${t.baseUrl}${file.signed_url_review}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF)).toBe(true);
    const text = await t.call('GET', `/api/supplier/communications/${e.id}/actions/${e.actionOf('Text')}`, {
      token: w.supplierToken,
    });
    expect(text.status).toBe(200);
  });
});

describe('Provider Status Report', () => {
  it('names the files of a file answer instead of counting them', async () => {
    const res = await downloadFile(
      t,
      `/api/supplier/communications/${e.id}/actions/provider/statusreport/csv`,
      w.supplierToken,
      'UTC',
    );
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    const riverside = rows.find((r) => r[0] === 'Riverside Health')!;
    expect(riverside[header!.indexOf('Document action')]).toBe('recall letter.pdf; count sheet.pdf');
    expect(riverside[header!.indexOf('Image action')]).toBe('shelf.png');
    // Lakeshore's document is a draft: no answer yet.
    expect(rows.find((r) => r[0] !== 'Riverside Health')![header!.indexOf('Document action')]).toBe('');
  });
});
