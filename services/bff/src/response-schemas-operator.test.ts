import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@portal/core';
import { importFda } from '@portal/fda';
import { importKnownProviders } from '@portal/location-preprocessor';
import {
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

function multipart(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return f;
}

describe("the operator's eR responses", () => {
  it("the rows across providers, and one answered and one unanswered detail; the provider's response details", async () => {
    const e = await sendCommunication(t, w, 'Schema operator responses', {
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

describe("the operator's view of a supplier's event", () => {
  it('the event with its supplier and a document, the document, its history, and a copy into a new draft', async () => {
    const e = await sendCommunication(t, w, 'Schema operator event', { providers: [w.riverside], actions: ['Text'] });
    const upload = await t.call('POST', `/api/supplier/communications/${e.id}/documents`, {
      token: w.supplierToken,
      form: form('notice.pdf', PDF),
    });
    expect(upload.status, upload.body.m).toBe(200);
    const base = '/api/notisphere/communications';
    const event = await conforms('get', `${base}/{id}`, `${base}/${e.id}`, operator);
    expect(event.supplier_name).toBe('Acme Medical Devices');
    expect(event.documents).toHaveLength(1);
    expect(event.status).not.toBe('DRAFT');
    await conforms('get', `${base}/document/{id}`, `${base}/document/${event.documents[0].id}`, operator);
    expect(
      (await conforms('get', `${base}/{id}/histories`, `${base}/${e.id}/histories`, operator)).length,
    ).toBeGreaterThan(1);
    const copy = await conforms('get', `${base}/{id}/copy`, `${base}/${e.id}/copy`, operator);
    expect(copy).toMatchObject({ status: 'DRAFT', approved_at: null, name: 'Copy of Schema operator event' });
    expect(copy.actions).toHaveLength(1);
    // The draft: no documents, never approved or sent.
    const draft = await conforms('get', `${base}/{id}`, `${base}/${copy.id}`, operator);
    expect(draft.documents).toEqual([]);
    expect(draft.first_sent_at).toBeNull();
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

describe('settings: content, quick links, lookup values', () => {
  it('FAQs, news cards, user guides (a file and a link) and the help contact, managed and read', async () => {
    const supplier = (await t.signIn('admin@acme.demo')).access_token;
    const faqs = '/api/notisphere/content/faqs';
    const faq = await conforms('post', faqs, faqs, operator, {
      user_type: 'PROV',
      title: 'Schema question?',
      body: 'Yes.',
    });
    await conforms('get', faqs, `${faqs}?user_type=PROV&pageSize=100`, operator);
    await conforms('get', `${faqs}/{id}`, `${faqs}/${faq.id}`, operator);
    await conforms('put', `${faqs}/{id}`, `${faqs}/${faq.id}`, operator, {
      user_type: 'PROV',
      title: 'Schema 2?',
      body: 'Still yes.',
    });
    await conforms('put', `${faqs}/{id}/status`, `${faqs}/${faq.id}/status`, operator, { status: 'ACTIVE' });
    const read = await conforms('get', '/api/content/faqs', '/api/content/faqs', provider);
    expect(read.length).toBeGreaterThan(0);

    const cards = '/api/notisphere/content/news-cards';
    const card = await check.uploadConforms(
      cards,
      cards,
      operator,
      multipart(
        { user_type: 'SUPP', title: 'Schema news', body: 'Read.', link_url: 'https://news.example.com/s' },
        { data: IMAGE_PNG, name: 'card.png', type: 'image/png' },
      ),
    );
    await conforms('get', cards, cards, operator);
    await conforms('get', `${cards}/{id}`, `${cards}/${card.id}`, operator);
    await conforms('put', `${cards}/{id}/status`, `${cards}/${card.id}/status`, operator, { status: 'ACTIVE' });
    expect((await conforms('get', '/api/content/news-cards', '/api/content/news-cards', supplier)).length).toBe(1);

    const guides = '/api/notisphere/content/user-guides';
    await check.uploadConforms(
      guides,
      guides,
      operator,
      multipart(
        { user_type: 'PROV', title: 'Schema guide' },
        { data: PDF, name: 'guide.pdf', type: 'application/pdf' },
      ),
    );
    const link = await check.uploadConforms(
      guides,
      guides,
      operator,
      multipart({ user_type: 'PROV', title: 'Schema video', link_url: 'https://video.example.com/1' }),
    );
    expect(link.file).toBeNull();
    await conforms('get', guides, guides, operator);
    await conforms('get', `${guides}/{id}`, `${guides}/${link.id}`, operator);
    const shown = await conforms('get', '/api/content/user-guides', '/api/content/user-guides', provider);
    expect(shown.map((g: { file: unknown }) => g.file === null).sort()).toEqual([false, true]);

    const contact = '/api/notisphere/content/contact';
    await conforms('get', contact, contact, operator);
    await conforms('put', contact, contact, operator, {
      contact_email: 'help@portal.example.com',
      knowledge_base_url: 'https://kb.example.com',
    });
    await conforms('get', '/api/content/contact', '/api/content/contact', supplier);
  });

  it('quick links: made with an image, listed, read, its meta, shown to its organisation, then removed', async () => {
    const base = '/api/notisphere/quickLinks';
    const link = await check.uploadConforms(
      `${base}/create`,
      `${base}/create`,
      operator,
      multipart(
        { url: 'https://partner.example.com/schema', organization_ids: `${w.riverside},${w.acme}` },
        { data: IMAGE_PNG, name: 'logo.png', type: 'image/png' },
      ),
    );
    await conforms('get', base, base, operator);
    await conforms('get', `${base}/{id}`, `${base}/${link.id}`, operator);
    await conforms('get', `${base}/meta`, `${base}/meta`, operator);
    const shown = await conforms('get', `${base}/account-links`, `${base}/account-links`, provider);
    expect(shown).toHaveLength(1);
    await conforms('put', `${base}/delete/{id}`, `${base}/delete/${link.id}`, operator, {});
  });

  it("lookup values: the platform's and a supplier's, added, edited, switched off, deleted; every reader's list", async () => {
    const supplier = (await t.signIn('admin@acme.demo')).access_token;
    for (const [base, token, body] of [
      [
        '/api/notisphere/lookup-values',
        operator,
        { vocabulary: 'reason', code: 'SCHEMA_STRIKE', label_en: 'Schema strike', label_vi: 'Đình công' },
      ],
      [
        '/api/supplier/lookup-values',
        supplier,
        { vocabulary: 'disruptionSubtype', code: 'SCHEMA_PARTNER', label_en: 'Partner', label_vi: 'Đối tác' },
      ],
    ] as const) {
      const added = await conforms('post', base, base, token, body);
      await conforms('get', base, `${base}?pageSize=100`, token);
      await conforms('get', `${base}/{id}`, `${base}/${added.id}`, token);
      await conforms('put', `${base}/{id}`, `${base}/${added.id}`, token, {
        ...body,
        label_en: `${body.label_en} (edited)`,
      });
      await conforms('put', `${base}/{id}/status`, `${base}/${added.id}/status`, token, { status: 'INACTIVE' });
      await conforms('delete', `${base}/{id}`, `${base}/${added.id}`, token);
    }
    await conforms('get', '/api/lookup-values', '/api/lookup-values', provider);
  });
});

describe('FDA records and metrics', () => {
  /** YYYYMMDD, `days` ago (openFDA's date format). */
  const daysAgo = (days: number) =>
    new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

  it("the operator's device, enforcement and drug lists and records, those without an event, and the provider's card", async () => {
    const sample = (name: string) => JSON.parse(readFileSync(path.join(repoRoot, 'data', 'openfda', name), 'utf8'));
    const devices = sample('device-recall-examples.json');
    const report = (recall_number: string, fields: Record<string, unknown>) => ({
      ...sample('device-enforcement-examples.json').result,
      recall_number,
      product_type: recall_number.startsWith('D-') ? 'Drugs' : 'Devices',
      status: 'Ongoing',
      classification: 'Class I',
      recall_initiation_date: daysAgo(10),
      ...fields,
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'schema-fda-'));
    writeFileSync(path.join(dir, 'devices.json'), JSON.stringify({ results: devices.anatomy.results }));
    writeFileSync(
      path.join(dir, 'reports.json'),
      JSON.stringify({
        results: [
          report('Z-4001-2026', { recalling_firm: 'Acme Medical Devices' }),
          report('D-4002-2026', { recalling_firm: 'ACME MEDICAL DEVICES', recall_initiation_date: daysAgo(5) }),
        ],
      }),
    );
    await importFda(t.db, dir);
    await sendCommunication(t, w, 'Schema FDA card', { providers: [w.riverside], actions: ['Acknowledge'] });

    const base = '/api/notisphere/fda';
    for (const list of ['devices', 'device-enforcement', 'drugs']) {
      const page = await conforms('get', `${base}/${list}`, `${base}/${list}`, operator);
      expect(page.items.length, list).toBeGreaterThan(0);
      const first = page.items[0].recall_number as string;
      await conforms('get', `${base}/${list}/{recallNumber}`, `${base}/${list}/${first}`, operator);
    }
    await conforms('get', `${base}/without-event/devices`, `${base}/without-event/devices`, operator);
    await conforms('get', `${base}/without-event/drugs`, `${base}/without-event/drugs`, operator);
    const cardPath = '/api/provider/dashboard/fda-recalls';
    const card = await conforms('get', cardPath, cardPath, provider);
    expect(card.items.length).toBeGreaterThan(0);
    await conforms('get', `${cardPath}/{recallNumber}`, `${cardPath}/${card.items[0].recall_number}`, provider);
  });

  it("the operator's, a supplier's and a provider's metrics, and the KPI filters", async () => {
    const e = await sendCommunication(t, w, 'Schema metrics recall', {
      providers: [w.riverside],
      actions: ['Acknowledge'],
    });
    const pc = e.pcOf(w.riverside);
    await t.call('PUT', `/api/provider/communications/${e.id}/acknowledge/${pc}`, { token: provider, body: {} });
    const all = await conforms('get', '/api/notisphere/metrics', '/api/notisphere/metrics', operator);
    expect(all.notices.sent).toBeGreaterThan(0);
    await conforms('get', '/api/notisphere/metrics', `/api/notisphere/metrics?supplierId=${w.acme}`, operator);
    await conforms('get', '/api/supplier/dashboard/metrics', '/api/supplier/dashboard/metrics', w.supplierToken);
    await conforms('get', '/api/provider/dashboard/metrics', '/api/provider/dashboard/metrics', provider);
    const kpi = '/api/notisphere/organizations/kpi-meta/{id}';
    await conforms('get', kpi, '/api/notisphere/organizations/kpi-meta/0', operator);
    await conforms('get', kpi, `/api/notisphere/organizations/kpi-meta/${w.acme}`, operator);
  });
});

describe('the location pre-processor', () => {
  it('a job uploaded and matched, its rows decided one by one and in bulk, completed, then removed', async () => {
    await importKnownProviders(
      t.db,
      'csv',
      Buffer.from(
        [
          '"Provider ID","Hospital Name","Address","City","State","ZIP Code","County Name","Phone Number","Hospital Type"',
          '"010001","SOUTHEAST ALABAMA MEDICAL CENTER","1108 ROSS CLARK CIRCLE","DOTHAN","AL","36301","HOUSTON","3347938701","Acute Care Hospitals"',
          '"010005","MARSHALL MEDICAL CENTER SOUTH","2505 U S HIGHWAY 431 NORTH","BOAZ","AL","35957","MARSHALL","2565938310","Acute Care Hospitals"',
        ].join('\n'),
      ),
    );
    const file = [
      'Account Name,Ship To Address,City,ST,Zip Code,Phone,Customer Number',
      'Riverside Health,1 River Rd,Sacramento,CA,95814,,C-1',
      'SOUTHEAST ALABAMA MED CTR,1108 Ross Clark Cir,Dothan,AL,36301,(334) 793-8701,C-3',
      'ASCENSION MARSHALL SOUTH,900 Main St,Boaz,AL,35957,,C-4',
      'Nowhere Clinic,1 Nowhere Lane,Nome,AK,99762,,C-5',
    ].join('\n');
    const base = '/api/notisphere/locationPreProcessor';
    const job = await check.uploadConforms(
      `${base}/upload-locationpreprocessor-file`,
      `${base}/upload-locationpreprocessor-file`,
      operator,
      multipart({ supplierId: String(w.acme) }, { data: Buffer.from(file), name: 'shipto.csv', type: 'text/csv' }),
    );
    for (let i = 0; i < 200; i++) {
      const row = (await t.db('preprocessor_jobs').where({ id: job.id }).first('status', 'matched_at')) as {
        status: string;
        matched_at: Date | null;
      };
      if (row.status === 'ERROR' || row.matched_at) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const detail = await conforms('get', `${base}/{id}`, `${base}/${job.id}?pageSize=100`, operator);
    const rows = detail.rows.items as { id: number; decision: string; candidates: { knownProviderId: number }[] }[];
    expect(rows.some((r) => r.candidates.length > 0)).toBe(true);
    await conforms('get', base, base, operator);
    await conforms('get', `${base}/locationPreProcessorSuppliers`, `${base}/locationPreProcessorSuppliers`, operator);
    await conforms('get', `${base}/known-providers`, `${base}/known-providers?state=AL`, operator);
    const withCandidate = rows.find((r) => r.decision !== 'MATCHED' && r.candidates.length > 0);
    const rowPath = `${base}/{id}/rows/{rowId}`;
    expect(withCandidate, 'a row left for review').toBeDefined();
    await conforms('put', rowPath, `${base}/${job.id}/rows/${withCandidate!.id}`, operator, {
      knownProviderId: withCandidate!.candidates[0]!.knownProviderId,
    });
    const none = rows.find((r) => r.candidates.length === 0 && r.id !== withCandidate!.id)!;
    await conforms('put', rowPath, `${base}/${job.id}/rows/${none.id}`, operator, { decision: 'UNMATCHED' });
    await conforms('post', `${base}/{id}/bulk-accept`, `${base}/${job.id}/bulk-accept`, operator, {
      minConfidence: 0,
    });
    const done = await conforms('post', `${base}/{id}/complete`, `${base}/${job.id}/complete`, operator);
    expect(done.created).toBeGreaterThan(0);
    await conforms('put', `${base}/{id}`, `${base}/${job.id}`, operator);
  });
});
