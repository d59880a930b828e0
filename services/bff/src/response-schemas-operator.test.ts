import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseConformance, sendEvent, startTestApp, type TestApp, type World, world } from '@portal/testing';

/**
 * Declared response schemas of the operator's reads and the settings pages, held to real answers over HTTP (the
 * check of response-schemas.test.ts): eR responses, email templates, organisations and locations.
 */
let t: TestApp;
let w: World;
let provider: string; // Riverside Administrator
let operator: string; // Notisphere Administrator
let check: ReturnType<typeof responseConformance>;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  provider = (await t.signIn('admin@riverside.demo')).access_token;
  operator = (await t.signIn('admin@operator.demo')).access_token;
  check = responseConformance(t);
});
afterAll(() => t.close());

type Method = 'get' | 'post' | 'put' | 'delete';
const conforms = (method: Method, path: string, url: string, token: string | null, body?: unknown) =>
  check.conforms(method, path, url, token, body);

describe("the operator's eR responses", () => {
  it("the rows across providers, and one answered and one unanswered detail; the provider's response details", async () => {
    const e = await sendEvent(t, w, 'Schema operator responses', {
      providers: [w.riverside, w.lakeshore],
      actions: ['Text', 'Image'],
    });
    const pc = e.pcOf(w.riverside);
    const base = '/api/provider/communications';
    const put = await t.call('PUT', `${base}/${e.id}/${pc}/actions/${e.actionOf('Text')}`, {
      token: provider,
      body: { valueText: 'Pulled' },
    });
    expect(put.status).toBe(200);
    const details = await conforms(
      'get',
      `${base}/{id}/response-details/{x}`,
      `${base}/${e.id}/response-details/${pc}`,
      provider,
    );
    expect(details.map((a: { status: string }) => a.status)).toEqual(['SUBMITTED', 'NA']);

    const ops = '/api/notisphere/communications/responses';
    const page = await conforms('get', ops, `${ops}?search=Schema%20operator%20responses&pageSize=50`, operator);
    expect(page.items.some((r: { userid: number | null }) => r.userid !== null)).toBe(true);
    expect(page.items.some((r: { userid: number | null }) => r.userid === null)).toBe(true);
    const answered = await conforms('get', `${ops}/{id}/{x}`, `${ops}/${e.id}/${pc}`, operator);
    expect(answered.actions[0].value).toEqual({ valueText: 'Pulled' });
    const open = await conforms('get', `${ops}/{id}/{x}`, `${ops}/${e.id}/${e.pcOf(w.lakeshore)}`, operator);
    expect(open.actions[0].value).toBeNull();
  });
});

describe('email templates', () => {
  const contentOf = (d: Record<string, string>) => ({
    subject_en: d.subject_en,
    body_en: d.body_en,
    subject_vi: d.subject_vi,
    body_vi: d.body_vi,
  });

  it("the operator's: list, one with versions, save, preview and test send", async () => {
    const base = '/api/notisphere/email-templates';
    const list = await conforms('get', base, base, operator);
    const id = list.data.find((r: { key: string }) => r.key === 'RECALL_NOTICE').id as number;
    const one = await conforms('get', `${base}/{id}`, `${base}/${id}`, operator);
    const saved = await conforms('put', `${base}/{id}`, `${base}/${id}`, operator, contentOf(one));
    expect(saved.versions.length).toBeGreaterThan(1);
    await conforms('post', `${base}/{id}/preview`, `${base}/${id}/preview`, operator, { content: contentOf(one) });
    await conforms('post', `${base}/{id}/test-send`, `${base}/${id}/test-send`, operator, { language: 'vi' });
  });

  it("a provider's: list, the platform's and its own version, preview, test send and reset", async () => {
    const base = '/api/provider/email-templates';
    const key = 'PROVIDER_NOTIFICATION';
    await conforms('get', base, base, provider);
    const platform = await conforms('get', `${base}/{key}`, `${base}/${key}`, provider);
    expect(platform.overridden).toBe(false);
    const own = await conforms('put', `${base}/{key}`, `${base}/${key}`, provider, contentOf(platform));
    expect(own.versions).toHaveLength(1);
    const list = await conforms('get', base, `${base}?search=notification`, provider);
    expect(list.data.some((r: { overridden: boolean; version: number | null }) => r.overridden && r.version)).toBe(
      true,
    );
    await conforms('post', `${base}/{key}/preview`, `${base}/${key}/preview`, provider, {});
    await conforms('post', `${base}/{key}/test-send`, `${base}/${key}/test-send`, provider, {});
    const reset = await conforms('delete', `${base}/{key}`, `${base}/${key}`, provider);
    expect(reset.overridden).toBe(false);
  });
});

describe('organisations and locations', () => {
  it('locations verified by the provider and by the operator; the recall filters; supplier names added', async () => {
    const [loc] = (await t
      .db('supplier_locations')
      .insert({
        organization_id: w.acme,
        location_id: 'SCHEMA-1',
        location_name: 'Schema Pharmacy',
        city: 'Springfield',
        provider_organization_id: w.riverside,
        status: 'ACTIVE',
      })
      .returning('id')) as { id: number }[];
    const mine = '/api/provider/locations-verification';
    await conforms('get', mine, `${mine}?search=Schema`, provider);
    const verified = await conforms('put', mine, mine, provider, { ids: [loc!.id], status: 'COVERED' });
    expect(verified).toEqual({ updated: 1, status: 'COVERED' });
    const any = '/api/notisphere/locations-verification';
    await conforms('put', any, any, operator, { ids: [loc!.id], status: 'NON_COVERED' });
    await conforms('get', '/api/notisphere/locations/suppliers', '/api/notisphere/locations/suppliers', operator);

    const orgs = '/api/notisphere/organizations';
    const meta = await conforms('get', `${orgs}/recall-Orgmeta`, `${orgs}/recall-Orgmeta`, operator);
    expect(meta.providers.some((p: { parent_id: number | null }) => p.parent_id !== null)).toBe(true);
    expect(meta.providers.some((p: { parent_id: number | null }) => p.parent_id === null)).toBe(true);
    const added = await conforms('post', `${orgs}/create-suppliers`, `${orgs}/create-suppliers`, operator, {
      names: ['Schema Supplies Ltd', 'Schema Supplies Ltd.', 'Schema Other Co'],
      organization_id: w.acme,
    });
    expect(added.created.length).toBeGreaterThan(0);
  });
});
