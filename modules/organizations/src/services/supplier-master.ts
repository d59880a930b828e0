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
} from '@portal/core';
import type { masterNamesCreatedAnswer } from '../operator-schemas.js';

/**
 * The supplier master (spec 000 §2 /notisphere/manage-supplier-list, 001 §7.11): supplier names as location and product
 * files spell them, each linked to the supplier organisation it means, so "ACME MED DEVICES INC" lands on Acme.
 * Status: PENDING (not linked yet), LINKED, DEACTIVATED (set aside: never resolves).
 */

export type SupplierMasterStatus = 'PENDING' | 'LINKED' | 'DEACTIVATED';

/**
 * One key per spelling family: accents dropped, upper case, letters and digits only, single spaces.
 * "Acme Med. Devices, Inc." and "ACME MED DEVICES INC" share a key.
 */
export function normalizeSupplierName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export type SupplierMasterRow = RowOf<(typeof masterNamesCreatedAnswer)['properties']['created']['items']>;

const masterList: ListSpec = {
  fields: {
    id: 'sm.id',
    name: 'sm.name',
    normalized_name: 'sm.normalized_name',
    organization_name: 'o.name',
    created_at: 'sm.created_at',
    updated_at: 'sm.updated_at',
  },
  searchColumns: ['sm.name', 'o.name'],
  defaultSort: [{ column: 'sm.updated_at', direction: 'desc' }],
  indexedSorts: ['updated_at:desc'],
};

const selectMaster = (qb: Knex.QueryBuilder) =>
  qb.select(
    'sm.id',
    'sm.name',
    'sm.normalized_name',
    'sm.organization_id',
    'o.name as organization_name',
    'sm.status',
    'sm.created_at',
    'sm.updated_at',
  );

const masterRows = (db: Knex) =>
  db('supplier_master as sm').leftJoin('organizations as o', 'o.id', 'sm.organization_id');

/** GET /suppliers-list: the master names, optionally of one status (exact), with list paging, search and filters. */
export async function listSupplierMaster(
  db: Knex,
  raw: Record<string, unknown> & { status?: SupplierMasterStatus },
): Promise<ListPage<SupplierMasterRow>> {
  const query = parseListQuery(raw, masterList);
  const base = masterRows(db);
  if (raw.status) base.where('sm.status', raw.status);
  return runList<SupplierMasterRow>(base, query, masterList, 'sm.id', selectMaster, 'sm.updated_at');
}

async function getMasterRow(db: Knex | Knex.Transaction, id: number): Promise<SupplierMasterRow> {
  const row = (await selectMaster(masterRows(db as Knex).where('sm.id', id)).first()) as SupplierMasterRow | undefined;
  if (!row) throw new NotFoundError('SUPPLIER_NAME_NOT_FOUND');
  return row;
}

