import type { Knex } from 'knex';
import {
  type Actor,
  ConflictError,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  ValidationError,
  transaction,
  type RowOf,
  type FromSchema,
} from '@portal/core';
import {
  assertEditable,
  changeMasterStatus,
  checkFields,
  type MasterTable,
  requireText,
  type StatusAction,
  takeExactFilters,
} from './common.js';
import { assertMayManage, type CommunicationType } from './communication-settings.js';
import { Organization } from '../models/Organization.js';
import type { distributionListSchema, distributionListMemberSchema } from '../answer-schemas.js';
import type { memberBody } from '../schemas.js';

const LIST_TABLE: MasterTable = {
  table: 'distribution_lists',
  entityType: 'distribution_list',
  notFound: 'DISTRIBUTION_LIST_NOT_FOUND',
};

export type DistributionList = RowOf<typeof distributionListSchema>;

/** A recipient on a list: an email, a provider organisation or one of the supplier's locations (current name and email). */
export type DistributionListMember = RowOf<typeof distributionListMemberSchema>;

export interface DistributionListInput {
  name: string;
  description?: string | null;
}

export type NewDistributionListMember = FromSchema<typeof memberBody>;

export const distributionListList: ListSpec = {
  fields: {
    id: 'dl.id',
    name: 'dl.name',
    description: 'dl.description',
    status: 'dl.status',
    member_count: 'dl.member_count',
    created_at: 'dl.created_at',
    updated_at: 'dl.updated_at',
  },
  searchColumns: ['dl.name', 'dl.description'],
  defaultSort: [{ column: 'dl.name', direction: 'asc' }],
};

export const memberList: ListSpec = {
  fields: { id: 'mm.id', name: 'mm.name', email: 'mm.email', created_at: 'mm.created_at' },
  searchColumns: ['mm.name', 'mm.email'],
  defaultSort: [{ column: 'mm.name', direction: 'asc' }],
};

const memberCount = `(SELECT count(*)::int FROM distribution_list_members m WHERE m.list_id = dl.id) as member_count`;

function lists(db: Knex | Knex.Transaction, actor: Actor): Knex.QueryBuilder {
  return db('distribution_lists as dl')
    .where('dl.organization_id', actor.organizationId)
    .whereNot('dl.status', 'DELETED');
}

const selectList = (db: Knex | Knex.Transaction) => (qb: Knex.QueryBuilder) =>
  qb.select(
    'dl.id',
    'dl.organization_id',
    'dl.communication_type',
    'dl.name',
    'dl.description',
    'dl.status',
    'dl.created_at',
    'dl.updated_at',
    db.raw(memberCount),
  );

export async function listDistributionLists(
  db: Knex,
  actor: Actor,
  type: CommunicationType,
  raw: Record<string, unknown>,
): Promise<ListPage<DistributionList>> {
  assertMayManage(actor, type);
  const { rest, exact } = takeExactFilters(raw, ['status']);
  const base = lists(db, actor).where('dl.communication_type', type);
  if (exact.status) base.whereRaw('upper(dl.status) = upper(?)', [exact.status]);
  // Wrapped so member_count can be sorted and filtered like a column.
  const wrapped = db.from(selectList(db)(base).as('dl'));
  return runList<DistributionList>(
    wrapped,
    parseListQuery(rest, distributionListList),
    distributionListList,
    'dl.id',
    (qb) => qb.select('dl.*'),
    'dl.updated_at',
  );
}

/** One list of the caller: 404 for another tenant's, 403 when the caller may not manage its communication type. */
export async function getDistributionList(
  db: Knex | Knex.Transaction,
  actor: Actor,
  id: number,
  forUpdate = false,
): Promise<DistributionList> {
  const q = lists(db, actor).where('dl.id', id);
  if (forUpdate) q.forUpdate('dl');
  const row = (await selectList(db)(q).first()) as DistributionList | undefined;
  if (!row) throw new NotFoundError('DISTRIBUTION_LIST_NOT_FOUND');
  assertMayManage(actor, row.communication_type);
  return row;
}

