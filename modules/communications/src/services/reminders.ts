import type { Knex } from 'knex';
import { type Actor, type Config, transaction } from '@portal/core';
import { Communication } from '../models/Communication.js';
import { loadOwnCommunication } from './access.js';
import { appendHistory, appendProviderCommunicationHistory } from './history.js';
import { queueNotices, type Recipient } from './notice-queue.js';
import { BUILT_IN_SQL, currentIntervalSql, effectivePlan, PLAN_SQL, STILL_TO_REMIND_SQL } from './reminder-plans.js';
import { assertOpenToSend } from './sending.js';

/** Provider communications reminded per transaction: each batch commits its notices and kicks the sender. */
export const REMINDER_BATCH = 1_000;

export interface ReminderOptions {
  /** Provider communications per transaction (REMINDER_BATCH). */
  batch?: number;
  /** Asked to drain the outbox after each batch commits, so sending overlaps queueing. */
  mail?: { kick(): void };
}

export interface ReminderResult {
  reminded: number;
  emails: number;
}

/** Which recipients a batch takes: the plan's due ones (the job), or everyone still to remind (remind-now). */
type Round = { kind: 'due' } | { kind: 'now'; before: Date; actor: Actor };

/**
 * One batch of one event's reminders, in its own transaction: the event is read again (a pause or a close stops the
 * round between batches), up to `batch` recipients are claimed FOR NO KEY UPDATE SKIP LOCKED (replicas share a round,
 * and only these columns change), each of their addresses gets a reminder notice with a new link through the outbox,
 * and each is counted as reminded and written to the history.
 */
async function remindBatch(
  db: Knex,
  config: Config,
  eventId: number,
  round: Round,
  batch: number,
): Promise<ReminderResult> {
  return transaction(db, async (trx) => {
    const event = await Communication.query(trx).findById(eventId);
    if (event?.status !== 'OPEN' || (round.kind === 'due' && event.reminders_paused)) return { reminded: 0, emails: 0 };
    let timing: string;
    let bindings: Record<string, unknown>;
    if (round.kind === 'due') {
      const plan = await effectivePlan(trx, event);
      timing = `pc.reminder_count < :max AND pc.last_notified_at <= now() - make_interval(hours => :interval)`;
      // Past the event's due date the plan's overdue interval may shorten the wait (issue 32).
      bindings = { max: plan.max_reminders, interval: plan.current_interval_hours };
    } else {
      // Everyone last notified before the call: those it reminded (now()) are not taken twice.
      timing = 'pc.last_notified_at < :before';
      bindings = { before: round.before };
    }
    const due = (
      await trx.raw(
        `SELECT pc.id, ac.name, ac.emails
         FROM provider_communications pc
         JOIN communication_affected_customers ac ON ac.id = pc.affected_customer_id
         WHERE pc.communication_id = :eventId AND ${timing} AND ${STILL_TO_REMIND_SQL}
         ORDER BY pc.last_notified_at, pc.id
         LIMIT :batch
         FOR NO KEY UPDATE OF pc SKIP LOCKED`,
        { ...bindings, eventId, batch },
      )
    ).rows as { id: number; name: string; emails: string[] }[];
    if (!due.length) return { reminded: 0, emails: 0 };
    const recipients: Recipient[] = due.flatMap((pc) =>
      pc.emails.map((email) => ({ providerCommunicationId: pc.id, email, customerName: pc.name })),
    );
    const emails = await queueNotices(trx, config, event, recipients, { reminder: true });
    const ids = due.map((pc) => pc.id);
    await trx.raw(
      `UPDATE provider_communications SET reminder_count = reminder_count + 1, last_reminded_at = now(),
         last_notified_at = now(), updated_at = now()
       WHERE id = ANY(?::bigint[])`,
      [ids],
    );
    await appendProviderCommunicationHistory(trx, round.kind === 'now' ? round.actor : null, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationIds: ids,
      action: 'REMINDER_SENT',
      actorEmail: round.kind === 'now' ? undefined : 'system',
    });
    return { reminded: due.length, emails };
  });
}