/** GET /supplierNameList: the supplier organisations a name can be linked to (not deactivated), by name. */
export async function supplierNameList(db: Knex, search?: string) {
  const q = db('organizations')
    .where({ type: 'SUPPLIER' })
    .whereNot('status', 'DEACTIVATED')
    .orderByRaw('lower(name)')
    .limit(5000)
    .select('id', 'name', 'notisphere_id');
  const text = search?.trim();
  if (text) q.whereRaw('name ILIKE ?', [`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  return q;
}

async function activeSupplier(trx: Knex.Transaction, organizationId: number): Promise<{ id: number; name: string }> {
  const org = (await trx('organizations')
    .where({ id: organizationId, type: 'SUPPLIER' })
    .first('id', 'name', 'status')) as { id: number; name: string; status: string } | undefined;
  if (!org) throw new NotFoundError('SUPPLIER_NOT_FOUND');
  if (org.status === 'DEACTIVATED') throw new ConflictError('INVALID_STATUS.supplierDeactivated');
  return org;
}

/**
 * POST /create-suppliers: adds names to the master (one spelling family once; a name already there is skipped and
 * reported), linked at once when `organization_id` names a supplier.
 */
export async function createSupplierMasterNames(
  db: Knex,
  actor: Actor,
  input: { names: string[]; organization_id?: number | null },
): Promise<{ created: SupplierMasterRow[]; skipped: string[] }> {
  const wanted = new Map<string, string>();
  for (const name of input.names) {
    const key = normalizeSupplierName(name);
    if (!key) throw ValidationError.field('names', 'SUPPLIER_NAMES_BLANK');
    if (!wanted.has(key)) wanted.set(key, name.trim().replace(/\s+/g, ' '));
  }
  const ids = await transaction(db, async (trx) => {
    const org = input.organization_id ? await activeSupplier(trx, input.organization_id) : null;
    const rows = [...wanted].map(([normalized_name, name]) => ({
      name,
      normalized_name,
      organization_id: org?.id ?? null,
      status: org ? 'LINKED' : 'PENDING',
      created_by: actor.userId,
    }));
    const inserted = (await trx('supplier_master')
      .insert(rows)
      .onConflict('normalized_name')
      .ignore()
      .returning(['id', 'name', 'normalized_name'])) as { id: number; name: string; normalized_name: string }[];
    for (const row of inserted)
      await recordAudit(trx, actor, {
        organizationId: org?.id ?? null,
        action: 'SUPPLIER_MASTER_CREATED',
        entityType: 'supplier_master',
        entityId: row.id,
        after: { name: row.name, organization_id: org?.id ?? null },
      });
    return inserted;
  });
  const created = await Promise.all(ids.map((r) => getMasterRow(db, r.id)));
  const createdKeys = new Set(ids.map((r) => r.normalized_name));
  return { created, skipped: [...wanted].filter(([key]) => !createdKeys.has(key)).map(([, name]) => name) };
}

/** PUT /link-suppliers/:id/:organizationId: links a name to a supplier (LINKED); organisation 0 unlinks it (PENDING). */
export async function linkSupplierMasterName(
  db: Knex,
  actor: Actor,
  id: number,
  organizationId: number,
): Promise<SupplierMasterRow> {
  await transaction(db, async (trx) => {
    const row = (await trx('supplier_master').where({ id }).forUpdate().first()) as
      | { id: number; status: SupplierMasterStatus; organization_id: number | null }
      | undefined;
    if (!row) throw new NotFoundError('SUPPLIER_NAME_NOT_FOUND');
    if (row.status === 'DEACTIVATED') throw new ConflictError('INVALID_STATUS.supplierNameDeactivated');
    const org = organizationId ? await activeSupplier(trx, organizationId) : null;
    const status: SupplierMasterStatus = org ? 'LINKED' : 'PENDING';
    await trx('supplier_master')
      .where({ id })
      .update({ organization_id: org?.id ?? null, status, updated_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId: org?.id ?? row.organization_id,
      action: org ? 'SUPPLIER_MASTER_LINKED' : 'SUPPLIER_MASTER_UNLINKED',
      entityType: 'supplier_master',
      entityId: id,
      before: { organization_id: row.organization_id, status: row.status },
      after: { organization_id: org?.id ?? null, status },
    });
  });
  return getMasterRow(db, id);
}

/**
 * GET /update-suppliers-list?id=&status=: DEACTIVATED sets a name aside (it no longer resolves); ACTIVE brings it back,
 * LINKED if it still names a supplier, else PENDING. The spec sends this write as a GET; it is audited like any write.
 */
export async function updateSupplierMasterStatus(
  db: Knex,
  actor: Actor,
  id: number,
  status: 'ACTIVE' | 'DEACTIVATED',
): Promise<SupplierMasterRow> {
  await transaction(db, async (trx) => {
    const row = (await trx('supplier_master').where({ id }).forUpdate().first()) as
      | { id: number; status: SupplierMasterStatus; organization_id: number | null }
      | undefined;
    if (!row) throw new NotFoundError('SUPPLIER_NAME_NOT_FOUND');
    const next: SupplierMasterStatus =
      status === 'DEACTIVATED' ? 'DEACTIVATED' : row.organization_id ? 'LINKED' : 'PENDING';
    if ((status === 'DEACTIVATED') === (row.status === 'DEACTIVATED'))
      throw new ConflictError('INVALID_STATUS.supplierNameSameStatus');
    await trx('supplier_master').where({ id }).update({ status: next, updated_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId: row.organization_id,
      action: status === 'DEACTIVATED' ? 'SUPPLIER_MASTER_DEACTIVATED' : 'SUPPLIER_MASTER_ACTIVATED',
      entityType: 'supplier_master',
      entityId: id,
      before: { status: row.status },
      after: { status: next },
    });
  });
  return getMasterRow(db, id);
}

/**
 * The supplier organisation a name from a file means: a linked, active master name of the same spelling family, or a
 * supplier organisation of that exact (normalised) name. Null when nothing matches; for the file importers.
 */
export async function resolveSupplierName(db: Knex, name: string): Promise<number | null> {
  const key = normalizeSupplierName(name);
  if (!key) return null;
  const linked = (await db('supplier_master as sm')
    .join('organizations as o', 'o.id', 'sm.organization_id')
    .where({ 'sm.normalized_name': key, 'sm.status': 'LINKED' })
    .whereNot('o.status', 'DEACTIVATED')
    .first('o.id')) as { id: number } | undefined;
  if (linked) return Number(linked.id);
  const candidates = (await db('organizations')
    .where({ type: 'SUPPLIER' })
    .whereNot('status', 'DEACTIVATED')
    .whereRaw('lower(name) = lower(?)', [name.trim()])
    .select('id', 'name')) as { id: number; name: string }[];
  return candidates.length === 1 ? Number(candidates[0]!.id) : null;
}

/**
 * The supplier master names linked to a supplier organisation (FDA recalls are matched to suppliers through
 * them), normalised as `normalizeSupplierName` does.
 */
export async function linkedSupplierNames(
  db: Knex,
  organizationIds?: readonly number[],
): Promise<{ organization_id: number; normalized_name: string }[]> {
  const qb = db('supplier_master').whereNotNull('organization_id').whereNot({ status: 'DEACTIVATED' });
  // Only these suppliers' names (the provider dashboard's FDA card: the suppliers of the events it received).
  if (organizationIds) qb.whereIn('organization_id', organizationIds);
  return (await qb.select('organization_id', 'normalized_name')) as {
    organization_id: number;
    normalized_name: string;
  }[];
}
