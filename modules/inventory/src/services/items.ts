import type { Knex } from 'knex';
import {
  type Actor,
  applyListFilters,
  applyListOrder,
  cursorBatches,
  type FileResult,
  type ListPage,
  type ListSpec,
  parseListQuery,
  type ReportColumn,
  type ReportFormat,
  reportFile,
  runList,
  sheet,
  type RowOf,
} from '@portal/core';
import { type InventoryKind, normaliseCode, normaliseGtin } from '@portal/vocabulary';
import type { itemRowSchema } from '../schemas.js';
import { ownerOf } from './scope.js';

export type ItemRow = RowOf<typeof itemRowSchema>;

/** The most rows one download holds. */
export const MAX_DOWNLOAD_ROWS = 1_000_000;

const FIELDS = {
  id: 'i.id',
  gtin: 'i.gtin',
  udi_di: 'i.udi_di',
  manufacturer: 'i.manufacturer',
  catalogue_number: 'i.catalogue_number',
  model: 'i.model',
  description: 'i.description',
  lot: 'i.lot',
  serial: 'i.serial',
  quantity: 'i.quantity',
  location: 'i.location',
  updated_at: 'i.updated_at',
};

const SPECS: Record<InventoryKind, ListSpec> = {
  items: {
    fields: { ...FIELDS, department: 'i.department', expiry_date: 'i.expiry_date' },
    searchColumns: ['i.search_text'],
    defaultSort: [{ column: 'i.id', direction: 'desc' }],
    indexedSorts: ['id:desc', 'id:asc'],
  },
  purchases: {
    fields: {
      ...FIELDS,
      supplier_name: 'i.supplier_name',
      purchased_on: 'i.purchased_on',
      order_number: 'i.order_number',
    },
    searchColumns: ['i.search_text'],
    defaultSort: [{ column: 'i.id', direction: 'desc' }],
    indexedSorts: ['id:desc', 'id:asc'],
  },
};

export interface ItemListQuery {
  kind?: InventoryKind;
  site_id?: number;
  department?: string;
  /** A scanned unit: its GTIN (any spelling), lot and serial, matched exactly as normalised. */
  gtin?: string;
  lot?: string;
  serial?: string;
  [key: string]: unknown;
}

const TABLES: Record<InventoryKind, string> = { items: 'inventory_items', purchases: 'purchase_history' };

/** The organisation's rows of one kind, with the site and department filters (exact), before search and sort. */
function base(db: Knex, actor: Actor, kind: InventoryKind, query: ItemListQuery): Knex.QueryBuilder {
  const q = db({ i: TABLES[kind] }).where('i.organization_id', ownerOf(actor));
  if (query.gtin) {
    // A GTIN that is not one (a HIBCC DI, a bad check digit) is looked up as a UDI-DI: it then finds nothing or that.
    const gtin = normaliseGtin(query.gtin);
    if (gtin) q.where('i.gtin', gtin);
    else q.where('i.udi_di', normaliseCode(query.gtin) ?? '');
  }
  if (query.lot) q.where('i.lot_norm', normaliseCode(query.lot) ?? '');
  // A row without a serial holds any unit of its lot: a scanned serial finds it too.
  if (query.serial)
    q.where((w) => w.where('i.serial_norm', normaliseCode(query.serial ?? '') ?? '').orWhereNull('i.serial_norm'));
  if (query.site_id !== undefined) q.where('i.site_id', query.site_id);
  if (kind === 'items' && query.department !== undefined && query.department !== '')
    q.where('i.department', query.department);
  return q;
}

const select = (kind: InventoryKind) => (qb: Knex.QueryBuilder) =>
  qb.select(
    'i.id',
    'i.site_id',
    'i.location',
    'i.gtin',
    'i.udi_di',
    'i.manufacturer',
    'i.catalogue_number',
    'i.model',
    'i.description',
    'i.lot',
    'i.serial',
    'i.quantity',
    'i.updated_at',
    ...(kind === 'items'
      ? ['i.department', qb.client.raw(`to_char(i.expiry_date, 'YYYY-MM-DD') AS expiry_date`)]
      : ['i.supplier_name', 'i.order_number', qb.client.raw(`to_char(i.purchased_on, 'YYYY-MM-DD') AS purchased_on`)]),
  );

