import { type FileResult, keysetBatches, sheet } from '@portal/core';
import { fileOf, type ReportContext } from '@portal/reports';
import { openEventReport } from '@portal/reports';
import { organizationsView } from '@portal/organizations';

interface TemplateRow {
  id: number;
  customer_name: string;
  provider_name: string | null;
  emails: string[];
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
  await openEventReport(ctx.db, ctx.actor, id, 'PaperResponseTemplate');
  const actions = (await ctx
    .db('communication_actions')
    .where({ communication_id: id })
    .orderBy(['sort_order', 'id'])
    .select('id', 'action_type', 'title', 'options', 'is_required')) as {
    id: number;
    action_type: string;
    title: string;
    options: string[];
    is_required: boolean;
  }[];
  const rows = keysetBatches<TemplateRow>(
    async (after, size) =>
      (await ctx
        .db('provider_communications as pc')
        .join('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
        .leftJoin(organizationsView(ctx.db).as('po'), 'po.id', 'pc.provider_organization_id')
        .where({ 'pc.supplier_organization_id': ctx.actor.organizationId, 'pc.communication_id': id })
        .whereNot('pc.status', 'DELETED')
        .where('pc.id', '>', after)
        .orderBy('pc.id')
        .limit(size)
        .select('pc.id', 'ac.name as customer_name', 'po.name as provider_name', 'ac.emails')) as TemplateRow[],
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
