import type { Knex } from 'knex';
import { normaliseCode, normaliseGtin } from '@portal/vocabulary';

/**
 * What other modules may read of the item master and the purchase history (matching recalls, issue 38 item 4):
 * index-served look-ups by identifier, scoped to one organisation, and the master's date.
 */

/** Identifiers to look up; each is normalised here as on import (GTINs to 14 digits, codes upper without punctuation). */
export interface CandidateKeys {
  gtins?: readonly string[];
  udiDis?: readonly string[];
  catalogues?: readonly string[];
  models?: readonly string[];
  lots?: readonly string[];
}

export type CandidateSource = 'item' | 'purchase';

/** One row of the item master or of the purchase history that shares at least one identifier with the keys. */
export interface ItemCandidate {
  source: CandidateSource;
  id: number;
  organization_id: number;
  site_id: number | null;
  location: string | null;
  gtin: string | null;
  udi_di: string | null;
  manufacturer: string | null;
  manufacturer_norm: string | null;
  catalogue_number: string | null;
  catalogue_norm: string | null;
  model: string | null;
  model_norm: string | null;
  description: string | null;
  lot: string | null;
  lot_norm: string | null;
  serial: string | null;
  serial_norm: string | null;
  quantity: number | null;
  /** Items only (null for purchases). */
  department: string | null;
  expiry_date: string | null;
  /** Purchases only (null for items). */
  supplier_name: string | null;
  purchased_on: string | null;
  imported_at: Date;
}

const COLUMNS = [
  'id',
  'organization_id',
  'site_id',
  'location',
  'gtin',
  'udi_di',
  'manufacturer',
  'manufacturer_norm',
  'catalogue_number',
  'catalogue_norm',
  'model',
  'model_norm',
  'description',
  'lot',
  'lot_norm',
  'serial',
  'serial_norm',
  'quantity',
  'imported_at',
];

/** At most this many candidates per source and look-up (a broad key such as a common lot number stops there). */
export const CANDIDATE_LIMIT = 5000;

