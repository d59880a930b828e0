import type { Knex } from 'knex';

/** One outbox email as a report lists it: delivery and engagement. */
export interface ReportedEmail {
  id: number;
  to_email: string;
  subject: string;
  kind: string;
  status: string;
  created_at: Date;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  provider_communication_id: number | null;
  reference_type: string;
  reference_id: string;
  opened: boolean;
  clicked: boolean;
}

/**
 * The emails an organisation sent about some records (`reference_type` and its ids: an event, its conversations),
 * in id order after `afterId`, `limit` at a time (a keyset page), with whether each was opened and clicked. Reports
 * read the outbox through here, not its table.
 */
export async function emailsAbout(
  db: Knex | Knex.Transaction,
  organizationId: number,
  references: { type: string; ids: (number | string)[] }[],
  afterId: number,
  limit: number,
): Promise<ReportedEmail[]> {
  const wanted = references.filter((r) => r.ids.length > 0);
  if (wanted.length === 0) return [];
  const rows = (await db('outbox_emails as o')
    .where('o.organization_id', organizationId)
    .where((q) => {
      for (const r of wanted)
        q.orWhere((w) =>
          w.where('o.reference_type', r.type).whereRaw('o.reference_id = ANY(?::text[])', [r.ids.map(String)]),
        );
    })
    .where('o.id', '>', afterId)
    .orderBy('o.id')
    .limit(limit)
    .select(
      'o.id',
      'o.to_email',
      'o.subject',
      'o.kind',
      'o.status',
      'o.created_at',
      'o.sent_at',
      'o.attempts',
      'o.last_error',
      'o.provider_communication_id',
      'o.reference_type',
      'o.reference_id',
      db.raw(`EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = o.id AND e.event = 'Opened') as opened`),
      db.raw(`EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = o.id AND e.event = 'Click') as clicked`),
    )) as ReportedEmail[];
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    provider_communication_id: r.provider_communication_id === null ? null : Number(r.provider_communication_id),
  }));
}
