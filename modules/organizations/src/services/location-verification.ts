import type { Knex } from 'knex';
import {
  type Actor,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  transaction,
  type RowOf,
} from '@portal/core';
import { idFilter, takeExactFilters } from './common.js';
import type { verificationRowSchema } from '../location-answer-schemas.js';

/** Verification statuses of spec 000 §4 (labels: `locationStatus` in @portal/vocabulary). */
export const VERIFICATION_STATUSES = ['COVERED', 'EMAILED', 'NON_COVERED', 'INVALID', 'UNABLE_PROCESSED'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** One supplier location mapped to the caller (or one of its sites), as the verification list shows it. */
export type VerificationRow = RowOf<typeof verificationRowSchema>;

export const verificationList: ListSpec = {
  fields: {
    id: 'sl.id',
    supplier_organization_id: 'sl.organization_id',
    supplier_name: 's.name',
    location_id: 'sl.location_id',
    location_name: 'sl.location_name',
    address1: 'sl.address1',
    city: 'sl.city',
    state: 'sl.state',
    zip: 'sl.zip',
    email: 'sl.email',
    provider_name: 'p.name',
    verification_status: 'sl.verification_status',
    verified_at: 'sl.verified_at',
    updated_at: 'sl.updated_at',
  },
  searchColumns: ['s.name', 'sl.location_id', 'sl.location_name', 'sl.address1', 'sl.city', 'sl.state', 'sl.zip'],
  defaultSort: [
    { column: 's.name', direction: 'asc' },
    { column: 'sl.location_name', direction: 'asc' },
  ],
};

const select = (qb: Knex.QueryBuilder) =>
  qb.select(
    'sl.id',
    'sl.organization_id as supplier_organization_id',
    's.name as supplier_name',
    'sl.location_id',
    'sl.location_name',
    'sl.address1',
    'sl.city',
    'sl.state',
    'sl.zip',
    'sl.email',
    'sl.provider_organization_id',
    'p.name as provider_name',
    'sl.verification_status',
    'sl.verified_at',
    'sl.updated_at',
  );

/** The caller's organisation and its sites (a site sees only itself). */
const ownOrganizations = (db: Knex | Knex.Transaction, actor: Actor) =>
  db('organizations').where('id', actor.organizationId).orWhere('parent_id', actor.organizationId).select('id');

/**
 * Active supplier locations mapped to a provider: the caller's organisation or its sites, or (operator, `actor` null)
 * every provider's.
 */
function rows(db: Knex, actor: Actor | null): Knex.QueryBuilder {
  const q = db('supplier_locations as sl')
    .join('organizations as s', 's.id', 'sl.organization_id')
    .join('organizations as p', 'p.id', 'sl.provider_organization_id')
    .where('sl.status', 'ACTIVE');
  return actor ? q.whereIn('sl.provider_organization_id', ownOrganizations(db, actor)) : q;
}

/**
 * The exact filters of a verification list. `verification_status` NONE (or PENDING) = not verified yet: the column is
 * NULL until the provider answers.
 */
export function whereVerification(base: Knex.QueryBuilder, value: string | undefined): void {
  const status = value?.toUpperCase();
  if (status === 'NONE' || status === 'PENDING') base.whereNull('sl.verification_status');
  else if (status) base.where('sl.verification_status', status);
}

async function verificationPage(
  db: Knex,
  actor: Actor | null,
  raw: Record<string, unknown>,
): Promise<ListPage<VerificationRow>> {
  const { rest, exact } = takeExactFilters(raw, [
    'verification_status',
    'provider_organization_id',
    'supplier_organization_id',
  ]);
  const base = rows(db, actor);
  whereVerification(base, exact.verification_status);
  if (exact.provider_organization_id)
    base.where('sl.provider_organization_id', idFilter(exact.provider_organization_id, 'provider_organization_id'));
  if (exact.supplier_organization_id)
    base.where('sl.organization_id', idFilter(exact.supplier_organization_id, 'supplier_organization_id'));
  return runList<VerificationRow>(
    base,
    parseListQuery(rest, verificationList),
    verificationList,
    'sl.id',
    select,
    'sl.updated_at',
  );
}

/**
 * GET /provider/locations-verification. filterModel `verification_status` matches exactly (NONE = not verified yet),
 * `provider_organization_id` picks one of the caller's organisations.
 */
export function listLocationsToVerify(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): Promise<ListPage<VerificationRow>> {
  return verificationPage(db, actor, raw);
}

/**
 * GET /notisphere/locations-verification: every supplier's active locations mapped to a provider, with the provider's
 * filters plus `supplier_organization_id`.
 */
export function listAllLocationsToVerify(db: Knex, raw: Record<string, unknown>): Promise<ListPage<VerificationRow>> {
  return verificationPage(db, null, raw);
}

/**
 * PUT /provider/locations-verification: sets the status of one or many locations (the row's menu and the bulk buttons).
 * Every id must be a location mapped to the caller or its sites (the operator: to any provider), else nothing changes
 * and the answer is 404. One audit row per location, with its previous status and the caller's identity.
 */
export async function verifyLocations(
  db: Knex,
  actor: Actor,
  ids: number[],
  status: VerificationStatus,
  scope: 'own' | 'any' = 'own',
): Promise<{ updated: number; status: VerificationStatus }> {
  const unique = [...new Set(ids)];
  return transaction(db, async (trx) => {
    const candidates = trx('supplier_locations').whereIn('id', unique).where('status', 'ACTIVE');
    // The operator (scope 'any') verifies for any provider, but only locations mapped to one.
    if (scope === 'own') candidates.whereIn('provider_organization_id', ownOrganizations(trx, actor));
    else candidates.whereNotNull('provider_organization_id');
    const found = (await candidates.forUpdate().select('id', 'verification_status')) as {
      id: number;
      verification_status: string | null;
    }[];
    if (found.length !== unique.length) throw new NotFoundError('LOCATION_NOT_FOUND');
    await trx('supplier_locations').whereIn('id', unique).update({
      verification_status: status,
      verified_at: trx.fn.now(),
      verified_by: actor.userId,
      updated_at: trx.fn.now(),
    });
    for (const row of found)
      await recordAudit(trx, actor, {
        organizationId: actor.organizationId,
        action: 'LOCATION_VERIFIED',
        entityType: 'supplier_location',
        entityId: row.id,
        before: { verification_status: row.verification_status },
        after: { verification_status: status },
      });
    return { updated: found.length, status };
  });
}
