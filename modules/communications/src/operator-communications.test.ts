import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, PDF, startTestApp, sendCommunication, type TestApp, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let operator: string;
let borealisToken: string;
let borealis: number;
let sent: Awaited<ReturnType<typeof sendCommunication>>;
let draftId: number;
let borealisDraft: number;
let documentId: number;

const BASE = '/api/notisphere/communications';

interface Row {
  id: number;
  name: string;
  type: string;
  status: string;
  organization_id: number;
  supplier_name: string;
  status_provider: string | null;
  sent_count: number;
  completed_count: number;
  customers_count: number;
}

const get = (path: string, token = operator) => t.call('GET', `${BASE}${path}`, { token });
const rowsOf = async (query: string) => {
  const res = await get(`?${query}`);
  expect(res.status, res.body.m).toBe(200);
  return res.body.d as { items: Row[]; total: number; totalCapped?: boolean; lastUpdated: string | null };
};
const enc = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const today = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' })
    .format(new Date())
    .replace(/\//g, '-');

async function download(path: string, token = operator) {
  const res = await fetch(`${t.baseUrl}${BASE}${path}`, {
    headers: { authorization: `Bearer ${token}`, timezone: 'America/Chicago' },
  });
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition') ?? '',
    type: res.headers.get('content-type') ?? '',
    body: Buffer.from(await res.arrayBuffer()),
  };
}
const readCsv = (body: Buffer) => parse(body, { bom: true }) as string[][];
async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function draft(token: string, name: string, extra: Record<string, unknown> = {}) {
  const sup = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/supplier/communications${path}`, { token, body });
  const res = await sup('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSI', ...extra });
  expect(res.status, res.body.m).toBe(200);
  const id = res.body.d.id as number;
  await sup('POST', '/step1', {
    id,
    products: [{ product_name: 'Stent', lot_number: 'S-1' }, { product_name: 'Wire' }],
  });
  await sup('POST', '/step2', { id, actions: [{ action_type: 'Checkbox', title: 'Pick', options: ['A', 'B'] }] });
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  operator = (await t.signIn('admin@operator.demo')).access_token;
  borealisToken = (await t.signIn('admin@borealis.demo')).access_token;
  borealis = Number(
    ((await t.db('organizations').where({ name: 'Borealis Pharma' }).first('id')) as { id: number }).id,
  );
  sent = await sendCommunication(t, w, 'Opx sent recall', { providers: [w.riverside, w.lakeshore], actions: ['Text'] });
  draftId = await draft(w.supplierToken, 'Opx acme draft =HYPERLINK("x")', { event_id: 'OPX-1' });
  borealisDraft = await draft(borealisToken, 'Opx borealis draft');
  const upload = await t.call('POST', `/api/supplier/communications/${draftId}/documents?kind=DOCUMENT`, {
    token: w.supplierToken,
    form: form('notice.pdf', PDF),
  });
  expect(upload.status, upload.body.m).toBe(200);
  documentId = upload.body.d[0].id as number;
  // Riverside completes its notice: the sent event is then in progress for Lakeshore only.
  await t
    .db('provider_communications')
    .where({ id: sent.pcOf(w.riverside) })
    .update({ response_status: 'COMPLETED' });
});
afterAll(() => t.close());

describe('operator list of every supplier’s events', () => {
  it('lists both suppliers’ events with their supplier and counts, totals from the counters', async () => {
    const all = await rowsOf('pageSize=500');
    const names = all.items.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['Opx sent recall', 'Opx acme draft =HYPERLINK("x")', 'Opx borealis draft']),
    );
    const live = (await t.db('communications').whereNot('status', 'DELETED').count<{ n: number }[]>({ n: '*' }))[0]!;
    expect(all.total).toBe(Number(live.n));
    expect(all.totalCapped).toBeUndefined();
    const row = all.items.find((r) => r.id === sent.id)!;
    expect(row).toMatchObject({
      organization_id: w.acme,
      supplier_name: 'Acme Medical Devices',
      status: 'OPEN',
      sent_count: 2,
      completed_count: 1,
      status_provider: 'NOTCOMPLETED',
    });
    expect(all.items.find((r) => r.id === borealisDraft)).toMatchObject({
      organization_id: borealis,
      status_provider: null,
    });
    expect(all.lastUpdated).not.toBeNull();
  });

  it('narrows by supplier, status, type, provider status, filterModel and trimmed search', async () => {
    const ofBorealis = await rowsOf(`organizationId=${borealis}`);
    expect(ofBorealis.items.every((r) => r.organization_id === borealis)).toBe(true);
    expect(ofBorealis.items.map((r) => r.id)).toContain(borealisDraft);
    const drafts = await rowsOf('status=DRAFT&pageSize=500');
    expect(drafts.items.every((r) => r.status === 'DRAFT')).toBe(true);
    expect(drafts.total).toBe(drafts.items.length);
    expect(
      (await rowsOf('communicationType=PRODUCT%20DISRUPTION&pageSize=500')).items.every(
        (r) => r.type === 'PRODUCT DISRUPTION',
      ),
    ).toBe(true);
    expect((await rowsOf('category=RECALL&pageSize=500')).items.every((r) => r.type === 'RECALL')).toBe(true);

    const inProgress = await rowsOf('statusProvider=NOTCOMPLETED&pageSize=500');
    expect(inProgress.items.map((r) => r.id)).toContain(sent.id);
    expect(inProgress.total).toBe(inProgress.items.length);
    expect((await rowsOf('statusProvider=COMPLETED&pageSize=500')).items.map((r) => r.id)).not.toContain(sent.id);

    const filtered = await rowsOf(`filterModel=${enc({ supplier_name: { type: 'contains', filter: 'Borealis' } })}`);
    expect(filtered.items.map((r) => r.id)).toEqual(expect.arrayContaining([borealisDraft]));
    expect(filtered.items.every((r) => r.supplier_name.includes('Borealis'))).toBe(true);
    // The list's filterModel may arrive URI-encoded twice (the spec's "encoded JSON").
    const twice = await rowsOf(
      `filterModel=${encodeURIComponent(enc({ name: { type: 'contains', filter: 'Opx borealis' } }))}`,
    );
    expect(twice.items.map((r) => r.id)).toEqual([borealisDraft]);

    const searched = await rowsOf(`search=${encodeURIComponent('  Opx acme draft  ')}`);
    expect(searched.items.map((r) => r.id)).toEqual([draftId]);
    expect(searched.total).toBe(1);
    expect((await rowsOf(`search=${encodeURIComponent('Borealis Pharma')}`)).items.map((r) => r.id)).toContain(
      borealisDraft,
    );
    const sorted = await rowsOf(`search=Opx&sortField=supplier_name,name&sortDirection=desc,asc`);
    expect(sorted.items[0]!.supplier_name).toBe([...sorted.items.map((r) => r.supplier_name)].sort().reverse()[0]);
  });

  it('refuses malformed input with 400', async () => {
    expect((await get('?sortField=password_hash')).status).toBe(400);
    expect((await get(`?filterModel=${enc({ constructor: { filter: 'x' } })}`)).status).toBe(400);
    expect((await get('?filterModel=%7Bnot-json')).status).toBe(400);
    expect((await get('?status=SENDING')).status).toBe(400);
    expect((await get('?organizationId=-1')).status).toBe(400);
    expect((await get('?communicationType=OTHER')).status).toBe(400);
    expect((await get('/abc')).status).toBe(404);
    expect((await get('/downloadcsv?statusProvider=DONE')).status).toBe(400);
  });

  it('leaves the eR responses list of the inbox where it was', async () => {
    const res = await get('/responses?pageSize=5');
    expect(res.status).toBe(200);
    expect(res.body.d).toHaveProperty('items');
  });
});

describe('operator view of one event', () => {
  it('shows the event as its supplier sees it, with supplier and documents', async () => {
    const res = await get(`/${draftId}`);
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({
      id: draftId,
      organization_id: w.acme,
      supplier_name: 'Acme Medical Devices',
      status: 'DRAFT',
      products: [{ product_name: 'Stent' }, { product_name: 'Wire' }],
      actions: [{ action_type: 'Checkbox', options: ['A', 'B'] }],
      documents: [{ id: documentId, name: 'notice.pdf' }],
    });
    expect((await get('/99999999')).status).toBe(404);
  });

  it('lists the histories and opens a document of any supplier', async () => {
    const h = await get(`/${sent.id}/histories`);
    expect(h.status).toBe(200);
    expect((h.body.d as { action: string }[]).map((r) => r.action)).toEqual(
      expect.arrayContaining(['CREATED', 'APPROVED']),
    );
    const doc = await get(`/document/${documentId}`);
    expect(doc.status).toBe(200);
    expect(doc.body.d).toMatchObject({ id: documentId, name: 'notice.pdf', communication_id: draftId });
    expect(doc.body.d.signed_url).toMatch(/^\/api\//);
    expect((await get('/document/99999999')).status).toBe(404);
  });
});

describe('operator copy and delete', () => {
  it('copies an event into a new draft of its supplier, audited', async () => {
    const res = await get(`/${sent.id}/copy`);
    expect(res.status, res.body.m).toBe(200);
    const copy = res.body.d as {
      id: number;
      status: string;
      organization_id: number;
      name: string;
      products: unknown[];
      actions: unknown[];
    };
    expect(copy).toMatchObject({ status: 'DRAFT', organization_id: w.acme, name: 'Copy of Opx sent recall' });
    expect(copy.products).toHaveLength(1);
    expect(copy.actions).toHaveLength(1);
    expect(
      await t
        .db('communication_affected_customers')
        .where({ communication_id: copy.id })
        .count<{ n: number }[]>({ n: '*' }),
    ).toEqual([{ n: 0 }]);
    const audit = await t
      .db('audit_events')
      .where({ action: 'OPERATOR_COPIED_COMMUNICATION', entity_id: String(copy.id) });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      organization_id: w.acme,
      actor_email: 'admin@operator.demo',
      after: { copied_from: sent.id },
    });
    // The supplier finds the copy among its own drafts.
    const own = await t.call('GET', `/api/supplier/communications/${copy.id}`, { token: w.supplierToken });
    expect(own.status).toBe(200);
    expect((await get('/99999999/copy')).status).toBe(404);
  });

  it('refuses to delete a sent event, and a supplier that is not the event’s (404)', async () => {
    const refused = await t.call('PUT', `${BASE}/${sent.id}/delete/supplier/${w.acme}`, { token: operator });
    expect(refused.status).toBe(409);
    expect(refused.body.m).toMatch(/cannot be deleted/);
    const wrong = await t.call('PUT', `${BASE}/${draftId}/delete/supplier/${borealis}`, { token: operator });
    expect(wrong.status).toBe(404);
    expect((await t.db('communications').where({ id: draftId }).first('status')).status).toBe('DRAFT');
  });

  it('soft-deletes a draft, audited with the operator, and drops it from the list', async () => {
    const before = (await rowsOf('pageSize=1')).total;
    const res = await t.call('PUT', `${BASE}/${borealisDraft}/delete/supplier/${borealis}`, { token: operator });
    expect(res.status, res.body.m).toBe(200);
    const row = await t.db('communications').where({ id: borealisDraft }).first('status', 'deleted_at');
    expect(row.status).toBe('DELETED');
    expect(row.deleted_at).not.toBeNull();
    const audit = await t
      .db('audit_events')
      .where({ action: 'OPERATOR_DELETED_COMMUNICATION', entity_id: String(borealisDraft) });
    expect(audit[0]).toMatchObject({ organization_id: borealis, actor_email: 'admin@operator.demo' });
    const history = await t.db('communication_history').where({ communication_id: borealisDraft, action: 'DELETED' });
    expect(history[0]).toMatchObject({ actor_email: 'admin@operator.demo' });
    expect((await rowsOf('pageSize=1')).total).toBe(before - 1);
    expect((await get(`/${borealisDraft}`)).status).toBe(404);
    expect(
      (await t.call('PUT', `${BASE}/${borealisDraft}/delete/supplier/${borealis}`, { token: operator })).status,
    ).toBe(404);
  });
});

describe('Recalls Report', () => {
  it('downloads CSV with the spec’s name, the filters and defused formulas', async () => {
    const res = await download(`/downloadcsv?organizationId=${w.acme}&status=DRAFT`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/csv');
    expect(res.disposition).toContain(`filename="Recalls Report ${today('America/Chicago')}.csv"`);
    const rows = readCsv(res.body);
    expect(rows[0]!.slice(0, 8)).toEqual([
      'Event Name',
      'Event ID',
      'Supplier',
      'Type',
      'Subtype',
      'Classification',
      'Status',
      'Provider Status',
    ]);
    const draftRow = rows.find((r) => r[1] === 'OPX-1')!;
    expect(draftRow[0]).toBe('Opx acme draft =HYPERLINK("x")');
    expect(rows.slice(1).every((r) => r[2] === 'Acme Medical Devices' && r[6] === 'Draft')).toBe(true);
    expect(rows.slice(1).some((r) => r[0] === 'Opx sent recall')).toBe(false);
  });

  it('downloads XLSX with the provider progress filter', async () => {
    const res = await download('/downloadxlsx?statusProvider=NOTCOMPLETED&category=RECALL');
    expect(res.status).toBe(200);
    expect(res.disposition).toContain(`filename="Recalls Report ${today('America/Chicago')}.xlsx"`);
    const rows = await readXlsx(res.body);
    const row = rows.find((r) => r[0] === 'Opx sent recall')!;
    expect([row[2], row[3], row[5], row[6], row[7]]).toEqual([
      'Acme Medical Devices',
      'Recall',
      'Class I',
      'Open',
      'In Progress',
    ]);
    expect(rows.slice(1).every((r) => r[7] === 'In Progress')).toBe(true);
  });

  it('holds what the grid shows: its search and column filters, whitelisted', async () => {
    const searched = readCsv((await download(`/downloadcsv?search=${encodeURIComponent(' Opx acme ')}`)).body);
    expect(searched.slice(1).map((r) => r[0])).toEqual(['Opx acme draft =HYPERLINK("x")']);
    const filtered = readCsv(
      (await download(`/downloadcsv?filterModel=${enc({ supplier_name: { type: 'contains', filter: 'Borealis' } })}`))
        .body,
    );
    expect(filtered.slice(1).every((r) => r[2] === 'Borealis Pharma')).toBe(true);
    const acme = readCsv(
      (await download(`/downloadcsv?filterModel=${enc({ supplier_name: { type: 'contains', filter: 'Acme' } })}`)).body,
    );
    expect(acme.slice(1).map((r) => r[0])).toContain('Opx sent recall');
    expect(acme.slice(1).every((r) => r[2] === 'Acme Medical Devices')).toBe(true);
    expect((await download(`/downloadxlsx?filterModel=${enc({ password_hash: { filter: 'x' } })}`)).status).toBe(400);
  });

  it('defuses a name that starts like a formula', async () => {
    const id = await draft(w.supplierToken, '=1+2 opx formula');
    const rows = readCsv((await download(`/downloadcsv?organizationId=${w.acme}`)).body);
    expect(rows.find((r) => r[0]!.includes('opx formula'))![0]).toBe(`'=1+2 opx formula`);
    await t.db('communications').where({ id }).update({ status: 'DELETED' });
  });
});

