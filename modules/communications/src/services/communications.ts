import type { Knex } from 'knex';
import {
  type Actor,
  BusinessRuleError,
  ConflictError,
  insertInBatches,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  runList,
  ValidationError,
  transaction,
} from '@portal/core';
import { type ActionType, COMMUNICATION_TYPES, type CommunicationType, PERMISSION_OF_TYPE } from '../constants.js';
import { assertDraft, assertTypePermission, type CommunicationRow, loadOwnCommunication } from './access.js';
import { assertLookupCodes } from '@portal/lookups';
import { appendHistory } from './history.js';
import { activeProductFields, checkCustomFields } from './product-fields.js';
import { Communication } from '../models/Communication.js';
import { type LinkedFdaRecord, linkedFdaRecords } from '@portal/fda';

/** An event's information (step 0), as the supplier writes it. */
export const INFO_FIELDS = [
  'type',
  'subtype',
  'name',
  'event_id',
  'classification',
  'reason',
  'description',
  'disposition',
  'lead_time',
  'event_date',
  'end_date',
  'contact_name',
  'contact_email',
  'contact_phone',
] as const;

export type CommunicationInfo = Partial<Record<(typeof INFO_FIELDS)[number], string | null>> & {
  type: CommunicationType;
  name: string;
};

const pick = (row: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));

// ---------- list ----------

/** The supplier's event list; the operator's (every supplier's, operator-events.ts) adds the supplier's name. */
export const eventList: ListSpec = {
  fields: {
    id: 'c.id',
    name: 'c.name',
    event_id: 'c.event_id',
    status: 'c.status',
    type: 'c.type',
    subtype: 'c.subtype',
    classification: 'c.classification',
    created_at: 'c.created_at',
    updated_at: 'c.updated_at',
    approved_at: 'c.approved_at',
    event_date: 'c.event_date',
  },
  searchColumns: ['c.name', 'c.event_id'],
  defaultSort: [{ column: 'c.updated_at', direction: 'desc' }],
  // communications_list_recent_idx and communications_list_name_idx (per organisation and type).
  indexedSorts: ['updated_at:desc', 'name:asc'],
};

/** The exact number of the supplier's events of these types that the list shows, from the counters (no scan): a subquery. */
function eventTotal(db: Knex, organizationId: number, types: CommunicationType[]): Knex.QueryBuilder {
  return db('communication_counts')
    .where('organization_id', organizationId)
    .whereIn('type', types)
    .whereNot('status', 'DELETED')
    .select(db.raw('coalesce(sum(n), 0)::bigint'));
}

export interface CommunicationListRow {
  id: number;
  name: string;
  event_id: string | null;
  type: CommunicationType;
  subtype: string | null;
  status: string;
  classification: string | null;
  event_date: string | null;
  created_at: Date;
  updated_at: Date;
  approved_at: Date | null;
  customers_count: number;
  acknowledged_count: number;
  completed_count: number;
  sent_count: number;
}

/** The columns of a `CommunicationListRow` read from `communications as c` (the counts come from its tallies). */
export const EVENT_LIST_COLUMNS = [
  'c.id',
  'c.name',
  'c.event_id',
  'c.type',
  'c.subtype',
  'c.status',
  'c.classification',
  'c.event_date',
  'c.created_at',
  'c.updated_at',
  'c.approved_at',
];

/** The supplier's events of one type (or of every type the caller may see), with each event's counts from its tallies. */
export async function listCommunications(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown> & { communicationType?: CommunicationType },
): Promise<ListPage<CommunicationListRow>> {
  const types = raw.communicationType
    ? [raw.communicationType]
    : COMMUNICATION_TYPES.filter((t) => actor.permissions.includes(PERMISSION_OF_TYPE[t]));
  for (const t of types) assertTypePermission(actor, t);
  const query = parseListQuery(raw, eventList);
  const base = db('communications as c')
    .where('c.organization_id', actor.organizationId)
    .whereIn('c.type', types)
    .whereNot('c.status', 'DELETED');
  const page = await runList<CommunicationListRow>(
    base,
    query,
    eventList,
    'c.id',
    (qb) => qb.select(EVENT_LIST_COLUMNS),
    'c.updated_at',
    { total: eventTotal(db, actor.organizationId, types), summaryInPage: true, perPageRow: withTallies(db) },
  );
  return page;
}

/**
 * The cut page's rows with their event's counts (communication_tallies, kept by triggers), in the page's own statement
 * (runList's `perPageRow`): one index lookup per row of the page, none for the rows a deep page skips.
 */
