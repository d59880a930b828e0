import { vocabularyLabel, vocabularyOptions } from '@portal/vocabulary';
import type { Knex } from 'knex';
import {
  type Actor,
  type Config,
  ConflictError,
  type FileResult,
  type ListPage,
  type ListSpec,
  NotFoundError,
  pagedBatches,
  parseListQuery,
  recordAudit,
  type ReportColumn,
  reportFile,
  runList,
  SEEDED_ROLES,
  sheet,
  ValidationError,
  transaction,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { emails } from '../emails.js';
import { Membership } from '../models/Membership.js';
import { Organization } from '../models/Organization.js';
import { User } from '../models/User.js';
import { checkFields, clean, joinDomains, requireText, takeExactFilters } from './common.js';
import { listPages, MAX_REPORT_ROWS } from './reports.js';
import { createOrganizationWithRoles } from './setup.js';
import { issueSetPasswordToken } from './sessions.js';
import { ADMINISTRATOR } from './users.js';
import { endSessions } from './sessions.js';

/** The operator's organisations (spec 001 §7.11): suppliers, providers (health systems with their sites), onboarding. */

export type ManagedType = 'SUPPLIER' | 'PROVIDER';

export const ORGANIZATION_MESSAGES = {
  supplierNotFound: 'Supplier not found.',
  providerNotFound: 'Provider not found.',
  siteNotFound: 'Site not found in this provider.',
  alreadyDeactivated: 'This organization is already deactivated.',
  editDeactivated: 'Activate this organization before editing it.',
  linkTaken: 'This self-registration link is already used by another organization.',
  notisphereIdTaken: 'This Notisphere ID is already used by another organization.',
  unknownRole: 'The self-registration role must be one of the organization’s roles.',
} as const;

/** The fields the operator edits on a supplier, a health system or a site. */
export interface OrganizationFields {
  name?: string;
  notisphere_id?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
  email?: string | null;
  domain?: string | null;
}

export interface AccountSettings {
  is_sso?: boolean;
  /** The spec's spelling of is_sso (spec 000 §3), accepted as well. */
  isSSO?: boolean;
  is_notisphere_managed?: boolean;
  requires_second_factor?: boolean;
  self_registration_link?: string | null;
  /** A role name of the organisation (on creation: one of the seeded roles), or null to close self-registration. */
  self_registration_role?: string | null;
}

export interface AdministratorInput {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
}

export interface SiteInput extends OrganizationFields {
  id?: number;
  status?: 'ACTIVE' | 'DEACTIVATED';
}

export type NewOrganizationInput = OrganizationFields &
  AccountSettings & { name: string; administrator: AdministratorInput; sites?: SiteInput[] };

export type OrganizationUpdate = OrganizationFields &
  AccountSettings & { status?: 'ACTIVE' | 'DEACTIVATED'; sites?: SiteInput[] };

const ADDRESS_RULES = { email: 'email', phone: 'phone', zip: 'zip', domain: 'domain' } as const;

const notFound = (type: ManagedType) =>
  new NotFoundError(
    type === 'SUPPLIER' ? ORGANIZATION_MESSAGES.supplierNotFound : ORGANIZATION_MESSAGES.providerNotFound,
  );

// ---- filter meta ----

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

export function ssoFilterMeta() {
  return YES_NO;
}

export function notisphereManagedFilterMeta() {
  return YES_NO;
}

export function statusFilterMeta() {
  return vocabularyOptions('organizationStatus');
}

/** Active organisations (id, name, type, parent) for pickers, optionally of one type; `search` narrows by name. */
export async function organizationMeta(db: Knex, query: { orgType?: string; search?: string }) {
  const q = db('organizations')
    .whereIn('status', ['ACTIVE', 'LINKED'])
    .orderByRaw('lower(name)')
    .limit(5000)
    .select('id', 'name', 'type', 'parent_id');
  if (query.orgType) q.where('type', query.orgType);
  if (query.search?.trim()) q.whereRaw('name ILIKE ?', [`%${escapeLike(query.search.trim())}%`]);
  return q;
}

/** The organisations a recall list can be filtered by: suppliers (who send) and providers with their sites (who receive). */
export async function recallOrganizationMeta(db: Knex) {
  const rows = (await db('organizations')
    .whereIn('type', ['SUPPLIER', 'PROVIDER'])
    .orderByRaw('lower(name)')
    .select('id', 'name', 'type', 'parent_id')) as { id: number; name: string; type: ManagedType; parent_id: number }[];
  return {
    suppliers: rows.filter((r) => r.type === 'SUPPLIER').map(({ id, name }) => ({ id, name })),
    providers: rows.filter((r) => r.type === 'PROVIDER').map(({ id, name, parent_id }) => ({ id, name, parent_id })),
  };
}

/** Health systems (providers without a parent), for choosing a provider. */
export async function providerOrganizationMeta(db: Knex, search?: string) {
  const q = db('organizations')
    .where({ type: 'PROVIDER' })
    .whereNull('parent_id')
    .orderByRaw('lower(name)')
    .limit(5000)
    .select('id', 'name', 'notisphere_id', 'status');
  if (search?.trim()) q.whereRaw('name ILIKE ?', [`%${escapeLike(search.trim())}%`]);
  return q;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---- lists ----

/** A row of the operator's supplier or provider list. */
export interface OrganizationRow {
  id: number;
  name: string;
  notisphere_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  domain: string | null;
  status: string;
  is_sso: boolean;
  isSSO: boolean;
  is_notisphere_managed: boolean;
  requires_second_factor: boolean;
  admin_name: string | null;
  admin_email: string | null;
  admin_status: string | null;
  created_at: string;
  updated_at: string;
  site_count?: number;
  sites?: string | null;
}

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

const providerList: ListSpec = {
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
function joinAdministrator(q: Knex.QueryBuilder): void {
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

function organizationRows(db: Knex, type: ManagedType, raw: OrganizationListQuery) {
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
    if (value !== 'true' && value !== 'false') throw new ValidationError(`${flag} must be true or false.`);
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

export interface SiteRow {
  id: number;
  name: string;
  notisphere_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  status: string;
}

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

// ---- writes ----

async function assertUnique(
  trx: Knex.Transaction,
  fields: { self_registration_link?: string | null; notisphere_id?: string | null },
  exceptId: number | null,
): Promise<void> {
  const taken = async (column: string, value: string | null | undefined) => {
    if (!value) return false;
    const q = trx('organizations').where(column, value).first('id');
    if (exceptId) q.whereNot('id', exceptId);
    return !!(await q);
  };
  if (await taken('self_registration_link', fields.self_registration_link))
    throw new ConflictError(ORGANIZATION_MESSAGES.linkTaken, 'LINK_TAKEN');
  if (await taken('notisphere_id', fields.notisphere_id))
    throw new ConflictError(ORGANIZATION_MESSAGES.notisphereIdTaken, 'NOTISPHERE_ID_TAKEN');
}

export function checkOrganizationFields(input: OrganizationFields, prefix = ''): void {
  try {
    checkFields(input as Record<string, unknown>, ADDRESS_RULES);
  } catch (err) {
    if (prefix && err instanceof ValidationError) throw new ValidationError(`${prefix}${err.message}`, err.details);
    throw err;
  }
}

/** Address and contact columns of the input, trimmed, blanks as null; only the keys the client sent. */
function organizationColumns(input: OrganizationFields): Record<string, string | null> {
  const keys = [
    'name',
    'notisphere_id',
    'address1',
    'address2',
    'city',
    'state',
    'zip',
    'country',
    'phone',
    'email',
    'domain',
  ] as const;
  const out: Record<string, string | null> = {};
  for (const k of keys) if (input[k] !== undefined) out[k] = input[k] ?? null;
  const cleaned = clean(out);
  if (cleaned.domain !== undefined) cleaned.domain = joinDomains(cleaned.domain);
  return cleaned;
}

function settingColumns(input: AccountSettings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['is_sso', 'is_notisphere_managed', 'requires_second_factor'] as const)
    if (input[k] !== undefined) out[k] = input[k];
  if (input.is_sso === undefined && input.isSSO !== undefined) out.is_sso = input.isSSO;
  if (input.self_registration_link !== undefined)
    out.self_registration_link = input.self_registration_link?.trim().toLowerCase() || null;
  return out;
}

/** A generated Notisphere ID when the operator gave none: the type's prefix and the id, e.g. SUP-000042. */
async function ensureNotisphereId(trx: Knex.Transaction, id: number, type: ManagedType): Promise<void> {
  const prefix = type === 'SUPPLIER' ? 'SUP' : 'PRV';
  await trx('organizations')
    .where({ id })
    .whereNull('notisphere_id')
    .update({ notisphere_id: `${prefix}-${String(id).padStart(6, '0')}` });
}

async function setSelfRegistrationRole(trx: Knex.Transaction, orgId: number, role: string | null | undefined) {
  if (role === undefined) return;
  let roleId: number | null = null;
  if (role !== null && role.trim() !== '') {
    const found = (await trx('roles')
      .where({ organization_id: orgId, status: 'ACTIVE' })
      .whereRaw('lower(name) = lower(?)', [role.trim()])
      .first('id')) as { id: number } | undefined;
    if (!found)
      throw new ValidationError(ORGANIZATION_MESSAGES.unknownRole, [
        { field: 'self_registration_role', message: ORGANIZATION_MESSAGES.unknownRole },
      ]);
    roleId = found.id;
  }
  await trx('organizations').where({ id: orgId }).update({ self_registration_role_id: roleId });
}

/**
 * The organisation's first administrator: a new person gets an account in VERIFICATION and an emailed single-use
 * link that verifies the address and sets the password; a person who already has an account gets the membership and
 * a notice. The mail is queued in the caller's transaction.
 */
async function onboardAdministrator(
  trx: Knex.Transaction,
  config: Config,
  org: { id: number; name: string },
  roleId: number,
  input: AdministratorInput,
): Promise<{ userId: number; existing: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await User.query(trx).whereRaw('lower(email) = ?', [email]).forUpdate().first().select('id');
  if (existing) {
    await Membership.query(trx).insert({
      user_id: existing.id,
      organization_id: org.id,
      role_id: roleId,
      status: 'ACTIVE',
    });
    await enqueueEmail(trx, emails.addedToOrganization(email, org.id, org.name, `${config.appUrl}/login`));
    return { userId: existing.id, existing: true };
  }
  const { id } = await User.query(trx).insert({
    email,
    password_hash: null,
    first_name: input.first_name.trim(),
    last_name: input.last_name.trim(),
    phone: input.phone?.trim() || null,
    status: 'VERIFICATION',
  });
  await Membership.query(trx).insert({ user_id: id, organization_id: org.id, role_id: roleId, status: 'ACTIVE' });
  const token = await issueSetPasswordToken(trx, id, config.linkTtlSeconds);
  const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await enqueueEmail(trx, emails.onboarding(email, org.id, org.name, link, Math.round(config.linkTtlSeconds / 3600)));
  return { userId: id, existing: false };
}

function checkNewOrganization(type: ManagedType, input: NewOrganizationInput): void {
  requireText(input as unknown as Record<string, unknown>, ['name']);
  checkOrganizationFields(input);
  const admin = input.administrator;
  requireText(admin as unknown as Record<string, unknown>, ['first_name', 'last_name', 'email']);
  checkFields(admin as unknown as Record<string, unknown>, { email: 'email', phone: 'phone' });
  const role = input.self_registration_role?.trim().toLowerCase();
  if (role && !Object.keys(SEEDED_ROLES[type]).some((name) => name.toLowerCase() === role))
    throw new ValidationError(ORGANIZATION_MESSAGES.unknownRole, [
      { field: 'self_registration_role', message: ORGANIZATION_MESSAGES.unknownRole },
    ]);
  for (const [i, site] of (input.sites ?? []).entries()) {
    requireText(site as unknown as Record<string, unknown>, ['name']);
    checkOrganizationFields(site, `sites[${i}]: `);
  }
}

async function insertSite(trx: Knex.Transaction, parentId: number, site: SiteInput): Promise<number> {
  const columns = organizationColumns(site);
  await assertUnique(trx, columns, null);
  const created = await createOrganizationWithRoles(trx, {
    ...(columns as { name: string }),
    type: 'PROVIDER',
    parent_id: parentId,
  });
  await ensureNotisphereId(trx, created.id, 'PROVIDER');
  return created.id;
}

/**
 * POST /suppliers and /providers: onboards an organisation (with its seeded roles), its sites for a provider, and its
 * administrator, who is invited by email. One transaction; the caller kicks the mail sender after it.
 */
export async function createManagedOrganization(
  db: Knex,
  actor: Actor,
  config: Config,
  type: ManagedType,
  input: NewOrganizationInput,
): Promise<OrganizationDetail | ProviderDetail> {
  checkNewOrganization(type, input);
  const id = await transaction(db, async (trx) => {
    const columns = organizationColumns(input);
    const settings = settingColumns(input);
    await assertUnique(trx, { ...columns, ...settings } as { notisphere_id?: string | null }, null);
    const created = await createOrganizationWithRoles(trx, { ...(columns as { name: string }), type });
    if (Object.keys(settings).length) await trx('organizations').where({ id: created.id }).update(settings);
    await ensureNotisphereId(trx, created.id, type);
    await setSelfRegistrationRole(trx, created.id, input.self_registration_role);
    const siteIds: number[] = [];
    if (type === 'PROVIDER')
      for (const site of input.sites ?? []) siteIds.push(await insertSite(trx, created.id, site));
    const admin = await onboardAdministrator(
      trx,
      config,
      { id: created.id, name: columns.name! },
      created.roles[ADMINISTRATOR]!,
      input.administrator,
    );
    await recordAudit(trx, actor, {
      organizationId: created.id,
      action: 'ORGANIZATION_CREATED',
      entityType: 'organization',
      entityId: created.id,
      after: {
        type,
        ...columns,
        ...settings,
        self_registration_role: input.self_registration_role ?? null,
        site_ids: siteIds,
        administrator: {
          user_id: admin.userId,
          email: input.administrator.email.trim().toLowerCase(),
          existing_account: admin.existing,
        },
      },
    });
    return created.id;
  });
  return getManagedOrganization(db, config, type, id);
}

async function lockManaged(trx: Knex.Transaction, type: ManagedType, id: number): Promise<Organization> {
  const q = Organization.query(trx).findOne({ id, type }).forUpdate();
  if (type === 'PROVIDER') q.whereNull('parent_id');
  const org = await q;
  if (!org) throw notFound(type);
  return org;
}

/**
 * Sets the organisations' status. Deactivation ends every session in them at once, in the caller's transaction
 * (auth's sessions, through the sessions port). Answers the ids whose status changed and the sessions ended.
 */
async function setStatus(
  trx: Knex.Transaction,
  ids: number[],
  status: 'ACTIVE' | 'DEACTIVATED',
): Promise<{ changed: number[]; sessionsEnded: number }> {
  const rows = (await trx('organizations')
    .whereRaw('id = ANY(?)', [ids])
    .whereNot('status', status)
    .update({ status, updated_at: trx.fn.now() })
    .returning('id')) as { id: number }[];
  const changed = rows.map((r) => Number(r.id));
  const sessionsEnded =
    status === 'DEACTIVATED' && changed.length ? await endSessions(trx, { organizationIds: changed }) : 0;
  return { changed, sessionsEnded };
}

/**
 * DELETE /suppliers/:id and /providers/:id: a soft deactivation (nothing is deleted). A health system's sites go with
 * it. Every session of its users in those organisations ends in the same transaction.
 */
export async function deactivateManagedOrganization(
  db: Knex,
  actor: Actor,
  type: ManagedType,
  id: number,
): Promise<{ id: number; status: 'DEACTIVATED'; sessions_ended: number }> {
  return transaction(db, async (trx) => {
    const org = await lockManaged(trx, type, id);
    if (org.status === 'DEACTIVATED')
      throw new ConflictError(ORGANIZATION_MESSAGES.alreadyDeactivated, 'INVALID_STATUS');
    const siteIds =
      type === 'PROVIDER' ? ((await trx('organizations').where({ parent_id: id }).pluck('id')) as number[]) : [];
    const { changed, sessionsEnded } = await setStatus(trx, [id, ...siteIds], 'DEACTIVATED');
    await recordAudit(trx, actor, {
      organizationId: id,
      action: 'ORGANIZATION_DEACTIVATED',
      entityType: 'organization',
      entityId: id,
      before: { status: org.status },
      after: { status: 'DEACTIVATED', organizations: changed },
    });
    return { id, status: 'DEACTIVATED' as const, sessions_ended: sessionsEnded };
  });
}

/**
 * PUT /suppliers/:id and /providers/:id: updates the fields sent. `status: 'ACTIVE'` reactivates a deactivated
 * organisation (with its sites); `status: 'DEACTIVATED'` is the same as DELETE. A deactivated organisation must be
 * reactivated before any other change. For a provider, `sites` entries with an id change that site (its status
 * too), entries without one add a site; sites left out are untouched.
 */
export async function updateManagedOrganization(
  db: Knex,
  actor: Actor,
  config: Config,
  type: ManagedType,
  id: number,
  input: OrganizationUpdate,
): Promise<OrganizationDetail | ProviderDetail> {
  if (input.name !== undefined) requireText(input as unknown as Record<string, unknown>, ['name']);
  checkOrganizationFields(input);
  for (const [i, site] of (input.sites ?? []).entries()) {
    if (site.id === undefined || site.name !== undefined)
      requireText(site as unknown as Record<string, unknown>, ['name']);
    checkOrganizationFields(site, `sites[${i}]: `);
  }
  if (input.status === 'DEACTIVATED') {
    await deactivateManagedOrganization(db, actor, type, id);
    return getManagedOrganization(db, config, type, id);
  }
  await transaction(db, async (trx) => {
    const org = await lockManaged(trx, type, id);
    const reactivate = input.status === 'ACTIVE' && org.status === 'DEACTIVATED';
    if (org.status === 'DEACTIVATED' && !reactivate)
      throw new ConflictError(ORGANIZATION_MESSAGES.editDeactivated, 'INVALID_STATUS');
    const columns = organizationColumns(input);
    const settings = settingColumns(input);
    await assertUnique(trx, { ...columns, ...settings } as { notisphere_id?: string | null }, id);
    const changes = { ...columns, ...settings };
    const before = await trx('organizations')
      .where({ id })
      .first(Object.keys(changes).length ? Object.keys(changes) : ['id']);
    if (Object.keys(changes).length) await Organization.query(trx).findById(id).patch(changes);
    await ensureNotisphereId(trx, id, type);
    await setSelfRegistrationRole(trx, id, input.self_registration_role);
    let reactivated: number[] = [];
    if (reactivate) {
      const siteIds =
        type === 'PROVIDER' ? ((await trx('organizations').where({ parent_id: id }).pluck('id')) as number[]) : [];
      reactivated = (await setStatus(trx, [id, ...siteIds], 'ACTIVE')).changed;
    }
    const siteChanges: unknown[] = [];
    if (type === 'PROVIDER') {
      for (const site of input.sites ?? []) siteChanges.push(await upsertSite(trx, id, site));
    }
    await recordAudit(trx, actor, {
      organizationId: id,
      action: reactivate ? 'ORGANIZATION_ACTIVATED' : 'ORGANIZATION_UPDATED',
      entityType: 'organization',
      entityId: id,
      before: { ...before, status: org.status },
      after: {
        ...changes,
        ...(input.self_registration_role !== undefined ? { self_registration_role: input.self_registration_role } : {}),
        status: reactivate ? 'ACTIVE' : org.status,
        ...(reactivated.length ? { organizations: reactivated } : {}),
        ...(siteChanges.length ? { sites: siteChanges } : {}),
      },
    });
  });
  return getManagedOrganization(db, config, type, id);
}

/** Adds a site to a health system (no id) or changes one of its sites (404 for another's). In the caller's trx. */
export async function upsertSite(trx: Knex.Transaction, parentId: number, site: SiteInput) {
  if (site.id === undefined) return { id: await insertSite(trx, parentId, site), created: true };
  const row = (await trx('organizations')
    .where({ id: site.id, parent_id: parentId })
    .forUpdate()
    .first('id', 'status')) as { id: number; status: string } | undefined;
  if (!row) throw new NotFoundError(ORGANIZATION_MESSAGES.siteNotFound);
  const columns = organizationColumns(site);
  await assertUnique(trx, columns, site.id);
  if (Object.keys(columns).length) await Organization.query(trx).findById(site.id).patch(columns);
  if (site.status && site.status !== row.status) await setStatus(trx, [site.id], site.status);
  return { id: site.id, ...columns, ...(site.status ? { status: site.status } : {}) };
}

// ---- provider account data and report ----

/** One line of the Provider Account Report: a health system or one of its sites. */
export interface ProviderAccountLine extends SiteRow {
  health_system: string;
  is_site: boolean;
  is_sso: boolean;
  is_notisphere_managed: boolean;
  requires_second_factor: boolean;
  admin_name: string | null;
  admin_email: string | null;
  admin_status: string | null;
  user_count: number;
  created_at: Date;
}

const accountSelect = (db: Knex) => [
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
  'o.status',
  'o.is_sso',
  'o.is_notisphere_managed',
  'o.requires_second_factor',
  'o.created_at',
  'adm.name as admin_name',
  'adm.email as admin_email',
  'adm.status as admin_status',
  db.raw(
    `(SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id AND m.status <> 'DELETED') AS user_count`,
  ),
];

/** The account lines of the given health systems, each followed by its sites (sites have their own users, if any). */
async function accountLines(db: Knex, systems: { id: number; name: string }[]): Promise<ProviderAccountLine[]> {
  if (!systems.length) return [];
  const ids = systems.map((s) => s.id);
  const q = db('organizations as o').whereRaw('(o.id = ANY(?) OR o.parent_id = ANY(?))', [ids, ids]);
  joinAdministrator(q);
  const rows = (await q.select([...accountSelect(db), 'o.parent_id'])) as (ProviderAccountLine & {
    parent_id: number | null;
  })[];
  const names = new Map(systems.map((s) => [s.id, s.name]));
  const lines: ProviderAccountLine[] = [];
  for (const system of systems) {
    const own = rows.find((r) => r.id === system.id);
    if (own) lines.push({ ...own, health_system: system.name, is_site: false });
    for (const site of rows
      .filter((r) => r.parent_id === system.id)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id))
      lines.push({ ...site, health_system: names.get(system.id)!, is_site: true });
  }
  return lines;
}

/** GET /providerdocdata/:id: one provider's account data (the Provider Account Report's lines of that health system). */
export async function providerAccountData(
  db: Knex,
  id: number,
): Promise<{ provider: { id: number; name: string }; lines: ProviderAccountLine[] }> {
  const system = (await db('organizations')
    .where({ id, type: 'PROVIDER' })
    .whereNull('parent_id')
    .first('id', 'name')) as { id: number; name: string } | undefined;
  if (!system) throw notFound('PROVIDER');
  return { provider: system, lines: await accountLines(db, [system]) };
}

function accountColumns(): ReportColumn<ProviderAccountLine>[] {
  const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
  return [
    { header: 'Health System', value: (r) => r.health_system, width: 32 },
    { header: 'Site', value: (r) => (r.is_site ? r.name : ''), width: 32 },
    { header: 'Notisphere ID', value: (r) => r.notisphere_id },
    { header: 'Address 1', value: (r) => r.address1, width: 28 },
    { header: 'Address 2', value: (r) => r.address2 },
    { header: 'City', value: (r) => r.city },
    { header: 'State', value: (r) => r.state },
    { header: 'Zip', value: (r) => r.zip },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Email', value: (r) => r.email, width: 28 },
    { header: 'Status', value: (r) => vocabularyLabel('organizationStatus', r.status) },
    { header: 'SSO', value: (r) => yesNo(r.is_sso) },
    { header: 'Notisphere Managed', value: (r) => yesNo(r.is_notisphere_managed) },
    { header: 'Second Factor', value: (r) => yesNo(r.requires_second_factor) },
    { header: 'Administrator', value: (r) => r.admin_name },
    { header: 'Administrator Email', value: (r) => r.admin_email, width: 28 },
    { header: 'Administrator Status', value: (r) => vocabularyLabel('userStatus', r.admin_status) },
    { header: 'Users', value: (r) => r.user_count, kind: 'number' },
    { header: 'Created', value: (r) => r.created_at, kind: 'datetime' },
  ];
}

/**
 * GET /downloadprovideraccountcsv and /downloadprovideraccountxlsx ("Provider Account Report MM-DD-YYYY"): the
 * provider list's health systems (same filters, search and sort), each followed by its sites, streamed in batches.
 */
export async function downloadProviderAccounts(
  db: Knex,
  raw: OrganizationListQuery,
  format: 'csv' | 'xlsx',
  timezone: string,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  const { q, rest } = organizationRows(db, 'PROVIDER', raw);
  const systems = listPages<{ id: number; name: string }>(q, rest, providerList, 'o.id', (qb) =>
    qb.select('o.id', 'o.name'),
  );
  // 500 health systems a batch: each brings its sites along.
  async function* batches(): AsyncGenerator<ProviderAccountLine[]> {
    for await (const page of pagedBatches(systems, MAX_REPORT_ROWS, 500)) {
      const lines = await accountLines(db, page);
      if (lines.length) yield lines;
    }
  }
  return reportFile(
    'Provider Account Report',
    format,
    [sheet({ name: 'Provider Accounts', columns: accountColumns(), rows: batches() })],
    timezone,
    onError,
  );
}
