import type { Knex } from 'knex';
import { type Actor, NotFoundError, recordAudit, transaction } from '@portal/core';
import { Organization } from '../models/Organization.js';

export type TwoFactorPolicy = Organization['two_factor'];

/** The second factor the caller's own organisation asks at sign-in (`two_factor`), for the operator's own screen. */
export async function ownSignInPolicy(db: Knex, actor: Actor): Promise<{ two_factor: TwoFactorPolicy }> {
  const org = await Organization.query(db).findById(actor.organizationId).select('two_factor');
  if (!org) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  return { two_factor: org.two_factor };
}

/**
 * Sets the caller's own organisation's second factor (issue 34, item 5c): the operator's organisation has no profile
 * screen, so its administrator sets it here. Audited as ORGANIZATION_UPDATED with the policy before and after; an
 * unchanged policy writes nothing.
 */
export async function setOwnSignInPolicy(
  db: Knex,
  actor: Actor,
  twoFactor: TwoFactorPolicy,
  requestId: string,
): Promise<{ two_factor: TwoFactorPolicy }> {
  return transaction(db, async (trx) => {
    const before = await Organization.query(trx).findById(actor.organizationId).forUpdate().select('two_factor');
    if (!before) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
    if (before.two_factor === twoFactor) return { two_factor: twoFactor };
    await Organization.query(trx).findById(actor.organizationId).patch({ two_factor: twoFactor });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'ORGANIZATION_UPDATED',
      entityType: 'organization',
      entityId: actor.organizationId,
      before: { two_factor: before.two_factor },
      after: { two_factor: twoFactor },
      requestId,
    });
    return { two_factor: twoFactor };
  });
}