async function assertNameFree(
  trx: Knex.Transaction,
  actor: Actor,
  type: CommunicationType,
  name: string,
  exceptId?: number,
): Promise<void> {
  const q = lists(trx, actor).where('dl.communication_type', type).whereRaw('lower(dl.name) = lower(?)', [name]);
  if (exceptId) q.whereNot('dl.id', exceptId);
  if (await q.first('dl.id')) throw new ConflictError('LIST_NAME_TAKEN');
}

const audit = (
  trx: Knex.Transaction,
  actor: Actor,
  action: string,
  entityType: string,
  id: number,
  before: unknown,
  after: unknown,
) =>
  recordAudit(trx, actor, {
    organizationId: actor.organizationId,
    action,
    entityType,
    entityId: id,
    before,
    after,
  });

export async function createDistributionList(
  db: Knex,
  actor: Actor,
  type: CommunicationType,
  input: DistributionListInput,
): Promise<DistributionList> {
  assertMayManage(actor, type);
  requireText(input as unknown as Record<string, unknown>, ['name']);
  const v = { name: input.name.trim(), description: input.description?.trim() || null };
  const id = await transaction(db, async (trx) => {
    await assertNameFree(trx, actor, type, v.name);
    const [row] = await trx('distribution_lists')
      .insert({ ...v, organization_id: actor.organizationId, communication_type: type, status: 'ACTIVE' })
      .returning('id');
    const id = (row as { id: number }).id;
    await audit(trx, actor, 'DISTRIBUTION_LIST_CREATED', 'distribution_list', id, undefined, {
      ...v,
      communication_type: type,
    });
    return id;
  });
  return getDistributionList(db, actor, id);
}

export async function updateDistributionList(
  db: Knex,
  actor: Actor,
  id: number,
  input: DistributionListInput,
): Promise<DistributionList> {
  await transaction(db, async (trx) => {
    const before = await getDistributionList(trx, actor, id, true);
    assertEditable(before.status);
    requireText(input as unknown as Record<string, unknown>, ['name']);
    const v = { name: input.name.trim(), description: input.description?.trim() || null };
    if (v.name.toLowerCase() !== before.name.toLowerCase())
      await assertNameFree(trx, actor, before.communication_type, v.name, id);
    await trx('distribution_lists')
      .where({ id })
      .update({ ...v, updated_at: trx.fn.now() });
    await audit(
      trx,
      actor,
      'DISTRIBUTION_LIST_UPDATED',
      'distribution_list',
      id,
      { name: before.name, description: before.description },
      v,
    );
  });
  return getDistributionList(db, actor, id);
}

export async function changeDistributionListStatus(
  db: Knex,
  actor: Actor,
  id: number,
  action: StatusAction,
): Promise<{ id: number; status: string }> {
  const row = await changeMasterStatus<DistributionList>(db, actor, LIST_TABLE, id, action, async (_trx, list) =>
    assertMayManage(actor, list.communication_type),
  );
  return { id, status: row.status };
}

// ---- members ----

function members(db: Knex | Knex.Transaction, listId: number): Knex.QueryBuilder {
  return db('distribution_list_members as m')
    .leftJoin('organizations as po', 'po.id', 'm.provider_organization_id')
    .leftJoin('supplier_locations as sl', 'sl.id', 'm.supplier_location_id')
    .where('m.list_id', listId);
}

const selectMember = (db: Knex | Knex.Transaction) => (qb: Knex.QueryBuilder) =>
  qb.select(
    'm.id',
    'm.list_id',
    'm.provider_organization_id',
    'm.supplier_location_id',
    db.raw('coalesce(sl.location_name, po.name, m.name) as name'),
    db.raw('coalesce(sl.email, po.email, m.email) as email'),
    'm.created_at',
  );

export async function listDistributionListMembers(
  db: Knex,
  actor: Actor,
  listId: number,
  raw: Record<string, unknown>,
): Promise<ListPage<DistributionListMember>> {
  await getDistributionList(db, actor, listId);
  const base = db.from(selectMember(db)(members(db, listId)).as('mm'));
  return runList<DistributionListMember>(base, parseListQuery(raw, memberList), memberList, 'mm.id', (qb) =>
    qb.select('mm.*'),
  );
}