export function withTallies(db: Knex): (page: Knex.QueryBuilder) => Knex.QueryBuilder {
  return (page) =>
    db
      .select(
        'p.*',
        db.raw(`coalesce(t.customers, 0) AS customers_count, coalesce(t.sent, 0) AS sent_count,
          coalesce(t.acknowledged, 0) AS acknowledged_count, coalesce(t.completed, 0) AS completed_count`),
      )
      .from(page.as('p'))
      .joinRaw(
        `LEFT JOIN LATERAL (SELECT customers, sent, acknowledged, completed FROM communication_tallies
          WHERE communication_id = p.id) t ON true`,
      );
}

// ---------- one event ----------

export interface ProductRow {
  id: number;
  sort_order: number;
  product_name: string;
  catalog_number: string | null;
  lot_number: string | null;
  udi: string | null;
  description: string | null;
  expiration_date: string | null;
  quantity: number | null;
  custom_fields: Record<string, unknown>;
}

export interface ActionRow {
  id: number;
  sort_order: number;
  action_type: ActionType;
  title: string;
  description: string | null;
  options: string[];
  is_required: boolean;
  is_disabled: boolean;
  per_unit: boolean;
}

export interface CommunicationDetail extends CommunicationRow {
  products: ProductRow[];
  actions: ActionRow[];
  customers_count: number;
  locations_count: number;
  provider_communications_count: number;
  /** Issue 15: the FDA records the event names (`fda_recall_numbers`), as the fda module knows them. */
  fda_records: LinkedFdaRecord[];
}

const PRODUCT_COLUMNS = [
  'id',
  'sort_order',
  'product_name',
  'catalog_number',
  'lot_number',
  'udi',
  'description',
  'expiration_date',
  'quantity',
  'custom_fields',
];
const ACTION_COLUMNS = [
  'id',
  'sort_order',
  'action_type',
  'title',
  'description',
  'options',
  'is_required',
  'is_disabled',
  'per_unit',
];

export async function getCommunication(
  db: Knex | Knex.Transaction,
  actor: Actor,
  id: number,
): Promise<CommunicationDetail> {
  return communicationDetail(db, await loadOwnCommunication(db, actor, id));
}

/** An event already loaded (and checked) with its products, actions and counts. */
export async function communicationDetail(
  db: Knex | Knex.Transaction,
  row: CommunicationRow,
): Promise<CommunicationDetail> {
  const id = row.id;
  const [products, actions, customers, locations, pcs, fdaRecords] = await Promise.all([
    db('communication_products').where({ communication_id: id }).orderBy(['sort_order', 'id']).select(PRODUCT_COLUMNS),
    db('communication_actions').where({ communication_id: id }).orderBy(['sort_order', 'id']).select(ACTION_COLUMNS),
    db('communication_affected_customers')
      .where({ communication_id: id, status: 'ACTIVE' })
      .count<{ n: number }[]>({ n: '*' })
      .first(),
    db('communication_affected_locations').where({ communication_id: id }).count<{ n: number }[]>({ n: '*' }).first(),
    db('provider_communications')
      .where({ communication_id: id })
      .whereNot({ status: 'DELETED' })
      .count<{ n: number }[]>({ n: '*' })
      .first(),
    linkedFdaRecords(db, row.fda_recall_numbers ?? []),
  ]);
  return {
    ...row,
    fda_records: fdaRecords,
    products: products as ProductRow[],
    actions: actions as ActionRow[],
    customers_count: Number((customers as { n: number } | undefined)?.n ?? 0),
    locations_count: Number((locations as { n: number } | undefined)?.n ?? 0),
    provider_communications_count: Number((pcs as { n: number } | undefined)?.n ?? 0),
  };
}

// ---------- step 0: info ----------

