import type { Knex } from 'knex';
import {
  type Actor,
  type Cell,
  cellText,
  insertInBatches,
  type FileResult,
  checkUpload,
  ConflictError,
  type ListPage,
  type ListSpec,
  parseDate,
  parseListQuery,
  readSheet,
  reportFile,
  type ReportFormat,
  runList,
  sheet,
  ValidationError,
  transaction,
} from '@portal/core';
import { organizationsView, providersByCustomerKeys } from '@portal/organizations';
import { assertDraft, type CommunicationRow, loadOwnCommunication } from './access.js';
import { reachStep } from './wizard-steps.js';
import { appendHistory } from './history.js';
import { activeProductFields, cellFieldValue, checkCustomFields } from './product-fields.js';

/** A customer's own product row of a custom-content event. */
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
  return transaction(db, async (trx) => {
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
  if (!file) throw new ValidationError('PRODUCT_FILE_REQUIRED');
  const upload = await checkUpload(file, ['csv', 'xlsx'], 'UNSUPPORTED_FILE_TYPE.productFile', 20 * 1024 * 1024);
  const sheet: [number, Cell[]][] = [];
  try {
    for await (const row of readSheet(upload.extension as 'csv' | 'xlsx', upload.data))
      sheet.push([row.line, row.cells]);
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError('PRODUCT_FILE_UNREADABLE', { reason: err instanceof Error ? err.message : String(err) });
  }
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    const correcting = assertRowsEditable(event);
    if (!event.custom_content) throw new ConflictError('CUSTOM_CONTENT_OFF');
    const [header, ...data] = sheet;
    if (!header || data.length === 0) throw new ValidationError('FILE_HAS_NO_ROWS');
    if (data.length > MAX_CUSTOM_ROWS)
      throw new ValidationError('CUSTOM_ROWS_TOO_MANY', { max: MAX_CUSTOM_ROWS, count: data.length });
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
    if (errors.length) throw new ValidationError('PRODUCT_FILE_HAS_ERRORS').withDetails(errors);

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
          custom[String(m.field.id)] = cellFieldValue(m.field, c);
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
    if (errors.length) throw new ValidationError('PRODUCT_FILE_HAS_ERRORS').withDetails(errors);

    const before = correcting
      ? ((await trx('communication_custom_rows')
          .where({ communication_id: id })
          .first(
            trx.raw('count(*)::int AS rows'),
            trx.raw('count(DISTINCT provider_organization_id)::int AS customers'),
          )) as { rows: number; customers: number })
      : undefined;
    await trx('communication_custom_rows').where({ communication_id: id }).delete();
    await insertInBatches(trx, 'communication_custom_rows', rows);
    await reachStep(trx, event, 1);
    const customers = new Set(rows.map((r) => r.provider_organization_id)).size;
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: correcting ? 'CUSTOM_ROWS_CORRECTED' : 'CUSTOM_ROWS_SAVED',
      entityType: 'products',
      entityId: id,
      before,
      after: { rows: rows.length, customers },
      // A correction after approval is a change: the Change History Report lists it.
      isChange: correcting,
    });
    return { rows: rows.length, customers };
  });
}

/**
 * Customer rows may be replaced while the event is a draft, and also after approval until it is first sent (a
 * correction: nobody has read a notice yet, and it is audited as such); never once notices went out. Answers true
 * for such a correction.
 */
