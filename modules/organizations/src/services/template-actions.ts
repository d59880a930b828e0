import type { Knex } from 'knex';
import {
  type Actor,
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
import {
  assertEditable,
  changeMasterStatus,
  type MasterTable,
  requireText,
  type StatusAction,
  takeExactFilters,
} from './common.js';
import { assertMayManage, type CommunicationType } from './communication-settings.js';
import type { templateActionSchema } from '../answer-schemas.js';

export const ACTION_TYPES = [
  'Acknowledge',
  'Text',
  'Numeric',
  'YesNo',
  'Checkbox',
  'MultipleChoice',
  'Image',
  'Document',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
const WITH_OPTIONS: readonly string[] = ['Checkbox', 'MultipleChoice'];

const TEMPLATE_ACTION_TABLE: MasterTable = {
  table: 'template_actions',
  entityType: 'template_action',
  notFound: 'TEMPLATE_ACTION_NOT_FOUND',
};

/** A reusable action a supplier adds to its recalls or advisories (step 2). */
export type TemplateAction = RowOf<typeof templateActionSchema>;

export interface TemplateActionInput {
  title: string;
  description?: string | null;
  action_type: ActionType;
  options?: string[];
  is_required?: boolean;
}

export const templateActionList: ListSpec = {
  fields: {
    id: 'ta.id',
    title: 'ta.title',
    description: 'ta.description',
    action_type: 'ta.action_type',
    is_required: 'ta.is_required',
    sort_order: 'ta.sort_order',
    status: 'ta.status',
    created_at: 'ta.created_at',
    updated_at: 'ta.updated_at',
  },
  searchColumns: ['ta.title', 'ta.description', 'ta.action_type'],
  defaultSort: [{ column: 'ta.sort_order', direction: 'asc' }],
};

const COLUMNS = [
  'ta.id',
  'ta.organization_id',
  'ta.communication_type',
  'ta.title',
  'ta.description',
  'ta.action_type',
  'ta.options',
  'ta.is_required',
  'ta.sort_order',
  'ta.status',
  'ta.created_at',
  'ta.updated_at',
];

function rows(db: Knex | Knex.Transaction, actor: Actor): Knex.QueryBuilder {
  return db('template_actions as ta')
    .where('ta.organization_id', actor.organizationId)
    .whereNot('ta.status', 'DELETED');
}

function options(input: TemplateActionInput): string[] {
  if (!WITH_OPTIONS.includes(input.action_type)) return [];
  const list = (input.options ?? []).map((o) => o.trim()).filter(Boolean);
  if (!list.length) throw ValidationError.field('options', 'ACTION_OPTIONS_REQUIRED');
  if (new Set(list.map((o) => o.toLowerCase())).size !== list.length) {
    throw ValidationError.field('options', 'ACTION_OPTIONS_NOT_UNIQUE');
  }
  return list;
}

function values(input: TemplateActionInput) {
  requireText(input as unknown as Record<string, unknown>, ['title']);
  return {
    title: input.title.trim(),
    description: input.description?.trim() || null,
    action_type: input.action_type,
    options: options(input),
    is_required: input.is_required ?? false,
  };
}

export async function listTemplateActions(
  db: Knex,
  actor: Actor,
  type: CommunicationType,
  raw: Record<string, unknown>,
): Promise<ListPage<TemplateAction>> {
  assertMayManage(actor, type);
  const { rest, exact } = takeExactFilters(raw, ['status']);
  const base = rows(db, actor).where('ta.communication_type', type);
  if (exact.status) base.whereRaw('upper(ta.status) = upper(?)', [exact.status]);
  return runList<TemplateAction>(
    base,
    parseListQuery(rest, templateActionList),
    templateActionList,
    'ta.id',
    (qb) => qb.select(COLUMNS),
    'ta.updated_at',
  );
}

/** One template action: 404 for another tenant's, 403 when the caller may not manage its communication type. */
export async function getTemplateAction(
  db: Knex | Knex.Transaction,
  actor: Actor,
  id: number,
  forUpdate = false,
): Promise<TemplateAction> {
  const q = rows(db, actor).where('ta.id', id);
  if (forUpdate) q.forUpdate();
  const row = (await q.first(COLUMNS)) as TemplateAction | undefined;
  if (!row) throw new NotFoundError('TEMPLATE_ACTION_NOT_FOUND');
  assertMayManage(actor, row.communication_type);
  return row;
}

/** The ACTIVE template actions of one communication type, in their order (what step 2 of an event starts from). */
export async function getTemplateActions(db: Knex, actor: Actor, type: CommunicationType): Promise<TemplateAction[]> {
  assertMayManage(actor, type);
  return (await rows(db, actor)
    .where({ 'ta.communication_type': type, 'ta.status': 'ACTIVE' })
    .orderBy('ta.sort_order')
    .orderBy('ta.id')
    .select(COLUMNS)) as TemplateAction[];
}

const audit = (trx: Knex.Transaction, actor: Actor, action: string, id: number, before: unknown, after: unknown) =>
  recordAudit(trx, actor, {
    organizationId: actor.organizationId,
    action,
    entityType: 'template_action',
    entityId: id,
    before,
    after,
  });

export async function createTemplateAction(
  db: Knex,
  actor: Actor,
  type: CommunicationType,
  input: TemplateActionInput,
): Promise<TemplateAction> {
  assertMayManage(actor, type);
  const v = values(input);
  const id = await transaction(db, async (trx) => {
    // Serialise appends per organisation so two new actions never share a place.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), ?::int)', ['template_actions', actor.organizationId]);
    const last = (await rows(trx, actor)
      .where('ta.communication_type', type)
      .max({ max: 'ta.sort_order' })
      .first()) as { max: number | null };
    const [row] = await trx('template_actions')
      .insert({
        ...v,
        options: JSON.stringify(v.options),
        organization_id: actor.organizationId,
        communication_type: type,
        sort_order: (last.max ?? 0) + 1,
        status: 'ACTIVE',
      })
      .returning('id');
    const id = (row as { id: number }).id;
    await audit(trx, actor, 'TEMPLATE_ACTION_CREATED', id, undefined, { ...v, communication_type: type });
    return id;
  });
  return getTemplateAction(db, actor, id);
}

export async function updateTemplateAction(
  db: Knex,
  actor: Actor,
  id: number,
  input: TemplateActionInput,
): Promise<TemplateAction> {
  await transaction(db, async (trx) => {
    const before = await getTemplateAction(trx, actor, id, true);
    assertEditable(before.status);
    const v = values(input);
    await trx('template_actions')
      .where({ id })
      .update({ ...v, options: JSON.stringify(v.options), updated_at: trx.fn.now() });
    const { title, description, action_type, options: o, is_required } = before;
    await audit(
      trx,
      actor,
      'TEMPLATE_ACTION_UPDATED',
      id,
      { title, description, action_type, options: o, is_required },
      v,
    );
  });
  return getTemplateAction(db, actor, id);
}

export async function changeTemplateActionStatus(
  db: Knex,
  actor: Actor,
  id: number,
  action: StatusAction,
): Promise<{ id: number; status: string }> {
  const row = await changeMasterStatus<TemplateAction>(db, actor, TEMPLATE_ACTION_TABLE, id, action, async (_trx, ta) =>
    assertMayManage(actor, ta.communication_type),
  );
  return { id, status: row.status };
}

/**
 * Puts the listed actions first, in the order given (sort_order 1..n); actions not listed keep their relative order
 * after them. Every id must be a live action of the caller of this communication type.
 */
export async function reorderTemplateActions(
  db: Knex,
  actor: Actor,
  type: CommunicationType,
  ids: number[],
): Promise<TemplateAction[]> {
  assertMayManage(actor, type);
  if (new Set(ids).size !== ids.length) throw ValidationError.field('ids', 'TEMPLATE_ACTION_ORDER_INVALID');
  await transaction(db, async (trx) => {
    const current = (await rows(trx, actor)
      .where('ta.communication_type', type)
      .orderBy('ta.sort_order')
      .orderBy('ta.id')
      .forUpdate()
      .select('ta.id', 'ta.sort_order')) as { id: number; sort_order: number }[];
    const known = new Set(current.map((r) => r.id));
    if (ids.some((id) => !known.has(id))) throw new NotFoundError('TEMPLATE_ACTION_NOT_FOUND');
    const order = [...ids, ...current.map((r) => r.id).filter((id) => !ids.includes(id))];
    for (const [i, id] of order.entries())
      await trx('template_actions')
        .where({ id })
        .update({ sort_order: i + 1, updated_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'TEMPLATE_ACTIONS_REORDERED',
      entityType: 'template_action',
      entityId: null,
      before: { communication_type: type, order: current.map((r) => r.id) },
      after: { communication_type: type, order },
    });
  });
  return (await rows(db, actor)
    .where('ta.communication_type', type)
    .orderBy('ta.sort_order')
    .orderBy('ta.id')
    .select(COLUMNS)) as TemplateAction[];
}
