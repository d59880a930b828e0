import type { Knex } from 'knex';
import {
  type Actor,
  applyListFilters,
  applyListPage,
  type ListPage,
  type ListSpec,
  parseListQuery,
  takeSummary,
  withSummary,
  type RowOf,
} from '@portal/core';
import { DELIVERY_STATUSES, type DeliveryStatus, deliveryView } from '@portal/notifications';
import { loadOwnCommunication } from './access.js';
import { effectivePlan, STILL_TO_REMIND_SQL } from './reminder-plans.js';
import type { deliveryRowSchema } from '../reminder-schemas.js';

/** What the delivery list narrows to: a status, or SENT but never opened, or not acknowledged. */
export const DELIVERY_FILTERS = [...DELIVERY_STATUSES, 'NOT_OPENED', 'NOT_ACKNOWLEDGED'] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

/** One recipient address of one provider communication, with its latest notice or reminder email. */
export type DeliveryRow = RowOf<typeof deliveryRowSchema>;

export interface DeliveryPage extends ListPage<DeliveryRow> {
  /** Addresses per status over the whole event, whatever the page, search or filter. */
  totals: Record<DeliveryStatus, number>;
}

const deliveryList: ListSpec = {
  fields: {
    provider_communication_id: 'd.provider_communication_id',
    customer_name: 'd.customer_name',
    email: 'd.email',
    status: 'd.status',
    reason: 'd.reason',
    attempts: 'd.attempts',
    last_attempt_at: 'd.last_attempt_at',
    acknowledged_at: 'd.acknowledged_at',
    response_status: 'd.response_status',
    reminders_sent: 'd.reminders_sent',
    next_reminder_at: 'd.next_reminder_at',
    row_key: 'd.row_key',
  },
  searchColumns: ['d.email', 'd.customer_name'],
  defaultSort: [
    { column: 'd.customer_name', direction: 'asc' },
    { column: 'd.email', direction: 'asc' },
  ],
  // Every sort is of the event's own rows, read once (below): nothing to cap or pin.
  indexedSorts: [],
  pinFewMatches: false,
};

/**
 * GET /supplier/communications/:id/deliveries: every recipient address of the event's provider
 * communications with the state of its latest notice or reminder email (`deliveryView`, one index probe an address:
 * outbox_emails by provider communication, address and id), its acknowledgement, answers and reminders. One statement
 * reads the event's rows once (a materialised WITH) and answers from them the page, its total, "last updated" and the
 * totals per status; an empty page (past the end, or a filter nobody matches) takes a second one for the summary.
 * An address no email has gone to yet (its notice still fanning out) reads QUEUED with no attempt.
 */
export async function listDeliveries(
  db: Knex,
  actor: Actor,
  id: number,
  raw: Record<string, unknown> & { status?: DeliveryFilter },
): Promise<DeliveryPage> {
  const event = await loadOwnCommunication(db, actor, id);
  const query = parseListQuery(raw, deliveryList);
  const plan = await effectivePlan(db, event);
  const remindable = event.status === 'OPEN' && !event.reminders_paused && plan.max_reminders > 0;
  const rows = db('provider_communications as pc')
    .join('communication_affected_customers as c', 'c.id', 'pc.affected_customer_id')
    .joinRaw('CROSS JOIN LATERAL unnest(c.emails) AS e(email)')
    .joinRaw(
      `LEFT JOIN LATERAL (
         SELECT v.delivery_status, v.reason, v.attempts, v.last_attempt_at FROM (:view) v
         WHERE v.provider_communication_id = pc.id AND v.to_email = e.email AND v.kind IN ('NOTICE', 'NOTICE_REMINDER')
         ORDER BY v.id DESC LIMIT 1) o ON true`,
      { view: deliveryView(db) },
    )
    .where({ 'pc.communication_id': id, 'pc.supplier_organization_id': actor.organizationId, 'c.communication_id': id })
    .whereNot('pc.status', 'DELETED')
    .select(
      db.raw(`pc.id::text || ':' || e.email AS row_key`),
      'pc.id as provider_communication_id',
      'c.name as customer_name',
      'e.email',
      db.raw(`coalesce(o.delivery_status, 'QUEUED') AS status`),
      'o.reason',
      db.raw('coalesce(o.attempts, 0) AS attempts'),
      'o.last_attempt_at',
      'pc.acknowledged_at',
      'pc.response_status',
      'pc.reminder_count as reminders_sent',
      db.raw(
        `CASE WHEN ?::boolean AND pc.reminder_count < ? AND ${STILL_TO_REMIND_SQL}
           THEN pc.last_notified_at + make_interval(hours => ?) END AS next_reminder_at`,
        [remindable, plan.max_reminders, plan.current_interval_hours],
      ),
    );
  const filtered = applyListFilters(db.from('d'), query, deliveryList);
  if (raw.status === 'NOT_OPENED') filtered.where('d.status', 'SENT');
  else if (raw.status === 'NOT_ACKNOWLEDGED') filtered.whereNull('d.acknowledged_at');
  else if (raw.status) filtered.where('d.status', raw.status);
  const total = filtered.clone().count({ n: '*' });
  const latest = filtered.clone().max({ latest: 'd.last_attempt_at' });
  const totals = db
    .from('d')
    .select(
      db.raw(
        `json_build_object(${DELIVERY_STATUSES.map((s) => `'${s}', count(*) FILTER (WHERE d.status = '${s}')`).join(', ')}) AS totals`,
      ),
    );
  const page = applyListPage(
    withSummary(filtered.clone().withMaterialized('d', rows).select('d.*'), total, latest).select(
      db.raw('(?) AS totals', [totals]),
    ),
    query,
    deliveryList,
    'd.row_key',
  );
  const read = (await page) as (DeliveryRow & { totals: DeliveryPage['totals'] } & Parameters<
      typeof takeSummary
    >[0][number])[];
  let summary = takeSummary(read);
  let counts = read[0]?.totals;
  if (!summary) {
    const [row] = (await db
      .queryBuilder()
      .withMaterialized('d', rows)
      .select(
        db.raw('(?) AS list_total', [total]),
        db.raw('(?) AS list_last_updated', [latest]),
        db.raw('(?) AS totals', [totals]),
      )) as { list_total: number; list_last_updated: Date | null; totals: DeliveryPage['totals'] }[];
    summary = {
      items: [],
      total: Number(row?.list_total ?? 0),
      lastUpdated: row?.list_last_updated?.toISOString() ?? null,
    };
    counts = row?.totals;
  }
  return {
    items: summary.items.map(({ totals: _totals, ...item }) => item as DeliveryRow),
    total: summary.total,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastUpdated: summary.lastUpdated,
    totals: counts ?? (Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as DeliveryPage['totals']),
  };
}