/** Every batch of one event's round, until a batch comes back short. */
async function remindCommunication(
  db: Knex,
  config: Config,
  eventId: number,
  round: Round,
  options: ReminderOptions,
): Promise<ReminderResult> {
  const batch = options.batch ?? REMINDER_BATCH;
  const total: ReminderResult = { reminded: 0, emails: 0 };
  for (;;) {
    const step = await remindBatch(db, config, eventId, round, batch);
    total.reminded += step.reminded;
    total.emails += step.emails;
    if (step.emails) options.mail?.kick();
    if (step.reminded < batch) return total;
  }
}

/**
 * The open, unpaused events with at least one recipient due for a reminder under the event's plan (its own values,
 * else its organisation's for its class, else the built-in ones; past the event's due date, the organisation's overdue
 * interval when it is shorter): one pass, each event probing the reminder index until its first due recipient. The
 * due date is the event's (its provider communications carry the same one), so the interval stays one per event.
 */
async function communicationsWithRemindersDue(db: Knex): Promise<number[]> {
  const interval = currentIntervalSql(
    'coalesce(c.reminder_interval_hours, d.interval_hours, b.interval_hours)',
    'd.overdue_interval_hours',
    'c.response_due_date',
  );
  const { rows } = (await db.raw(
    `WITH plans AS (
       SELECT c.id, ${interval} AS interval_hours,
         coalesce(c.reminder_max, d.max_reminders, b.max_reminders) AS max_reminders
       FROM communications c
       JOIN ${BUILT_IN_SQL} ON b.plan = ${PLAN_SQL}
       LEFT JOIN reminder_defaults d ON d.organization_id = c.organization_id AND d.plan = b.plan
       WHERE c.status = 'OPEN' AND NOT c.reminders_paused)
     SELECT p.id FROM plans p
     WHERE p.max_reminders > 0 AND EXISTS (
       SELECT 1 FROM provider_communications pc
       WHERE pc.communication_id = p.id AND pc.reminder_count < p.max_reminders
         AND pc.last_notified_at <= now() - make_interval(hours => p.interval_hours) AND ${STILL_TO_REMIND_SQL})
     ORDER BY p.id`,
  )) as { rows: { id: number }[] };
  return rows.map((r) => Number(r.id));
}

/**
 * The reminder job: every recipient due under its event's plan gets a reminder before the job stops, event
 * by event, a batch a transaction (`remindBatch`). A recipient is due while its provider communication and event are
 * open and the event not paused, it has neither acknowledged, answered (a submitted answer) nor completed, has had
 * fewer reminders than the plan's maximum, and its last notice is at least the plan's interval old (past the event's
 * due date, the overdue interval when the organisation set a shorter one). An event whose batch fails is left for the next run while the others go on; the first error is thrown at the end.
 */
export async function sendReminders(db: Knex, config: Config, options: ReminderOptions = {}): Promise<ReminderResult> {
  const total: ReminderResult = { reminded: 0, emails: 0 };
  let firstError: unknown;
  for (const eventId of await communicationsWithRemindersDue(db)) {
    try {
      const done = await remindCommunication(db, config, eventId, { kind: 'due' }, options);
      total.reminded += done.reminded;
      total.emails += done.emails;
    } catch (error) {
      firstError ??= error;
    }
  }
  if (firstError !== undefined) throw firstError;
  return total;
}

/**
 * POST /supplier/communications/:id/remind-now: a reminder now to every recipient of an open event who has neither
 * acknowledged nor answered, whatever the plan's timing, maximum or pause; each counts as a reminder and is written to
 * the history as the job's are (with the caller as actor), and the round as one REMINDERS_SENT_NOW entry.
 */
export async function remindNow(
  db: Knex,
  config: Config,
  actor: Actor,
  id: number,
  options: ReminderOptions = {},
): Promise<ReminderResult> {
  const event = await loadOwnCommunication(db, actor, id);
  assertOpenToSend(event);
  const before = ((await db.raw('SELECT now() AS now')) as { rows: { now: Date }[] }).rows[0]!.now;
  const result = await remindCommunication(db, config, id, { kind: 'now', before, actor }, options);
  if (result.reminded)
    await appendHistory(db, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'REMINDERS_SENT_NOW',
      entityType: 'communication',
      entityId: id,
      after: result,
    });
  return result;
}
