import type { Knex } from 'knex';
import {
  type Actor,
  AppError,
  applyListFilters,
  applyListOrder,
  cursorBatches,
  type FileResult,
  type ReportFormat,
  sheet,
  type Config,
  ForbiddenError,
  isOperator,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  recordAudit,
} from '@portal/core';
import { organizationsView } from '@portal/organizations';
import { COMMUNICATION_TYPES, type CommunicationType } from '@portal/communications';
import { actionAnswers } from './provider-communication.js';
import { listResponderRows } from './provider-list.js';
import { type ResponderRow, responderSpec, rowsQuery } from './provider-rows.js';
import { PROVIDER_REPORT_TITLES, recallSummaryColumns } from './provider-reports.js';
import { fileOf, type ReportContext } from '@portal/reports';

const REPORT_BATCH = 1000;
import { loadProviderCommunication, noticeView } from '@portal/communications';

/**
 * The operator's read-only eR responses (`/notisphere/er-response`): the providers' responder rows across every tenant.
 * Only an operator organisation may call these (403 otherwise, whatever its permissions).
 */
function assertOperator(actor: Actor): void {
  if (!isOperator(actor)) throw new ForbiddenError();
}

/** A provider's eR responses row plus the provider it belongs to (a site's parent, else the receiving organisation). */
export interface OperatorResponseRow extends ResponderRow {
  provider_id: number;
  provider_name: string;
}

const operatorSpec: ListSpec = {
  fields: { ...responderSpec.fields, provider_name: 'pc.provider_name' },
  searchColumns: [...responderSpec.searchColumns, 'pc.provider_name'],
  defaultSort: responderSpec.defaultSort,
};

export interface OperatorListQuery {
  communicationType?: CommunicationType;
  [key: string]: unknown;
}

/** Every provider's eR responses rows (ResponderRow + provider), paged; `communicationType` narrows to one type. */
export async function listOperatorResponses(
  db: Knex,
  actor: Actor,
  raw: OperatorListQuery,
): Promise<ListPage<OperatorResponseRow>> {
  assertOperator(actor);
  const query = parseListQuery(raw, operatorSpec);
  return listResponderRows<OperatorResponseRow>(
    db,
    actor,
    'ALL',
    raw.communicationType ? [raw.communicationType] : [...COMMUNICATION_TYPES],
    query,
    operatorSpec,
  );
}

/**
 * Every provider's eR responses rows a list query matches (not one page), in the list's order, as CSV or XLSX: the
 * list's own rows (`rowsQuery` across tenants, the same filters, search and sort), read through one cursor, with the
 * provider's own report columns plus the provider.
 */
export async function operatorResponsesReport(
  ctx: ReportContext,
  raw: OperatorListQuery,
  format: ReportFormat,
): Promise<FileResult> {
  assertOperator(ctx.actor);
  const query = parseListQuery(raw, operatorSpec);
  const types = raw.communicationType ? [raw.communicationType] : [...COMMUNICATION_TYPES];
  const base = rowsQuery(ctx.db, ctx.actor, 'ALL', true).whereIn('pc.type', types);
  const rows = applyListOrder(applyListFilters(base, query, operatorSpec), query, operatorSpec, 'pc.row_key').select(
    'pc.*',
  );
  return fileOf(ctx, PROVIDER_REPORT_TITLES.operatorResponses, format, [
    sheet<OperatorResponseRow>({
      name: 'eR Responses',
      columns: recallSummaryColumns<OperatorResponseRow>(true, true),
      rows: cursorBatches<OperatorResponseRow>(rows, REPORT_BATCH),
    }),
  ]);
}

/**
 * One provider communication's responses, read-only: the event, the provider and site, status, acknowledgement and every
 * action with its answer, responder, date and files (signed links). `communicationId` must be the provider communication's
 * event (404 otherwise, as for a missing one). Each read is audited under the receiving organisation, since it is another
 * tenant's patient-safety record.
 */
export async function operatorResponseDetail(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
  requestId?: string,
) {
  assertOperator(actor);
  let loaded: Awaited<ReturnType<typeof loadProviderCommunication>>;
  try {
    loaded = await loadProviderCommunication(db, pcId, { communicationId });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
    throw error;
  }
  const { pc, event } = loaded;
  // The list shows provider communications of a provider organisation only; the detail answers for the same rows.
  if (pc.provider_organization_id === null) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  const [org, created, state] = await Promise.all([
    db
      .from(organizationsView(db).as('o'))
      .leftJoin(organizationsView(db).as('p'), 'p.id', 'o.parent_id')
      .where('o.id', pc.provider_organization_id)
      .first('o.id', 'o.name', 'p.id as parent_id', 'p.name as parent_name') as Promise<{
      id: number;
      name: string;
      parent_id: number | null;
      parent_name: string | null;
    }>,
    db('provider_created_events').where({ communication_id: event.id }).first('supplier_name') as Promise<
      { supplier_name: string | null } | undefined
    >,
    db('provider_communication_states').where({ provider_communication_id: pc.id }).first('status_provider') as Promise<
      { status_provider: string } | undefined
    >,
  ]);
  const view = await noticeView(db, config.jwtSecret, { pc, event, respondent: { email: actor.email, actor } });
  const isSite = org.parent_id !== null;
  await recordAudit(db, actor, {
    organizationId: Number(org.id),
    action: 'OPERATOR_VIEWED_RESPONSE',
    entityType: 'provider_communication',
    entityId: pc.id,
    after: { communicationId: event.id },
    requestId: requestId ?? null,
  });
  return {
    communication: {
      id: event.id,
      name: event.name,
      type: event.type,
      subtype: event.subtype,
      event_id: event.event_id,
      classification: event.classification,
      status: event.status,
      supplier_name: created ? created.supplier_name : view.communication.supplier_name,
    },
    provider_communication_id: pc.id,
    provider: isSite ? { id: Number(org.parent_id), name: org.parent_name! } : { id: Number(org.id), name: org.name },
    site: isSite ? { id: Number(org.id), name: org.name } : null,
    status: event.status === 'CLOSED' || pc.status === 'CLOSED' ? 'CLOSED' : 'OPEN',
    status_provider: state?.status_provider ?? 'OPEN',
    isProviderCreated: Boolean(created),
    response_status: pc.response_status,
    response_label: view.provider_communication.response_label,
    customer_name: view.provider_communication.customer_name,
    sent_at: pc.sent_at,
    acknowledged: pc.acknowledged_at !== null,
    acknowledged_at: pc.acknowledged_at,
    acknowledged_by: pc.acknowledged_by,
    actions: actionAnswers(view),
  };
}
