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

/** How deep a history or audit value is written; anything deeper is cut, so no value can overflow the stack here. */
const MAX_RECORD_DEPTH = 32;
const TOO_DEEP = '[nested too deeply]';

/** Audit rows never hold secrets: hash and token fields are masked before they are written. */
function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && depth >= MAX_RECORD_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEYS.test(k) ? '***' : redact(v, depth + 1),
      ]),
    );
  }
  return value;
}

/**
 * JSON text of a history value, cut at 32 levels (deeper parts read "[nested too deeply]"): a client's body is
 * refused deeper than that, but a writer must not depend on it, since JSON.stringify overflows the stack on deep values.
 */
export function historyJson(value: unknown): string {
  const cut = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') return v;
    if (depth >= MAX_RECORD_DEPTH) return TOO_DEEP;
    if (Array.isArray(v)) return v.map((x) => cut(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x, depth + 1)]));
  };
  return JSON.stringify(cut(value, 0));
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
