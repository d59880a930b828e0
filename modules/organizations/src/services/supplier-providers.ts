import type { Knex } from 'knex';
import { type Actor, type ListPage, type ListSpec, parseListQuery, runList } from '@portal/core';

// ---- providers: the provider organisations a supplier's locations match ----

export interface SupplierProvider {
  id: number;
  name: string;
  notisphere_id: string | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  location_count: number;
  /** The provider's verification progress over these locations (spec 000 §4 statuses; unverified = not yet). */
  covered_count: number;
  emailed_count: number;
  non_covered_count: number;
  invalid_count: number;
  unrecognized_count: number;
  unverified_count: number;
}

export const providerList: ListSpec = {
  fields: {
    id: 'pr.id',
    name: 'pr.name',
    notisphere_id: 'pr.notisphere_id',
    city: 'pr.city',
    state: 'pr.state',
    zip: 'pr.zip',
    location_count: 'pr.location_count',
    covered_count: 'pr.covered_count',
    unverified_count: 'pr.unverified_count',
  },
  searchColumns: ['pr.name', 'pr.notisphere_id', 'pr.city'],
  defaultSort: [{ column: 'pr.name', direction: 'asc' }],
};

const VERIFICATION_COUNTS: [string | null, string][] = [
  ['COVERED', 'covered_count'],
  ['EMAILED', 'emailed_count'],
  ['NON_COVERED', 'non_covered_count'],
  ['INVALID', 'invalid_count'],
  ['UNABLE_PROCESSED', 'unrecognized_count'],
  [null, 'unverified_count'],
];

export async function listSupplierProviders(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): Promise<ListPage<SupplierProvider>> {
  const grouped = db('supplier_locations as sl')
    .join('organizations as o', 'o.id', 'sl.provider_organization_id')
    .where('sl.organization_id', actor.organizationId)
    .whereNot('sl.status', 'DELETED')
    .groupBy('o.id')
    .select(
      'o.id',
      'o.name',
      'o.notisphere_id',
      'o.address1',
      'o.city',
      'o.state',
      'o.zip',
      db.raw('count(sl.id)::int as location_count'),
      ...VERIFICATION_COUNTS.map(([status, name]) =>
        db.raw(`count(sl.id) filter (where sl.verification_status ${status ? '= ?' : 'is null'})::int as ??`, [
          ...(status ? [status] : []),
          name,
        ]),
      ),
      db.raw('max(sl.updated_at) as updated_at'),
    );
  const base = db.from(grouped.as('pr'));
  return runList<SupplierProvider>(
    base,
    parseListQuery(raw, providerList),
    providerList,
    'pr.id',
    (qb) => qb.select('pr.*'),
    'pr.updated_at',
  );
}