/** Creates a DRAFT (no id) or updates a draft's information; RECALL needs a classification, an advisory a subtype. */
export async function saveStep0(
  db: Knex,
  actor: Actor,
  input: CommunicationInfo & { id?: number; fda_recall_numbers?: string[] },
): Promise<CommunicationDetail> {
  assertTypePermission(actor, input.type);
  if (input.type === 'RECALL' && !input.classification)
    throw new ValidationError('classification is required for a recall.', [
      { field: 'classification', message: 'Field required' },
    ]);
  if (input.type === 'PRODUCT DISRUPTION' && !input.subtype)
    throw new ValidationError('subtype is required for a supply advisory.', [
      { field: 'subtype', message: 'Field required' },
    ]);
  if (input.event_date && input.end_date && input.end_date < input.event_date)
    throw new ValidationError('end_date cannot be before event_date.');
  const values: Record<string, unknown> = pick(input as Record<string, unknown>, INFO_FIELDS);
  // Issue 15: the schema checked each number's shape (Z-/D-NNNN-YYYY).
  if (input.fda_recall_numbers) values.fda_recall_numbers = input.fda_recall_numbers;
  if (!input.id) await assertLookupCodes(db, actor.organizationId, input.type, values);
  const id = await transaction(db, async (trx) => {
    if (input.id) {
      const before = await loadOwnCommunication(trx, actor, input.id, { forUpdate: true });
      assertDraft(before);
      if (before.type !== input.type)
        throw new ConflictError('The event type cannot change once created.', 'TYPE_CHANGE');
      // A value deactivated since the draft was saved may stay; a new choice must be an active one.
      await assertLookupCodes(
        db,
        actor.organizationId,
        input.type,
        values,
        before as unknown as Record<string, unknown>,
      );
      await Communication.query(trx).findById(before.id).patch(values);
      await appendHistory(trx, actor, {
        communicationId: before.id,
        organizationId: actor.organizationId,
        action: 'STEP0_SAVED',
        entityType: 'communication',
        entityId: before.id,
        before: pick(before as unknown as Record<string, unknown>, [...INFO_FIELDS, 'fda_recall_numbers']),
        after: values,
      });
      return before.id;
    }
    const { id: newId } = await Communication.query(trx).insert({
      ...values,
      organization_id: actor.organizationId,
      status: 'DRAFT',
      current_step: 0,
      created_by: actor.userId,
    });
    await appendHistory(trx, actor, {
      communicationId: newId,
      organizationId: actor.organizationId,
      action: 'CREATED',
      entityType: 'communication',
      entityId: newId,
      after: values,
    });
    return newId;
  });
  return getCommunication(db, actor, id);
}

// ---------- step 1: products ----------

export { activeProductFields, checkCustomFields };

export interface ProductInput {
  product_name: string;
  catalog_number?: string | null;
  lot_number?: string | null;
  udi?: string | null;
  description?: string | null;
  expiration_date?: string | null;
  quantity?: number | null;
  custom_fields?: Record<string, unknown>;
}

/** Replaces the draft's products with the given list (order kept). */
export async function saveStep1(
  db: Knex,
  actor: Actor,
  id: number,
  products: ProductInput[],
): Promise<CommunicationDetail> {
  await transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    assertDraft(event);
    const fields = await activeProductFields(trx, actor.organizationId);
    const rows = products.map((p, i) => ({
      communication_id: id,
      organization_id: actor.organizationId,
      sort_order: i,
      product_name: p.product_name.trim(),
      catalog_number: p.catalog_number ?? null,
      lot_number: p.lot_number ?? null,
      udi: p.udi ?? null,
      description: p.description ?? null,
      expiration_date: p.expiration_date ?? null,
      quantity: p.quantity ?? null,
      custom_fields: JSON.stringify(checkCustomFields(fields, p.custom_fields ?? {}, i + 1)),
    }));
    const before = await trx('communication_products')
      .where({ communication_id: id })
      .orderBy('sort_order')
      .select('product_name', 'lot_number');
    await trx('communication_products').where({ communication_id: id }).delete();
    await insertInBatches(trx, 'communication_products', rows);
    await reachStep(trx, event, 1);
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'STEP1_SAVED',
      entityType: 'products',
      entityId: id,
      before,
      after: rows.map((r) => ({ product_name: r.product_name, lot_number: r.lot_number })),
    });
  });
  return getCommunication(db, actor, id);
}

/**
 * Appends products to a draft after its current ones (the product file's "add new products"), with step 1's checks,
 * at most `maxRows` in all, and records it.
 */
