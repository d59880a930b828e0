/**
 * Case 2 of pnpm bench:delivery: a reminder round to N non-responders. One open Class I recall of the demo
 * supplier whose N provider communications (one outside address each) were all notified 25 hours ago and neither
 * acknowledged nor answered: every one is due. Measured from the start of the reminder job (`sendReminders`, batches of
 * REMINDER_BATCH a transaction, each adding its `outbox` jobs and kicking the workers of this process as it commits)
 * until the relay accepted the Nth reminder. Each run starts from the same rows: the previous round's reminders, links and history are deleted and the
 * provider communications put back.
 */
import { REMINDER_BATCH, sendReminders } from '../modules/communications/src/index.js';
import type { Config, Db } from '../modules/core/src/index.js';
import type { Mailer } from '../modules/notifications/src/index.js';
import { seedDemo } from '../migrations/index.js';
import { BENCH_PASSWORD, insertBenchRecall } from './delivery-send.js';

/** What the round needs of the bench's relay. */
export interface RoundRelay {
  url: string;
  bytes: number;
  /** From now on, counts from zero; resolves with the moment the `n`th message was accepted. */
  expect(n: number): Promise<number>;
}

export interface ReminderRound {
  eventId: number;
  count: number;
  /** Puts the round's rows back as before any reminder: every recipient due again. */
  reset(): Promise<void>;
}

export interface RoundFigures {
  /** From the job's start until the relay accepted the last reminder. */
  ms: number;
  /** Until the job returned: every reminder queued in the outbox (and its links and history written). */
  queuedMs: number;
  bytes: number;
}

/**
 * An open Class I recall of the demo supplier with `count` recipients, notified just now: none is due until `reset`
 * (so only the round being measured is due, never another's).
 */
export async function prepareReminderRound(db: Db, count: number, name: string): Promise<ReminderRound> {
  if (!(await db('users').where({ email: 'admin@acme.demo' }).first('id'))) await seedDemo(db, BENCH_PASSWORD);
  const { eventId, acme } = await insertBenchRecall(db, { count, name, prefix: 'customer', sent: true });
  await db.raw(
    `INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id,
       affected_customer_id, status, response_status, sent_at, last_notified_at)
     SELECT :eventId, 'RECALL', :acme, c.id, 'OPEN', 'NOTCOMPLETED', now(), now()
     FROM communication_affected_customers c WHERE c.communication_id = :eventId ORDER BY c.id`,
    { eventId, acme },
  );
  const reset = async () => {
    await db.raw(`DELETE FROM outbox_emails WHERE reference_type = 'communication' AND reference_id = ?`, [
      String(eventId),
    ]);
    await db.raw(
      `DELETE FROM notice_links l USING provider_communications pc
       WHERE pc.id = l.provider_communication_id AND pc.communication_id = ?`,
      [eventId],
    );
    // The history is append-only (its trigger refuses DELETE): the bench, as the owner, lifts it for its reset.
    await db.raw('ALTER TABLE communication_history DISABLE TRIGGER communication_history_append_only');
    await db.raw(`DELETE FROM communication_history WHERE communication_id = ?`, [eventId]);
    await db.raw('ALTER TABLE communication_history ENABLE TRIGGER communication_history_append_only');
    await db.raw(
      `UPDATE provider_communications SET reminder_count = 0, last_reminded_at = NULL,
         last_notified_at = now() - interval '25 hours'
       WHERE communication_id = ?`,
      [eventId],
    );
    // Each run starts from vacuumed tables, not from the dead rows of the run before.
    await db.raw('VACUUM ANALYZE outbox_emails, notice_links, communication_history, provider_communications');
  };
  return { eventId, count, reset };
}

/**
 * One round: the reminder job as the `reminders` job runs it (`sendReminders` with the process's Mailer, whose kicks
 * wake the workers of this process), timed from its call until the relay accepted the round's last reminder.
 */
export async function measureReminderRound(
  db: Db,
  relay: RoundRelay,
  round: ReminderRound,
  mailer: Mailer,
  appUrl: string,
): Promise<RoundFigures> {
  await round.reset();
  // What the job reads of the configuration: the address its links point at.
  const config = { appUrl } as Config;
  const accepted = relay.expect(round.count);
  const started = performance.now();
  const job = sendReminders(db, config, { mail: mailer, batch: REMINDER_BATCH });
  const result = await job;
  const queuedMs = performance.now() - started;
  const ms = (await accepted) - started;
  if (result.emails !== round.count)
    throw new Error(`the round queued ${result.emails} reminders of ${round.count}: ${JSON.stringify(result)}`);
  return { ms, queuedMs, bytes: relay.bytes / round.count };
}
