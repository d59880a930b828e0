import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '@portal/core';
import { IMAGE_PNG, startTestApp, type TestApp } from '@portal/testing';
import { fileDate } from '@portal/core';

let t: TestApp;
let admin: string;
let borealis: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
});
afterAll(() => t.close());

const form = (name: string, data: Buffer, type = 'application/octet-stream') => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return f;
};

async function download(
  path: string,
  token: string,
  timezone?: string,
): Promise<{ status: number; disposition: string; body: Buffer; type: string; data: ArrayBuffer }> {
  const res = await fetch(`${t.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, ...(timezone ? { timezone } : {}) },
  });
  const data = await res.arrayBuffer();
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition') ?? '',
    type: res.headers.get('content-type') ?? '',
    body: Buffer.from(data),
    data,
  };
}

describe('organisation profile', () => {
  it("reads and updates the caller's own organisation, validating phone, email, domain and ZIP", async () => {
    const got = await t.call('GET', '/api/organization/profile', { token: admin });
    expect(got.body.d).toMatchObject({
      name: 'Acme Medical Devices',
      type: 'SUPPLIER',
      domain: 'acme.demo',
      profile_photo_url: null,
    });
    const body = {
      name: 'Acme Medical Devices Inc.',
      address1: '100 Innovation Way',
      address2: 'Suite 5',
      city: 'Minneapolis',
      state: 'MN',
      zip: '55401',
      phone: '(612) 555-0100',
      email: 'info@acme.demo',
      domain: 'acme.demo',
    };
    const put = await t.call('PUT', '/api/organization/profile', { token: admin, body });
    expect(put.body.d).toMatchObject(body);
    const audit = await t.db('audit_events').where({ action: 'ORGANIZATION_UPDATED' }).first();
    expect(audit).toMatchObject({
      before: { name: 'Acme Medical Devices' },
      after: { name: 'Acme Medical Devices Inc.' },
    });
    for (const [field, value, message] of [
      ['phone', '12345', 'Invalid phone number'],
      ['email', 'nope', 'Email not valid'],
      ['domain', 'not a domain', 'Invalid domain name.'],
      ['zip', 'ABCDE', 'Invalid ZIP code'],
    ]) {
      const res = await t.call('PUT', '/api/organization/profile', {
        token: admin,
        body: { ...body, [field!]: value },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.m).toBe(message);
    }
    expect((await t.call('PUT', '/api/organization/profile', { token: admin, body: { city: 'X' } })).body.m).toBe(
      'name is required',
    );
    // Borealis still has its own name: the update touched only the caller's organisation.
    expect((await t.call('GET', '/api/organization/profile', { token: borealis })).body.d.name).toBe('Borealis Pharma');
  });

  it('uploads a logo with the image rules and serves it back by a signed link', async () => {
    const bad = await t.call('POST', '/api/organization/profile/photo', {
      token: admin,
      form: form('logo.gif', Buffer.from('GIF89a')),
    });
    expect(bad.status).toBe(415);
    expect(bad.body.m).toBe(messageText('UNSUPPORTED_FILE_TYPE.image'));
    expect(
      (
        await t.call('POST', '/api/organization/profile/photo', {
          token: admin,
          form: form('logo.png', Buffer.alloc(0)),
        })
      ).body.m,
    ).toBe(messageText('UPLOAD_FAILED'));
    expect(
      (
        await t.call('POST', '/api/organization/profile/photo', {
          token: admin,
          form: form('logo.png', Buffer.from('not a png')),
        })
      ).status,
    ).toBe(415);
    const ok = await t.call('POST', '/api/organization/profile/photo', {
      token: admin,
      form: form('Logo.PNG', IMAGE_PNG, 'image/png'),
    });
    expect(ok.status).toBe(200);
    const url = ok.body.d.profile_photo_url.signed_url_review as string;
    expect(url).toMatch(/^\/api\/files\//);
    const image = await fetch(`${t.baseUrl}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(IMAGE_PNG)).toBe(true);
    expect(await t.db('audit_events').where({ action: 'ORGANIZATION_PHOTO_UPDATED' }).first()).toBeTruthy();
  });

  it('is for profile managers of suppliers and providers only', async () => {
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    expect((await t.call('GET', '/api/organization/profile', { token: provider })).body.d.name).toBe(
      'Riverside Health',
    );
    expect(
      (await t.call('GET', '/api/organization/profile', { token: (await t.signIn('recalls@acme.demo')).access_token }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', '/api/organization/profile', {
          token: (await t.signIn('responder@riverside.demo')).access_token,
          body: { name: 'X' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('sales representatives', () => {
  const rep = (n: number, extra: object = {}) => ({
    first_name: `Rep${n}`,
    last_name: `Zed${String(n).padStart(2, '0')}`,
    email: `rep${n}@acme.demo`,
    phone: '612-555-0199',
    territory: n % 2 ? 'North' : 'South',
    region: 'Midwest',
    ...extra,
  });
  let firstId = 0;

  it('creates, lists with search, sort and filters, updates, inactivates and deletes', async () => {
    for (let n = 1; n <= 5; n++) {
      const res = await t.call('POST', '/api/supplier/sales-reps', { token: admin, body: rep(n) });
      expect(res.status).toBe(200);
      if (n === 1) firstId = res.body.d.id;
    }
    expect((await t.call('GET', `/api/supplier/sales-reps/${firstId}`, { token: admin })).body.d).toMatchObject({
      full_name: 'Rep1 Zed01',
      status: 'ACTIVE',
      territory: 'North',
    });
    const list = await t.call('GET', '/api/supplier/sales-reps?sortField=last_name&sortDirection=desc&pageSize=2', {
      token: admin,
    });
    expect(list.body.d.total).toBe(5);
    expect(list.body.d.items.map((r: { last_name: string }) => r.last_name)).toEqual(['Zed05', 'Zed04']);
    const filterModel = encodeURIComponent(
      JSON.stringify({ territory: { filterType: 'text', type: 'contains', filter: 'south' } }),
    );
    expect(
      (await t.call('GET', `/api/supplier/sales-reps?filterModel=${filterModel}`, { token: admin })).body.d.total,
    ).toBe(2);
    expect(
      (await t.call('GET', '/api/supplier/sales-reps?search=rep3%40', { token: admin })).body.d.items.map(
        (r: { email: string }) => r.email,
      ),
    ).toEqual(['rep3@acme.demo']);
    expect((await t.call('GET', '/api/supplier/sales-reps?sortField=password', { token: admin })).status).toBe(400);

    const updated = await t.call('PUT', `/api/supplier/sales-reps/${firstId}`, {
      token: admin,
      body: rep(1, { first_name: 'Renamed', territory: '' }),
    });
    expect(updated.body.d).toMatchObject({ first_name: 'Renamed', territory: null });
    const audit = await t
      .db('audit_events')
      .where({ action: 'SALES_REPRESENTATIVE_UPDATED', entity_id: String(firstId) })
      .first();
    expect(audit).toMatchObject({
      before: { first_name: 'Rep1', territory: 'North' },
      after: { first_name: 'Renamed', territory: null },
    });

    expect((await t.call('PUT', `/api/supplier/sales-reps/${firstId}/inactivate`, { token: admin })).body.d).toEqual({
      id: firstId,
      status: 'INACTIVE',
    });
    const inactive = await t.call('PUT', `/api/supplier/sales-reps/${firstId}`, { token: admin, body: rep(1) });
    expect(inactive.status).toBe(409);
    expect(inactive.body.m).toBe(messageText('INVALID_STATUS.editInactive'));
    const statusFilter = encodeURIComponent(JSON.stringify({ status: { filter: 'ACTIVE' } }));
    expect(
      (await t.call('GET', `/api/supplier/sales-reps?filterModel=${statusFilter}`, { token: admin })).body.d.total,
    ).toBe(4);
    expect((await t.call('PUT', `/api/supplier/sales-reps/${firstId}/activate`, { token: admin })).body.d.status).toBe(
      'ACTIVE',
    );
    const second = (await t.call('GET', '/api/supplier/sales-reps?search=rep2%40', { token: admin })).body.d.items[0]
      .id as number;
    expect((await t.call('DELETE', `/api/supplier/sales-reps/${second}`, { token: admin })).body.d.status).toBe(
      'DELETED',
    );
    expect((await t.call('GET', `/api/supplier/sales-reps/${second}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/supplier/sales-reps', { token: admin })).body.d.total).toBe(4);
    // A deleted rep's email may be used again.
    expect((await t.call('POST', '/api/supplier/sales-reps', { token: admin, body: rep(2) })).status).toBe(200);
    for (const action of [
      'SALES_REPRESENTATIVE_CREATED',
      'SALES_REPRESENTATIVE_INACTIVATED',
      'SALES_REPRESENTATIVE_ACTIVATED',
      'SALES_REPRESENTATIVE_DELETED',
    ]) {
      expect(await t.db('audit_events').where({ action }).first(), action).toBeTruthy();
    }
  });

  it('validates bodies with clear messages', async () => {
    const cases: [object, number, string][] = [
      [rep(9, { email: 'bad' }), 400, 'Email not valid'],
      [rep(9, { phone: '555' }), 400, 'Invalid phone number'],
      [{ last_name: 'X', email: 'x@acme.demo' }, 400, 'first_name is required'],
      [rep(9, { last_name: ' ' }), 400, 'last_name is required'],
      [rep(3, { email: 'REP3@acme.demo' }), 409, 'A sales representative with this email already exists.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('POST', '/api/supplier/sales-reps', { token: admin, body });
      expect(res.status, message).toBe(status);
      expect(res.body.m).toBe(message);
    }
  });

  it("keeps each supplier's reps to itself (404) and needs the permission (403)", async () => {
    for (const [method, path, body] of [
      ['GET', `/api/supplier/sales-reps/${firstId}`, undefined],
      ['PUT', `/api/supplier/sales-reps/${firstId}`, rep(1)],
      ['PUT', `/api/supplier/sales-reps/${firstId}/inactivate`, undefined],
      ['DELETE', `/api/supplier/sales-reps/${firstId}`, undefined],
    ] as const) {
      const res = await t.call(method, path, { token: borealis, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.m).toBe('Sales representative not found.');
    }
    expect((await t.call('GET', '/api/supplier/sales-reps', { token: borealis })).body.d.total).toBe(0);
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    expect((await t.call('GET', '/api/supplier/sales-reps', { token: responder })).status).toBe(403);
    expect(
      (await t.call('GET', '/api/supplier/sales-reps', { token: (await t.signIn('sourcing@acme.demo')).access_token }))
        .status,
    ).toBe(200);
  });

  it("downloads the list as XLSX named by the caller's date, with the rows and dates in its time zone", async () => {
    const tz = 'Pacific/Kiritimati'; // UTC+14: often a different calendar day than UTC
    const res = await download('/api/supplier/sales-reps/xlsx-download?sortField=email&sortDirection=asc', admin, tz);
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.disposition)?.[1] ?? '')).toBe(
      `Sales Representatives Report ${fileDate(new Date(), tz)}.xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.data);
    const sheet = book.worksheets[0]!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Territory',
      'Region',
      'Status',
      'Created Date',
      'Last Updated',
    ]);
    expect(rows.slice(1).map((r) => r[2])).toEqual([
      'rep1@acme.demo',
      'rep2@acme.demo',
      'rep3@acme.demo',
      'rep4@acme.demo',
      'rep5@acme.demo',
    ]);
    const created = (await t.db('sales_representatives').where({ email: 'rep3@acme.demo' }).first('created_at')) as {
      created_at: Date;
    };
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(created.created_at)
        .map((x) => [x.type, x.value]),
    );
    expect(rows[3]![7]).toBe(`${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}`);
    expect(rows[3]![6]).toBe('Active');
  });

  it('downloads the filtered list as CSV', async () => {
    const filterModel = encodeURIComponent(JSON.stringify({ territory: { filter: 'North' } }));
    const res = await download(
      `/api/supplier/sales-reps/csv-download?filterModel=${filterModel}&sortField=email`,
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.disposition).toContain(`Sales Representatives Report ${fileDate(new Date(), 'UTC')}.csv`);
    const lines = res.body
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('First Name,Last Name,Email,Phone,Territory,Region,Status,Created Date,Last Updated');
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['rep3@acme.demo', 'rep5@acme.demo']);
    expect(
      (await download('/api/supplier/sales-reps/csv-download', borealis)).body.toString('utf8').trim().split('\n'),
    ).toHaveLength(1);
  });
});