const uniq = (values: readonly (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

function normalisedKeys(keys: CandidateKeys) {
  return {
    gtins: uniq((keys.gtins ?? []).map(normaliseGtin)),
    udiDis: uniq((keys.udiDis ?? []).map(normaliseCode)),
    catalogues: uniq((keys.catalogues ?? []).map(normaliseCode)),
    models: uniq((keys.models ?? []).map(normaliseCode)),
    lots: uniq((keys.lots ?? []).map(normaliseCode)),
  };
}

/** The read view of the item master: a plain sub-query of `inventory_items` with the columns others may read. */
export function inventoryItemsView(db: Knex): Knex.QueryBuilder {
  return db('inventory_items').select(
    ...COLUMNS,
    'department',
    db.raw('to_char(expiry_date, ?) AS expiry_date', ['YYYY-MM-DD']),
  );
}

/** The read view of the purchase history, like `inventoryItemsView`. */
export function purchaseHistoryView(db: Knex): Knex.QueryBuilder {
  return db('purchase_history').select(
    ...COLUMNS,
    'supplier_name',
    db.raw('to_char(purchased_on, ?) AS purchased_on', ['YYYY-MM-DD']),
  );
}

/**
 * The item master's and purchase history's rows of `organizationId` sharing a GTIN, UDI-DI, catalogue number, model
 * number or lot with `keys` (any one: the caller decides what a match means and how sure it is). Each key kind is one
 * index look-up (`= ANY`), at most `CANDIDATE_LIMIT` rows per source and kind; rows are unique per source and id.
 */
export async function findItemCandidates(
  db: Knex | Knex.Transaction,
  organizationId: number,
  keys: CandidateKeys,
  options: { sources?: readonly CandidateSource[]; limit?: number } = {},
): Promise<ItemCandidate[]> {
  const k = normalisedKeys(keys);
  const limit = Math.min(options.limit ?? CANDIDATE_LIMIT, CANDIDATE_LIMIT);
  const lookups: [string, string[]][] = [
    ['gtin', k.gtins],
    ['udi_di', k.udiDis],
    ['catalogue_norm', k.catalogues],
    ['model_norm', k.models],
    ['lot_norm', k.lots],
  ];
  const out = new Map<string, ItemCandidate>();
  for (const source of options.sources ?? (['item', 'purchase'] as const)) {
    const table = source === 'item' ? 'inventory_items' : 'purchase_history';
    for (const [column, values] of lookups) {
      if (values.length === 0) continue;
      const extra =
        source === 'item'
          ? ['department', db.raw(`to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date`)]
          : ['supplier_name', db.raw(`to_char(purchased_on, 'YYYY-MM-DD') AS purchased_on`)];
      const rows = (await db(table)
        .where('organization_id', organizationId)
        .whereRaw(`?? = ANY(?)`, [column, values])
        .select(...COLUMNS, ...extra)
        .orderBy('id')
        .limit(limit)) as Record<string, unknown>[];
      for (const r of rows) {
        const key = `${source}:${r.id}`;
        if (out.has(key)) continue;
        out.set(key, {
          source,
          id: Number(r.id),
          organization_id: Number(r.organization_id),
          site_id: r.site_id === null ? null : Number(r.site_id),
          location: r.location as string | null,
          gtin: r.gtin as string | null,
          udi_di: r.udi_di as string | null,
          manufacturer: r.manufacturer as string | null,
          manufacturer_norm: r.manufacturer_norm as string | null,
          catalogue_number: r.catalogue_number as string | null,
          catalogue_norm: r.catalogue_norm as string | null,
          model: r.model as string | null,
          model_norm: r.model_norm as string | null,
          description: r.description as string | null,
          lot: r.lot as string | null,
          lot_norm: r.lot_norm as string | null,
          serial: r.serial as string | null,
          serial_norm: r.serial_norm as string | null,
          quantity: r.quantity === null ? null : Number(r.quantity),
          department: (r.department as string | null | undefined) ?? null,
          expiry_date: (r.expiry_date as string | null | undefined) ?? null,
          supplier_name: (r.supplier_name as string | null | undefined) ?? null,
          purchased_on: (r.purchased_on as string | null | undefined) ?? null,
          imported_at: r.imported_at as Date,
        });
      }
    }
  }
  return [...out.values()];
}

/** How large and how recent an organisation's item master and purchase history are (the "not affected" evidence). */
export interface InventorySummary {
  items: number;
  purchases: number;
  /** The last finished import of each kind (null: never). */
  items_imported_at: Date | null;
  purchases_imported_at: Date | null;
}

export async function inventorySummary(db: Knex | Knex.Transaction, organizationId: number): Promise<InventorySummary> {
  const [items, purchases, imports] = await Promise.all([
    db('inventory_items').where('organization_id', organizationId).count<{ n: string }[]>('* as n'),
    db('purchase_history').where('organization_id', organizationId).count<{ n: string }[]>('* as n'),
    db('inventory_imports')
      .where({ organization_id: organizationId, status: 'DONE' })
      .groupBy('kind')
      .select('kind', db.raw('max(finished_at) AS at')) as Promise<{ kind: string; at: Date | null }[]>,
  ]);
  const at = (kind: string) => imports.find((i) => i.kind === kind)?.at ?? null;
  return {
    items: Number(items[0]?.n ?? 0),
    purchases: Number(purchases[0]?.n ?? 0),
    items_imported_at: at('items'),
    purchases_imported_at: at('purchases'),
  };
}

/** Organisations with an item master or purchase history (a re-match of every received recall walks these). */
export async function organizationsWithInventory(db: Knex | Knex.Transaction): Promise<number[]> {
  const rows = (await db.raw(
    `SELECT DISTINCT organization_id FROM inventory_imports WHERE status = 'DONE' ORDER BY organization_id`,
  )) as { rows: { organization_id: string }[] };
  return rows.rows.map((r) => Number(r.organization_id));
}
