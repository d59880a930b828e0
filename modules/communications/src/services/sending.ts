import type { Knex } from 'knex';
import {
  type Actor,
  addJobs,
  type Config,
  ConflictError,
  type JobHandler,
  JobQueue,
  liveJobs,
  transaction,
} from '@portal/core';
import { type CommunicationRow, loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import { chunkLength, queueNotices, type Recipient } from './notice-queue.js';
import { assignResponseDueDate } from './reminder-plans.js';
import { noticesArrived } from './arrival-port.js';

export interface SendOptions {
  /** 'new': only customers not yet notified; 'all': also notify again everyone already notified. */
  sendType: 'all' | 'new';
  /** Hold the emails until this date (a scheduled notification). */
  notificationDate?: string | null;
  /** Also notify customers all of whose locations are marked Not Covered. */
  senTypeNotCov?: boolean;
}

/** Notices and reminders go out for an open event only (409 otherwise). */
export function assertOpenToSend(event: Pick<CommunicationRow, 'status'>): void {
  if (event.status !== 'OPEN') throw new ConflictError(event.status === 'DRAFT' ? 'NOT_OPEN' : 'NOT_OPEN.closed');
}

export interface SendResult {
  provider_communications_created: number;
  customers_notified: number;
  emails_queued: number;
}

/**
 * Recipient addresses a send queues in its own transaction; the rest fan out afterwards, this many a transaction
 * (the request's cost is then the provider communications, not 10,000 links and emails).
 */
export const NOTICE_CHUNK = 500;

/**
 * Recipient addresses the fan-out queues a transaction: larger than the send's own chunk, since nobody waits on it and
 * each chunk pays the template, language and custom-content lookups and a commit once.
 */
export const FANOUT_CHUNK = 2_000;

export interface SendOutcome extends SendResult {
  /** More recipients than one chunk: a fan-out row names the rest, for `fanOutNotices`. */
  fanOut: boolean;
}

/**
 * Sends an approved event (DESIGN §4): one provider communication per affected customer, all in one transaction,
 * with the notices (link and outbox email) of the first `chunk` recipient addresses; the rest are left to
 * `fanOutNotices` in one notice_fanouts row. The event row is locked, and provider communications are unique per
 * customer, so two sends at once never create anything twice.
 */
export async function sendNotifications(
  db: Knex,
  config: Config,
  actor: Actor,
  id: number,
  options: SendOptions,
  { chunk = NOTICE_CHUNK }: { chunk?: number } = {},
): Promise<SendOutcome> {
  const notBefore = options.notificationDate ? new Date(options.notificationDate) : null;
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    assertOpenToSend(event);
    // Issue 32: no response-due date yet: the send date plus the plan's days, before the provider communications take
    // it on insert and the notices print it. Part of the send (the Audit Report lists it), not a change after approval.
    const due = await assignResponseDueDate(trx, event, notBefore);
    if (due) {
      event.response_due_date = due.response_due_date;
      await appendHistory(trx, actor, {
        communicationId: id,
        organizationId: actor.organizationId,
        action: 'RESPONSE_DUE_DATE_SET',
        entityType: 'communication',
        entityId: id,
        before: { response_due_date: null },
        after: due,
      });
    }
    // The customers to notify, straight from their rows: ACTIVE, and (unless asked otherwise) not those whose every
    // location is marked Not Covered (one grouped pass over the event's locations, a hashed NOT IN).
    const customers = `
      SELECT c.id, c.name, c.emails, c.provider_organization_id, c.communication_id
      FROM communication_affected_customers c
      WHERE c.communication_id = :id AND c.status = 'ACTIVE'${
        options.senTypeNotCov
          ? ''
          : `
        AND c.id NOT IN (
          SELECT l.affected_customer_id FROM communication_affected_locations l
          WHERE l.communication_id = :id AND l.affected_customer_id IS NOT NULL
          GROUP BY l.affected_customer_id HAVING bool_and(l.status = 'NON_COVERED'))`
      }`;
    // One row per provider communication and address (none without addresses: email null); the addresses come
    // unnested, not as arrays to parse.
    type Notified = { id: number; name: string; email: string | null };
    const perAddress = (rows: string) =>
      `SELECT r.id, r.name, e.email FROM ${rows} r LEFT JOIN LATERAL unnest(r.emails) AS e(email) ON true ORDER BY r.id`;
    // One statement creates every missing provider communication and answers whom to write to: no customer list
    // travels out and back. A scheduled send's recipients are notified on its date (last_notified_at), so reminders
    // count from when the notice leaves, not from when it was scheduled.
    const created = (
      await trx.raw(
        `
      WITH customers AS (${customers}),
      created AS (
        INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id,
          provider_organization_id, affected_customer_id, status, response_status, sent_at, last_notified_at)
        SELECT c.communication_id, :type, :org, c.provider_organization_id, c.id, 'OPEN', 'NOTCOMPLETED', now(),
          greatest(now(), :notBefore::timestamptz)
        FROM customers c ORDER BY c.id
        ON CONFLICT (communication_id, affected_customer_id) DO NOTHING
        RETURNING id, affected_customer_id),
      notified AS (SELECT p.id, c.name, c.emails FROM created p JOIN customers c ON c.id = p.affected_customer_id)
      ${perAddress('notified')}`,
        { id, type: event.type, org: actor.organizationId, notBefore },
      )
    ).rows as Notified[];
    let notify = created;
    if (options.sendType === 'all') {
      // The customers notified before get the notice again: their live provider communications are marked renotified.
      const again = (
        await trx.raw(
          `
        WITH customers AS (${customers}),
        again AS (
          UPDATE provider_communications p SET last_notified_at = greatest(now(), :notBefore::timestamptz),
            updated_at = now()
          FROM customers c
          WHERE p.communication_id = :id AND p.affected_customer_id = c.id AND p.status <> 'DELETED'
            AND NOT (p.id = ANY(:created::bigint[]))
          RETURNING p.id, c.name, c.emails)
        ${perAddress('again')}`,
          { id, created: [...new Set(created.map((c) => c.id))], notBefore },
        )
      ).rows as Notified[];
      notify = [...created, ...again];
    }
    const recipients: Recipient[] = notify.flatMap((r) =>
      r.email === null ? [] : [{ providerCommunicationId: r.id, email: r.email, customerName: r.name }],
    );
    const createdCount = new Set(created.map((r) => r.id)).size;
    const notifiedCount = new Set(notify.map((r) => r.id)).size;
    // Each provider communication's addresses are consecutive (ordered by id within created, then within again).
    const groups: Recipient[][] = [];
    for (const r of recipients) {
      const last = groups.at(-1);
      if (last?.[0]?.providerCommunicationId === r.providerCommunicationId) last.push(r);
      else groups.push([r]);
    }
    // Issue 38: the notices have arrived (the item master's matching adds its job here).
    await noticesArrived(trx, {
      communicationId: id,
      providerCommunicationIds: [...new Set(created.map((r) => Number(r.id)))],
    });
    const first = chunkLength(groups, chunk);
    await queueNotices(trx, config, event, groups.slice(0, first).flat(), { notBefore });
    const rest = groups.slice(first).map((g) => g[0]!.providerCommunicationId);
    if (rest.length) {
      const [fanout] = (await trx('notice_fanouts')
        .insert({
          communication_id: id,
          organization_id: event.organization_id,
          provider_communication_ids: rest,
          not_before: notBefore,
        })
        .returning('id')) as { id: number }[];
      // Its job, in the same transaction: the rest is queued exactly when the send commits.
      await addJobs(trx, [{ queue: FANOUT_QUEUE, data: { fanoutId: Number(fanout!.id) } }]);
    }
    if (!event.first_sent_at && notifiedCount)
      await trx('communications').where({ id }).update({ first_sent_at: trx.fn.now(), updated_at: trx.fn.now() });
    const result = {
      provider_communications_created: createdCount,
      customers_notified: notifiedCount,
      // Every address that gets a notice, the fanned-out ones included.
      emails_queued: recipients.length,
    };
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'NOTIFICATION_SENT',
      entityType: 'communication',
      entityId: id,
      after: {
        ...result,
        sendType: options.sendType,
        notificationDate: options.notificationDate ?? null,
        senTypeNotCov: Boolean(options.senTypeNotCov),
      },
    });
    return { ...result, fanOut: rest.length > 0 };
  });
}

