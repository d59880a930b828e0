import type { Knex } from 'knex';
import { type Actor, type Config, ConflictError, transaction } from '@portal/core';
import { type CommunicationRow, loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import { chunkLength, queueNotices, type Recipient } from './notice-queue.js';

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
  if (event.status !== 'OPEN')
    throw new ConflictError(
      event.status === 'DRAFT'
        ? 'Approve the event before sending it.'
        : 'A closed event cannot be sent; reopen it first.',
      'NOT_OPEN',
    );
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
    const first = chunkLength(groups, chunk);
    await queueNotices(trx, config, event, groups.slice(0, first).flat(), { notBefore });
    const rest = groups.slice(first).map((g) => g[0]!.providerCommunicationId);
    if (rest.length)
      await trx('notice_fanouts').insert({
        communication_id: id,
        organization_id: event.organization_id,
        provider_communication_ids: rest,
        not_before: notBefore,
      });
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

/** Test-only hook of `fanOutNotices`: runs inside a chunk's transaction, after its rows, before the commit. */
export type FanOutHook = (fanout: { id: number; communicationId: number; nextIndex: number }) => Promise<void> | void;

/**
 * Queues the fanned-out rest of large sends, one chunk a transaction: claims an unfinished notice_fanouts
 * row (SKIP LOCKED, so every replica may run it at once), queues the notices of its next provider communications and
 * advances its cursor in the same transaction, and loops until no row is left. A crash loses or repeats nothing: a
 * chunk is committed with its cursor or not at all. A row that fails is left for the next run while the others go on;
 * the first error is thrown at the end. Answers how many fan-outs it finished and how many emails it queued.
 */
export async function fanOutNotices(
  db: Knex,
  config: Config,
  options: { chunk?: number; mail?: { kick(): void }; beforeCommit?: FanOutHook } = {},
): Promise<{ fanouts: number; emails: number }> {
  const chunk = options.chunk ?? FANOUT_CHUNK;
  const failed: number[] = [];
  let firstError: unknown;
  let fanouts = 0;
  let emails = 0;
  for (;;) {
    // The row this iteration claimed, if it got that far (set inside the transaction).
    const claim: { id?: number } = {};
    try {
      const step = await transaction(db, async (trx) => {
        const row = (
          await trx.raw(
            `SELECT id, communication_id, next_index, not_before, cardinality(provider_communication_ids) AS total,
               provider_communication_ids[next_index + 1 : next_index + :chunk] AS ids
             FROM notice_fanouts WHERE finished_at IS NULL AND NOT (id = ANY(:failed::bigint[]))
             ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
            { chunk, failed },
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
        if (!row) return null;
        claim.id = row.id;
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
        await options.beforeCommit?.({ id: row.id, communicationId: row.communication_id, nextIndex });
        return { queued, finished };
      });
      if (!step) break;
      emails += step.queued;
      if (step.finished) fanouts++;
      if (step.queued) options.mail?.kick();
    } catch (error) {
      // Nothing was claimed: the database itself failed, and the next run tries again.
      if (claim.id === undefined) throw error;
      failed.push(claim.id);
      firstError ??= error;
    }
  }
  if (firstError !== undefined) throw firstError;
  return { fanouts, emails };
}