describe('access', () => {
  const calls = () => [
    ['GET', ''],
    ['GET', `/${sent.id}`],
    ['GET', `/${sent.id}/copy`],
    ['GET', `/${sent.id}/histories`],
    ['GET', `/document/${documentId}`],
    ['PUT', `/${draftId}/delete/supplier/${w.acme}`],
    ['GET', '/downloadcsv'],
    ['GET', '/downloadxlsx'],
    ['GET', '/csv/summary'],
  ];

  it('refuses suppliers and providers (403)', async () => {
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    for (const token of [w.supplierToken, provider, borealisToken])
      for (const [method, path] of calls())
        expect((await t.call(method!, `${BASE}${path}`, { token })).status, `${method} ${path}`).toBe(403);
  });

  it('refuses an operator without Notisphere_ManageRecalls (403)', async () => {
    const role = (await t
      .db('roles as r')
      .join('organizations as o', 'o.id', 'r.organization_id')
      .where({ 'o.type': 'NOTISPHERE', 'r.name': 'Administrator' })
      .first('r.id')) as { id: number };
    await t.db('role_permissions').where({ role_id: role.id, permission: 'Notisphere_ManageRecalls' }).delete();
    try {
      for (const [method, path] of calls())
        expect((await t.call(method!, `${BASE}${path}`, { token: operator })).status, `${method} ${path}`).toBe(403);
    } finally {
      await t.db('role_permissions').insert({ role_id: role.id, permission: 'Notisphere_ManageRecalls' });
    }
  });
});