/** The job queue of the fan-out: a job per chunk still to queue (`{ fanoutId }`). */
export const FANOUT_QUEUE = 'notice-fanout';

/** Test-only hook of `fanOutChunk`: runs inside a chunk's transaction, after its rows, before the commit. */
export type FanOutHook = (fanout: { id: number; communicationId: number; nextIndex: number }) => Promise<void> | void;

export interface FanOutOptions {
  /** Recipient addresses a chunk (FANOUT_CHUNK). */
  chunk?: number;
  /** Asked to send the outbox soon after each chunk commits, so sending overlaps queueing. */
  mail?: { kick(): void };
  beforeCommit?: FanOutHook;
}

/**
 * The `notice-fanout` job: queues the next chunk of one fan-out in one transaction. The fan-out's row is taken FOR
 * UPDATE SKIP LOCKED (a second job for the same fan-out, such as the recovery sweep's, then does nothing while the first
 * works), the notices of its next provider communications are queued, its cursor moves, and the next chunk's job is
 * added, all committed together: a crash loses or repeats nothing, and a failed chunk is retried by the queue.
 * Answers whether the fan-out finished and how many emails the chunk queued.
 */
export async function fanOutChunk(
  db: Knex,
  config: Config,
  fanoutId: number,
  options: FanOutOptions = {},
): Promise<{ fanouts: number; emails: number }> {
  const chunk = options.chunk ?? FANOUT_CHUNK;
  const step = await transaction(db, async (trx) => {
    const row = (
      await trx.raw(
        `SELECT id, communication_id, next_index, not_before, cardinality(provider_communication_ids) AS total,
           provider_communication_ids[next_index + 1 : next_index + :chunk] AS ids
         FROM notice_fanouts WHERE id = :fanoutId AND finished_at IS NULL
         FOR UPDATE SKIP LOCKED`,
        { chunk, fanoutId },
      )
    ).rows[0] as
      | {
          id: number;
          communication_id: number;
          next_index: number;
          not_before: Date | null;
          total: number;
          ids: string[];
        }
      | undefined;
    if (!row) return { fanouts: 0, emails: 0 };
    const ids = row.ids.map(Number);
    // The recipients as the send reads them: each provider communication's customer's addresses, in order; one
    // removed since the send is skipped.
    const found = (
      await trx.raw(
        `SELECT p.id, c.name, e.email
         FROM unnest(:ids::bigint[]) WITH ORDINALITY AS x(id, n)
         JOIN provider_communications p ON p.id = x.id AND p.status <> 'DELETED'
         JOIN communication_affected_customers c ON c.id = p.affected_customer_id
         CROSS JOIN LATERAL unnest(c.emails) WITH ORDINALITY AS e(email, m)
         ORDER BY x.n, e.m`,
        { ids },
      )
    ).rows as { id: number; name: string; email: string }[];
    const byId = new Map<number, Recipient[]>(ids.map((pc) => [pc, []]));
    for (const r of found)
      byId.get(r.id)!.push({ providerCommunicationId: r.id, email: r.email, customerName: r.name });
    const groups = ids.map((pc) => byId.get(pc)!);
    const taken = chunkLength(groups, chunk);
    const event = (await trx('communications').where({ id: row.communication_id }).first()) as CommunicationRow;
    const queued = await queueNotices(trx, config, event, groups.slice(0, taken).flat(), {
      notBefore: row.not_before,
    });
    const nextIndex = row.next_index + taken;
    const finished = nextIndex >= row.total;
    await trx('notice_fanouts')
      .where({ id: row.id })
      .update({
        next_index: nextIndex,
        updated_at: trx.fn.now(),
        ...(finished ? { finished_at: trx.fn.now() } : {}),
      });
    if (!finished) await addJobs(trx, [{ queue: FANOUT_QUEUE, data: { fanoutId: row.id } }]);
    await options.beforeCommit?.({ id: row.id, communicationId: row.communication_id, nextIndex });
    return { fanouts: finished ? 1 : 0, emails: queued };
  });
  if (step.emails) options.mail?.kick();
  return step;
}

