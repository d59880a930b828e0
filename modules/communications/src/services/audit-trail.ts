import type { Knex } from 'knex';
import {
  checkAuditChain,
  type ChainBreak,
  checkChain,
  type ChainCheck,
  combineChainChecks,
  NotFoundError,
} from '@portal/core';
import { organizationsView } from '@portal/organizations';

/** The event histories' chains (`communication_history`, this module's table). */
export function checkHistoryChain(
  db: Knex | Knex.Transaction,
  organizationId: number | null = null,
): Promise<ChainCheck> {
  return checkChain(db, 'communication_history', organizationId);
}

/**
 * The whole audit trail recomputed: the audit history's chains, then the event histories' (every organisation, or
 * one, which must exist: 404 otherwise). Names the first broken link; `pnpm cli audit verify` and the operator's
 * GET /notisphere/audit/verify answer it.
 */
export async function verifyAuditTrail(
  db: Knex,
  organizationId: number | null = null,
): Promise<ChainCheck & { broken: (ChainBreak & { organization_name: string | null }) | null }> {
  if (organizationId !== null) {
    const found = await db.from(organizationsView(db).as('o')).where('o.id', organizationId).first('o.id');
    if (!found) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  }
  const check = combineChainChecks([
    await checkAuditChain(db, organizationId),
    await checkHistoryChain(db, organizationId),
  ]);
  if (!check.broken) return { ...check, broken: null };
  // The organisation by name for the operator (a removed one keeps its id in the entry).
  const org = check.broken.organization_id
    ? ((await db.from(organizationsView(db).as('o')).where('o.id', check.broken.organization_id).first('o.name')) as
        | { name: string }
        | undefined)
    : undefined;
  return { ...check, broken: { ...check.broken, organization_name: org?.name ?? null } };
}
