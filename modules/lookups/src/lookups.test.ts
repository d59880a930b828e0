import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';
import { vocabularyLabel } from '@portal/vocabulary';
import { messageText } from '@portal/core';

let t: TestApp;
let operator = '';
let provider = '';
let acme = '';
let sourcing = '';
let borealis = '';
beforeAll(async () => {
  t = await startTestApp();
  [operator, provider, acme, sourcing, borealis] = (await Promise.all(
    ['admin@operator.demo', 'admin@riverside.demo', 'admin@acme.demo', 'sourcing@acme.demo', 'admin@borealis.demo'].map(
      async (e) => (await t.signIn(e)).access_token,
    ),
  )) as [string, string, string, string, string];
});
afterAll(() => t.close());

const OP = '/api/notisphere/lookup-values';
const SUP = '/api/supplier/lookup-values';
type Value = { id: number; code: string; label_en: string; label_vi: string; status: string; in_use: boolean };
const codesOf = (items: Value[]) => items.map((v) => v.code);
const readable = async (token: string) =>
  (await t.call('GET', '/api/lookup-values', { token })).body.d as (Value & {
    vocabulary: string;
    organization_id: number | null;
  })[];
const advisory = (body: object) =>
  t.call('POST', '/api/supplier/communications/step0', {
    token: sourcing,
    body: { type: 'PRODUCT DISRUPTION', name: 'Port strike advisory', subtype: 'SHORTAGE', ...body },
  });

