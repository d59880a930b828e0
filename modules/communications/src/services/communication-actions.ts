import type { Knex } from 'knex';
import type { RowOf } from '@portal/core';
import type { communicationActionSchema } from '../communication-output-schemas.js';

export type ReportAction = RowOf<typeof communicationActionSchema>;

/**
 * A communication's actions in their order (of one supplier when `supplierId` is given): the list the reports and the
 * paper responses (its template, form and import) both read.
 */
export async function communicationActions(
  db: Knex | Knex.Transaction,
  id: number,
  supplierId?: number,
): Promise<ReportAction[]> {
  const q = db('communication_actions').where({ communication_id: id });
  if (supplierId !== undefined) q.where({ organization_id: supplierId });
  return (await q
    .orderBy(['sort_order', 'id'])
    .select(
      'id',
      'sort_order',
      'action_type',
      'title',
      'description',
      'options',
      'is_required',
      'is_disabled',
      'per_unit',
      'due_date',
    )) as ReportAction[];
}
