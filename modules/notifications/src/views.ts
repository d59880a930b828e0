import type { Knex } from 'knex';

/*
 * Read views of the outbox for the modules that list or count the mail they caused: plain sub-queries
 * with a fixed projection (no bodies), which PostgreSQL pulls up into the outer query. Pass the caller's `trx`
 * inside a transaction.
 */

/** The outbox without bodies: who was written to, about what, and how the sending went. */
export function outboxView(db: Knex): Knex.QueryBuilder {
  return db('outbox_emails').select(
    'id',
    'organization_id',
    'kind',
    'to_email',
    'subject',
    'status',
    'attempts',
    'last_error',
    'sent_at',
    'created_at',
    'reference_type',
    'reference_id',
    'provider_communication_id',
  );
}

/** `opened` and `clicked` of each row of a query over the outbox aliased `alias`: one EXISTS each, no join. */
export function openedAndClicked(db: Knex, alias: string): Knex.Raw[] {
  return (['Opened', 'Click'] as const).map((event) =>
    db.raw(`EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = ??.id AND e.event = '${event}') as ??`, [
      alias,
      event === 'Opened' ? 'opened' : 'clicked',
    ]),
  );
}

/** How many of the mails about one reference were opened and clicked, at least once each. */
export async function engagementOf(
  db: Knex,
  where: { reference_type: string; reference_id: string; organization_id: number },
): Promise<{ opened: number; clicked: number }> {
  return (await db('email_events as e')
    .join('outbox_emails as o', 'o.id', 'e.outbox_email_id')
    .where({
      'o.reference_type': where.reference_type,
      'o.reference_id': where.reference_id,
      'o.organization_id': where.organization_id,
    })
    .first(
      db.raw(`count(DISTINCT e.outbox_email_id) FILTER (WHERE e.event = 'Opened')::int as opened`),
      db.raw(`count(DISTINCT e.outbox_email_id) FILTER (WHERE e.event = 'Click')::int as clicked`),
    )) as { opened: number; clicked: number };
}

export interface OutboxEmailRow {
  id: number;
  kind: string;
  to_email: string;
  subject: string;
  text_body: string;
  status: string;
  provider_communication_id: number | null;
  reference_type: string | null;
  reference_id: string | null;
  sent_at: Date | null;
  created_at: Date;
}

/** One outbox email with its text body, or undefined. */
export async function findOutboxEmail(db: Knex, id: number): Promise<OutboxEmailRow | undefined> {
  return (await db('outbox_emails').where({ id }).first()) as OutboxEmailRow | undefined;
}

/** The delivery events of one email, oldest first; `event` = one kind (Opened, Click, …) or `all`. */
export function emailEventsOf(db: Knex, outboxEmailId: number, event: string): Knex.QueryBuilder {
  const q = db('email_events')
    .where({ outbox_email_id: outboxEmailId })
    .orderBy('id')
    .select('id', 'event', 'created_at');
  if (event !== 'all') q.where({ event });
  return q;
}

/** Where a notice email stands for the people chasing it: the wire's delivery statuses. */
export const DELIVERY_STATUSES = ['SCHEDULED', 'QUEUED', 'SENT', 'OPENED', 'CLICKED', 'BOUNCED', 'ERROR'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The outbox as delivery (a read view, no bodies): each email's `delivery_status` (SCHEDULED: waiting for its send
 * date, never tried; QUEUED: due, in flight, or waiting to retry; SENT; OPENED or CLICKED: sent and then opened or
 * clicked, a click ranking above an open; BOUNCED: refused for good; ERROR: given up, or no template), the relay's
 * answer for BOUNCED and ERROR (`reason`), its attempts and when the last one began or ended (`last_attempt_at`).
 * The open and click checks run only for SENT rows, each an index probe of email_events.
 */
export function deliveryView(db: Knex): Knex.QueryBuilder {
  return db('outbox_emails as o').select(
    'o.id',
    'o.organization_id',
    'o.provider_communication_id',
    'o.kind',
    'o.to_email',
    'o.attempts',
    db.raw(`CASE
      WHEN o.status = 'SENT' THEN CASE
        WHEN EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = o.id AND e.event = 'Click') THEN 'CLICKED'
        WHEN EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = o.id AND e.event = 'Opened') THEN 'OPENED'
        ELSE 'SENT' END
      WHEN o.status = 'Bounce' THEN 'BOUNCED'
      WHEN o.status IN ('ERROR', 'ERROR_MISSING_TEMPLATE') THEN 'ERROR'
      WHEN o.attempts = 0 AND o.next_attempt_at > now() THEN 'SCHEDULED'
      ELSE 'QUEUED' END AS delivery_status`),
    db.raw(`CASE
      WHEN o.status IN ('Bounce', 'ERROR') THEN o.last_error
      WHEN o.status = 'ERROR_MISSING_TEMPLATE' THEN 'The email template is missing.' END AS reason`),
    db.raw('CASE WHEN o.attempts > 0 THEN coalesce(o.sent_at, o.updated_at) END AS last_attempt_at'),
  );
}