export async function appendProducts(
  db: Knex,
  actor: Actor,
  id: number,
  products: ProductInput[],
  maxRows: number,
): Promise<void> {
  await transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    assertDraft(event);
    const fields = await activeProductFields(trx, actor.organizationId);
    const last = (await trx('communication_products')
      .where({ communication_id: id })
      .first(trx.raw('coalesce(max(sort_order), -1)::int as n'))) as { n: number };
    const count = (await trx('communication_products')
      .where({ communication_id: id })
      .first(trx.raw('count(*)::int as n'))) as { n: number };
    if (count.n + products.length > maxRows) throw new ValidationError(`An event holds at most ${maxRows} products.`);
    const rows = products.map((p, i) => ({
      communication_id: id,
      organization_id: actor.organizationId,
      sort_order: last.n + 1 + i,
      product_name: p.product_name.trim(),
      catalog_number: p.catalog_number ?? null,
      lot_number: p.lot_number ?? null,
      udi: p.udi ?? null,
      description: p.description ?? null,
      expiration_date: p.expiration_date ?? null,
      quantity: p.quantity ?? null,
      custom_fields: JSON.stringify(checkCustomFields(fields, p.custom_fields ?? {}, count.n + i + 1)),
    }));
    await insertInBatches(trx, 'communication_products', rows);
    await reachStep(trx, event, 1);
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'PRODUCTS_ADDED',
      entityType: 'products',
      entityId: id,
      after: rows.map((r) => ({ product_name: r.product_name, lot_number: r.lot_number })),
    });
  });
}

// ---------- step 2: actions ----------

export interface ActionInput {
  action_type: ActionType;
  title: string;
  description?: string | null;
  options?: string[];
  is_required?: boolean;
  per_unit?: boolean;
}

/** The action types a per-unit action may have: one simple value per row. */
export const PER_UNIT_TYPES: readonly string[] = ['Text', 'Numeric', 'YesNo'];

export function checkActions(actions: ActionInput[], customContent = false): void {
  actions.forEach((a, i) => {
    if (a.per_unit && !customContent)
      throw new ValidationError(`Action ${i + 1}: only an event with custom content has per-unit actions.`);
    if (a.per_unit && !PER_UNIT_TYPES.includes(a.action_type))
      throw new ValidationError(`Action ${i + 1}: a per-unit action is a Text, Numeric or Yes / No action.`);
    if (a.action_type === 'Checkbox' || a.action_type === 'MultipleChoice') {
      const options = (a.options ?? []).map((o) => o.trim()).filter(Boolean);
      if (options.length < 1)
        throw new ValidationError(`Action ${i + 1}: a ${a.action_type} action needs at least one option.`, [
          { field: `actions.${i}.options`, message: 'Field required' },
        ]);
      if (new Set(options).size !== options.length)
        throw new ValidationError(`Action ${i + 1}: options must be different from each other.`);
    }
  });
}

/** Replaces the draft's actions with the given ordered list. */
export async function saveStep2(
  db: Knex,
  actor: Actor,
  id: number,
  actions: ActionInput[],
): Promise<CommunicationDetail> {
  await transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    assertDraft(event);
    checkActions(actions, Boolean(event.custom_content));
    const before = await trx('communication_actions')
      .where({ communication_id: id })
      .orderBy('sort_order')
      .select('action_type', 'title');
    await trx('communication_actions').where({ communication_id: id }).delete();
    const rows = actions.map((a, i) => ({
      communication_id: id,
      organization_id: actor.organizationId,
      sort_order: i,
      action_type: a.action_type,
      title: a.title.trim(),
      description: a.description ?? null,
      options: JSON.stringify(
        a.action_type === 'Checkbox' || a.action_type === 'MultipleChoice'
          ? (a.options ?? []).map((o) => o.trim()).filter(Boolean)
          : [],
      ),
      is_required: a.is_required ?? true,
      per_unit: a.per_unit ?? false,
    }));
    if (rows.length) await trx('communication_actions').insert(rows);
    await reachStep(trx, event, 2);
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'STEP2_SAVED',
      entityType: 'actions',
      entityId: id,
      before,
      after: rows.map((r) => ({ action_type: r.action_type, title: r.title })),
    });
  });
  return getCommunication(db, actor, id);
}

/** A draft saved at `step` has reached it (the wizard opens there next); a later step it had reached stays. */
export async function reachStep(
  trx: Knex.Transaction,
  event: { id: number; current_step: number },
  step: number,
): Promise<void> {
  await trx('communications')
    .where({ id: event.id })
    .update({ current_step: Math.max(event.current_step, step), updated_at: trx.fn.now() });
}

// ---------- approve, close/reopen, delete ----------

