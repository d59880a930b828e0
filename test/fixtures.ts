import type { Knex } from 'knex';
import type { ApiClient } from './client.js';
import { ACTION_TYPES } from '@portal/communications';

/** What the fixtures need of an app: its API and its database (a test app, or a bench's server). */
export type FixtureTarget = ApiClient & { db: Knex };

/** Test helpers shared by the list and provider tests: a supplier sends a recall or advisory with one action of each type. */
export interface World {
  acme: number;
  riverside: number;
  north: number;
  south: number;
  lakeshore: number;
  supplierToken: string;
  sourcingToken: string;
}

export async function world(t: FixtureTarget): Promise<World> {
  const idOf = async (name: string) => ((await t.db('organizations').where({ name }).first('id')) as { id: number }).id;
  return {
    acme: await idOf('Acme Medical Devices'),
    riverside: await idOf('Riverside Health'),
    north: await idOf('Riverside North Campus'),
    south: await idOf('Riverside South Clinic'),
    lakeshore: await idOf('Lakeshore Medical Center'),
    supplierToken: (await t.signIn('recalls@acme.demo')).access_token,
    sourcingToken: (await t.signIn('sourcing@acme.demo')).access_token,
  };
}

/** Sends an event to picked providers and/or sites; answers the event id and its provider communications by organisation. */
export async function sendCommunication(
  t: FixtureTarget,
  w: World,
  name: string,
  options: {
    providers?: number[];
    sites?: number[];
    type?: 'RECALL' | 'PRODUCT DISRUPTION';
    actions?: string[];
    /** The event's products (step 1); one catheter, lot C-9, by default. */
    products?: Record<string, unknown>[];
  } = {},
) {
  const type = options.type ?? 'RECALL';
  const token = type === 'RECALL' ? w.supplierToken : w.sourcingToken;
  const sup = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/supplier/communications${path}`, { token, body });
  const info = type === 'RECALL' ? { type, name, classification: 'CLASSI' } : { type, name, subtype: 'SHORTAGE' };
  const id = (await sup('POST', '/step0', info)).body.d.id as number;
  await sup('POST', '/step1', { id, products: options.products ?? [{ product_name: 'Catheter', lot_number: 'C-9' }] });
  const actions = (options.actions ?? [...ACTION_TYPES]).map((action_type) => ({
    action_type,
    title: `${action_type} action`,
    ...(action_type === 'Checkbox' || action_type === 'MultipleChoice' ? { options: ['A', 'B', 'C'] } : {}),
  }));
  await sup('POST', '/step2', { id, actions });
  // Sites have no users in the demo world: they receive at the site's own address.
  for (const site of options.sites ?? [])
    await t
      .db('organizations')
      .where({ id: site })
      .update({ email: `site${site}@riverside.demo` });
  const picked = [...(options.providers ?? []), ...(options.sites ?? [])];
  if (picked.length) {
    const step3 = await sup('POST', '/step3', { id, provider_organization_ids: picked });
    if (step3.status !== 200) throw new Error(`step3 failed: ${step3.body.m}`);
  }
  const approved = await sup('PUT', `/${id}/approve-recall/${encodeURIComponent(type)}/0`);
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.body.m}`);
  const sent = await sup('PUT', `/${id}/send-notification/${encodeURIComponent(type)}`);
  if (sent.status !== 200) throw new Error(`send failed: ${sent.body.m}`);
  const pcs = (await t
    .db('provider_communications')
    .where({ communication_id: id })
    .select('id', 'provider_organization_id')) as { id: number; provider_organization_id: number }[];
  const pcOf = (org: number) => pcs.find((p) => Number(p.provider_organization_id) === org)!.id;
  const actionRows = (await t
    .db('communication_actions')
    .where({ communication_id: id })
    .select('id', 'action_type')) as { id: number; action_type: string }[];
  const actionOf = (type: string) => actionRows.find((a) => a.action_type === type)!.id;
  return { id, pcOf, actionOf };
}

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
export const PDF = Buffer.from('%PDF-1.4\n%provider answer\n');
/**
 * A zip with the parts of an .xlsx (`[Content_Types].xml`, `xl/workbook.xml`) whose workbook is not one: it passes the
 * upload's type check (core `checkUpload`) and fails the spreadsheet reader (400 `SPREADSHEET_UNREADABLE`).
 */
