import type { Knex } from 'knex';
import { type Actor, insertInBatches, ValidationError } from '@portal/core';
import { activeProductFields, checkCustomFields } from './product-fields.js';
import type { ProductInput } from './wizard-steps.js';

/** At most this many products in an event, as step 1 allows. */
const MAX_EVENT_PRODUCTS = 10_000;

/**
 * Issue 33: products added to an approved event (postupdate's `products`), after its current ones, with step 1's
 * checks (custom fields of the supplier's active product fields). A custom-content event's products are its customer
 * rows, which change through their own upload: products are refused there. Runs in the caller's transaction, the
 * event row already locked; answers what the change history records.
 */
export async function appendApprovedProducts(
  trx: Knex.Transaction,
  actor: Actor,
  event: { id: number; custom_content?: boolean | null },
  products: ProductInput[],
): Promise<{ product_name: string; lot_number: string | null }[]> {
  if (!products.length) return [];
  if (event.custom_content) throw new ValidationError('FROZEN_AFTER_APPROVAL', { fields: 'products' });
  const fields = await activeProductFields(trx, actor.organizationId);
  const current = (await trx('communication_products')
    .where({ communication_id: event.id })
    .first(trx.raw('count(*)::int as n'), trx.raw('coalesce(max(sort_order), -1)::int as last'))) as {
    n: number;
    last: number;
  };
  if (current.n + products.length > MAX_EVENT_PRODUCTS)
    throw new ValidationError('TOO_MANY_PRODUCTS', { max: MAX_EVENT_PRODUCTS });
  const rows = products.map((p, i) => ({
    communication_id: event.id,
    organization_id: actor.organizationId,
    sort_order: current.last + 1 + i,
    product_name: p.product_name.trim(),
    catalog_number: p.catalog_number ?? null,
    lot_number: p.lot_number ?? null,
    udi: p.udi ?? null,
    description: p.description ?? null,
    expiration_date: p.expiration_date ?? null,
    quantity: p.quantity ?? null,
    custom_fields: JSON.stringify(checkCustomFields(fields, p.custom_fields ?? {}, current.n + i + 1)),
  }));
  await insertInBatches(trx, 'communication_products', rows);
  return rows.map((r) => ({ product_name: r.product_name, lot_number: r.lot_number }));
}