function assertRowsEditable(event: { status: string; first_sent_at: Date | null }): boolean {
  if (event.status === 'DRAFT') return false;
  if (event.status === 'OPEN' && !event.first_sent_at) return true;
  if (event.status === 'OPEN') throw new ConflictError('ROWS_SENT');
  assertDraft(event as CommunicationRow);
  return false;
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

/** A customer row as the supplier and the operator read it: the customer's name and the per-unit answers given. */
export type CustomRowView = CustomRow & {
  customer_name: string;
  unit_answers: { action_id: number; value: Record<string, unknown> }[];
};

/**
 * The supplier's view of its draft's (or sent event's) customer rows, paged; `provider_organization_id` narrows them
 * to one customer.
 */
export async function listCustomRows(
  db: Knex,
  actor: Actor,
  id: number,
  raw: object & { provider_organization_id?: number },
): Promise<ListPage<CustomRowView> & { custom_content: boolean }> {
  const event = await loadOwnCommunication(db, actor, id);
  return customRowsPage(db, event, raw);
}

/** An event's customer rows with their answers (the caller has scoped the event: its supplier or the operator). */
export async function customRowsPage(
  db: Knex,
  event: { id: number; organization_id: number; custom_content?: boolean | null },
  raw: object & { provider_organization_id?: number },
): Promise<ListPage<CustomRowView> & { custom_content: boolean }> {
  const query = parseListQuery(raw, LIST_SPEC);
  const base = db('communication_custom_rows as r')
    .join(organizationsView(db).as('o'), 'o.id', 'r.provider_organization_id')
    .where({ 'r.communication_id': event.id, 'r.organization_id': event.organization_id })
    .modify((q) => {
      if (raw.provider_organization_id) q.where('r.provider_organization_id', raw.provider_organization_id);
    });
  const page = await runList<CustomRowView>(base, query, LIST_SPEC, 'r.id', (qb) =>
    qb.select(
      ...CUSTOM_ROW_COLUMNS.map((c) => `r.${c}`),
      'o.name as customer_name',
      // The page's rows only: one small aggregate per row, through the custom_row_id index.
      db.raw(
        `coalesce((SELECT json_agg(json_build_object('action_id', a.action_id, 'value', a.value) ORDER BY a.action_id)
          FROM provider_unit_answers a WHERE a.custom_row_id = r.id), '[]'::json) AS unit_answers`,
      ),
    ),
  );
  return {
    ...page,
    items: page.items.map((r) => ({
      ...toRow(r),
      unit_answers: r.unit_answers.map((a) => ({ ...a, action_id: Number(a.action_id) })),
    })),
    custom_content: Boolean(event.custom_content),
  };
}

/** The customers an event's rows are for, with how many rows each has (the filter of the event views). */
export async function customRowCustomers(
  db: Knex,
  event: { id: number; organization_id: number },
): Promise<{ provider_organization_id: number; customer_name: string; rows: number }[]> {
  const rows = (await db('communication_custom_rows as r')
    .join(organizationsView(db).as('o'), 'o.id', 'r.provider_organization_id')
    .where({ 'r.communication_id': event.id, 'r.organization_id': event.organization_id })
    .groupBy('r.provider_organization_id', 'o.name')
    .orderBy('o.name')
    .limit(MAX_CUSTOMERS)
    .select('r.provider_organization_id', 'o.name as customer_name', db.raw('count(*)::int AS rows'))) as {
    provider_organization_id: string;
    customer_name: string;
    rows: number;
  }[];
  return rows.map((r) => ({ ...r, provider_organization_id: Number(r.provider_organization_id) }));
}

/** The customer filter lists at most this many customers (a bigger event is searched instead). */
const MAX_CUSTOMERS = 1000;

export async function ownCustomRowCustomers(db: Knex, actor: Actor, id: number) {
  return customRowCustomers(db, await loadOwnCommunication(db, actor, id));
}

/**
 * The product file template: the header row the reader accepts (the fixed columns, then the supplier's active
 * product fields by name), as CSV or XLSX through the one spreadsheet writer.
 */
export async function customContentTemplate(
  db: Knex,
  actor: Actor,
  id: number,
  format: ReportFormat,
  timeZone: string,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  await loadOwnCommunication(db, actor, id);
  const fields = await activeProductFields(db, actor.organizationId);
  const headers = [...COLUMNS.map((c) => c.header), ...fields.map((f) => f.name)];
  return reportFile(
    'Custom Content Template',
    format,
    [
      sheet<never>({
        name: 'Customer Rows',
        columns: headers.map((header) => ({ header, value: () => null })),
        rows: [],
      }),
    ],
    timeZone,
    onError,
  );
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

/** At most this many rows are listed in a notice email; the rest are "and N more" with the link. */
export const EMAIL_ROW_LIMIT = 50;

/**
 * The rows each notice email lists: for each provider communication of a custom-content event, the first
 * `limit` rows of its own provider organisation, and how many it has in all. The bulk form of `customRowsOf` (one
 * statement for a whole send), with the same rule: a provider communication's rows are its provider organisation's.
 */
export async function customRowsForProviderCommunications(
  db: Knex | Knex.Transaction,
  event: { id: number; custom_content?: boolean | null },
  providerCommunicationIds: number[],
  limit = EMAIL_ROW_LIMIT,
): Promise<Map<number, { rows: CustomRow[]; total: number }>> {
  const out = new Map<number, { rows: CustomRow[]; total: number }>();
  if (!event.custom_content || providerCommunicationIds.length === 0) return out;
  const found = (
    await db.raw(
      `SELECT pc.id AS pc_id, r.*,
              (SELECT count(*) FROM communication_custom_rows c
                WHERE c.communication_id = pc.communication_id
                  AND c.provider_organization_id = pc.provider_organization_id) AS total
         FROM provider_communications pc
         JOIN LATERAL (
           SELECT ${CUSTOM_ROW_COLUMNS.map((c) => `x.${c}`).join(', ')}
             FROM communication_custom_rows x
            WHERE x.communication_id = pc.communication_id
              AND x.provider_organization_id = pc.provider_organization_id
            ORDER BY x.sort_order, x.id
            LIMIT ?) r ON true
        WHERE pc.communication_id = ? AND pc.id = ANY(?::bigint[])
        ORDER BY pc.id, r.sort_order, r.id`,
      [limit, event.id, providerCommunicationIds],
    )
  ).rows as (CustomRow & { pc_id: string; total: string })[];
  for (const { pc_id, total, ...row } of found) {
    const entry = out.get(Number(pc_id)) ?? { rows: [], total: Number(total) };
    entry.rows.push(toRow(row as CustomRow));
    out.set(Number(pc_id), entry);
  }
  return out;
}