export const BROKEN_XLSX = Buffer.from(
  'UEsDBBQAAAgAAAAAIVzHHBc8CAAAAAgAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbDxUeXBlcy8+UEsDBBQAAAgAAAAAIVyKRrg7DgAAAA4AAAAPAAAAeGwvd29ya2Jvb2sueG1sbm90IGEgd29ya2Jvb2tQSwECPwMUAAAIAAAAACFcxxwXPAgAAAAIAAAAEwAJAAAAAAAAAAAAtIEAAAAAW0NvbnRlbnRfVHlwZXNdLnhtbFVUBQADALlVaVBLAQI/AxQAAAgAAAAAIVyKRrg7DgAAAA4AAAAPAAkAAAAAAAAAAAC0gTkAAAB4bC93b3JrYm9vay54bWxVVAUAAwC5VWlQSwUGAAAAAAIAAgCQAAAAdAAAAAAA',
  'base64',
);
/** A whole 1×1 PNG, for uploads whose image bytes are checked (logos, content cards, quick links). */
export const IMAGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export function form(name: string, data: Buffer, fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(data)]), name);
  return f;
}

/**
 * Sends a custom-content recall to Riverside and Lakeshore: Riverside gets lots, Lakeshore L-1.
 * Actions: a per-unit Numeric "Units quarantined", a per-unit Yes / No "Units found" and an Acknowledge. Answers the
 * event, its provider communications and actions, and each provider's own row ids.
 */
export async function sendCustomContentCommunication(t: FixtureTarget, w: World, name: string) {
  const sup = (method: string, path: string, body?: unknown, form?: FormData) =>
    t.call(method, `/api/supplier/communications${path}`, { token: w.supplierToken, body, form });
  const id = (await sup('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSI' })).body.d.id as number;
  await sup('PUT', `/${id}/custom-content`, { enabled: true });
  const csv = [
    'Customer Key,Product Name,Lot Number,Serial Number,Quantity',
    'PRV-0001,Infusion pump,R-1,SN-100,2',
    'PRV-0001,Infusion pump,R-2,SN-101,1',
    'PRV-0002,Infusion pump,L-1,SN-200,5',
  ].join('\r\n');
  const file = new FormData();
  file.append('file', new Blob([Buffer.from(csv, 'utf8')]), 'customers.csv');
  const uploaded = await sup('POST', `/${id}/custom-content/file`, undefined, file);
  if (uploaded.status !== 200) throw new Error(`custom rows failed: ${uploaded.body.m}`);
  await sup('POST', '/step2', {
    id,
    actions: [
      { action_type: 'Numeric', title: 'Units quarantined', per_unit: true },
      { action_type: 'YesNo', title: 'Units found', per_unit: true },
      { action_type: 'Acknowledge', title: 'Confirm receipt' },
    ],
  });
  await sup('POST', '/step3', { id, provider_organization_ids: [w.riverside, w.lakeshore] });
  if ((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status !== 200) throw new Error('approve failed');
  if ((await sup('PUT', `/${id}/send-notification/RECALL`)).status !== 200) throw new Error('send failed');
  const pcs = (await t
    .db('provider_communications')
    .where({ communication_id: id })
    .select('id', 'provider_organization_id')) as { id: number; provider_organization_id: number }[];
  const pcOf = (org: number) => Number(pcs.find((p) => Number(p.provider_organization_id) === org)!.id);
  const actions = (await t.db('communication_actions').where({ communication_id: id }).select('id', 'title')) as {
    id: number;
    title: string;
  }[];
  const actionOf = (title: string) => Number(actions.find((a) => a.title === title)!.id);
  const rows = (await t
    .db('communication_custom_rows')
    .where({ communication_id: id })
    .orderBy(['sort_order', 'id'])
    .select('id', 'provider_organization_id')) as { id: number; provider_organization_id: number }[];
  const rowsOf = (org: number) =>
    rows.filter((r) => Number(r.provider_organization_id) === Number(org)).map((r) => Number(r.id));
  return { id, pcOf, actionOf, rowsOf };
}