/** The job's handler: one chunk of the fan-out the job names. */
export function fanOutHandler(db: Knex, config: Config, options: FanOutOptions = {}): JobHandler {
  return (job) => fanOutChunk(db, config, Number((job.data as { fanoutId: number }).fanoutId), options);
}

/**
 * The fan-out's recovery sweep (the `recover` job, and `jobs run notice-fanout`): an unfinished fan-out that no job
 * waits to continue gets one. Its job was lost (the sweep's only other case: a fan-out written before the job queue
 * existed), or its holder died mid-chunk: a second job is harmless, as a chunk is taken under the row's lock.
 */
export async function recoverFanouts(db: Knex): Promise<{ fanouts: number }> {
  const waiting = liveJobs(db, FANOUT_QUEUE).whereIn('state', ['created', 'retry']);
  const { rows } = (await db.raw(
    `SELECT f.id FROM notice_fanouts f WHERE f.finished_at IS NULL
       AND f.id NOT IN (
         SELECT (w.data->>'fanoutId')::bigint FROM (${waiting.toQuery()}) w WHERE w.data->>'fanoutId' IS NOT NULL)
     ORDER BY f.id`,
  )) as { rows: { id: number }[] };
  await addJobs(
    db,
    rows.map((r) => ({ queue: FANOUT_QUEUE, data: { fanoutId: Number(r.id) } })),
  );
  return { fanouts: rows.length };
}

/**
 * Works, here, every `notice-fanout` job due now until none is left (the tests, and `jobs run`): chunk after chunk of
 * every unfinished fan-out. A chunk that fails is left to its retry while the others go on; the first error is thrown at
 * the end. Answers how many fan-outs it finished and how many emails it queued.
 */
export async function fanOutNotices(
  db: Knex,
  config: Config,
  options: FanOutOptions = {},
): Promise<{ fanouts: number; emails: number }> {
  let firstError: unknown;
  const handler = fanOutHandler(db, config, options);
  const queue = new JobQueue(db);
  queue.register(FANOUT_QUEUE, async (job, context) => {
    try {
      return await handler(job, context);
    } catch (error) {
      firstError ??= error;
      throw error;
    }
  });
  const done = await queue.drain(FANOUT_QUEUE);
  if (firstError !== undefined) throw firstError;
  return { fanouts: done.fanouts ?? 0, emails: done.emails ?? 0 };
}
