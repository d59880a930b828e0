import { type Actor, ForbiddenError, type OrganizationType } from '@portal/core';
import type { UserType } from '../models/ContentEntry.js';

const USER_TYPE_OF: Record<OrganizationType, UserType> = { NOTISPHERE: 'NOTI', PROVIDER: 'PROV', SUPPLIER: 'SUPP' };

/** The spec's user type (NOTI, PROV, SUPP) of the caller's organisation: what content a reader is shown. */
export function userTypeOf(actor: Actor): UserType {
  return USER_TYPE_OF[actor.organizationType];
}

/** Management is the operator's alone; the route's permissions already say so, this holds if a role ever drifts. */
export function assertOperator(actor: Actor): void {
  if (actor.organizationType !== 'NOTISPHERE') throw new ForbiddenError('CONTENT_OPERATOR_ONLY');
}
