import type { Knex } from 'knex';
import {
  communicationsView,
  customRowsView,
  productFieldsOfCommunication,
  productsView,
  providerCommunicationsView,
} from '@portal/communications';
import { addJobs, insertInBatches, type JobHandler, transaction } from '@portal/core';
import { fdaMatchTexts } from '@portal/fda';
import { organizationsView } from '@portal/organizations';
import { findItemCandidates, type ItemCandidate, inventorySummary, organizationsWithInventory } from './candidates.js';
import { type CodeRange, keysOfProduct, keysOfText, type MatchKeys, mergeKeys } from './matching-keys.js';
import { type CandidateRow, LIKELY_AFFECTED, matchRows, summarise } from './matching.js';

/*
 * Matching received recalls against the item master (issue 38, item 4), as jobs of the one job queue:
 * - `{ communicationId }`, added by the send that created its provider communications (communications' arrival port):
 *   every live provider communication of the event whose receiving organisation has an item master;
 * - `{ organizationId }`, added by an import that finished (inventory's change port): the organisation's open notices.
 * The queue is `stately` with one key per event or organisation, so a burst adds one waiting job. Candidates come from
 * the item master's identifier indexes (`findItemCandidates`); each provider communication's run replaces its matches
 * in one transaction under its run row's lock, so a job run twice, or two replicas at once, leave one answer.
 */

export const INVENTORY_MATCH_QUEUE = 'inventory-match';

export async function enqueueEventMatching(trx: Knex | Knex.Transaction, communicationId: number): Promise<void> {
  await addJobs(trx, [
    { queue: INVENTORY_MATCH_QUEUE, data: { communicationId }, singletonKey: `event:${communicationId}` },
  ]);
}

export async function enqueueOrganizationMatching(trx: Knex | Knex.Transaction, organizationId: number): Promise<void> {
  await addJobs(trx, [
    { queue: INVENTORY_MATCH_QUEUE, data: { organizationId }, singletonKey: `organization:${organizationId}` },
  ]);
}

/** What a run searched by: counts of each key kind and a few of each (the "not affected" evidence). */
export interface Searched {
  products: number;
  fda_records: number;
  gtins: string[];
  catalogues: string[];
  models: string[];
  lots: string[];
  lot_ranges: string[];
  serials: number;
  counts: { gtins: number; catalogues: number; models: number; lots: number; lot_ranges: number };
}

export interface EventKeys {
  communicationId: number;
  /** The supplier's name (the products' manufacturer) and its product fields' names, for the custom rows. */
  supplierName?: string | null;
  fieldNames?: Map<string, string>;
  /** One per product, then one per FDA record, in that order (a match's `product_index`). */
  products: MatchKeys[];
  searched: Searched;
}

const SAMPLE = 20;
const fmtRange = (r: CodeRange) =>
  `${r.prefix}${String(r.from).padStart(r.width, '0')}–${r.prefix}${String(r.to).padStart(r.width, '0')}`;

/** The match keys of an event: its products (with their custom fields by name) and the FDA records it names. */
export async function eventKeys(db: Knex | Knex.Transaction, communicationId: number): Promise<EventKeys | null> {
  const event = (await db
    .from(communicationsView(db as Knex).as('c'))
    .leftJoin(organizationsView(db as Knex).as('o'), 'o.id', 'c.organization_id')
    .where('c.id', communicationId)
    .first('c.id', 'c.organization_id', 'c.fda_recall_numbers', 'o.name as supplier_name')) as
    | { id: number; organization_id: number; fda_recall_numbers: string[] | null; supplier_name: string | null }
    | undefined;
  if (!event) return null;
  const [products, fields, fda] = await Promise.all([
    db
      .from(productsView(db as Knex).as('p'))
      .where('p.communication_id', communicationId)
      .orderBy(['p.sort_order', 'p.id'])
      .select('product_name', 'catalog_number', 'lot_number', 'udi', 'description', 'custom_fields') as Promise<
      {
        product_name: string | null;
        catalog_number: string | null;
        lot_number: string | null;
        udi: string | null;
        description: string | null;
        custom_fields: Record<string, unknown> | null;
      }[]
    >,
    productFieldsOfCommunication(db, communicationId, Number(event.organization_id)),
    fdaMatchTexts(db, event.fda_recall_numbers ?? []),
  ]);
  const fieldName = new Map(fields.map((f) => [String(f.id), f.name]));
  const keys = [
    ...products.map((p) =>
      keysOfProduct(
        {
          ...p,
          fields: Object.fromEntries(
            Object.entries(p.custom_fields ?? {}).map(([id, v]) => [fieldName.get(id) ?? id, v] as const),
          ),
        },
        event.supplier_name,
      ),
    ),
    ...fda.map((r) => keysOfText([r.code_info, r.product_description], r.recalling_firm)),
  ];
  return {
    communicationId,
    supplierName: event.supplier_name,
    fieldNames: fieldName,
    products: keys,
    searched: searchedOf(keys, products.length, fda.length),
  };
}

