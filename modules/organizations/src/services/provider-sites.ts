import type { Knex } from 'knex';
import {
  type Actor,
  ConflictError,
  ForbiddenError,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  transaction,
} from '@portal/core';
import { requireText } from './common.js';
import { checkOrganizationFields, upsertSite } from './operator-organization-writes.js';
import type { SiteInput } from './operator-organizations.js';
import { SITE_COLUMNS, type SiteRow } from './operator-organization-reads.js';

/**
 * A health system's own sites (spec 000 §2 /provider/sites), for its administrator: the operator's site writes
 * (`upsertSite`) behind routes scoped to the caller's organisation. Another health system's site answers 404.
 */

export type SiteFields = Omit<SiteInput, 'id' | 'status' | 'notisphere_id'>;

const siteList: ListSpec = {
  fields: {
    id: 'o.id',
    name: 'o.name',
    notisphere_id: 'o.notisphere_id',
    address1: 'o.address1',
    city: 'o.city',
    state: 'o.state',
    zip: 'o.zip',
    phone: 'o.phone',
    email: 'o.email',
    status: 'o.status',
  },
  searchColumns: ['o.name', 'o.city', 'o.notisphere_id'],
  defaultSort: [{ column: 'o.name', direction: 'asc' }],
};

export interface SiteListRow extends SiteRow {
  user_count: number;
}

const siteRows = (db: Knex, actor: Actor) => db('organizations as o').where('o.parent_id', actor.organizationId);

const selectSite = (db: Knex) => (qb: Knex.QueryBuilder) =>
  qb.select(
    ...SITE_COLUMNS.map((c) => `o.${c}`),
    'o.updated_at',
    db.raw(
      `(SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id AND m.status <> 'DELETED') AS user_count`,
    ),
  );

export async function listOwnSites(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): Promise<ListPage<SiteListRow>> {
  const query = parseListQuery(raw, siteList);
  return runList<SiteListRow>(siteRows(db, actor), query, siteList, 'o.id', selectSite(db), 'o.updated_at');
}

export async function getOwnSite(db: Knex, actor: Actor, id: number): Promise<SiteListRow> {
  const row = (await selectSite(db)(siteRows(db, actor).where('o.id', id)).first()) as SiteListRow | undefined;
  if (!row) throw new NotFoundError('SITE_NOT_FOUND_IN_PROVIDER');
  return row;
}

/** The site row of the caller's health system, locked; 404 for any other organisation. */
async function lockOwnSite(trx: Knex.Transaction, actor: Actor, id: number): Promise<{ id: number; status: string }> {
  const row = (await trx('organizations')
    .where({ id, parent_id: actor.organizationId })
    .forUpdate()
    .first('id', 'status')) as { id: number; status: string } | undefined;
  if (!row) throw new NotFoundError('SITE_NOT_FOUND_IN_PROVIDER');
  return row;
}

function checkSite(input: SiteFields): void {
  requireText(input as Record<string, unknown>, ['name']);
  checkOrganizationFields(input);
}

/** Adds a site (with its seeded roles and Notisphere ID) to the caller's health system. */
export async function createOwnSite(db: Knex, actor: Actor, input: SiteFields): Promise<SiteListRow> {
  // Sites hang off a health system only: a site's own administrator cannot add sites beneath it.
  if (actor.parentOrganizationType !== null) throw new ForbiddenError('SITES_HEALTH_SYSTEM_ONLY');
  checkSite(input);
  const id = await transaction(db, async (trx) => {
    const { id } = (await upsertSite(trx, actor.organizationId, input)) as { id: number };
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'SITE_CREATED',
      entityType: 'organization',
      entityId: id,
      after: { ...input },
    });
    return id;
  });
  return getOwnSite(db, actor, id);
}

/** Changes a site's name, address and contact; a deactivated site must be activated first (spec 000 §4). */
export async function updateOwnSite(db: Knex, actor: Actor, id: number, input: SiteFields): Promise<SiteListRow> {
  checkSite(input);
  await transaction(db, async (trx) => {
    const row = await lockOwnSite(trx, actor, id);
    if (row.status !== 'ACTIVE') throw new ConflictError('INVALID_STATUS.editInactive');
    const before = await trx('organizations').where({ id }).first(Object.keys(input));
    await upsertSite(trx, actor.organizationId, { ...input, id });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'SITE_UPDATED',
      entityType: 'organization',
      entityId: id,
      before,
      after: { ...input },
    });
  });
  return getOwnSite(db, actor, id);
}

/** Activates or deactivates a site; deactivation ends the sessions of its users (as the operator's does). */
export async function changeOwnSiteStatus(
  db: Knex,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<{ id: number; status: string }> {
  const status = active ? 'ACTIVE' : 'DEACTIVATED';
  return transaction(db, async (trx) => {
    const row = await lockOwnSite(trx, actor, id);
    if (active && row.status === 'ACTIVE') throw new ConflictError('INVALID_STATUS.alreadyActive');
    if (!active && row.status !== 'ACTIVE') throw new ConflictError('INVALID_STATUS.notActive');
    await upsertSite(trx, actor.organizationId, { id, status });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: active ? 'SITE_ACTIVATED' : 'SITE_DEACTIVATED',
      entityType: 'organization',
      entityId: id,
      before: { status: row.status },
      after: { status },
    });
    return { id, status };
  });
}
