import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let operator: string;
let recalls: string;
let acmeAdmin: string;
let borealis: string;
let riversideAdmin: string;
let acme: number;
let riverside: number;

const call = (token: string, method: string, path: string, body?: unknown) =>
  t.call(method, `/api${path}`, { token, body });
const sup = (method: string, path: string, body?: unknown) =>
  call(recalls, method, `/supplier/communications${path}`, body);

async function fileOf(path: string, token: string): Promise<{ status: number; body: Buffer; disposition: string }> {
  const res = await fetch(`${t.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    disposition: res.headers.get('content-disposition') ?? '',
  };
}

async function xlsxRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.signIn('admin@operator.demo')).access_token;
  recalls = (await t.signIn('recalls@acme.demo')).access_token;
  acmeAdmin = (await t.signIn('admin@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  riversideAdmin = (await t.signIn('admin@riverside.demo')).access_token;
  const idOf = async (name: string) =>
    Number(((await t.db('organizations').where({ name }).first('id')) as { id: number }).id);
  acme = await idOf('Acme Medical Devices');
  riverside = await idOf('Riverside Health');
  // The demo world's own fields would be required columns of every product below: start from none.
  await t.db('product_fields').update({ status: 'INACTIVE' });
});
afterAll(() => t.close());

describe('operator: platform product fields (/notisphere/fields)', () => {
  let id: number;

  it('adds a ListSingle field with options, lists, reads and edits it, audited', async () => {
    const created = await call(operator, 'POST', '/notisphere/fields', {
      name: '  Packaging ',
      field_type: 'ListSingle',
      options: [' Box ', 'Pouch', ''],
      is_required: false,
    });
    expect(created.status).toBe(200);
    expect(created.body.d).toMatchObject({
      name: 'Packaging',
      field_type: 'ListSingle',
      options: ['Box', 'Pouch'],
      status: 'ACTIVE',
      organization_id: null,
    });
    id = created.body.d.id;

    const list = await call(operator, 'GET', '/notisphere/fields?search=pack');
    expect(list.body.d.items.map((f: { name: string }) => f.name)).toEqual(['Packaging']);
    expect((await call(operator, 'GET', `/notisphere/fields/${id}`)).body.d.options).toEqual(['Box', 'Pouch']);

    const edited = await call(operator, 'PUT', `/notisphere/fields/${id}`, {
      name: 'Packaging',
      field_type: 'ListSingle',
      options: ['Box', 'Pouch', 'Tray'],
      sort_order: 5,
    });
    expect(edited.body.d).toMatchObject({ options: ['Box', 'Pouch', 'Tray'], sort_order: 5 });
    const audit = await t.db('audit_events').where({ entity_type: 'product_field', entity_id: String(id) });
    expect(audit.map((a) => a.action).sort()).toEqual(['PRODUCT_FIELD_CREATED', 'PRODUCT_FIELD_UPDATED']);
  });

  it('refuses a list without options, options on a text field, and a second field of the same name', async () => {
    const noOptions = await call(operator, 'POST', '/notisphere/fields', {
      name: 'Colour',
      field_type: 'ListMultiple',
    });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.m).toBe('A list field needs at least one option.');
    const textOptions = await call(operator, 'POST', '/notisphere/fields', {
      name: 'Notes',
      field_type: 'Text',
      options: ['a'],
    });
    expect(textOptions.body.m).toBe('Only list fields (one or several choices) have options.');
    const twice = await call(operator, 'POST', '/notisphere/fields', {
      name: 'PACKAGING',
      field_type: 'Text',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.m).toBe('A product field named "PACKAGING" already exists.');
    const dupOptions = await call(operator, 'POST', '/notisphere/fields', {
      name: 'Colour',
      field_type: 'ListSingle',
      options: ['Red', 'red'],
    });
    expect(dupOptions.body.m).toBe('The options of a list field must be different from each other.');
    const badType = await call(operator, 'POST', '/notisphere/fields', { name: 'X', field_type: 'Colour' });
    expect(badType.status).toBe(400);
  });

  it('inactivates and activates a field, audited', async () => {
    const off = await call(operator, 'PUT', `/notisphere/fields/${id}/status`, { status: 'INACTIVE' });
    expect(off.body.d.status).toBe('INACTIVE');
    expect((await call(operator, 'GET', '/notisphere/fields?status=ACTIVE')).body.d.items).toEqual([]);
    const on = await call(operator, 'PUT', `/notisphere/fields/${id}/status`, { status: 'ACTIVE' });
    expect(on.body.d.status).toBe('ACTIVE');
    expect(
      await t.db('audit_events').where({ entity_type: 'product_field', action: 'PRODUCT_FIELD_INACTIVATED' }),
    ).toHaveLength(1);
  });

  it('answers 403 to suppliers and providers', async () => {
    expect((await call(acmeAdmin, 'GET', '/notisphere/fields')).status).toBe(403);
    expect((await call(riversideAdmin, 'POST', '/notisphere/fields', { name: 'A', field_type: 'Text' })).status).toBe(
      403,
    );
    expect((await call(operator, 'GET', '/supplier/fields')).status).toBe(403);
    expect((await call(riversideAdmin, 'GET', '/supplier/fields')).status).toBe(403);
  });
});

describe('supplier: its own product fields (/supplier/fields)', () => {
  let own: number;

  it('adds, lists and edits its own fields; the platform ones are not in its list', async () => {
    const created = await call(acmeAdmin, 'POST', '/supplier/fields', {
      name: 'Shelf life (months)',
      field_type: 'Number',
      is_required: true,
    });
    expect(created.status).toBe(200);
    expect(created.body.d).toMatchObject({ organization_id: acme, is_required: true, options: [] });
    own = created.body.d.id;
    const list = await call(acmeAdmin, 'GET', '/supplier/fields');
    expect(list.body.d.items.map((f: { name: string }) => f.name)).toEqual(['Shelf life (months)']);
    expect(list.body.d.total).toBe(1);
    const edited = await call(acmeAdmin, 'PUT', `/supplier/fields/${own}`, {
      name: 'Shelf life (months)',
      field_type: 'Number',
      is_required: false,
    });
    expect(edited.body.d.is_required).toBe(false);
    expect((await call(acmeAdmin, 'GET', `/supplier/fields/${own}`)).body.d.name).toBe('Shelf life (months)');
  });

  it("refuses a name the platform already uses, and the operator refuses a supplier's name", async () => {
    const clash = await call(acmeAdmin, 'POST', '/supplier/fields', { name: 'packaging', field_type: 'Text' });
    expect(clash.status).toBe(409);
    expect(clash.body.m).toBe('A product field named "packaging" already exists.');
    const back = await call(operator, 'POST', '/notisphere/fields', {
      name: 'Shelf Life (months)',
      field_type: 'Text',
    });
    expect(back.status).toBe(409);
    expect(back.body.m).toBe('A supplier already has a product field named "Shelf Life (months)".');
  });

  it("another supplier gets 404 on Acme's field and never sees it", async () => {
    expect((await call(borealis, 'GET', `/supplier/fields/${own}`)).status).toBe(404);
    expect((await call(borealis, 'PUT', `/supplier/fields/${own}`, { name: 'Mine', field_type: 'Text' })).status).toBe(
      404,
    );
    expect((await call(borealis, 'PUT', `/supplier/fields/${own}/status`, { status: 'INACTIVE' })).status).toBe(404);
    expect((await call(borealis, 'GET', '/supplier/fields')).body.d.items).toEqual([]);
    // The operator manages platform fields only: a supplier's is not found there either.
    expect((await call(operator, 'GET', `/notisphere/fields/${own}`)).status).toBe(404);
  });

  it("offers a supplier's own fields in its wizard meta only", async () => {
    const names = async (token: string) =>
      (await call(token, 'GET', '/supplier/communications/meta')).body.d.productFields.map(
        (f: { name: string }) => f.name,
      );
    expect(await names(recalls)).toEqual(['Packaging', 'Shelf life (months)']);
    expect(await names(borealis)).toEqual(['Packaging']);
  });
});

describe("the product file and its template carry a supplier's own fields as columns", () => {
  it('reads the column named by the label into the field; another supplier does not know that column', async () => {
    const draft = (await sup('POST', '/step0', { type: 'RECALL', name: 'Import fields', classification: 'CLASSII' }))
      .body.d.id as number;
    const template = await fileOf(`/supplier/communications/${draft}/product-template`, recalls);
    expect((await xlsxRows(template.body))[0]!.slice(7)).toEqual(['Packaging', 'Shelf life (months)']);

    const upload = (token: string) => {
      const form = new FormData();
      const csv = 'Product Name,Packaging,Shelf life (months)\r\nPump,Pouch,18\r\nPump 2,Bag,x\r\n';
      form.append('file', new Blob([Buffer.from(csv)]), 'products.csv');
      return t.call('POST', '/api/supplier/communications/step1/read-product-file', { token, form });
    };
    const shelf = Number(
      ((await t.db('product_fields').where({ name: 'Shelf life (months)' }).first('id')) as { id: number }).id,
    );
    const packaging = Number(
      ((await t.db('product_fields').where({ name: 'Packaging' }).first('id')) as { id: number }).id,
    );
    const read = await upload(recalls);
    expect(read.body.d.products).toEqual([
      expect.objectContaining({ product_name: 'Pump', custom_fields: { [packaging]: 'Pouch', [shelf]: 18 } }),
    ]);
    expect(read.body.d.errors).toEqual([{ line: 3, message: 'Packaging must be one of Box, Pouch, Tray' }]);
    const other = await upload(borealis);
    expect(other.body.d.errors[0]).toEqual({ line: 1, message: 'Unknown column "Shelf life (months)" was ignored.' });
  });
});

describe('step 1 checks values by type on the server', () => {
  let draft: number;
  const fieldIds: Record<string, number> = {};

  beforeAll(async () => {
    for (const [name, field_type, options, is_required] of [
      ['Batch note', 'Text', [], false],
      ['Made on', 'Date', [], false],
      ['Latex free', 'YesNo', [], false],
      ['Implantable', 'TrueFalse', [], false],
      ['Markets', 'ListMultiple', ['EU', 'US', 'VN'], false],
      ['Model', 'ListSingle', ['M1', 'M2'], true],
    ] as const) {
      const res = await call(acmeAdmin, 'POST', '/supplier/fields', { name, field_type, options, is_required });
      fieldIds[name] = res.body.d.id;
    }
    draft = (await sup('POST', '/step0', { type: 'RECALL', name: 'Field checks', classification: 'CLASSII' })).body.d
      .id;
  });

  const save = (custom: Record<string, unknown>) =>
    sup('POST', '/step1', { id: draft, products: [{ product_name: 'Pump', custom_fields: custom }] });

  it('says which field is missing, not a number, not an option', async () => {
    const missing = await save({});
    expect(missing.status).toBe(400);
    expect(missing.body.m).toBe('Product 1: Model is required');
    const nan = await save({ [fieldIds.Model!]: 'M1', [await idOf('Shelf life (months)')]: 'twelve' });
    expect(nan.body.m).toBe('Product 1: Shelf life (months) must be a number');
    const notOption = await save({ [fieldIds.Model!]: 'M3' });
    expect(notOption.body.m).toBe('Product 1: Model must be one of M1, M2');
    const badDate = await save({ [fieldIds.Model!]: 'M1', [fieldIds['Made on']!]: '31/01/2026' });
    expect(badDate.body.m).toBe('Product 1: Made on must be a date (YYYY-MM-DD)');
    const badYes = await save({ [fieldIds.Model!]: 'M1', [fieldIds['Latex free']!]: 'Maybe' });
    expect(badYes.body.m).toBe('Product 1: Latex free must be Yes or No');
    const badBool = await save({ [fieldIds.Model!]: 'M1', [fieldIds.Implantable!]: 'yes' });
    expect(badBool.body.m).toBe('Product 1: Implantable must be true or false');
    const badMulti = await save({ [fieldIds.Model!]: 'M1', [fieldIds.Markets!]: ['EU', 'JP'] });
    expect(badMulti.body.m).toBe('Product 1: Markets must be a list of EU, US, VN');
  });

  it("refuses another supplier's field and an inactive one", async () => {
    const theirs = await call(borealis, 'POST', '/supplier/fields', { name: 'Borealis code', field_type: 'Text' });
    const foreign = await save({ [fieldIds.Model!]: 'M1', [theirs.body.d.id]: 'x' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.m).toBe(`Product 1: unknown custom field ${theirs.body.d.id}`);
  });

  it('keeps good values of every type, and refuses to change the type of a field in use', async () => {
    const ok = await save({
      [fieldIds.Model!]: 'M2',
      [fieldIds['Batch note']!]: 'second shift',
      [fieldIds['Made on']!]: '2026-01-31',
      [fieldIds['Latex free']!]: 'Yes',
      [fieldIds.Implantable!]: false,
      [fieldIds.Markets!]: ['EU', 'VN'],
    });
    expect(ok.status).toBe(200);
    const retype = await call(acmeAdmin, 'PUT', `/supplier/fields/${fieldIds.Model}`, {
      name: 'Model',
      field_type: 'Text',
    });
    expect(retype.status).toBe(409);
    expect(retype.body.m).toBe(
      'Products already hold values of this field, so its type cannot change. Inactivate it and add a new field.',
    );
    // They all go, so the round trip below starts clean.
    for (const name of Object.keys(fieldIds))
      await call(acmeAdmin, 'PUT', `/supplier/fields/${fieldIds[name]}/status`, { status: 'INACTIVE' });
  });

  async function idOf(name: string): Promise<number> {
    return Number(((await t.db('product_fields').where({ name }).first('id')) as { id: number }).id);
  }
});

describe('product fields round-trip through wizard, notice and report', () => {
  it('shows the values in the provider view, the public notice, the Affected Products and Provider Status reports', async () => {
    const packaging = Number(
      ((await t.db('product_fields').where({ name: 'Packaging' }).first('id')) as { id: number }).id,
    );
    const shelf = Number(
      ((await t.db('product_fields').where({ name: 'Shelf life (months)' }).first('id')) as { id: number }).id,
    );
    const expiry = (await call(acmeAdmin, 'POST', '/supplier/fields', { name: 'Sterilised on', field_type: 'Date' }))
      .body.d.id as number;

    const id = (await sup('POST', '/step0', { type: 'RECALL', name: 'Fields round trip', classification: 'CLASSI' }))
      .body.d.id as number;
    const step1 = await sup('POST', '/step1', {
      id,
      products: [
        {
          product_name: 'Catheter',
          lot_number: 'C-9',
          custom_fields: { [packaging]: 'Pouch', [shelf]: 24, [expiry]: '2026-02-01' },
        },
        { product_name: 'Sheath', lot_number: 'S-1', custom_fields: { [packaging]: 'Box' } },
      ],
    });
    expect(step1.status).toBe(200);
    // The wizard reads back what it saved.
    const detail = await sup('GET', `/${id}`);
    expect(detail.body.d.products[0].custom_fields).toEqual({
      [packaging]: 'Pouch',
      [shelf]: 24,
      [expiry]: '2026-02-01',
    });

    await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Confirm receipt' }] });
    await sup('POST', '/step3', { id, provider_organization_ids: [riverside] });
    await sup('POST', '/step3/customers', {
      id,
      customers: [{ name: 'Outside Clinic', email: 'fields@outside.test' }],
    });
    expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
    expect((await sup('PUT', `/${id}/send-notification/RECALL`)).status).toBe(200);
    const pcs = (await t
      .db('provider_communications')
      .where({ communication_id: id })
      .select('id', 'provider_organization_id')) as { id: number; provider_organization_id: number | null }[];
    const riversidePc = pcs.find((p) => Number(p.provider_organization_id) === riverside)!.id;
    const outsidePc = pcs.find((p) => Number(p.provider_organization_id) !== riverside)!.id;

    const expectFields = (view: {
      product_fields: { name: string }[];
      products: { product_name: string; fields: unknown[] }[];
    }) => {
      expect(view.product_fields.map((f) => f.name)).toEqual(['Packaging', 'Shelf life (months)', 'Sterilised on']);
      const catheter = view.products.find((p) => p.product_name === 'Catheter')!;
      expect(catheter.fields).toEqual([
        { id: packaging, name: 'Packaging', field_type: 'ListSingle', valueListSingle: 'Pouch' },
        { id: shelf, name: 'Shelf life (months)', field_type: 'Number', valueNumber: 24 },
        { id: expiry, name: 'Sterilised on', field_type: 'Date', valueDate: '2026-02-01' },
      ]);
      expect(view.products.find((p) => p.product_name === 'Sheath')!.fields).toEqual([
        { id: packaging, name: 'Packaging', field_type: 'ListSingle', valueListSingle: 'Box' },
      ]);
    };

    // The provider's view.
    const provider = await call(riversideAdmin, 'GET', `/provider/communications/${id}/provider-recall/${riversidePc}`);
    expect(provider.status).toBe(200);
    expectFields(provider.body.d);

    // The public notice reached from the email's link.
    const mail = await t.smtp.waitFor('fields@outside.test', (m) => m.subject.includes('Fields round trip'));
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const notice = await t.call('GET', `/api/provider/communication-notices/${acme}/${id}/${outsidePc}?token=${token}`);
    expect(notice.status).toBe(200);
    expectFields(notice.body.d);

    // A field inactivated after the values were given keeps showing them.
    await call(acmeAdmin, 'PUT', `/supplier/fields/${expiry}/status`, { status: 'INACTIVE' });
    expectFields(
      (await call(riversideAdmin, 'GET', `/provider/communications/${id}/provider-recall/${riversidePc}`)).body.d,
    );

    // The provider's Affected Products Report: a column per field, named by its label.
    const products = await fileOf(
      `/provider/communications/${id}/provideraffectedproducts/${riversidePc}`,
      riversideAdmin,
    );
    expect(products.status).toBe(200);
    expect(products.disposition).toContain('Affected Products Report');
    const rows = await xlsxRows(products.body);
    expect(rows[0]!.slice(7)).toEqual(['Packaging', 'Shelf life (months)', 'Sterilised on']);
    expect(rows[1]!.slice(0, 1)).toEqual(['Catheter']);
    expect(rows[1]!.slice(7)).toEqual(['Pouch', '24', '2026-02-01']);
    expect(rows[2]!.slice(7, 8)).toEqual(['Box']);

    // The supplier's Provider Status Report (CSV): the field columns after the others (then issue 32's due-date and
    // not-affected columns, added last so every earlier column keeps its place), the event's values.
    const status = await fileOf(`/supplier/communications/${id}/actions/provider/statusreport/csv`, recalls);
    expect(status.status).toBe(200);
    const csv = parse(status.body, { bom: true }) as string[][];
    const header = csv[0]!;
    const col = (name: string) => header.indexOf(name);
    expect(header.slice(-6)).toEqual([
      'Packaging',
      'Shelf life (months)',
      'Sterilised on',
      'Response Due',
      'Overdue',
      'Not Affected',
    ]);
    expect(csv).toHaveLength(3);
    for (const row of csv.slice(1)) {
      expect(row[col('Packaging')]).toBe('Box; Pouch');
      expect(row[col('Shelf life (months)')]).toBe('24');
      expect(row[col('Sterilised on')]).toBe('2026-02-01');
    }
  });
});
