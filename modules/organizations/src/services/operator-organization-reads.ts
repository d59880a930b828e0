import type { Knex } from 'knex';
import {
  type Config,
  type ListPage,
  type ListSpec,
  parseListQuery,
  runList,
  ValidationError,
  type RowOf,
} from '@portal/core';
import { takeExactFilters } from './common.js';
import { ADMINISTRATOR } from './users.js';
import { escapeLike, type ManagedType, notFound } from './operator-organizations.js';
import type { providerDetail, providerRow } from '../operator-schemas.js';

// ---- lists ----

/** A row of the operator's supplier or provider list. */
export type OrganizationRow = RowOf<typeof providerRow>;

const ORG_FIELDS = {
  id: 'o.id',
  name: 'o.name',
  notisphere_id: 'o.notisphere_id',
  address1: 'o.address1',
  address2: 'o.address2',
  city: 'o.city',
  state: 'o.state',
  zip: 'o.zip',
  phone: 'o.phone',
  email: 'o.email',
  domain: 'o.domain',
  status: 'o.status',
  is_sso: 'o.is_sso',
  is_notisphere_managed: 'o.is_notisphere_managed',
  requires_second_factor: 'o.requires_second_factor',
  admin_email: 'adm.email',
  created_at: 'o.created_at',
  updated_at: 'o.updated_at',
} as const;

const supplierList: ListSpec = {
  fields: ORG_FIELDS,
  searchColumns: ['o.name', 'o.notisphere_id', 'o.city', 'o.state', 'o.zip', 'adm.email'],
  defaultSort: [{ column: 'o.updated_at', direction: 'desc' }],
  indexedSorts: ['updated_at:desc'],
};

export const providerList: ListSpec = {
  ...supplierList,
  fields: { ...ORG_FIELDS, sites: 'site_names.sites', site_count: 'site_names.site_count' },
};

/** Exact-match filters (a contains-filter on status would let ACTIVE match DEACTIVATED). */
const EXACT = ['status', 'is_sso', 'is_notisphere_managed', 'requires_second_factor'] as const;

/** The address filters of spec 001 §3 (query names → columns), each a trimmed contains-filter. */
const ADDRESS_QUERY = {
  name: 'o.name',
  add1: 'o.address1',
  add2: 'o.address2',
  city: 'o.city',
  state: 'o.state',
  zip: 'o.zip',
} as const;

export type OrganizationListQuery = Record<string, unknown> & Partial<Record<keyof typeof ADDRESS_QUERY, string>>;

/** The organisation's first active Administrator (the onboarded one), as `adm`. */
export function joinAdministrator(q: Knex.QueryBuilder): void {
  q.joinRaw(
    `LEFT JOIN LATERAL (
       SELECT u.email, u.status, trim(u.first_name || ' ' || u.last_name) AS name
       FROM memberships m JOIN roles r ON r.id = m.role_id JOIN users u ON u.id = m.user_id
       WHERE m.organization_id = o.id AND m.status = 'ACTIVE' AND r.is_system AND r.name = ?
       ORDER BY m.id LIMIT 1
     ) adm ON true`,
    [ADMINISTRATOR],
  );
}

export function organizationRows(db: Knex, type: ManagedType, raw: OrganizationListQuery) {
  const { rest, exact } = takeExactFilters(raw, EXACT);
  const q = db('organizations as o').where('o.type', type);
  joinAdministrator(q);
  if (type === 'PROVIDER') {
    q.whereNull('o.parent_id').joinRaw(
      `LEFT JOIN LATERAL (
         SELECT count(*)::int AS site_count, string_agg(s.name, ', ' ORDER BY lower(s.name)) AS sites
         FROM organizations s WHERE s.parent_id = o.id AND s.status <> 'DEACTIVATED'
       ) site_names ON true`,
    );
    const sites = typeof raw.sites === 'string' ? raw.sites.trim() : '';
    if (sites)
      q.whereExists((w) =>
        w
          .from('organizations as s')
          .whereRaw('s.parent_id = o.id')
          .whereRaw('s.name ILIKE ?', [`%${escapeLike(sites)}%`]),
      );
    const nid = typeof raw.notisphere_id === 'string' ? raw.notisphere_id.trim() : '';
    if (nid)
      q.where((w) =>
        w.whereRaw('o.notisphere_id ILIKE ?', [`%${escapeLike(nid)}%`]).orWhereExists((e) =>
          e
            .from('organizations as s')
            .whereRaw('s.parent_id = o.id')
            .whereRaw('s.notisphere_id ILIKE ?', [`%${escapeLike(nid)}%`]),
        ),
      );
  }
  for (const [param, column] of Object.entries(ADDRESS_QUERY)) {
    const value = raw[param];
    if (typeof value === 'string' && value.trim())
      q.whereRaw('??::text ILIKE ?', [column, `%${escapeLike(value.trim())}%`]);
  }
  if (exact.status) q.where('o.status', exact.status.toUpperCase());
  for (const flag of ['is_sso', 'is_notisphere_managed', 'requires_second_factor'] as const) {
    const value = exact[flag];
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') throw new ValidationError('FLAG_INVALID', { flag });
    q.where(`o.${flag}`, value === 'true');
  }
  return { q, rest };
}