/** Every member of a list of the caller (for sending a communication); 404 across tenants, 403 without the type's permission. */
export async function getDistributionListMembers(
  db: Knex,
  actor: Actor,
  listId: number,
): Promise<DistributionListMember[]> {
  await getDistributionList(db, actor, listId);
  return (await selectMember(db)(members(db, listId)).orderBy('m.id')) as DistributionListMember[];
}

export async function addDistributionListMember(
  db: Knex,
  actor: Actor,
  listId: number,
  input: NewDistributionListMember,
): Promise<DistributionListMember> {
  const sources = [
    input.email?.trim() ? 1 : 0,
    input.provider_organization_id ? 1 : 0,
    input.supplier_location_id ? 1 : 0,
  ].reduce((a, b) => a + b, 0);
  if (sources !== 1) throw new ValidationError('MEMBER_SOURCE_REQUIRED');
  checkFields(input as Record<string, unknown>, { email: 'email' });
  const id = await transaction(db, async (trx) => {
    const list = await getDistributionList(trx, actor, listId, true);
    assertEditable(list.status);
    let row: {
      provider_organization_id: number | null;
      supplier_location_id: number | null;
      name: string | null;
      email: string | null;
    };
    const existing = trx('distribution_list_members').where({ list_id: listId });
    if (input.provider_organization_id) {
      const org = await Organization.query(trx)
        .findOne({ id: input.provider_organization_id, type: 'PROVIDER' })
        .whereIn('status', ['ACTIVE', 'LINKED'])
        .select('id', 'name', 'email');
      if (!org) throw new NotFoundError('PROVIDER_NOT_FOUND');
      existing.where({ provider_organization_id: org.id });
      row = { provider_organization_id: org.id, supplier_location_id: null, name: org.name, email: org.email };
    } else if (input.supplier_location_id) {
      const location = (await trx('supplier_locations')
        .where({ id: input.supplier_location_id, organization_id: actor.organizationId })
        .whereNot('status', 'DELETED')
        .first('id', 'location_name', 'email')) as
        | { id: number; location_name: string; email: string | null }
        | undefined;
      if (!location) throw new NotFoundError('LOCATION_NOT_FOUND');
      existing.where({ supplier_location_id: location.id });
      row = {
        provider_organization_id: null,
        supplier_location_id: location.id,
        name: location.location_name,
        email: location.email,
      };
    } else {
      const email = input.email!.trim().toLowerCase();
      existing
        .whereNull('provider_organization_id')
        .whereNull('supplier_location_id')
        .whereRaw('lower(email) = ?', [email]);
      row = { provider_organization_id: null, supplier_location_id: null, name: input.name?.trim() || null, email };
    }
    if (await existing.first('id')) throw new ConflictError('DUPLICATE_MEMBER');
    const [inserted] = await trx('distribution_list_members')
      .insert({ ...row, list_id: listId, organization_id: actor.organizationId })
      .returning('id');
    const id = (inserted as { id: number }).id;
    await trx('distribution_lists').where({ id: listId }).update({ updated_at: trx.fn.now() });
    await audit(trx, actor, 'DISTRIBUTION_LIST_MEMBER_ADDED', 'distribution_list', listId, undefined, {
      member_id: id,
      ...row,
    });
    return id;
  });
  return (await selectMember(db)(members(db, listId).where('m.id', id)).first()) as DistributionListMember;
}

export async function removeDistributionListMember(
  db: Knex,
  actor: Actor,
  listId: number,
  memberId: number,
): Promise<{ id: number }> {
  return transaction(db, async (trx) => {
    const list = await getDistributionList(trx, actor, listId, true);
    assertEditable(list.status);
    const member = await trx('distribution_list_members')
      .where({ id: memberId, list_id: listId, organization_id: actor.organizationId })
      .first();
    if (!member) throw new NotFoundError('MEMBER_NOT_FOUND');
    await trx('distribution_list_members').where({ id: memberId }).delete();
    await trx('distribution_lists').where({ id: listId }).update({ updated_at: trx.fn.now() });
    await audit(trx, actor, 'DISTRIBUTION_LIST_MEMBER_REMOVED', 'distribution_list', listId, member, undefined);
    return { id: memberId };
  });
}