/** What a DRAFT still lacks before approval (DESIGN §4), in words a coordinator understands. */
export async function missingForApproval(db: Knex | Knex.Transaction, id: number): Promise<string[]> {
  const count = async (table: string, extra: Record<string, unknown> = {}) =>
    Number(
      (
        (await db(table)
          .where({ communication_id: id, ...extra })
          .count<{ n: number }[]>({ n: '*' })
          .first()) as { n: number } | undefined
      )?.n ?? 0,
    );
  const missing: string[] = [];
  // A custom-content event may list its products only as customers' own rows.
  if ((await count('communication_products')) === 0 && (await count('communication_custom_rows')) === 0)
    missing.push('at least one product');
  if ((await count('communication_actions')) === 0) missing.push('at least one action');
  if ((await count('communication_affected_customers', { status: 'ACTIVE' })) === 0)
    missing.push('at least one recipient');
  return missing;
}

export async function approveCommunication(db: Knex, actor: Actor, id: number): Promise<Communication> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status !== 'DRAFT')
      throw new ConflictError(`Only a draft can be approved; this event is ${event.status}.`, 'NOT_DRAFT');
    const missing = await missingForApproval(trx, id);
    if (missing.length)
      throw new BusinessRuleError(`The event cannot be approved yet: it needs ${missing.join(', ')}.`, 'INCOMPLETE', {
        missing,
      });
    const [row] = await Communication.query(trx)
      .where({ id })
      .patch({ status: 'OPEN', approved_at: trx.fn.now(), approved_by: actor.userId, current_step: 3 })
      .returning('*');
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'APPROVED',
      entityType: 'communication',
      entityId: id,
      before: { status: 'DRAFT' },
      after: { status: 'OPEN' },
    });
    return row!;
  });
}

/** Close and reopen are one toggle (spec 001 §4); closing closes every provider communication of the event too. */
export async function toggleCloseOpen(db: Knex, actor: Actor, id: number): Promise<Communication> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status === 'DRAFT')
      throw new ConflictError('A draft cannot be closed; approve it or delete it.', 'NOT_APPROVED');
    const closing = event.status === 'OPEN';
    const next = closing ? 'CLOSED' : 'OPEN';
    const [row] = await Communication.query(trx)
      .where({ id })
      .patch({ status: next, closed_at: closing ? trx.fn.now() : null })
      .returning('*');
    await trx('provider_communications')
      .where({ communication_id: id })
      .whereIn('status', closing ? ['OPEN'] : ['CLOSED'])
      .update({ status: next, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: closing ? 'CLOSED' : 'REOPENED',
      entityType: 'communication',
      entityId: id,
      before: { status: event.status },
      after: { status: next },
    });
    return row!;
  });
}

/** Soft delete of a draft; an OPEN or CLOSED event has been sent and is kept (409). */
export async function deleteCommunication(db: Knex, actor: Actor, id: number): Promise<void> {
  await transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status !== 'DRAFT')
      throw new ConflictError(`An ${event.status} event cannot be deleted; close it instead.`, 'NOT_DELETABLE');
    await markDraftDeleted(trx, actor, id, actor.organizationId);
  });
}

/**
 * Deletes a draft (checked by the caller) softly, recorded in the event's history: the supplier's own delete and the
 * operator's on its behalf (operator-events.ts), which also audits it.
 */
export async function markDraftDeleted(
  trx: Knex.Transaction,
  actor: Actor,
  id: number,
  supplierId: number,
): Promise<void> {
  await trx('communications')
    .where({ id })
    .update({ status: 'DELETED', deleted_at: trx.fn.now(), updated_at: trx.fn.now() });
  await appendHistory(trx, actor, {
    communicationId: id,
    organizationId: supplierId,
    action: 'DELETED',
    entityType: 'communication',
    entityId: id,
    before: { status: 'DRAFT' },
    after: { status: 'DELETED' },
  });
}

/** update-status/{status}: the named transition, through the same rules as the dedicated calls. */
export async function updateStatus(db: Knex, actor: Actor, id: number, status: string): Promise<CommunicationRow> {
  const event = await loadOwnCommunication(db, actor, id);
  if (status === 'OPEN' && event.status === 'DRAFT') return approveCommunication(db, actor, id);
  if ((status === 'CLOSED' && event.status === 'OPEN') || (status === 'OPEN' && event.status === 'CLOSED'))
    return toggleCloseOpen(db, actor, id);
  if (status === 'DELETED') {
    await deleteCommunication(db, actor, id);
    return { ...event, status: 'DELETED' };
  }
  if (status === event.status) return event;
  throw new ConflictError(`An event cannot go from ${event.status} to ${status}.`, 'INVALID_TRANSITION');
}