/** Rows of a custom-content event are at most this many per provider (a bigger file matches its first rows). */
const MAX_OWN_ROWS = 5000;

/**
 * A custom-content event gives each provider its own rows (product, lot, serial, UDI): they are that provider's
 * products, matched after the event's own (their `product_index` follows).
 */
export async function withOwnRows(db: Knex, keys: EventKeys, organizationId: number): Promise<EventKeys> {
  const rows = (await db
    .from(customRowsView(db).as('r'))
    .where({ 'r.communication_id': keys.communicationId, 'r.provider_organization_id': organizationId })
    .orderBy(['r.sort_order', 'r.id'])
    .limit(MAX_OWN_ROWS)
    .select('product_name', 'catalog_number', 'lot_number', 'serial_number', 'udi', 'custom_fields')) as {
    product_name: string | null;
    catalog_number: string | null;
    lot_number: string | null;
    serial_number: string | null;
    udi: string | null;
    custom_fields: Record<string, unknown> | null;
  }[];
  if (!rows.length) return keys;
  const own = rows.map((r) =>
    keysOfProduct(
      {
        product_name: r.product_name,
        catalog_number: r.catalog_number,
        lot_number: r.lot_number,
        udi: r.udi,
        description: null,
        fields: {
          ...Object.fromEntries(
            Object.entries(r.custom_fields ?? {}).map(([id, v]) => [keys.fieldNames?.get(id) ?? id, v] as const),
          ),
          ...(r.serial_number ? { 'Serial Number': r.serial_number } : {}),
        },
      },
      keys.supplierName ?? null,
    ),
  );
  const products = [...keys.products, ...own];
  return {
    ...keys,
    products,
    searched: { ...searchedOf(products, keys.searched.products + rows.length, keys.searched.fda_records) },
  };
}

/** What a run searched by (its evidence): counts of each key kind and the first few of each. */
export function searchedOf(keys: readonly MatchKeys[], products = keys.length, fdaRecords = 0): Searched {
  const all = mergeKeys(keys);
  return {
    products,
    fda_records: fdaRecords,
    gtins: all.gtins.slice(0, SAMPLE),
    catalogues: all.catalogues.slice(0, SAMPLE),
    models: all.models.slice(0, SAMPLE),
    lots: all.lots.slice(0, SAMPLE),
    lot_ranges: all.lotRanges.slice(0, SAMPLE).map(fmtRange),
    serials: all.serials.length + all.serialRanges.length,
    counts: {
      gtins: all.gtins.length + all.dis.length,
      catalogues: all.catalogues.length,
      models: all.models.length,
      lots: all.lots.length,
      lot_ranges: all.lotRanges.length,
    },
  };
}

/** The look-up keys for the item master's indexes: identifiers, listed lots, and the text's tokens as codes. */
function lookupKeys(keys: EventKeys) {
  const all = mergeKeys(keys.products);
  const bare = (codes: string[]) => [...new Set(codes.flatMap((c) => [c, c.replace(/^0+(?=.)/, '')]))];
  return {
    gtins: all.gtins,
    udiDis: all.dis,
    catalogues: bare([...all.catalogues, ...all.models, ...all.tokens]),
    models: bare([...all.models, ...all.catalogues, ...all.tokens]),
    lots: all.lots,
  };
}

function candidateRow(c: ItemCandidate): CandidateRow {
  return {
    source: c.source === 'item' ? 'ITEM' : 'PURCHASE',
    id: c.id,
    gtin: c.gtin,
    udi_di: c.udi_di,
    manufacturer: c.manufacturer,
    catalogue_number: c.catalogue_number,
    model: c.model,
    lot: c.lot,
    serial: c.serial,
    quantity: c.quantity,
    department: c.department,
    site_id: c.site_id,
    site_name: c.location,
  };
}

export interface RunOutcome {
  status: 'MATCHED' | 'NONE';
  likely: number;
  possible: number;
}

/**
 * Matches one provider communication against its receiving organisation's item master and purchase history, and
 * replaces its run and matches (one transaction; the run row's upsert is the lock two concurrent runs queue on).
 */
