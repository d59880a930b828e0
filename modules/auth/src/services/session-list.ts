import type { Knex } from 'knex';
import { type Actor, type Config, NotFoundError, recordAudit, type RowOf, transaction } from '@portal/core';
import { getUser } from '@portal/organizations';
import type { sessionListAnswer } from '../schemas.js';
import { deviceOf } from './device.js';
import { ENDING_REASONS, revokeFamily, type SessionLimits, sessionLimits } from './tokens.js';

export type SessionRow = RowOf<typeof sessionListAnswer>[number];

interface FamilyRow {
  family_id: string;
  organization_id: number;
  started_at: Date;
  last_seen_at: Date;
  user_agent: string | null;
  ip: string | null;
}

/**
 * The live sessions (refresh-token families) of a user, as the session check sees them (`sessionLiveSql`): not ended,
 * begun within SESSION_MAX_HOURS, refreshed within SESSION_IDLE_MINUTES, a token not yet rotated. The device is the
 * sign-in's (the family's first token), the address the last refresh's.
 */
function liveFamilies(db: Knex | Knex.Transaction, userId: number, limits: SessionLimits) {
  return db('refresh_tokens as rt')
    .where('rt.user_id', userId)
    .groupBy('rt.family_id')
    .havingRaw('bool_or(rt.revoked_at is null)')
    .havingRaw('not coalesce(bool_or(rt.revoked_reason = any(?)), false)', [ENDING_REASONS])
    .havingRaw('min(rt.created_at) > now() - make_interval(hours => ?)', [limits.maxHours])
    .havingRaw('max(rt.created_at) > now() - make_interval(mins => ?)', [limits.idleMinutes])
    .select(
      'rt.family_id',
      db.raw('min(rt.organization_id)::int as organization_id'),
      db.raw('min(rt.created_at) as started_at'),
      db.raw('max(rt.created_at) as last_seen_at'),
      db.raw('(array_agg(rt.user_agent order by rt.id))[1] as user_agent'),
      db.raw('(array_agg(rt.ip order by rt.id desc))[1] as ip'),
    );
}

/** GET /me/sessions: the caller's own live sessions, "this device" marked, the latest activity first (at most 100). */
export async function listSessions(
  db: Knex,
  config: Config,
  actor: Actor,
  currentSessionId: string | undefined,
): Promise<SessionRow[]> {
  const rows = (await liveFamilies(db, actor.userId, sessionLimits(config))
    .orderBy('last_seen_at', 'desc')
    .limit(100)) as FamilyRow[];
  return rows.map((r) => ({
    id: r.family_id,
    ...deviceOf(r.user_agent),
    user_agent: r.user_agent,
    ip: r.ip,
    started_at: new Date(r.started_at).toISOString(),
    last_seen_at: new Date(r.last_seen_at).toISOString(),
    current: r.family_id === currentSessionId,
  }));
}

/**
 * Ends one of the caller's own sessions (the current one too: that signs this device out). Another user's session,
 * or one already ended, is a 404. Audited as SESSION_ENDED.
 */
export async function endSession(db: Knex, actor: Actor, sessionId: string, requestId: string): Promise<void> {
  await transaction(db, async (trx) => {
    const family = await trx('refresh_tokens')
      .where({ family_id: sessionId, user_id: actor.userId })
      .first('organization_id');
    if (!family) throw new NotFoundError('SESSION_NOT_FOUND');
    const revoked = await revokeFamily(trx, sessionId, 'ended');
    if (revoked === 0) throw new NotFoundError('SESSION_NOT_FOUND');
    await recordAudit(trx, actor, {
      organizationId: family.organization_id as number,
      action: 'SESSION_ENDED',
      entityType: 'session',
      entityId: sessionId,
      requestId,
    });
  });
}

/** Ends every other live session of the caller (all but the calling token's). Audited as OTHER_SESSIONS_ENDED. */
export async function endOtherSessions(
  db: Knex,
  actor: Actor,
  currentSessionId: string | undefined,
  requestId: string,
): Promise<{ ended: number }> {
  return transaction(db, async (trx) => {
    const query = trx('refresh_tokens').where({ user_id: actor.userId }).whereNull('revoked_at');
    if (currentSessionId) query.whereNot({ family_id: currentSessionId });
    const families = (await query.distinct('family_id').pluck('family_id')) as string[];
    if (families.length)
      await trx('refresh_tokens')
        .whereIn('family_id', families)
        .whereNull('revoked_at')
        .update({ revoked_at: trx.fn.now(), revoked_reason: 'ended' });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'OTHER_SESSIONS_ENDED',
      entityType: 'user',
      entityId: actor.userId,
      after: { ended: families.length, kept: currentSessionId ?? null },
      requestId,
    });
    return { ended: families.length };
  });
}

/**
 * An administrator ends a user's sessions: the operator every session of the person; an organisation's
 * administrator those signed in to its organisation or to the organisation of the person's membership in its scope
 * (a health system's site). A person outside the caller's scope is a 404, as every tenant read answers it.
 * Audited as USER_SESSIONS_ENDED.
 */
export async function endUserSessions(
  db: Knex,
  actor: Actor,
  userId: number,
  requestId: string,
): Promise<{ ended: number }> {
  const member = await getUser(db, actor, userId);
  const operator = actor.organizationType === 'NOTISPHERE';
  return transaction(db, async (trx) => {
    const query = trx('refresh_tokens').where({ user_id: userId }).whereNull('revoked_at');
    if (!operator) query.whereIn('organization_id', [...new Set([actor.organizationId, member.organization_id])]);
    const families = (await query.distinct('family_id').pluck('family_id')) as string[];
    if (families.length)
      await trx('refresh_tokens')
        .whereIn('family_id', families)
        .whereNull('revoked_at')
        .update({ revoked_at: trx.fn.now(), revoked_reason: 'admin' });
    await recordAudit(trx, actor, {
      organizationId: operator ? member.organization_id : actor.organizationId,
      action: 'USER_SESSIONS_ENDED',
      entityType: 'user',
      entityId: userId,
      after: { ended: families.length },
      requestId,
    });
    return { ended: families.length };
  });
}