export async function assertExists(db: Knex, actor: Actor, id: number): Promise<void> {
  const found = await db('communications')
    .where({ id, organization_id: actor.organizationId })
    .whereNot({ status: 'DELETED' })
    .first('id');
  if (!found) throw new NotFoundError('Communication not found.');
}

// ---------- provider-created events (the inbox's own events, issue 10) ----------

/**
 * Inserts a provider's own event, OPEN at once and addressed to the provider itself: the event, its one customer (the
 * provider), its provider communication, and its products and actions (rows without their event). The caller (the
 * inbox) records that the provider created it.
 */
export async function insertSelfAddressedEvent(
  trx: Knex.Transaction,
  e: {
    organizationId: number;
    organizationName: string;
    email: string;
    userId: number | null;
    type: CommunicationType;
    info: Record<string, unknown>;
    responseStatus: 'NOTCOMPLETED' | 'COMPLETED';
    products: Record<string, unknown>[];
    actions: Record<string, unknown>[];
  },
): Promise<{ id: number; providerCommunicationId: number }> {
  const [event] = (await trx('communications')
    .insert({
      organization_id: e.organizationId,
      type: e.type,
      status: 'OPEN',
      current_step: 2,
      ...e.info,
      created_by: e.userId,
      approved_by: e.userId,
      approved_at: trx.fn.now(),
      first_sent_at: trx.fn.now(),
    })
    .returning('id')) as { id: number }[];
  const id = event!.id;
  const [customer] = (await trx('communication_affected_customers')
    .insert({
      communication_id: id,
      organization_id: e.organizationId,
      provider_organization_id: e.organizationId,
      customer_key: `org:${e.organizationId}`,
      name: e.organizationName,
      emails: [e.email.toLowerCase()],
      source: 'PROVIDER',
    })
    .returning('id')) as { id: number }[];
  const [pc] = (await trx('provider_communications')
    .insert({
      communication_id: id,
      communication_type: e.type,
      supplier_organization_id: e.organizationId,
      provider_organization_id: e.organizationId,
      affected_customer_id: customer!.id,
      status: 'OPEN',
      response_status: e.responseStatus,
      sent_at: trx.fn.now(),
    })
    .returning('id')) as { id: number }[];
  const own = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, communication_id: id }));
  await insertInBatches(trx, 'communication_products', own(e.products));
  if (e.actions.length) await trx('communication_actions').insert(own(e.actions));
  return { id, providerCommunicationId: pc!.id };
}

/** Sets some information fields of an event (none: nothing). */
export async function updateEventInfo(
  trx: Knex.Transaction,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  if (Object.keys(values).length)
    await trx('communications')
      .where({ id })
      .update({ ...values, updated_at: trx.fn.now() });
}

/** Notes that an event changed. */
export async function touchEvent(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('communications').where({ id }).update({ updated_at: trx.fn.now() });
}

/** Replaces an event's products (rows without their event); returns the names it had, in order. */
export async function replaceEventProducts(
  trx: Knex.Transaction,
  id: number,
  products: Record<string, unknown>[],
): Promise<string[]> {
  const before = (await trx('communication_products')
    .where({ communication_id: id })
    .orderBy('sort_order')
    .pluck('product_name')) as string[];
  await trx('communication_products').where({ communication_id: id }).delete();
  await insertInBatches(
    trx,
    'communication_products',
    products.map((p) => ({ ...p, communication_id: id })),
  );
  return before;
}

/**
 * Replaces the actions of an event sent to one provider communication (a provider-created event), whose completion
 * then follows the new actions: COMPLETED when none is required. Returns the actions it had, in order.
 */
export async function replaceSelfAddressedActions(
  trx: Knex.Transaction,
  id: number,
  providerCommunicationId: number,
  actions: (Record<string, unknown> & { is_required: boolean })[],
): Promise<{ action_type: string; title: string }[]> {
  const before = (await trx('communication_actions')
    .where({ communication_id: id })
    .orderBy('sort_order')
    .select('action_type', 'title')) as { action_type: string; title: string }[];
  await trx('communication_actions').where({ communication_id: id }).delete();
  if (actions.length) await trx('communication_actions').insert(actions.map((a) => ({ ...a, communication_id: id })));
  const complete = !actions.some((a) => a.is_required);
  await trx('provider_communications')
    .where({ id: providerCommunicationId })
    .update({
      response_status: complete ? 'COMPLETED' : 'NOTCOMPLETED',
      completed_at: complete ? trx.fn.now() : null,
      updated_at: trx.fn.now(),
    });
  return before;
}