export async function matchProviderCommunication(
  db: Knex,
  pc: { id: number; communication_id: number; provider_organization_id: number },
  keys: EventKeys,
): Promise<RunOutcome> {
  const org = pc.provider_organization_id;
  const candidates = await findItemCandidates(db, org, lookupKeys(keys));
  const byKey = new Map(candidates.map((c) => [`${c.source === 'item' ? 'ITEM' : 'PURCHASE'}:${c.id}`, c]));
  const matches = matchRows(candidates.map(candidateRow), keys.products);
  const summary = summarise(matches);
  const master = await inventorySummary(db, org);
  const status = summary.rows > 0 ? 'MATCHED' : 'NONE';
  await transaction(db, async (trx) => {
    const run = {
      provider_communication_id: pc.id,
      communication_id: pc.communication_id,
      organization_id: org,
      status,
      likely_rows: summary.rows,
      units: summary.units,
      purchased_units: summary.purchased_units,
      departments: summary.departments,
      sites: summary.sites,
      possible_rows: summary.possible,
      items_count: master.items,
      purchases_count: master.purchases,
      items_imported_at: master.items_imported_at,
      purchases_imported_at: master.purchases_imported_at,
      searched: JSON.stringify(keys.searched),
      matched_at: trx.fn.now(),
    };
    await trx('inventory_match_runs').insert(run).onConflict('provider_communication_id').merge();
    await trx('inventory_matches').where('provider_communication_id', pc.id).delete();
    await insertInBatches(
      trx,
      'inventory_matches',
      matches.map((m) => {
        const c = byKey.get(`${m.row.source}:${m.row.id}`)!;
        return {
          provider_communication_id: pc.id,
          organization_id: org,
          source: m.row.source,
          row_id: m.row.id,
          product_index: m.product,
          reason: m.reason,
          confidence: m.confidence,
          likely: m.confidence >= LIKELY_AFFECTED,
          evidence: m.evidence,
          units: Math.max(0, m.row.quantity ?? 1),
          department: c.department,
          site_id: c.site_id,
          location: c.location,
          gtin: c.gtin ?? c.udi_di,
          manufacturer: c.manufacturer,
          catalogue_number: c.catalogue_number,
          model: c.model,
          description: c.description,
          lot: c.lot,
          serial: c.serial,
          row_imported_at: c.imported_at,
        };
      }),
    );
  });
  return { status, likely: summary.rows, possible: summary.possible };
}

type LivePc = { id: number; communication_id: number; provider_organization_id: number };

async function matchAll(db: Knex, pcs: LivePc[], deadline?: AbortSignal): Promise<Record<string, number>> {
  const counts = { notices: 0, matched: 0, none: 0 };
  const byEvent = new Map<number, LivePc[]>();
  for (const pc of pcs) byEvent.set(pc.communication_id, [...(byEvent.get(pc.communication_id) ?? []), pc]);
  for (const [communicationId, list] of byEvent) {
    const keys = await eventKeys(db, communicationId);
    if (!keys) continue;
    for (const pc of list) {
      // Past the deadline the job throws: the queue retries it, and what was matched already is simply matched again.
      if (deadline?.aborted) throw new Error('inventory-match: deadline reached');
      const out = await matchProviderCommunication(db, pc, await withOwnRows(db, keys, pc.provider_organization_id));
      counts.notices++;
      counts[out.status === 'MATCHED' ? 'matched' : 'none']++;
    }
  }
  return counts;
}

const livePcs = (db: Knex) =>
  db
    .from(providerCommunicationsView(db).as('pc'))
    .whereNot('pc.status', 'DELETED')
    .whereNotNull('pc.provider_organization_id')
    .orderBy('pc.id')
    .select('pc.id', 'pc.communication_id', 'pc.provider_organization_id');

const asPcs = (rows: Record<string, unknown>[]): LivePc[] =>
  rows.map((r) => ({
    id: Number(r.id),
    communication_id: Number(r.communication_id),
    provider_organization_id: Number(r.provider_organization_id),
  }));

/** Matches every live notice of one event received by an organisation with an item master. */
export async function matchEvent(db: Knex, communicationId: number, deadline?: AbortSignal) {
  const orgs = await organizationsWithInventory(db);
  if (!orgs.length) return { notices: 0, matched: 0, none: 0 };
  const rows = await livePcs(db)
    .where('pc.communication_id', communicationId)
    .whereIn('pc.provider_organization_id', orgs);
  return matchAll(db, asPcs(rows), deadline);
}

/** Matches an organisation's open notices again (its item master changed). */
export async function matchOrganization(db: Knex, organizationId: number, deadline?: AbortSignal) {
  const rows = await livePcs(db).where('pc.provider_organization_id', organizationId).where('pc.status', 'OPEN');
  return matchAll(db, asPcs(rows), deadline);
}

/** The `inventory-match` job. */
export function inventoryMatchHandler(db: Knex): JobHandler {
  return async (job, context) => {
    const data = job.data as { communicationId?: unknown; organizationId?: unknown };
    if (typeof data.communicationId === 'number') return matchEvent(db, data.communicationId, context.deadline);
    if (typeof data.organizationId === 'number') return matchOrganization(db, data.organizationId, context.deadline);
    return { notices: 0 };
  };
}
