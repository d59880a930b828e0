import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors, messageText } from '@portal/core';
import { responseConformance, startTestApp, type TestApp } from '@portal/testing';
import { ACTION_TYPES } from '@portal/communications';

let t: TestApp;
let acme: string; // Recall Coordinator at Acme
let borealis: string; // another supplier
let lakeshoreUser: string; // a provider that answers electronically
let lakeshore: number;

beforeAll(async () => {
  t = await startTestApp();
  acme = (await t.signIn('recalls@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  lakeshoreUser = (await t.signIn('admin@lakeshore.demo')).access_token;
  lakeshore = ((await t.db('organizations').where({ name: 'Lakeshore Medical Center' }).first('id')) as { id: number })
    .id;
});
afterAll(() => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = Buffer.from('%PDF-1.4\n%paper response\n');
const today = () => new Date().toISOString().slice(0, 10);

const sup = (method: string, path: string, options: { body?: unknown; form?: FormData; token?: string } = {}) =>
  t.call(method, `/api/supplier/communications${path}`, {
    token: options.token ?? acme,
    body: options.body,
    form: options.form,
  });

function formOf(fields: Record<string, string | number>, files: Record<string, [string, Buffer]> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
  for (const [field, [name, data]] of Object.entries(files)) f.append(field, new Blob([new Uint8Array(data)]), name);
  return f;
}

interface Sent {
  id: number;
  riverside: number;
  lakeshore: number;
  actionOf: (type: string) => number;
  locations: number[];
}

/**
 * A recall with one action of each type, sent to Riverside Health (through two of Acme's locations, so the customer
 * has affected locations) and to Lakeshore (picked as a provider).
 */
async function sentRecall(name: string): Promise<Sent> {
  const tag = Math.random().toString(36).slice(2, 8);
  const locationIds: number[] = [];
  for (const n of [1, 2]) {
    const res = await t.call('POST', '/api/supplier/locations', {
      token: acme,
      body: {
        location_id: `PAPER-${tag}-${n}`,
        location_name: `Riverside Dock ${n} ${tag}`,
        notisphere_id: 'PRV-0001',
        email: `dock${n}@riverside.demo`,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    locationIds.push(res.body.d.id as number);
  }
  const id = (await sup('POST', '/step0', { body: { type: 'RECALL', name, classification: 'CLASSI' } })).body.d
    .id as number;
  await sup('POST', '/step1', { body: { id, products: [{ product_name: 'Catheter', lot_number: 'C-9' }] } });
  const actions = ACTION_TYPES.map((action_type) => ({
    action_type,
    title: `${action_type} action`,
    ...(action_type === 'Checkbox' || action_type === 'MultipleChoice' ? { options: ['A', 'B', 'C'] } : {}),
  }));
  expect((await sup('POST', '/step2', { body: { id, actions } })).status).toBe(200);
  expect((await sup('POST', '/step3', { body: { id, location_ids: locationIds } })).status).toBe(200);
  expect((await sup('POST', '/step3', { body: { id, provider_organization_ids: [lakeshore] } })).status).toBe(200);
  expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
  expect((await sup('PUT', `/${id}/send-notification/RECALL`)).status).toBe(200);
  const pcs = (await t
    .db('provider_communications as pc')
    .join('communication_affected_customers as c', 'c.id', 'pc.affected_customer_id')
    .where({ 'pc.communication_id': id })
    .select('pc.id', 'c.name')) as { id: number; name: string }[];
  const actionRows = (await t
    .db('communication_actions')
    .where({ communication_id: id })
    .select('id', 'action_type')) as { id: number; action_type: string }[];
  const locations = (await t
    .db('communication_affected_locations')
    .where({ communication_id: id })
    .orderBy('location_name')
    .pluck('id')) as number[];
  return {
    id,
    riverside: pcs.find((p) => p.name === 'Riverside Health')!.id,
    lakeshore: pcs.find((p) => p.name === 'Lakeshore Medical Center')!.id,
    actionOf: (type) => actionRows.find((a) => a.action_type === type)!.id,
    locations,
  };
}

async function createPaper(
  e: Sent,
  pc: number,
  fields: Record<string, string | number> = {},
  files: Record<string, [string, Buffer]> = {},
): Promise<number> {
  const res = await sup('POST', '/paper', {
    form: formOf(
      {
        communicationId: e.id,
        providerCommunicationId: pc,
        responderName: 'Dr. Paper',
        responseDate: today(),
        ...fields,
      },
      files,
    ),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.d.id as number;
}

const count = async (table: string, where: Record<string, unknown>) =>
  Number(((await t.db(table).where(where).count<{ n: number }[]>({ n: '*' }).first()) as { n: number }).n);
const responseStatus = async (pc: number) =>
  ((await t.db('provider_communications').where({ id: pc }).first('response_status')) as { response_status: string })
    .response_status;

/** Every action answered: JSON values plus the image and document as files of their actions. */
function fullAnswers(e: Sent): FormData {
  const f = formOf(
    {
      paperResponseId: 0,
      actions: JSON.stringify([
        { actionId: e.actionOf('Acknowledge'), valueAcknowledge: true },
        { actionId: e.actionOf('Text'), valueText: 'Quarantined 4 units' },
        { actionId: e.actionOf('Numeric'), valueNumeric: '4' },
        { actionId: e.actionOf('YesNo'), valueYesNo: 'Yes' },
        { actionId: e.actionOf('Checkbox'), valueCheckbox: ['A', 'C'] },
        { actionId: e.actionOf('MultipleChoice'), valueMultiChoice: ['B'] },
      ]),
    },
    { [`file_${e.actionOf('Image')}`]: ['shelf.png', PNG], [`file_${e.actionOf('Document')}`]: ['form.pdf', PDF] },
  );
  return f;
}

describe('recording a paper response', () => {
  it('keys in every action type, completes the customer and shows the answers in the Provider Status Report as Paper', async () => {
    const e = await sentRecall('Paper everything');
    const names = (await sup('GET', `/paper/${e.id}/providernames`)).body.d as {
      provider_communication_id: number;
      customer_name: string;
      paper_response_id: number | null;
    }[];
    expect(names.map((n) => n.customer_name)).toEqual(['Lakeshore Medical Center', 'Riverside Health']);
    expect(names.every((n) => n.paper_response_id === null)).toBe(true);
    const locations = (await sup('GET', `/paper/${e.riverside}/locationnames`)).body.d as { id: number }[];
    expect(locations.map((l) => l.id)).toEqual(e.locations);
    expect((await sup('GET', `/paper/${e.riverside}/notifieddate`)).body.d).toMatchObject({
      provider_communication_id: e.riverside,
      notified_date: today(),
    });
    const blank = (
      await sup('GET', `/paper/0/getactions?communicationId=${e.id}&providerCommunicationId=${e.riverside}`)
    ).body.d;
    expect(blank.paper_response).toBeNull();
    expect(blank.actions.map((a: { action_type: string }) => a.action_type)).toEqual([...ACTION_TYPES]);

    const paperId = await createPaper(e, e.riverside, { locationId: e.locations[0]! }, { document: ['scan.pdf', PDF] });
    const duplicate = await sup('POST', '/paper', {
      body: {
        communicationId: e.id,
        providerCommunicationId: e.riverside,
        responderName: 'Again',
        responseDate: today(),
      },
    });
    expect([duplicate.status, duplicate.body.m]).toEqual([409, messageText('PAPER_RESPONSE_EXISTS')]);
    expect((await sup('GET', `/paper/${e.riverside}/locationnames`)).body.d).toEqual([]);
    expect(
      ((await sup('GET', `/paper/${paperId}/editlocationnames`)).body.d as { id: number }[]).map((l) => l.id),
    ).toEqual(e.locations);

    const form = fullAnswers(e);
    form.set('paperResponseId', String(paperId));
    const saved = await sup('POST', '/paper/supplieractions', { form });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const byType = Object.fromEntries(
      (
        saved.body.d.actions as {
          action_type: string;
          value: unknown;
          files: { id: number; actionId: number; paperresponseid: number }[];
        }[]
      ).map((a) => [a.action_type, a]),
    );
    expect(byType.Numeric!.value).toEqual({ valueNumeric: '4' });
    expect(byType.Checkbox!.value).toEqual({ valueCheckbox: ['A', 'C'] });
    const image = byType.Image!.files[0]!;
    expect(image).toMatchObject({
      name: 'shelf.png',
      actionId: e.actionOf('Image'),
      paperresponseid: paperId,
      type: 'image/png',
    });
    expect(byType.Image!.value).toEqual({ valueImage: [image.id] });
    expect(await responseStatus(e.riverside)).toBe('COMPLETED');
    expect(
      await count('provider_responses', {
        provider_communication_id: e.riverside,
        source: 'Paper',
        status: 'SUBMITTED',
        paper_response_id: paperId,
      }),
    ).toBe(ACTION_TYPES.length);

    // The supplier's tracking and the list see it.
    const progress = (await sup('GET', `/${e.id}/actions/provider`)).body.d.items as {
      provider_communication_id: number;
      response_status: string;
    }[];
    expect(progress.find((p) => p.provider_communication_id === e.riverside)!.response_status).toBe('COMPLETED');
    const list = (await sup('GET', `/paper/${e.id}/list`)).body.d;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: paperId,
      customer_name: 'Riverside Health',
      responder_name: 'Dr. Paper',
      answers: ACTION_TYPES.length,
      document_name: 'scan.pdf',
      response_status: 'COMPLETED',
    });

    // Files: the answer's file and the scanned form, by signed link, only for the owner.
    const file = await sup('GET', `/file/paper/${image.id}`);
    expect(file.body.d).toMatchObject({ id: image.id, actionId: e.actionOf('Image'), paperresponseid: paperId });
    const bytes = Buffer.from(await (await fetch(`${t.baseUrl}${file.body.d.signed_url}`)).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);
    const doc = await sup('GET', `/paper/${paperId}/doc`);
    expect(doc.body.d).toMatchObject({ name: 'scan.pdf', type: 'application/pdf' });
    expect(Buffer.from(await (await fetch(`${t.baseUrl}${doc.body.d.signed_url}`)).arrayBuffer()).equals(PDF)).toBe(
      true,
    );
    expect((await sup('GET', `/file/paper/${image.id}`, { token: borealis })).status).toBe(404);

    const res = await fetch(`${t.baseUrl}/api/supplier/communications/${e.id}/actions/provider/statusreport`, {
      headers: { authorization: `Bearer ${acme}`, timezone: 'UTC' },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    let row: unknown[] = [];
    ws.eachRow((r) => {
      if ((r.values as unknown[]).includes('Riverside Health')) row = (r.values as unknown[]).slice(1);
    });
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('Response Status')).toBe('Completed');
    expect(cell('YesNo action')).toBe('Yes');
    expect(cell('Numeric action')).toBe('4');
    expect(cell('Checkbox action')).toBe('A; C');
    expect(cell('Response Method')).toBe('Paper');

    const history = (await sup('GET', `/${e.id}/histories`)).body.d as {
      action: string;
      actor_email: string;
      after: unknown;
    }[];
    expect(history.find((h) => h.action === 'PAPER_RESPONSE_CREATED')).toMatchObject({
      actor_email: 'recalls@acme.demo',
    });
    expect(history.filter((h) => h.action === 'PAPER_RESPONDED')).toHaveLength(ACTION_TYPES.length);
  });

  it("refuses invalid values with the spec's messages, wrong and empty files, and stores nothing", async () => {
    const e = await sentRecall('Paper refusals');
    const paperId = await createPaper(e, e.riverside);
    const save = (actions: unknown[], files: Record<string, [string, Buffer]> = {}) =>
      sup('POST', '/paper/supplieractions', {
        form: formOf({ paperResponseId: paperId, actions: JSON.stringify(actions) }, files),
      });
    const text = { actionId: e.actionOf('Text'), valueText: 'would be stored' };
    expect((await save([text, { actionId: e.actionOf('Numeric'), valueNumeric: '4x' }])).body.m).toBe(
      'Only numeric values are accepted.',
    );
    expect((await save([text, { actionId: e.actionOf('Checkbox'), valueCheckbox: ['Z'] }])).body.m).toBe(
      'valueCheckbox must be chosen from: A, B, C',
    );
    const wrongImage = await save([text], { [`file_${e.actionOf('Image')}`]: ['scan.pdf', PDF] });
    expect([wrongImage.status, wrongImage.body.m]).toEqual([415, 'The document types should be either of .png, .jpg']);
    const fakePng = await save([text], { [`file_${e.actionOf('Image')}`]: ['shelf.png', PDF] });
    expect([fakePng.status, fakePng.body.m]).toEqual([415, 'The file content does not match its type.']);
    expect((await save([text], { [`file_${e.actionOf('Document')}`]: ['empty.pdf', Buffer.alloc(0)] })).body.m).toBe(
      'Documented failed to upload. Please try again.',
    );
    expect((await save([text], { [`file_${e.actionOf('Text')}`]: ['shelf.png', PNG] })).body.m).toBe(
      '"Text action" does not take files.',
    );
    expect(await count('provider_responses', { provider_communication_id: e.riverside })).toBe(0);
    expect(await count('response_files', { paper_response_id: paperId })).toBe(0);
    // A wrong scanned form is refused before anything is written.
    const badDoc = await sup('POST', '/paper', {
      form: formOf(
        { communicationId: e.id, providerCommunicationId: e.lakeshore, responderName: 'X', responseDate: today() },
        { document: ['notes.txt', Buffer.from('hello')] },
      ),
    });
    expect(badDoc.status).toBe(415);
    expect(await count('paper_responses', { provider_communication_id: e.lakeshore })).toBe(0);
    // Dates and locations are checked too.
    const early = await sup('POST', '/paper', {
      body: {
        communicationId: e.id,
        providerCommunicationId: e.lakeshore,
        responderName: 'X',
        responseDate: '2020-01-01',
      },
    });
    expect(early.body.m).toBe(messageText('RESPONSE_BEFORE_NOTIFIED'));
    const foreignLocation = await sup('POST', '/paper', {
      body: {
        communicationId: e.id,
        providerCommunicationId: e.lakeshore,
        locationId: e.locations[0],
        responderName: 'X',
        responseDate: today(),
      },
    });
    expect(foreignLocation.body.m).toBe(messageText('LOCATION_NOT_AFFECTED'));
    expect(await count('paper_responses', { provider_communication_id: e.lakeshore })).toBe(0);
  });

  it('never overwrites an answer the customer submitted electronically', async () => {
    const e = await sentRecall('Paper after electronic');
    const answered = await t.call(
      'PUT',
      `/api/provider/communications/${e.id}/${e.lakeshore}/actions/${e.actionOf('YesNo')}`,
      { token: lakeshoreUser, body: { valueYesNo: 'No' } },
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const paperId = await createPaper(e, e.lakeshore);
    const actions = (await sup('GET', `/paper/${paperId}/getactions`)).body.d.actions as {
      action_type: string;
      electronic_answer: { value: unknown } | null;
    }[];
    expect(actions.find((a) => a.action_type === 'YesNo')!.electronic_answer?.value).toEqual({ valueYesNo: 'No' });
    const refused = await sup('POST', '/paper/supplieractions', {
      body: {
        paperResponseId: paperId,
        actions: [
          { actionId: e.actionOf('Text'), valueText: 'x' },
          { actionId: e.actionOf('YesNo'), valueYesNo: 'Yes' },
        ],
      },
    });
    expect([refused.status, refused.body.m]).toEqual([
      409,
      messageText('ANSWERED_ELECTRONICALLY', { title: 'YesNo action' }),
    ]);
    expect(await count('provider_responses', { provider_communication_id: e.lakeshore, source: 'Paper' })).toBe(0);
    // The other actions can still be keyed in; the electronic answer stays as it was.
    const ok = await sup('POST', '/paper/supplieractions', {
      body: {
        paperResponseId: paperId,
        actions: [{ actionId: e.actionOf('Text'), valueText: 'x' }, { actionId: e.actionOf('YesNo') }],
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const yesNo = await t
      .db('provider_responses')
      .where({ provider_communication_id: e.lakeshore, action_id: e.actionOf('YesNo') })
      .first('source', 'value');
    expect(yesNo).toEqual({ source: 'Electronic', value: { valueYesNo: 'No' } });
  });

  it('refuses a draft event with a clear message', async () => {
    const id = (
      await sup('POST', '/step0', { body: { type: 'RECALL', name: 'Paper draft', classification: 'CLASSIII' } })
    ).body.d.id as number;
    const created = await sup('POST', '/paper', {
      body: { communicationId: id, providerCommunicationId: 1, responderName: 'X', responseDate: today() },
    });
    expect([created.status, created.body.m]).toEqual([409, messageText('NOT_SENT')]);
    expect((await sup('GET', `/paper/${id}/list`)).body.m).toBe(messageText('NOT_SENT'));
    expect((await sup('GET', `/paper/${id}/providernames`)).status).toBe(409);
    expect((await sup('GET', `/paper/0/getactions?communicationId=${id}`)).status).toBe(409);
  });
});

describe('editing, listing and deleting paper responses', () => {
  it('updates the header and the answers, pages and searches the list, and deleting reopens the customer', async () => {
    const e = await sentRecall('Paper edits');
    const river = await createPaper(e, e.riverside, { responderName: 'Nurse Ratched' });
    const lake = await createPaper(e, e.lakeshore, { responderName: 'Dr. Lake' });

    const updated = await sup('POST', '/paper/update', {
      form: formOf(
        { id: river, responderName: 'Nurse Kind', responseDate: today(), locationId: e.locations[1]! },
        { document: ['scan.png', PNG] },
      ),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.d).toMatchObject({
      responder_name: 'Nurse Kind',
      affected_location_id: e.locations[1],
      document: { name: 'scan.png' },
    });
    const moved = await sup('POST', '/paper/update', {
      body: { id: river, providerCommunicationId: e.lakeshore, responderName: 'X', responseDate: today() },
    });
    expect(moved.body.m).toBe(messageText('PAPER_CUSTOMER_FIXED'));
    // An update sends every field (a missing locationId means none).
    const dropped = await sup('POST', '/paper/update', {
      body: {
        id: river,
        responderName: 'Nurse Kind',
        responseDate: today(),
        locationId: e.locations[1],
        removeDocument: true,
      },
    });
    expect(dropped.body.d).toMatchObject({ document: null, affected_location_id: e.locations[1] });
    expect((await sup('GET', `/paper/${river}/doc`)).status).toBe(404);

    const page = (await sup('GET', `/paper/${e.id}/list?pageSize=1&sortField=responder_name&sortDirection=asc`)).body.d;
    expect([page.total, page.items.map((i: { responder_name: string }) => i.responder_name)]).toEqual([
      2,
      ['Dr. Lake'],
    ]);
    const second = (
      await sup('GET', `/paper/${e.id}/list?pageSize=1&pageNumber=2&sortField=responder_name&sortDirection=asc`)
    ).body.d;
    expect(second.items.map((i: { id: number }) => i.id)).toEqual([river]);
    expect((await sup('GET', `/paper/${e.id}/list?search=kind`)).body.d.items.map((i: { id: number }) => i.id)).toEqual(
      [river],
    );
    expect(
      (await sup('GET', `/paper/${e.id}/list?search=lakeshore`)).body.d.items.map((i: { id: number }) => i.id),
    ).toEqual([lake]);
    expect(
      (await sup('GET', `/paper/${e.id}/list?search=dock%202`)).body.d.items.map((i: { id: number }) => i.id),
    ).toEqual([river]);
    expect((await sup('GET', `/paper/${e.id}/list?sortField=file_key`)).status).toBe(400);

    // Answers: complete, then clear one (the customer is in progress again), then delete the whole response.
    const form = fullAnswers(e);
    form.set('paperResponseId', String(river));
    expect((await sup('POST', '/paper/supplieractions', { form })).status).toBe(200);
    expect(await responseStatus(e.riverside)).toBe('COMPLETED');
    const image = (await t
      .db('response_files')
      .where({ paper_response_id: river, action_id: e.actionOf('Image') })
      .first('id')) as { id: number };
    const cleared = await sup('POST', '/paper/supplieractions', {
      body: {
        paperResponseId: river,
        actions: [
          { actionId: e.actionOf('Text'), valueText: '' },
          { actionId: e.actionOf('Image'), valueImage: [] },
        ],
      },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await responseStatus(e.riverside)).toBe('NOTCOMPLETED');
    expect((await sup('GET', `/file/paper/${image.id}`)).status).toBe(404);
    expect(await count('provider_responses', { paper_response_id: river })).toBe(ACTION_TYPES.length - 2);

    const deleted = await sup('GET', `/paper/${river}/delete`);
    expect(deleted.body).toMatchObject({
      ok: true,
      m: 'The paper response has been deleted.',
      d: { response_status: 'NOTCOMPLETED' },
    });
    expect(await count('provider_responses', { provider_communication_id: e.riverside })).toBe(0);
    expect((await sup('GET', `/paper/${river}/getactions`)).status).toBe(404);
    expect((await sup('GET', `/paper/${e.id}/list`)).body.d.total).toBe(1);
    // The customer can be given a new paper response again.
    expect(((await sup('GET', `/paper/${e.riverside}/locationnames`)).body.d as unknown[]).length).toBe(2);
    const history = (await sup('GET', `/${e.id}/histories`)).body.d as { action: string; before: unknown }[];
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining([
        'PAPER_RESPONSE_UPDATED',
        'PAPER_ANSWER_CLEARED',
        'PAPER_RESPONSE_DELETED',
        'REOPENED_RESPONSE',
      ]),
    );
  });

  it('deleting a completing paper response makes the customer in progress again', async () => {
    const e = await sentRecall('Paper delete completion');
    const paperId = await createPaper(e, e.riverside);
    const form = fullAnswers(e);
    form.set('paperResponseId', String(paperId));
    expect((await sup('POST', '/paper/supplieractions', { form })).status).toBe(200);
    expect(await responseStatus(e.riverside)).toBe('COMPLETED');
    expect((await sup('GET', `/paper/${paperId}/delete`)).body.d).toEqual({ response_status: 'NOTCOMPLETED' });
    expect(await responseStatus(e.riverside)).toBe('NOTCOMPLETED');
    expect(await count('response_files', { paper_response_id: paperId, deleted_at: null })).toBe(0);
  });
});

describe('importing the Paper Response Template', () => {
  async function filledTemplate(e: Sent, fill: (pcId: number) => Record<string, unknown> | null): Promise<Buffer> {
    const res = await fetch(`${t.baseUrl}/api/supplier/communications/${e.id}/paper-response-template`, {
      headers: { authorization: `Bearer ${acme}`, timezone: 'UTC' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const values = fill(Number(row.getCell(1).value));
      if (!values) return;
      for (const [title, value] of Object.entries(values)) {
        const col = header.findIndex((h) => h === title || h.startsWith(`${title} (`));
        expect(col, title).toBeGreaterThanOrEqual(0);
        row.getCell(col + 1).value = value as ExcelJS.CellValue;
      }
    });
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const upload = (e: Sent, data: Buffer, token = acme) =>
    sup('POST', `/${e.id}/paper-response-import`, {
      token,
      form: formOf({}, { file: ['Paper Response Template.xlsx', data] }),
    });

  it('creates a paper response per filled row, and rejects the whole file when a row is bad, naming the row', async () => {
    const e = await sentRecall('Paper import');
    const good = (pc: number) => ({
      'Responder Name': pc === e.riverside ? 'River Nurse' : 'Lake Buyer',
      'Response Date': today(),
      'Acknowledge action': 'Yes',
      'YesNo action': 'no',
      'Numeric action': 12,
      'Checkbox action': 'a; C',
      'MultipleChoice action': 'B',
      'Text action': 'Returned',
    });
    const rowOf = async (pc: number) => {
      const ids = (await t
        .db('provider_communications')
        .where({ communication_id: e.id })
        .orderBy('id')
        .pluck('id')) as number[];
      return ids.indexOf(pc) + 2;
    };
    const bad = await upload(
      e,
      await filledTemplate(e, (pc) => (pc === e.lakeshore ? { ...good(pc), 'Numeric action': 'twelve' } : good(pc))),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error!.details).toEqual([
      // A rule the row broke travels with its code, for the web to word.
      { row: await rowOf(e.lakeshore), code: 'NUMBER_REQUIRED', message: 'Only numeric values are accepted.' },
    ]);
    expect(bad.body.m).toContain(`row ${await rowOf(e.lakeshore)}`);
    const badCell = await upload(
      e,
      await filledTemplate(e, (pc) =>
        pc === e.riverside ? { ...good(pc), 'YesNo action': 'maybe', 'Responder Name': '' } : null,
      ),
    );
    expect(badCell.body.error!.details).toEqual([
      { row: await rowOf(e.riverside), message: 'Responder Name is required. YesNo action: answer Yes or No.' },
    ]);
    expect(await count('paper_responses', { communication_id: e.id })).toBe(0);
    expect(await count('provider_responses', { communication_id: e.id })).toBe(0);

    const imported = await upload(e, await filledTemplate(e, good));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ m: '2 paper response(s) imported.', d: { created: 2 } });
    // The answer is the one the route declares (docs/decisions.md "Response schemas").
    const declared = await responseConformance(t).envelopeOf(
      'post',
      '/api/supplier/communications/{id}/paper-response-import',
    );
    expect(schemaErrors(declared, imported.body)).toEqual([]);
    const river = (await t
      .db('provider_responses')
      .where({ provider_communication_id: e.riverside, source: 'Paper' })
      .select('action_id', 'value')) as { action_id: number; value: unknown }[];
    const answerOf = (type: string) => river.find((r) => r.action_id === e.actionOf(type))?.value;
    expect(answerOf('Checkbox')).toEqual({ valueCheckbox: ['A', 'C'] });
    expect(answerOf('Numeric')).toEqual({ valueNumeric: '12' });
    expect(answerOf('YesNo')).toEqual({ valueYesNo: 'No' });
    // Image and Document are still missing: the customer stays in progress.
    expect(await responseStatus(e.riverside)).toBe('NOTCOMPLETED');
    const list = (await sup('GET', `/paper/${e.id}/list?sortField=responder_name`)).body.d.items as {
      responder_name: string;
      answers: number;
    }[];
    expect(list.map((i) => [i.responder_name, i.answers])).toEqual([
      ['Lake Buyer', 6],
      ['River Nurse', 6],
    ]);
    // Importing again is refused: both customers have a paper response now.
    const again = await upload(e, await filledTemplate(e, good));
    expect(again.status, JSON.stringify(again.body)).toBe(422);
    const details = again.body.error!.details as { row: number; message: string }[];
    expect(details.map((d) => d.message)).toEqual([
      messageText('PAPER_RESPONSE_EXISTS'),
      messageText('PAPER_RESPONSE_EXISTS'),
    ]);
    expect((await upload(e, PNG)).status).toBe(415);
  });
});

describe('another supplier', () => {
  it("gets 404 from every paper call with Acme's ids", async () => {
    const e = await sentRecall('Paper privacy');
    const paperId = await createPaper(e, e.riverside, {}, { document: ['scan.pdf', PDF] });
    const form = fullAnswers(e);
    form.set('paperResponseId', String(paperId));
    expect((await sup('POST', '/paper/supplieractions', { form })).status).toBe(200);
    const fileId = ((await t.db('response_files').where({ paper_response_id: paperId }).first('id')) as { id: number })
      .id;
    const token = borealis;
    for (const path of [
      `/paper/${e.id}/list`,
      `/paper/${e.id}/providernames`,
      `/paper/${e.riverside}/locationnames`,
      `/paper/${paperId}/editlocationnames`,
      `/paper/${e.riverside}/notifieddate`,
      `/paper/${paperId}/doc`,
      `/paper/${paperId}/getactions`,
      `/paper/0/getactions?communicationId=${e.id}`,
      `/paper/${paperId}/delete`,
      `/file/paper/${fileId}`,
    ]) {
      expect((await sup('GET', path, { token })).status, path).toBe(404);
    }
    expect(
      (
        await sup('POST', '/paper', {
          token,
          body: {
            communicationId: e.id,
            providerCommunicationId: e.lakeshore,
            responderName: 'X',
            responseDate: today(),
          },
        })
      ).status,
    ).toBe(404);
    expect(
      (await sup('POST', '/paper/update', { token, body: { id: paperId, responderName: 'X', responseDate: today() } }))
        .status,
    ).toBe(404);
    expect(
      (
        await sup('POST', '/paper/supplieractions', {
          token,
          body: { paperResponseId: paperId, actions: [{ actionId: e.actionOf('Text'), valueText: '' }] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await sup('POST', `/${e.id}/paper-response-import`, {
          token,
          form: formOf({}, { file: ['t.xlsx', Buffer.from('PK\x03\x04xl/')] }),
        })
      ).status,
    ).toBe(404);
    // Nothing changed.
    expect(await count('paper_responses', { id: paperId, status: 'ACTIVE' })).toBe(1);
    expect(await responseStatus(e.riverside)).toBe('COMPLETED');
    // A provider user cannot reach the supplier's paper calls at all.
    expect((await sup('GET', `/paper/${e.id}/list`, { token: lakeshoreUser })).status).toBe(403);
  });
});
