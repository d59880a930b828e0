import type { Knex } from 'knex';
import { type FileResult, keysetBatches, sheet } from '@portal/core';
import { fileOf, type ReportContext } from '@portal/reports';
import { openCommunicationReport } from '@portal/reports';
import { affectedCustomersView, communicationActions, providerCommunicationsView } from '@portal/communications';
import { organizationsView } from '@portal/organizations';

interface TemplateRow {
  id: number;
  customer_name: string;
  provider_name: string | null;
  emails: string[];
}

/** One keyset batch of a communication's live provider communications with their customer, provider and recipients. */
async function recipientsAfter(
  db: Knex,
  supplierId: number,
  communicationId: number,
  after: number,
  size: number,
): Promise<TemplateRow[]> {
  return (await db
    .from(providerCommunicationsView(db).as('pc'))
    .join(affectedCustomersView(db).as('ac'), 'ac.id', 'pc.affected_customer_id')
    .leftJoin(organizationsView(db).as('po'), 'po.id', 'pc.provider_organization_id')
    .where({ 'pc.supplier_organization_id': supplierId, 'pc.communication_id': communicationId })
    .whereNot('pc.status', 'DELETED')
    .where('pc.id', '>', after)
    .orderBy('pc.id')
    .limit(size)
    .select('pc.id', 'ac.name as customer_name', 'po.name as provider_name', 'ac.emails')) as TemplateRow[];
}

/** The header of an action's column: its title with the type, options and whether it is required (read back on import). */
export function actionColumnHeader(a: {
  title: string;
  action_type: string;
  options: string[];
  is_required: boolean;
}): string {
  const options = a.options.length ? `: ${a.options.join(' / ')}` : a.action_type === 'YesNo' ? ': Yes / No' : '';
  return `${a.title} (${a.action_type}${options}${a.is_required ? ', required' : ''})`;
}

/** Columns of the template before the action columns; the import reads them by these headers. */
export const TEMPLATE_HEADERS = {
  pc: 'Provider Communication ID',
  responder: 'Responder Name',
  responseDate: 'Response Date (MM/DD/YYYY)',
} as const;

/**
 * Paper Response Template: one row per notified customer and one empty column per action (with its type and options
 * in the header), for answers that come back on paper and are keyed in later.
 */
export async function paperResponseTemplate(ctx: ReportContext, id: number): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, 'PaperResponseTemplate');
  const actions = await communicationActions(ctx.db, id);
  const rows = keysetBatches<TemplateRow>((after, size) =>
    recipientsAfter(ctx.db, ctx.actor.organizationId, id, after, size),
  );
  return fileOf(ctx, 'Paper Response Template', 'xlsx', [
    sheet<TemplateRow>({
      name: 'Paper Responses',
      columns: [
        { header: TEMPLATE_HEADERS.pc, value: (r) => r.id, kind: 'number', width: 14 },
        { header: 'Customer Name', value: (r) => r.customer_name, width: 32 },
        { header: 'Provider Organization', value: (r) => r.provider_name, width: 32 },
        { header: 'Recipients', value: (r) => r.emails, width: 36 },
        { header: TEMPLATE_HEADERS.responder, value: () => null, width: 24 },
        { header: TEMPLATE_HEADERS.responseDate, value: () => null, width: 16 },
        ...actions.map((a) => ({ header: actionColumnHeader(a), value: () => null, width: 28 })),
      ],
      rows,
    }),
  ]);
}
