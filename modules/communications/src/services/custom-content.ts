import type { Knex } from 'knex';
import {
  type Actor,
  type Cell,
  cellText,
  checkUpload,
  ConflictError,
  type ListPage,
  type ListSpec,
  parseDate,
  parseListQuery,
  readSheet,
  runList,
  ValidationError,
} from '@portal/core';
import { organizationsView, providersByCustomerKeys } from '@portal/organizations';
import { assertDraft, loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import { activeProductFields, checkCustomFields, type ProductField } from './product-fields.js';

/** A customer's own product row of a custom-content event (issue 16). */
export interface CustomRow {
  id: number;
  provider_organization_id: number;
  customer_key: string;
  sort_order: number;
  product_name: string;
  catalog_number: string | null;
  lot_number: string | null;
  serial_number: string | null;
  udi: string | null;
  quantity: number | null;
  expiration_date: string | null;
  custom_fields: Record<string, unknown>;
}

export const CUSTOM_ROW_COLUMNS = [
  'id',
  'provider_organization_id',
  'customer_key',
  'sort_order',
  'product_name',
  'catalog_number',
  'lot_number',
  'serial_number',
  'udi',
  'quantity',
  'expiration_date',
  'custom_fields',
];

export const MAX_CUSTOM_ROWS = 50_000;

type TextKey = 'customer_key' | 'product_name' | 'catalog_number' | 'lot_number' | 'serial_number' | 'udi';
type Key = TextKey | 'quantity' | 'expiration_date';

/** The file's columns: header, the row field it fills, the spellings accepted (lower case, no spaces or signs). */
const COLUMNS: { header: string; key: Key; aliases: string[]; max?: number }[] = [
  { header: 'Customer Key', key: 'customer_key', aliases: ['customerkey', 'customer', 'customerid', 'notisphereid'] },
  { header: 'Product Name', key: 'product_name', aliases: ['productname', 'product', 'name'], max: 300 },
  { header: 'Catalog Number', key: 'catalog_number', aliases: ['catalognumber', 'catalog', 'catalogno'], max: 100 },
  { header: 'Lot Number', key: 'lot_number', aliases: ['lotnumber', 'lot', 'lotno'], max: 100 },
  { header: 'Serial Number', key: 'serial_number', aliases: ['serialnumber', 'serial', 'serialno', 'sn'], max: 100 },
  { header: 'UDI', key: 'udi', aliases: ['udi'], max: 200 },
  { header: 'Quantity', key: 'quantity', aliases: ['quantity', 'qty'] },
  {
    header: 'Expiration Date',
    key: 'expiration_date',
    aliases: ['expirationdate', 'expirydate', 'expiration', 'expiry'],
  },
];

const normalise = (s: string) => s.toLowerCase().replace(/[\s_.\-()#]/g, '');

/** Turns custom content on or off for a draft; turning it off drops the rows read so far. */
export async function setCustomContent(
  db: Knex,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<{ custom_content: boolean; rows: number }> {
  return db.transaction(async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    assertDraft(event);
    if (!enabled) await trx('communication_custom_rows').where({ communication_id: id }).delete();
    await trx('communications').where({ id }).update({ custom_content: enabled, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: enabled ? 'CUSTOM_CONTENT_ENABLED' : 'CUSTOM_CONTENT_DISABLED',
      entityType: 'communication',
      entityId: id,
    });
    return { custom_content: enabled, rows: enabled ? await countRows(trx, id) : 0 };
  });
}

async function countRows(db: Knex | Knex.Transaction, id: number): Promise<number> {
  const n = (await db('communication_custom_rows').where({ communication_id: id }).count({ n: '*' }).first()) as {
    n: string;
  };
  return Number(n.n);
}

/**
 * The provider organisations customer keys name: a provider's Notisphere ID (a health system or one of its sites), or
 * one of the supplier's own location ids mapped to a provider.
 */
function resolveKeys(trx: Knex.Transaction, supplierId: number, keys: string[]): Promise<Map<string, number>> {
  return providersByCustomerKeys(trx, supplierId, keys);
}

function fieldValue(f: ProductField, c: Cell): unknown {
  if (c === null || cellText(c) === '') return null;
  switch (f.field_type) {
    case 'Number':
      return typeof c === 'number' ? c : Number.isFinite(Number(cellText(c))) ? Number(cellText(c)) : cellText(c);
    case 'Date':
      return parseDate(c) ?? cellText(c);
    case 'TrueFalse': {
      if (typeof c === 'boolean') return c;
      const s = cellText(c).toLowerCase();
      return s === 'true' || s === 'yes' ? true : s === 'false' || s === 'no' ? false : s;
    }
    case 'ListMultiple':
      return cellText(c)
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return cellText(c);
  }
}

/**
 * Reads a custom product file (CSV or XLSX) into the draft's customer rows, replacing those it had. Every row is
 * checked (customer key known, product name, dates, quantities, product fields); if any is bad, nothing is saved and
 * the answer is a 400 listing each bad row with its line.
 */
export async function uploadCustomRows(
  db: Knex,
  actor: Actor,
  id: number,
  file: { name: string; data: Buffer } | undefined,
): Promise<{ rows: number; customers: number }> {
  if (!file) throw new ValidationError('Choose a product file to upload (field `file`).');
  const upload = checkUpload(
    file,
    ['csv', 'xlsx'],
    'The product file should be either .csv or .xlsx',
    20 * 1024 * 1024,
  );
  const sheet: [number, Cell[]][] = [];
  try {
    for await (const row of readSheet(upload.extension as 'csv' | 'xlsx', upload.data))
      sheet.push([row.line, row.cells]);
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError(
      `The product file could not be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return db.transaction(async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    assertDraft(event);
    if (!event.custom_content)
      throw new ConflictError('Turn on custom content for this event before uploading customer rows.');
    const [header, ...data] = sheet;
    if (!header || data.length === 0) throw new ValidationError('The file has no rows.');
    if (data.length > MAX_CUSTOM_ROWS)
      throw new ValidationError(
        `A custom product file holds at most ${MAX_CUSTOM_ROWS} rows; this one has ${data.length}.`,
      );
    const fields = await activeProductFields(trx, actor.organizationId);
    const fieldByName = new Map(fields.map((f) => [normalise(f.name), f]));
    const errors: { line: number; message: string }[] = [];
    const mapping = header[1].map((h) => {
      const name = normalise(cellText(h));
      if (!name) return null;
      const column = COLUMNS.find((c) => c.aliases.includes(name));
      if (column) return { kind: 'column' as const, column };
      const field = fieldByName.get(name);
      if (field) return { kind: 'field' as const, field };
      errors.push({ line: header[0], message: `Unknown column "${cellText(h)}".` });
      return null;
    });
    for (const needed of ['customer_key', 'product_name'] as const)
      if (!mapping.some((m) => m?.kind === 'column' && m.column.key === needed))
        errors.push({
          line: header[0],
          message: `The file has no ${COLUMNS.find((c) => c.key === needed)!.header} column.`,
        });
    if (errors.length) throw new ValidationError('The product file has errors; nothing was saved.', errors);

    const keys = new Set<string>();
    for (const [, cells] of data)
      mapping.forEach((m, i) => {
        if (m?.kind === 'column' && m.column.key === 'customer_key' && cellText(cells[i] ?? null) !== '')
          keys.add(cellText(cells[i] ?? null));
      });
    const providers = await resolveKeys(trx, actor.organizationId, [...keys]);

    const rows: Record<string, unknown>[] = [];
    for (const [line, cells] of data) {
      const problems: string[] = [];
      const row: Record<string, unknown> = {};
      const custom: Record<string, unknown> = {};
      mapping.forEach((m, i) => {
        if (!m) return;
        const c = cells[i] ?? null;
        if (m.kind === 'field') {
          custom[String(m.field.id)] = fieldValue(m.field, c);
          return;
        }
        const raw = cellText(c);
        const { key, header: label, max } = m.column;
        if (key === 'expiration_date') {
          const date = raw === '' ? null : parseDate(c);
          if (raw !== '' && !date) problems.push(`${label} "${raw}" is not a date (YYYY-MM-DD or MM/DD/YYYY).`);
          row[key] = date;
        } else if (key === 'quantity') {
          if (raw !== '' && !/^\d+$/.test(raw.replace(/\.0+$/, '')))
            problems.push(`${label} "${raw}" must be a whole number of zero or more.`);
          row[key] = raw === '' ? null : Number(raw);
        } else {
          if (max && raw.length > max) problems.push(`${label} is longer than ${max} characters.`);
          row[key] = raw === '' ? null : raw;
        }
      });
      const key = row.customer_key as string | null;
      if (!key) problems.push('Customer Key is required.');
      else if (!providers.has(key.toLowerCase()))
        problems.push(
          `Customer Key "${key}" matches no provider (a Notisphere ID, or one of your location ids mapped to a provider).`,
        );
      if (!row.product_name) problems.push('Product Name is required.');
      try {
        row.custom_fields = JSON.stringify(checkCustomFields(fields, custom, line));
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        problems.push(err.message.replace(/^Product \d+: /, ''));
      }
      if (problems.length) errors.push({ line, message: problems.join(' ') });
      else
        rows.push({
          ...row,
          communication_id: id,
          organization_id: actor.organizationId,
          provider_organization_id: providers.get(key!.toLowerCase()),
          sort_order: rows.length,
        });
    }
    if (errors.length) throw new ValidationError('The product file has errors; nothing was saved.', errors);

    await trx('communication_custom_rows').where({ communication_id: id }).delete();
    for (let i = 0; i < rows.length; i += 1000) await trx('communication_custom_rows').insert(rows.slice(i, i + 1000));
    await trx('communications')
      .where({ id })
      .update({ current_step: Math.max(event.current_step, 1), updated_at: trx.fn.now() });
    const customers = new Set(rows.map((r) => r.provider_organization_id)).size;
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'CUSTOM_ROWS_SAVED',
      entityType: 'products',
      entityId: id,
      after: { rows: rows.length, customers },
    });
    return { rows: rows.length, customers };
  });
}

const LIST_SPEC: ListSpec = {
  fields: {
    customer_key: 'r.customer_key',
    customer_name: 'o.name',
    product_name: 'r.product_name',
    lot_number: 'r.lot_number',
    serial_number: 'r.serial_number',
    udi: 'r.udi',
    sort_order: 'r.sort_order',
  },
  searchColumns: ['r.customer_key', 'o.name', 'r.product_name', 'r.lot_number', 'r.serial_number', 'r.udi'],
  defaultSort: [{ column: 'r.sort_order', direction: 'asc' }],
};

/** The supplier's view of its draft's (or sent event's) customer rows, paged. */
export async function listCustomRows(
  db: Knex,
  actor: Actor,
  id: number,
  raw: object,
): Promise<ListPage<CustomRow & { customer_name: string }> & { custom_content: boolean }> {
  const event = await loadOwnCommunication(db, actor, id);
  const query = parseListQuery(raw, LIST_SPEC);
  const base = db('communication_custom_rows as r')
    .join(organizationsView(db).as('o'), 'o.id', 'r.provider_organization_id')
    .where({ 'r.communication_id': id, 'r.organization_id': actor.organizationId });
  const page = await runList<CustomRow & { customer_name: string }>(base, query, LIST_SPEC, 'r.id', (qb) =>
    qb.select(...CUSTOM_ROW_COLUMNS.map((c) => `r.${c}`), 'o.name as customer_name'),
  );
  return { ...page, items: page.items.map(toRow), custom_content: Boolean(event.custom_content) };
}

const toRow = <T extends CustomRow>(r: T): T => ({
  ...r,
  id: Number(r.id),
  provider_organization_id: Number(r.provider_organization_id),
});

/**
 * A provider communication's own rows (empty when the event has no custom content): the rows of its provider
 * organisation and nobody else's. Every reader of custom rows for a provider goes through here.
 */
export async function customRowsOf(
  db: Knex | Knex.Transaction,
  event: { id: number; custom_content?: boolean | null },
  pc: { provider_organization_id: number | null },
): Promise<CustomRow[]> {
  if (!event.custom_content || pc.provider_organization_id === null) return [];
  const rows = (await db('communication_custom_rows')
    .where({ communication_id: event.id, provider_organization_id: pc.provider_organization_id })
    .orderBy(['sort_order', 'id'])
    .select(CUSTOM_ROW_COLUMNS)) as CustomRow[];
  return rows.map(toRow);
}