describe('lookup values (operator)', () => {
  it('lists the seeded vocabularies in order, filtered by vocabulary, status and a trimmed search', async () => {
    const reasons = await t.call('GET', `${OP}?vocabulary=reason&pageSize=50`, { token: operator });
    expect(reasons.status).toBe(200);
    expect(codesOf(reasons.body.d.items)).toEqual([
      'Force de Majeure',
      'Plant closure',
      'Raw material shortage',
      'SKU rationalization',
      'Quality issue',
    ]);
    expect(reasons.body.d.items[1]).toMatchObject({ label_en: 'Plant closure', label_vi: 'Đóng cửa nhà máy' });
    const found = await t.call('GET', `${OP}?vocabulary=classification&search=%20lo%E1%BA%A1i%20iii%20`, {
      token: operator,
    });
    expect(codesOf(found.body.d.items)).toEqual(['CLASSIII']);
    const inactive = await t.call('GET', `${OP}?status=INACTIVE`, { token: operator });
    expect(inactive.body.d.items).toEqual([]);
  });

  it('refuses other tenants and operators without the permission; refuses new response-method codes', async () => {
    expect((await t.call('GET', OP, { token: provider })).status).toBe(403);
    expect((await t.call('GET', OP, { token: acme })).status).toBe(403);
    expect((await t.call('GET', SUP, { token: provider })).status).toBe(403);
    const fixed = await t.call('POST', OP, {
      token: operator,
      body: { vocabulary: 'responseMethod', code: 'Fax', label_en: 'Fax', label_vi: 'Fax' },
    });
    expect(fixed.status).toBe(400);
    expect(fixed.body.m).toBe(messageText('RESPONSE_METHODS_FIXED'));
  });

  it('an added reason is offered and accepted, keeps its label once deactivated, and cannot be deleted in use', async () => {
    const added = await t.call('POST', OP, {
      token: operator,
      body: { vocabulary: 'reason', code: 'PORT_STRIKE', label_en: 'Port strike', label_vi: 'Đình công cảng' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.d).toMatchObject({ code: 'PORT_STRIKE', status: 'ACTIVE', sort_order: 60, in_use: false });
    const id = added.body.d.id as number;
    expect(await t.db('audit_events').where({ action: 'LOOKUP_VALUE_CREATED', entity_id: String(id) })).toHaveLength(1);
    const again = await t.call('POST', OP, {
      token: operator,
      body: { vocabulary: 'reason', code: 'PORT_STRIKE', label_en: 'Again', label_vi: 'Lại' },
    });
    expect(again.status).toBe(409);
    expect(again.body.m).toBe(messageText('DUPLICATE_CODE', { code: 'PORT_STRIKE' }));

    // Every signed-in user reads it; the supplier's wizard may save it; an unknown code is refused.
    expect((await readable(sourcing)).find((v) => v.code === 'PORT_STRIKE')).toMatchObject({
      vocabulary: 'reason',
      label_en: 'Port strike',
      status: 'ACTIVE',
      organization_id: null,
    });
    expect((await advisory({ reason: 'Not a reason' })).status).toBe(400);
    const saved = await advisory({ reason: 'PORT_STRIKE' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const eventId = saved.body.d.id as number;

    // Edited labels are what the server's labels read (emails, reports).
    const edited = await t.call('PUT', `${OP}/${id}`, {
      token: operator,
      body: { label_en: 'Port workers strike', label_vi: 'Công nhân cảng đình công', sort_order: 5 },
    });
    expect(edited.body.d).toMatchObject({ label_en: 'Port workers strike', sort_order: 5, in_use: true });
    expect(vocabularyLabel('reason', 'PORT_STRIKE', 'vi')).toBe('Công nhân cảng đình công');

    // In use: the delete is refused with a clear message, and the value is still there.
    const refused = await t.call('DELETE', `${OP}/${id}`, { token: operator });
    expect(refused.status).toBe(409);
    expect(refused.body.m).toBe(messageText('LOOKUP_VALUE_IN_USE'));
    expect((await t.call('GET', `${OP}/${id}`, { token: operator })).status).toBe(200);

    // Deactivated: gone from new choices, still accepted on the draft that holds it, label kept.
    const off = await t.call('PUT', `${OP}/${id}/status`, { token: operator, body: { status: 'INACTIVE' } });
    expect(off.body.d.status).toBe('INACTIVE');
    expect(
      await t.db('audit_events').where({ action: 'LOOKUP_VALUE_INACTIVATED', entity_id: String(id) }),
    ).toHaveLength(1);
    expect((await readable(sourcing)).find((v) => v.code === 'PORT_STRIKE')).toMatchObject({
      status: 'INACTIVE',
      label_en: 'Port workers strike',
    });
    expect((await advisory({ reason: 'PORT_STRIKE' })).status).toBe(400);
    const resaved = await t.call('POST', '/api/supplier/communications/step0', {
      token: sourcing,
      body: { id: eventId, type: 'PRODUCT DISRUPTION', name: 'Renamed', subtype: 'SHORTAGE', reason: 'PORT_STRIKE' },
    });
    expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
    expect(vocabularyLabel('reason', 'PORT_STRIKE')).toBe('Port workers strike');
    const active = await t.call('GET', `${OP}?vocabulary=reason&status=ACTIVE`, { token: operator });
    expect(codesOf(active.body.d.items)).not.toContain('PORT_STRIKE');

    const on = await t.call('PUT', `${OP}/${id}/status`, { token: operator, body: { status: 'ACTIVE' } });
    expect(on.body.d.status).toBe('ACTIVE');
  });

  it('an added advisory type round-trips through the wizard, the saved event and the Recall Events Summary Report', async () => {
    const added = await t.call('POST', OP, {
      token: operator,
      body: {
        vocabulary: 'disruptionSubtype',
        code: 'PORT_CLOSURE',
        label_en: 'Port closure',
        label_vi: 'Đóng cửa cảng',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const saved = await advisory({ name: 'Harbour closed advisory', subtype: 'PORT_CLOSURE' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await t.call('GET', `/api/supplier/communications/${saved.body.d.id as number}`, { token: sourcing });
    expect(read.body.d).toMatchObject({ subtype: 'PORT_CLOSURE' });
    // The report labels the code with the operator's words, not the code.
    const csv = await fetch(`${t.baseUrl}/api/supplier/dashboard/DRAFT/actions/supplier/summeryreport/csv`, {
      headers: { authorization: `Bearer ${acme}` },
    });
    expect(csv.status).toBe(200);
    const row = (await csv.text()).split(/\r?\n/).find((l) => l.includes('Harbour closed advisory'));
    expect(row).toContain('Port closure');
    expect(row).not.toContain('PORT_CLOSURE');
  });

  it('deletes a value no record uses', async () => {
    const added = await t.call('POST', OP, {
      token: operator,
      body: { vocabulary: 'leadTime', code: '> year', label_en: '> year', label_vi: '> năm' },
    });
    const id = added.body.d.id as number;
    const gone = await t.call('DELETE', `${OP}/${id}`, { token: operator });
    expect(gone.status).toBe(200);
    expect(gone.body.d).toEqual({ id });
    expect((await t.call('GET', `${OP}/${id}`, { token: operator })).status).toBe(404);
    expect(await t.db('audit_events').where({ action: 'LOOKUP_VALUE_DELETED', entity_id: String(id) })).toHaveLength(1);
    expect((await readable(sourcing)).map((v) => v.code)).not.toContain('> year');
  });
});

describe("a supplier's own lookup values", () => {
  it('are scoped to the supplier: another supplier gets 404 and does not read them', async () => {
    const added = await t.call('POST', SUP, {
      token: acme,
      body: {
        vocabulary: 'disruptionSubtype',
        code: 'RECALLED_PARTNER',
        label_en: 'Partner recall',
        label_vi: 'Đối tác thu hồi',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.d.id as number;
    expect(added.body.d.organization_id).toEqual(expect.any(Number));

    // A platform code is taken for the supplier too.
    const clash = await t.call('POST', SUP, {
      token: acme,
      body: { vocabulary: 'disruptionSubtype', code: 'SHORTAGE', label_en: 'Mine', label_vi: 'Của tôi' },
    });
    expect(clash.status).toBe(409);

    expect(codesOf((await t.call('GET', SUP, { token: acme })).body.d.items)).toEqual(['RECALLED_PARTNER']);
    expect((await t.call('GET', SUP, { token: borealis })).body.d.items).toEqual([]);
    expect(codesOf((await t.call('GET', OP, { token: operator })).body.d.items)).not.toContain('RECALLED_PARTNER');
    for (const [method, path, body] of [
      ['GET', `${SUP}/${id}`, undefined],
      ['PUT', `${SUP}/${id}`, { label_en: 'x', label_vi: 'y' }],
      ['PUT', `${SUP}/${id}/status`, { status: 'INACTIVE' }],
      ['DELETE', `${SUP}/${id}`, undefined],
    ] as const) {
      const r = await t.call(method, path, { token: borealis, body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.call('GET', `${OP}/${id}`, { token: operator })).status).toBe(404);
    expect((await readable(borealis)).map((v) => v.code)).not.toContain('RECALLED_PARTNER');
    expect((await readable(acme)).map((v) => v.code)).toContain('RECALLED_PARTNER');

    // Acme's own subtype is accepted on Acme's advisory (and would be refused as a recall's type).
    const saved = await advisory({ subtype: 'RECALLED_PARTNER' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const asRecall = await t.call('POST', '/api/supplier/communications/step0', {
      token: acme,
      body: { type: 'RECALL', name: 'Wrong type', classification: 'CLASSI', subtype: 'RECALLED_PARTNER' },
    });
    expect(asRecall.status).toBe(400);
    expect((await t.call('DELETE', `${SUP}/${id}`, { token: acme })).status).toBe(409);
  });
});

describe('the order of a new value', () => {
  it('goes after the last one, even when the last one is at the largest order a value may have', async () => {
    const create = (code: string, extra: object = {}) =>
      t.call('POST', OP, {
        token: operator,
        body: { vocabulary: 'disruptionSubtype', code, label_en: code, label_vi: code, ...extra },
      });
    const last = await create('Order at the end', { sort_order: 2_147_483_647 });
    expect(last.status).toBe(200);
    const next = await create('Order after the end');
    expect(next.status).toBe(200);
    expect(next.body.d).toMatchObject({ code: 'Order after the end', sort_order: 2_147_483_647 });
  });
});
