import type { Knex } from 'knex';
import { type Actor, historyJson } from '@portal/core';

export interface HistoryEntry {
  communicationId: number;
  organizationId: number;
  providerCommunicationId?: number | null;
  action: string;
  entityType: string;
  entityId?: number | string | null;
  before?: unknown;
  after?: unknown;
  /** A change after approval (postupdate), shown in the change history report. */
  isChange?: boolean;
  actorEmail?: string | null;
}

/** Appends to communication_history inside the caller's transaction (DESIGN §4: who, when, what, before, after). */
export async function appendHistory(
  trx: Knex | Knex.Transaction,
  actor: Actor | null,
  entry: HistoryEntry,
): Promise<void> {
  await trx('communication_history').insert({
    communication_id: entry.communicationId,
    organization_id: entry.organizationId,
    provider_communication_id: entry.providerCommunicationId ?? null,
    actor_user_id: actor?.userId ?? null,
    actor_email: entry.actorEmail ?? actor?.email ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : historyJson(entry.before),
    after: entry.after === undefined ? null : historyJson(entry.after),
    is_change: entry.isChange ?? false,
  });
}

export interface HistoryRow {
  id: number;
  action: string;
  entity_type: string;
  entity_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  provider_communication_id: number | null;
  before: unknown;
  after: unknown;
  is_change: boolean;
  created_at: Date;
}

export async function listHistory(
  db: Knex,
  communicationId: number,
  options: { changesOnly?: boolean; limit?: number } = {},
): Promise<HistoryRow[]> {
  const q = db('communication_history as h')
    .leftJoin('users as u', 'u.id', 'h.actor_user_id')
    .where('h.communication_id', communicationId)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(options.limit ?? 1000)
    .select(
      'h.id',
      'h.action',
      'h.entity_type',
      'h.entity_id',
      'h.actor_email',
      'h.provider_communication_id',
      'h.before',
      'h.after',
      'h.is_change',
      'h.created_at',
      db.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name`),
    );
  if (options.changesOnly) q.where('h.is_change', true);
  return (await q) as HistoryRow[];
}
