import type { Knex } from 'knex';
import type { Actor } from '@portal/core';
import {
  CLASS_ONE_DAYS,
  type ClassOneRecall,
  type ClassOneScope,
  classOneRecord,
  type FdaRecord,
  linkedFdaRecords,
  recentClassOneRecalls,
} from '@portal/fda';
import { linkedSupplierNames, normalizeSupplierName, organizationsView } from '@portal/organizations';
import { receivedCommunicationTraits } from './communication-reads.js';
import { scopeIds } from './scope.js';

/**
 * What the provider's FDA card matches on: the suppliers of the events its organisation and sites received
 * (their supplier master names and their organisation names, normalised as the master does) and the product codes of
 * the FDA records those events name. The event's products carry no product code field.
 */
async function receivedScope(db: Knex, actor: Actor): Promise<ClassOneScope> {
  const scope = await scopeIds(db, actor);
  const traits = await receivedCommunicationTraits(db, scope);
  const suppliers = traits.supplierIds.length
    ? ((await db
        .from(organizationsView(db).as('so'))
        .whereIn('so.id', traits.supplierIds)
        // The copy of a provider-created event names the provider itself as its supplier (not a supplier).
        .where('so.type', 'SUPPLIER')
        .select('so.id', 'so.name')) as { id: number; name: string }[])
    : [];
  const [names, linked] = await Promise.all([
    suppliers.length
      ? linkedSupplierNames(
          db,
          suppliers.map((s) => Number(s.id)),
        )
      : [],
    linkedFdaRecords(db, traits.recallNumbers),
  ]);
  const firms = new Set([
    ...names.map((n) => n.normalized_name),
    ...suppliers.map((s) => normalizeSupplierName(s.name)),
  ]);
  firms.delete('');
  const productCodes = new Set(linked.flatMap((r) => (r.product_code ? [r.product_code] : [])));
  return { firms: [...firms], productCodes: [...productCodes] };
}

/** GET /provider/dashboard/fda-recalls: the card's recalls, newest first. */
export async function providerFdaRecalls(db: Knex, actor: Actor): Promise<{ days: number; items: ClassOneRecall[] }> {
  return { days: CLASS_ONE_DAYS, items: await recentClassOneRecalls(db, await receivedScope(db, actor)) };
}

/** GET /provider/dashboard/fda-recalls/{recallNumber}: one record of the card (another answers 404). */
export async function providerFdaRecord(db: Knex, actor: Actor, recallNumber: string): Promise<FdaRecord> {
  return classOneRecord(db, await receivedScope(db, actor), recallNumber);
}
