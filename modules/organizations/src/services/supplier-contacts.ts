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
  transaction,
  type RowOf,
  type FromSchema,
} from '@portal/core';
import {
  assertEditable,
  changeMasterStatus,
  checkFields,
  clean,
  lockOwnRow,
  type MasterTable,
  requireText,
  type StatusAction,
  takeExactFilters,
} from './common.js';
import type { supplierContactSchema } from '../location-answer-schemas.js';
import type { supplierContactBody } from '../schemas.js';

/** A provider's contact at one supplier (whom to write to there); the view's supplier contact prefers it. */
export type SupplierContact = RowOf<typeof supplierContactSchema>;

export type SupplierContactInput = FromSchema<typeof supplierContactBody>;

const TABLE: MasterTable = {
  table: 'provider_supplier_contacts',
  entityType: 'supplier_contact',
  notFound: 'SUPPLIER_CONTACT_NOT_FOUND',
};

export const supplierContactList: ListSpec = {
  fields: {
    id: 'c.id',
    supplier_name: 'o.name',
    name: 'c.name',
    email: 'c.email',
    phone: 'c.phone',
    status: 'c.status',
    created_at: 'c.created_at',
    updated_at: 'c.updated_at',
  },
  searchColumns: ['o.name', 'c.name', 'c.email', 'c.phone'],
  defaultSort: [{ column: 'o.name', direction: 'asc' }],
};

const select = (qb: Knex.QueryBuilder) =>
  qb.select(
    'c.id',
    'c.organization_id',
    'c.supplier_organization_id',
    'o.name as supplier_name',
    'c.name',
    'c.email',
    'c.phone',
    'c.notes',
    'c.status',
    'c.created_at',
    'c.updated_at',
  );

const from = (db: Knex, actor: Actor) =>
  db('provider_supplier_contacts as c')
    .join('organizations as o', 'o.id', 'c.supplier_organization_id')
    .where('c.organization_id', actor.organizationId)
    .whereNot('c.status', 'DELETED');

/** The caller's supplier contacts; `status` and `supplier_organization_id` in the filterModel match exactly. */
export async function listSupplierContacts(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): Promise<ListPage<SupplierContact>> {
  const { rest, exact } = takeExactFilters(raw, ['status', 'supplier_organization_id']);
  const base = from(db, actor);
  if (exact.status) base.whereRaw('upper(c.status) = upper(?)', [exact.status]);
  if (exact.supplier_organization_id)
    base.where('c.supplier_organization_id', Number(exact.supplier_organization_id) || 0);
  return runList<SupplierContact>(
    base,
    parseListQuery(rest, supplierContactList),
    supplierContactList,
    'c.id',
    select,
    'c.updated_at',
  );
}

export async function getSupplierContact(db: Knex, actor: Actor, id: number): Promise<SupplierContact> {
  const row = await select(from(db, actor).where('c.id', id)).first();
  if (!row) throw new NotFoundError('SUPPLIER_CONTACT_NOT_FOUND');
  return row as SupplierContact;
}

async function assertSupplier(trx: Knex.Transaction, supplierId: number): Promise<void> {
  const supplier = await trx('organizations').where({ id: supplierId, type: 'SUPPLIER' }).first('id');
  if (!supplier) throw new NotFoundError('SUPPLIER_NOT_FOUND');
}

async function assertSupplierFree(trx: Knex.Transaction, actor: Actor, supplierId: number, exceptId?: number) {
  const q = trx('provider_supplier_contacts')
    .where({ organization_id: actor.organizationId, supplier_organization_id: supplierId })
    .whereNot('status', 'DELETED');
  if (exceptId) q.whereNot({ id: exceptId });
  if (await q.first('id')) throw new ConflictError('SUPPLIER_TAKEN');
}

function values(input: SupplierContactInput) {
  requireText(input as unknown as Record<string, unknown>, ['name', 'email']);
  checkFields(input as unknown as Record<string, unknown>, { email: 'email', phone: 'phone' });
  const v = clean({ name: input.name, phone: input.phone ?? null, notes: input.notes ?? null });
  return { ...v, supplier_organization_id: input.supplier_organization_id, email: input.email.trim().toLowerCase() };
}

export async function createSupplierContact(
  db: Knex,
  actor: Actor,
  input: SupplierContactInput,
): Promise<SupplierContact> {
  const v = values(input);
  const id = await transaction(db, async (trx) => {
    await assertSupplier(trx, v.supplier_organization_id);
    await assertSupplierFree(trx, actor, v.supplier_organization_id);
    const [row] = (await trx('provider_supplier_contacts')
      .insert({ ...v, organization_id: actor.organizationId, status: 'ACTIVE', created_by: actor.userId })
      .returning('id')) as { id: number }[];
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'SUPPLIER_CONTACT_CREATED',
      entityType: TABLE.entityType,
      entityId: row!.id,
      after: v,
    });
    return row!.id;
  });
  return getSupplierContact(db, actor, id);
}

export async function updateSupplierContact(
  db: Knex,
  actor: Actor,
  id: number,
  input: SupplierContactInput,
): Promise<SupplierContact> {
  const v = values(input);
  await transaction(db, async (trx) => {
    const before = await lockOwnRow<SupplierContactInput & { status: string }>(trx, actor, TABLE, id);
    assertEditable(before.status);
    await assertSupplier(trx, v.supplier_organization_id);
    await assertSupplierFree(trx, actor, v.supplier_organization_id, id);
    await trx('provider_supplier_contacts')
      .where({ id })
      .update({ ...v, updated_at: trx.fn.now() });
    const { supplier_organization_id, name, email, phone, notes } = before;
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'SUPPLIER_CONTACT_UPDATED',
      entityType: TABLE.entityType,
      entityId: id,
      before: { supplier_organization_id: Number(supplier_organization_id), name, email, phone, notes },
      after: v,
    });
  });
  return getSupplierContact(db, actor, id);
}

export async function changeSupplierContactStatus(
  db: Knex,
  actor: Actor,
  id: number,
  action: StatusAction,
): Promise<{ id: number; status: string }> {
  const row = await changeMasterStatus<{ id: number; status: string }>(db, actor, TABLE, id, action);
  return { id: Number(row.id), status: row.status };
}

/**
 * The active contact a provider keeps for a supplier: the organisation's own first, else its parent's (a site uses its
 * health system's contacts). Undefined when neither keeps one.
 */
export async function providerContactFor(
  db: Knex,
  providerOrganizationId: number,
  supplierOrganizationId: number,
): Promise<Pick<SupplierContact, 'id' | 'name' | 'email' | 'phone'> | undefined> {
  const parent = db('organizations')
    .where({ id: providerOrganizationId })
    .whereNotNull('parent_id')
    .select('parent_id');
  return (await db('provider_supplier_contacts as c')
    .where({ 'c.supplier_organization_id': supplierOrganizationId, 'c.status': 'ACTIVE' })
    .where((q) => q.where('c.organization_id', providerOrganizationId).orWhereIn('c.organization_id', parent))
    .orderByRaw('(c.organization_id = ?) desc', [providerOrganizationId])
    .first('c.id', 'c.name', 'c.email', 'c.phone')) as
    | Pick<SupplierContact, 'id' | 'name' | 'email' | 'phone'>
    | undefined;
}
