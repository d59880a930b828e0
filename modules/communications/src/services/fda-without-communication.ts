import type { Knex } from 'knex';
import { type FdaList, type FdaListQuery, listFda } from '@portal/fda';
import { linkedSupplierNames } from '@portal/organizations';

/**
 * Issue 15, the operator's "FDA recalls without a portal event": FDA recalls whose recalling firm is a supplier of the
 * portal (the firm's name, normalised, equals a supplier master name linked to a supplier organisation) that no event of
 * those suppliers names. It lives here because the events are this module's; the names come from organisations' index
 * and the records from fda's.
 */
export async function fdaRecallsWithoutCommunication(db: Knex, list: FdaList, raw: FdaListQuery) {
  const names = await linkedSupplierNames(db);
  const firms = [...new Set(names.map((n) => n.normalized_name))];
  const suppliers = [...new Set(names.map((n) => Number(n.organization_id)))];
  const named = suppliers.length
    ? ((await db('communications')
        .whereIn('organization_id', suppliers)
        .whereNot({ status: 'DELETED' })
        .whereRaw(`fda_recall_numbers <> '{}'`)
        .distinct(db.raw('unnest(fda_recall_numbers) AS recall_number'))) as { recall_number: string }[])
    : [];
  return listFda(db, list, raw, { firms, exclude: named.map((r) => r.recall_number) });
}