function rowOf(r: Record<string, unknown>): ItemRow {
  return {
    id: Number(r.id),
    site_id: r.site_id === null ? null : Number(r.site_id),
    location: (r.location as string | null) ?? null,
    gtin: (r.gtin as string | null) ?? null,
    udi_di: (r.udi_di as string | null) ?? null,
    manufacturer: (r.manufacturer as string | null) ?? null,
    catalogue_number: (r.catalogue_number as string | null) ?? null,
    model: (r.model as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    lot: (r.lot as string | null) ?? null,
    serial: (r.serial as string | null) ?? null,
    quantity: r.quantity === null ? null : Number(r.quantity),
    department: (r.department as string | null | undefined) ?? null,
    expiry_date: (r.expiry_date as string | null | undefined) ?? null,
    supplier_name: (r.supplier_name as string | null | undefined) ?? null,
    purchased_on: (r.purchased_on as string | null | undefined) ?? null,
    order_number: (r.order_number as string | null | undefined) ?? null,
    updated_at: new Date(r.updated_at as Date).toISOString(),
  };
}

/**
 * GET /provider/inventory/items: the item master (or, `kind=purchases`, the purchase history), paged, searched over
 * every identifier (trigram index), filtered by site and department. Totals are exact (counted; a search's capped).
 */
export async function listItems(db: Knex, actor: Actor, raw: ItemListQuery): Promise<ListPage<ItemRow>> {
  const { kind = 'items', site_id, department, gtin, lot, serial, ...rest } = raw;
  const spec = SPECS[kind];
  const page = await runList<Record<string, unknown>>(
    base(db, actor, kind, { site_id, department, gtin, lot, serial }),
    parseListQuery(rest, spec),
    spec,
    'i.id',
    select(kind),
    'i.updated_at',
  );
  return { ...page, items: page.items.map(rowOf) };
}

/** The departments named in the organisation's item master (the department filter's options). */
export async function departments(db: Knex, actor: Actor): Promise<string[]> {
  const rows = (await db('inventory_items')
    .where('organization_id', ownerOf(actor))
    .whereNotNull('department')
    .distinct('department')
    .orderBy('department')
    .limit(500)) as { department: string }[];
  return rows.map((r) => r.department);
}

function columns(kind: InventoryKind): ReportColumn<ItemRow>[] {
  const common: ReportColumn<ItemRow>[] = [
    { header: 'GTIN', value: (r) => r.gtin },
    { header: 'UDI-DI', value: (r) => r.udi_di },
    { header: 'Manufacturer', value: (r) => r.manufacturer },
    { header: 'Catalogue Number', value: (r) => r.catalogue_number },
    { header: 'Model', value: (r) => r.model },
    { header: 'Description', value: (r) => r.description },
    { header: 'Lot', value: (r) => r.lot },
    { header: 'Serial', value: (r) => r.serial },
    { header: 'Quantity', value: (r) => r.quantity },
    { header: 'Site', value: (r) => r.location },
  ];
  return kind === 'items'
    ? [
        ...common,
        { header: 'Department', value: (r) => r.department },
        { header: 'Expiry', value: (r) => r.expiry_date, kind: 'date' },
        { header: 'Updated', value: (r) => r.updated_at, kind: 'datetime' },
      ]
    : [
        ...common,
        { header: 'Supplier', value: (r) => r.supplier_name },
        { header: 'Purchased On', value: (r) => r.purchased_on, kind: 'date' },
        { header: 'Order Number', value: (r) => r.order_number },
        { header: 'Updated', value: (r) => r.updated_at, kind: 'datetime' },
      ];
}

/** GET /provider/inventory/items/{csv|xlsx}: the list as the screen shows it (search, filters, sort), streamed. */
export function downloadItems(
  db: Knex,
  actor: Actor,
  raw: ItemListQuery,
  format: ReportFormat,
  timezone: string,
  onError: (err: unknown) => void,
): FileResult {
  const { kind = 'items', site_id, department, gtin, lot, serial, ...rest } = raw;
  const spec = SPECS[kind];
  const query = parseListQuery({ ...rest, pageNumber: 1, pageSize: 1 }, spec);
  const q = applyListOrder(
    select(kind)(applyListFilters(base(db, actor, kind, { site_id, department, gtin, lot, serial }), query, spec)),
    query,
    spec,
    'i.id',
  ).limit(MAX_DOWNLOAD_ROWS);
  async function* rows(): AsyncGenerator<ItemRow[]> {
    for await (const batch of cursorBatches<Record<string, unknown>>(q)) yield batch.map(rowOf);
  }
  return reportFile(
    kind === 'items' ? 'Item Master' : 'Purchase History',
    format,
    [
      sheet<ItemRow>({
        name: kind === 'items' ? 'Item master' : 'Purchase history',
        columns: columns(kind),
        rows: rows(),
      }),
    ],
    timezone,
    onError,
  );
}
