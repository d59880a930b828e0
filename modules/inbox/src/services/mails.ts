import type { Knex } from 'knex';
import { type Actor, NotFoundError } from '@portal/core';
import { emailEventsOf, findOutboxEmail, openedAndClicked, outboxView } from '@portal/notifications';
import { loadScopedProviderCommunication } from './scope.js';

/** Kinds whose bodies carry a personal link token: their text is never shown to anyone but the recipient's inbox. */
const TOKEN_BEARING = ['NOTICE', 'NOTICE_REMINDER', 'DELEGATE'];

export interface ProviderMailRow {
  id: number;
  kind: string;
  to_email: string;
  subject: string;
  status: string;
  attempts: number;
  sent_at: Date | null;
  created_at: Date;
  opened: boolean;
  clicked: boolean;
}

/** Outbox emails about one provider communication: its notices and reminders, delegate mails, internal notifications, access requests. */
function mailsOf(db: Knex, pcId: number): Knex.QueryBuilder {
  return db.from(outboxView(db).as('o')).where((w) => {
    w.where('o.provider_communication_id', pcId)
      .orWhere((x) => x.where('o.reference_type', 'provider_communication').where('o.reference_id', String(pcId)))
      .orWhere((x) =>
        x
          .where('o.reference_type', 'provider_delegate')
          .whereIn(
            'o.reference_id',
            db('provider_delegates').where({ provider_communication_id: pcId }).select(db.raw('id::text')),
          ),
      );
  });
}

/** GET /providerMail/:a/:b/:c: emails of provider communication b of event a; c = an email kind or `all`. */
export async function providerMails(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  kind: string,
): Promise<ProviderMailRow[]> {
  await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  const q = mailsOf(db, pcId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .select(
      'o.id',
      'o.kind',
      'o.to_email',
      'o.subject',
      'o.status',
      'o.attempts',
      'o.sent_at',
      'o.created_at',
      ...openedAndClicked(db, 'o'),
    );
  if (kind !== 'all') q.where('o.kind', kind);
  return (await q) as ProviderMailRow[];
}

async function loadMail(
  db: Knex,
  actor: Actor,
  mailId: number,
  expect: { communicationId?: number; pcId?: number } = {},
) {
  const row = await findOutboxEmail(db, mailId);
  if (!row) throw new NotFoundError('EMAIL_NOT_FOUND');
  let pcId: number | null = row.provider_communication_id === null ? null : Number(row.provider_communication_id);
  if (pcId === null && row.reference_type === 'provider_communication') pcId = Number(row.reference_id);
  if (pcId === null && row.reference_type === 'provider_delegate') {
    const d = (await db('provider_delegates')
      .where({ id: Number(row.reference_id) })
      .first('provider_communication_id')) as { provider_communication_id: number } | undefined;
    pcId = d ? Number(d.provider_communication_id) : null;
  }
  if (pcId === null || (expect.pcId !== undefined && expect.pcId !== pcId)) throw new NotFoundError('EMAIL_NOT_FOUND');
  try {
    await loadScopedProviderCommunication(db, actor, pcId, { communicationId: expect.communicationId });
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError('EMAIL_NOT_FOUND');
    throw error;
  }
  return row;
}

/** GET /providerInfoMail/:id: one email of a provider communication in scope; bodies holding a personal link are withheld. */
export async function providerInfoMail(db: Knex, actor: Actor, mailId: number) {
  const row = await loadMail(db, actor, mailId);
  return {
    id: row.id,
    kind: row.kind,
    to_email: row.to_email,
    subject: row.subject,
    status: row.status,
    sent_at: row.sent_at,
    created_at: row.created_at,
    text_body: TOKEN_BEARING.includes(row.kind) ? null : row.text_body,
  };
}

/** GET /providerMail/:a/infomail/:b/:c/:d: delivery events (d = Opened, Click, Sent, Delivered, Error or all) of email c of provider communication b. */
export async function providerMailEvents(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  mailId: number,
  event: string,
) {
  await loadMail(db, actor, mailId, { communicationId, pcId });
  return emailEventsOf(db, mailId, event);
}