const selectOrganization = (type: ManagedType) => (qb: Knex.QueryBuilder) =>
  qb.select(
    'o.id',
    'o.name',
    'o.notisphere_id',
    'o.address1',
    'o.address2',
    'o.city',
    'o.state',
    'o.zip',
    'o.phone',
    'o.email',
    'o.domain',
    'o.status',
    'o.is_sso',
    // The spec's name of the flag (spec 000 §3), beside the column's.
    'o.is_sso as isSSO',
    'o.is_notisphere_managed',
    'o.requires_second_factor',
    'o.two_factor',
    'adm.name as admin_name',
    'adm.email as admin_email',
    'adm.status as admin_status',
    'o.created_at',
    'o.updated_at',
    ...(type === 'PROVIDER' ? ['site_names.site_count', 'site_names.sites'] : []),
  );

/** GET /notisphere/organizations/suppliers and /providers: the operator's list of one organisation type. */
export async function listOrganizations(
  db: Knex,
  type: ManagedType,
  raw: OrganizationListQuery,
): Promise<ListPage<OrganizationRow>> {
  const spec = type === 'SUPPLIER' ? supplierList : providerList;
  const { q, rest } = organizationRows(db, type, raw);
  const query = parseListQuery(rest, spec);
  return runList<OrganizationRow>(q, query, spec, 'o.id', selectOrganization(type), 'o.updated_at');
}

// ---- one organisation ----

export interface OrganizationDetail extends OrganizationRow {
  type: ManagedType;
  country: string | null;
  self_registration_link: string | null;
  self_registration_url: string | null;
  self_registration_role_id: number | null;
  self_registration_role: string | null;
  roles: { id: number; name: string }[];
  user_count: number;
  sites?: never;
}

export interface ProviderDetail extends Omit<OrganizationDetail, 'sites'> {
  sites: SiteRow[];
}

export type SiteRow = RowOf<(typeof providerDetail)['properties']['sites']['items']>;

export const SITE_COLUMNS = [
  'id',
  'name',
  'notisphere_id',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'status',
];

async function sitesOf(db: Knex, parentIds: number[]): Promise<(SiteRow & { parent_id: number })[]> {
  if (!parentIds.length) return [];
  return db('organizations')
    .whereRaw('parent_id = ANY(?)', [parentIds])
    .orderByRaw('parent_id, lower(name), id')
    .select([...SITE_COLUMNS, 'parent_id']);
}

export async function getManagedOrganization(
  db: Knex,
  config: Config,
  type: ManagedType,
  id: number,
): Promise<OrganizationDetail | ProviderDetail> {
  const q = db('organizations as o').where({ 'o.id': id, 'o.type': type });
  if (type === 'PROVIDER') q.whereNull('o.parent_id');
  joinAdministrator(q);
  const row = (await selectOrganization('SUPPLIER')(q)
    .select(
      'o.type',
      'o.country',
      'o.self_registration_link',
      'o.self_registration_role_id',
      db.raw('(SELECT name FROM roles WHERE id = o.self_registration_role_id) AS self_registration_role'),
      db.raw(
        `(SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id AND m.status <> 'DELETED') AS user_count`,
      ),
    )
    .first()) as (OrganizationDetail & { sites?: unknown }) | undefined;
  if (!row) throw notFound(type);
  const roles = (await db('roles')
    .where({ organization_id: id, status: 'ACTIVE' })
    .orderByRaw('lower(name)')
    .select('id', 'name')) as { id: number; name: string }[];
  const detail = {
    ...row,
    roles,
    self_registration_url: row.self_registration_link
      ? `${config.appUrl}/registration/${encodeURIComponent(row.self_registration_link)}`
      : null,
  };
  if (type === 'SUPPLIER') return detail as OrganizationDetail;
  const sites = (await sitesOf(db, [id])).map(({ parent_id: _p, ...s }) => s);
  return { ...detail, sites } as ProviderDetail;
}
