import type { Knex } from 'knex';
import {
  type Actor,
  cleanRichTextOrNull,
  ConflictError,
  insertInBatches,
  ValidationError,
  transaction,
  fieldError,
  type FromSchema,
} from '@portal/core';
import { assertDraft, assertTypePermission, loadOwnCommunication } from './access.js';
import { assertLookupCodes } from '@portal/lookups';
import { appendHistory } from './history.js';
import { activeProductFields, checkCustomFields } from './product-fields.js';
import { Communication } from '../models/Communication.js';
import {
  type CommunicationDetail,
  type CommunicationInfo,
  getCommunication,
  INFO_FIELDS,
  pick,
} from './communications.js';
import type { step1Body, step2Body } from '../schemas.js';

// ---------- step 0: info ----------

/** Creates a DRAFT (no id) or updates a draft's information; RECALL needs a classification, an advisory a subtype. */
export async function saveStep0(
  db: Knex,
  actor: Actor,
  input: CommunicationInfo & { id?: number; fda_recall_numbers?: string[] },
): Promise<CommunicationDetail> {
  assertTypePermission(actor, input.type);
  if (input.type === 'RECALL' && !input.classification)
    throw new ValidationError('CLASSIFICATION_REQUIRED').withDetails([fieldError('classification', 'FIELD_REQUIRED')]);
  if (input.type === 'PRODUCT DISRUPTION' && !input.subtype)
    throw new ValidationError('SUBTYPE_REQUIRED').withDetails([fieldError('subtype', 'FIELD_REQUIRED')]);
  if (input.event_date && input.end_date && input.end_date < input.event_date)
    throw new ValidationError('END_BEFORE_START');
  const values: Record<string, unknown> = pick(input as Record<string, unknown>, INFO_FIELDS);
  // The description is rich text: stored cleaned with the browser's allow-list (issue 36).
  if (values.description !== undefined) values.description = cleanRichTextOrNull(values.description as string | null);
  // Issue 15: the schema checked each number's shape (Z-/D-NNNN-YYYY).
  if (input.fda_recall_numbers) values.fda_recall_numbers = input.fda_recall_numbers;
  if (!input.id) await assertLookupCodes(db, actor.organizationId, input.type, values);
  const id = await transaction(db, async (trx) => {
    if (input.id) {
      const before = await loadOwnCommunication(trx, actor, input.id, { forUpdate: true });
      assertDraft(before);
      if (before.type !== input.type) throw new ConflictError('TYPE_CHANGE');
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

export type ProductInput = FromSchema<(typeof step1Body)['properties']['products']['items']>;

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
    if (count.n + products.length > maxRows) throw new ValidationError('TOO_MANY_PRODUCTS', { max: maxRows });
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

export type ActionInput = FromSchema<(typeof step2Body)['properties']['actions']['items']>;

/** The action types a per-unit action may have: one simple value per row. */
export const PER_UNIT_TYPES: readonly string[] = ['Text', 'Numeric', 'YesNo'];

export function checkActions(actions: ActionInput[], customContent = false): void {
  actions.forEach((a, i) => {
    if (a.per_unit && !customContent) throw new ValidationError('ACTION_PER_UNIT_NEEDS_CUSTOM_CONTENT', { n: i + 1 });
    if (a.per_unit && !PER_UNIT_TYPES.includes(a.action_type))
      throw new ValidationError('ACTION_PER_UNIT_TYPE', { n: i + 1 });
    if (a.action_type === 'Checkbox' || a.action_type === 'MultipleChoice') {
      const options = (a.options ?? []).map((o) => o.trim()).filter(Boolean);
      if (options.length < 1)
        throw new ValidationError('ACTION_NEEDS_OPTION', { n: i + 1, type: a.action_type }).withDetails([
          fieldError(`actions.${i}.options`, 'FIELD_REQUIRED'),
        ]);
      if (new Set(options).size !== options.length) throw new ValidationError('ACTION_OPTIONS_DUPLICATE', { n: i + 1 });
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
      due_date: a.due_date ?? null,
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
      after: rows.map((r) => ({
        action_type: r.action_type,
        title: r.title,
        ...(r.due_date ? { due_date: r.due_date } : {}),
      })),
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
