import type { Knex } from 'knex';
import {
  type Actor,
  type Config,
  ConflictError,
  NotFoundError,
  recordAudit,
  SEEDED_ROLES,
  ValidationError,
  transaction,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { emails } from '../emails.js';
import { Membership } from '../models/Membership.js';
import { Organization } from '../models/Organization.js';
import { User } from '../models/User.js';
import { checkFields, clean, joinDomains, requireText } from './common.js';
import { createOrganizationWithRoles } from './setup.js';
import { issueSetPasswordToken } from './sessions.js';
import { ADMINISTRATOR } from './users.js';
import { endSessions } from './sessions.js';
import {
  type AccountSettings,
  ADDRESS_RULES,
  type AdministratorInput,
  type ManagedType,
  type NewOrganizationInput,
  notFound,
  type OrganizationFields,
  type OrganizationUpdate,
  type SiteInput,
} from './operator-organizations.js';
import { getManagedOrganization, type OrganizationDetail, type ProviderDetail } from './operator-organization-reads.js';

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
  if (await taken('self_registration_link', fields.self_registration_link)) throw new ConflictError('LINK_TAKEN');
  if (await taken('notisphere_id', fields.notisphere_id)) throw new ConflictError('NOTISPHERE_ID_TAKEN');
}

/** The address fields' rules; a site's problem (`site`: its index) names the site. */
export function checkOrganizationFields(input: OrganizationFields, site?: number): void {
  try {
    checkFields(input as Record<string, unknown>, ADDRESS_RULES);
  } catch (err) {
    if (site !== undefined && err instanceof ValidationError)
      throw new ValidationError('SITE_FIELD_INVALID', { index: site, problem: err.part }).withDetails(err.details);
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

/**
 * The settings columns of the input. The second factor is `two_factor`; a client that sends only the spec's
 * `requires_second_factor` (computed from it) turns it off, or on as the emailed code unless another one is set.
 */
function settingColumns(
  input: AccountSettings,
  twoFactor: Organization['two_factor'] = 'NONE',
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['is_sso', 'is_notisphere_managed'] as const) if (input[k] !== undefined) out[k] = input[k];
  if (input.two_factor !== undefined) out.two_factor = input.two_factor;
  else if (input.requires_second_factor !== undefined)
    out.two_factor = !input.requires_second_factor ? 'NONE' : twoFactor === 'NONE' ? 'EMAIL_CODE' : twoFactor;
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
    if (!found) throw ValidationError.field('self_registration_role', 'SELF_REGISTRATION_ROLE_INVALID');
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
    throw ValidationError.field('self_registration_role', 'SELF_REGISTRATION_ROLE_INVALID');
  for (const [i, site] of (input.sites ?? []).entries()) {
    requireText(site as unknown as Record<string, unknown>, ['name']);
    checkOrganizationFields(site, i);
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
    if (org.status === 'DEACTIVATED') throw new ConflictError('INVALID_STATUS.organizationDeactivated');
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
    checkOrganizationFields(site, i);
  }
  if (input.status === 'DEACTIVATED') {
    await deactivateManagedOrganization(db, actor, type, id);
    return getManagedOrganization(db, config, type, id);
  }
  await transaction(db, async (trx) => {
    const org = await lockManaged(trx, type, id);
    const reactivate = input.status === 'ACTIVE' && org.status === 'DEACTIVATED';
    if (org.status === 'DEACTIVATED' && !reactivate)
      throw new ConflictError('INVALID_STATUS.editDeactivatedOrganization');
    const columns = organizationColumns(input);
    const settings = settingColumns(input, org.two_factor);
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
  if (!row) throw new NotFoundError('SITE_NOT_FOUND_IN_PROVIDER');
  const columns = organizationColumns(site);
  await assertUnique(trx, columns, site.id);
  if (Object.keys(columns).length) await Organization.query(trx).findById(site.id).patch(columns);
  if (site.status && site.status !== row.status) await setStatus(trx, [site.id], site.status);
  return { id: site.id, ...columns, ...(site.status ? { status: site.status } : {}) };
}
