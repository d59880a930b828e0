import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import {
  type Actor,
  ConflictError,
  type FileResult,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  formatDateTime,
  type ReportColumn,
  transaction,
  type RowOf,
  type FromSchema,
} from '@portal/core';
import {
  assertEditable,
  changeMasterStatus,
  checkFields,
  clean,
  requireText,
  lockOwnRow,
  type MasterTable,
  type StatusAction,
  takeExactFilters,
} from './common.js';
import { listPages, listReport } from './reports.js';
import type { salesRepSchema } from '../answer-schemas.js';
import type { salesRepBody } from '../schemas.js';

export type SalesRepresentative = RowOf<typeof salesRepSchema>;

export type SalesRepresentativeInput = FromSchema<typeof salesRepBody>;

const TABLE: MasterTable = {
  table: 'sales_representatives',
  entityType: 'sales_representative',
  notFound: 'SALES_REP_NOT_FOUND',
};

export const salesRepList: ListSpec = {
  fields: {
    id: 's.id',
    first_name: 's.first_name',
    last_name: 's.last_name',
    email: 's.email',
    phone: 's.phone',
    territory: 's.territory',
    region: 's.region',
    status: 's.status',
    created_at: 's.created_at',
    updated_at: 's.updated_at',
  },
  searchColumns: ['s.first_name', 's.last_name', 's.email', 's.phone', 's.territory', 's.region'],
  defaultSort: [
    { column: 's.last_name', direction: 'asc' },
    { column: 's.first_name', direction: 'asc' },
  ],
};

const select = (db: Knex) => (qb: Knex.QueryBuilder) =>
  qb.select(
    's.id',
    's.organization_id',
    's.first_name',
    's.last_name',
    db.raw(`trim(s.first_name || ' ' || s.last_name) as full_name`),
    's.email',
    's.phone',
    's.territory',
    's.region',
    's.status',
    's.created_at',
    's.updated_at',
  );

/** The caller's sales representatives (not deleted); `status` in the filterModel matches exactly. */
function scoped(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): { base: Knex.QueryBuilder; rest: Record<string, unknown> } {
  const { rest, exact } = takeExactFilters(raw, ['status']);
  const base = db('sales_representatives as s')
    .where('s.organization_id', actor.organizationId)
    .whereNot('s.status', 'DELETED');
  if (exact.status) base.whereRaw('upper(s.status) = upper(?)', [exact.status]);
  return { base, rest };
}

export async function listSalesRepresentatives(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): Promise<ListPage<SalesRepresentative>> {
  const { base, rest } = scoped(db, actor, raw);
  return runList<SalesRepresentative>(
    base,
    parseListQuery(rest, salesRepList),
    salesRepList,
    's.id',
    select(db),
    's.updated_at',
  );
}

export async function getSalesRepresentative(db: Knex, actor: Actor, id: number): Promise<SalesRepresentative> {
  const row = await select(db)(
    db('sales_representatives as s')
      .where({ 's.id': id, 's.organization_id': actor.organizationId })
      .whereNot('s.status', 'DELETED'),
  ).first();
  if (!row) throw new NotFoundError('SALES_REP_NOT_FOUND');
  return row as SalesRepresentative;
}

/** The active sales representatives of the caller's organisation (what a communication notifies). */
export async function getSalesRepresentatives(db: Knex, actor: Actor): Promise<SalesRepresentative[]> {
  return (await select(db)(
    db('sales_representatives as s').where({ 's.organization_id': actor.organizationId, 's.status': 'ACTIVE' }),
  ).orderBy([{ column: 's.last_name' }, { column: 's.first_name' }, { column: 's.id' }])) as SalesRepresentative[];
}

async function assertEmailFree(trx: Knex.Transaction, actor: Actor, email: string, exceptId?: number): Promise<void> {
  const q = trx('sales_representatives')
    .where({ organization_id: actor.organizationId })
    .whereNot('status', 'DELETED')
    .whereRaw('lower(email) = lower(?)', [email]);
  if (exceptId) q.whereNot({ id: exceptId });
  if (await q.first('id')) throw new ConflictError('EMAIL_TAKEN.salesRep');
}

function values(input: SalesRepresentativeInput) {
  requireText(input as unknown as Record<string, unknown>, ['first_name', 'last_name']);
  checkFields(input as unknown as Record<string, unknown>, { email: 'email', phone: 'phone' });
  const v = clean({
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone ?? null,
    territory: input.territory ?? null,
    region: input.region ?? null,
  });
  return { ...v, email: input.email.trim().toLowerCase() };
}

export async function createSalesRepresentative(
  db: Knex,
  actor: Actor,
  input: SalesRepresentativeInput,
): Promise<SalesRepresentative> {
  const v = values(input);
  const id = await transaction(db, async (trx) => {
    await assertEmailFree(trx, actor, v.email);
    const [row] = await trx('sales_representatives')
      .insert({ ...v, organization_id: actor.organizationId, status: 'ACTIVE' })
      .returning('id');
    const id = (row as { id: number }).id;
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'SALES_REPRESENTATIVE_CREATED',
      entityType: TABLE.entityType,
      entityId: id,
      after: v,
    });
    return id;
  });
  return getSalesRepresentative(db, actor, id);
}

export async function updateSalesRepresentative(
  db: Knex,
  actor: Actor,
  id: number,
  input: SalesRepresentativeInput,
): Promise<SalesRepresentative> {
  const v = values(input);
  await transaction(db, async (trx) => {
    const before = await lockOwnRow<SalesRepresentativeInput & { status: string }>(trx, actor, TABLE, id);
    assertEditable(before.status);
    await assertEmailFree(trx, actor, v.email, id);
    await trx('sales_representatives')
      .where({ id })
      .update({ ...v, updated_at: trx.fn.now() });
    const { first_name, last_name, email, phone, territory, region } = before;
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'SALES_REPRESENTATIVE_UPDATED',
      entityType: TABLE.entityType,
      entityId: id,
      before: { first_name, last_name, email, phone, territory, region },
      after: v,
    });
  });
  return getSalesRepresentative(db, actor, id);
}

export async function changeSalesRepresentativeStatus(
  db: Knex,
  actor: Actor,
  id: number,
  action: StatusAction,
): Promise<{ id: number; status: string }> {
  const row = await changeMasterStatus<{ id: number; status: string }>(db, actor, TABLE, id, action);
  return { id: row.id, status: row.status };
}

function columns(timezone: string): ReportColumn<SalesRepresentative>[] {
  return [
    { header: 'First Name', value: (r) => r.first_name },
    { header: 'Last Name', value: (r) => r.last_name },
    { header: 'Email', value: (r) => r.email, width: 32 },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Territory', value: (r) => r.territory },
    { header: 'Region', value: (r) => r.region },
    { header: 'Status', value: (r) => vocabularyLabel('recordStatus', r.status) },
    { header: 'Created Date', value: (r) => formatDateTime(r.created_at, timezone) },
    { header: 'Last Updated', value: (r) => formatDateTime(r.updated_at, timezone) },
  ];
}

/** The list as a file: same search, filters and sort as the screen, every page. */
export async function downloadSalesRepresentatives(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
  format: 'csv' | 'xlsx',
  timezone: string,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  const { base, rest } = scoped(db, actor, raw);
  const pages = listPages<SalesRepresentative>(base, rest, salesRepList, 's.id', select(db));
  return listReport(
    'Sales Representatives Report',
    'Sales Representatives',
    columns(timezone),
    pages,
    format,
    timezone,
    onError,
  );
}
