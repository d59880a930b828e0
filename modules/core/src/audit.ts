import type { Knex } from 'knex';
import type { Actor } from './actor.js';

export interface AuditEntry {
  /** The tenant the record belongs to (null for platform-wide records). */
  organizationId: number | null;
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Who did it when there is no signed-in actor (sign-in itself, a public form's email). */
  actorEmail?: string | null;
  requestId?: string | null;
}

const SECRET_KEYS = /password|token|code_hash|secret/i;

/** Audit rows never hold secrets: hash and token fields are masked before they are written. */
function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : redact(v)]));
  }
  return value;
}

/** Appends one row to the audit history, inside the caller's transaction so it commits with the change. */
export async function recordAudit(db: Knex | Knex.Transaction, actor: Actor | null, entry: AuditEntry): Promise<void> {
  await db('audit_events').insert({
    organization_id: entry.organizationId,
    actor_user_id: actor?.userId ?? null,
    actor_organization_id: actor?.organizationId ?? null,
    actor_email: entry.actorEmail ?? actor?.email ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(redact(entry.before)),
    after: entry.after === undefined ? null : JSON.stringify(redact(entry.after)),
    request_id: entry.requestId ?? null,
  });
}
