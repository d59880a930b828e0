import type { Knex } from 'knex';
import {
  type Actor,
  ConflictError,
  type ListPage,
  type ListSpec,
  MAX_INT4,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  ValidationError,
  transaction,
  type RowOf,
  type FromSchema,
} from '@portal/core';
import type { ManagedValue, ManagedVocabulary } from '@portal/vocabulary';
import { LookupValue } from '../models/LookupValue.js';
import { loadLookups, refreshLookups } from './cache.js';
import type { createBody, lookupValueSchema } from '../schemas.js';

/** Whose values a call manages: the platform's (the operator) or one supplier's own. */
export type Scope = { organizationId: number | null };

export const scopeOf = (actor: Actor): Scope => ({
  organizationId: actor.organizationType === 'NOTISPHERE' ? null : actor.organizationId,
});

export type LookupValueView = RowOf<typeof lookupValueSchema>;

export type CreateInput = FromSchema<typeof createBody>;
export type UpdateInput = Omit<CreateInput, 'vocabulary' | 'code'>;

/** Vocabularies whose codes the database itself constrains: no new codes (provider_responses.source). */
const FIXED_CODES: readonly ManagedVocabulary[] = ['responseMethod'];

/**
 * Whether a value is in use is known where its codes are stored: the communications module's events and answers
 * (this module does not read them; communications depends on it, so it registers the check when it loads).
 * The query answers a row when any row holds the code: for a supplier's own value, a row of that supplier; for a
 * platform value, a row of anyone.
 */
export type VocabularyUsage = (
  db: Knex,
  vocabulary: ManagedVocabulary,
  code: string,
  organizationId: number | null,
) => Knex.QueryBuilder;

let usage: VocabularyUsage | undefined;

export function registerVocabularyUsage(fn: VocabularyUsage): void {
  usage = fn;
}

async function inUse(db: Knex | Knex.Transaction, value: LookupValue): Promise<boolean> {
  const org = value.organization_id === null ? null : Number(value.organization_id);
  if (!usage) throw new Error('lookups: no vocabulary usage registered; the communications module registers it');
  const row = await usage(db as Knex, value.vocabulary, value.code, org)
    .select(db.raw('1'))
    .first();
  return row !== undefined;
}

async function toView(db: Knex | Knex.Transaction, v: LookupValue): Promise<LookupValueView> {
  return {
    id: Number(v.id),
    vocabulary: v.vocabulary,
    code: v.code,
    label_en: v.label_en,
    label_vi: v.label_vi,
    sort_order: v.sort_order,
    status: v.status,
    organization_id: v.organization_id === null ? null : Number(v.organization_id),
    in_use: await inUse(db, v),
    updated_at: new Date(v.updated_at).toISOString(),
  };
}

const LIST_SPEC: ListSpec = {
  fields: {
    code: 'code',
    label_en: 'label_en',
    label_vi: 'label_vi',
    sort_order: 'sort_order',
    status: 'status',
    vocabulary: 'vocabulary',
    updated_at: 'updated_at',
  },
  searchColumns: ['code', 'label_en', 'label_vi'],
  defaultSort: [
    { column: 'vocabulary', direction: 'asc' },
    { column: 'sort_order', direction: 'asc' },
  ],
};

const scoped = (db: Knex | Knex.Transaction, scope: Scope) =>
  scope.organizationId === null
    ? db('lookup_values').whereNull('organization_id')
    : db('lookup_values').where({ organization_id: scope.organizationId });

/** The values of one scope, paged; `vocabulary`, `status` and `search` (code or either label) narrow it. */
export async function listLookupValues(
  db: Knex,
  scope: Scope,
  raw: { vocabulary?: ManagedVocabulary; status?: string } & object,
): Promise<ListPage<LookupValueView>> {
  const query = parseListQuery(raw, LIST_SPEC);
  const base = scoped(db, scope);
  if (raw.vocabulary) base.where({ vocabulary: raw.vocabulary });
  if (raw.status) base.where({ status: raw.status });
  const page = await runList<LookupValue>(base, query, LIST_SPEC, 'id', (qb) => qb.select('*'), 'updated_at');
  return { ...page, items: await Promise.all(page.items.map((v) => toView(db, v))) };
}

async function loadValue(db: Knex | Knex.Transaction, scope: Scope, id: number, lock = false): Promise<LookupValue> {
  const q = LookupValue.query(db).findById(id);
  if (scope.organizationId === null) q.whereNull('organization_id');
  else q.where({ organization_id: scope.organizationId });
  const value = await (lock ? q.forUpdate() : q);
  // Another scope's value is not found, not forbidden: whether it exists is not the caller's business.
  if (!value) throw new NotFoundError('LOOKUP_VALUE_NOT_FOUND');
  return value;
}

export async function getLookupValue(db: Knex, scope: Scope, id: number): Promise<LookupValueView> {
  return toView(db, await loadValue(db, scope, id));
}

const audited = (v: LookupValue) => ({
  vocabulary: v.vocabulary,
  code: v.code,
  label_en: v.label_en,
  label_vi: v.label_vi,
  sort_order: v.sort_order,
  status: v.status,
});

async function audit(
  trx: Knex.Transaction,
  actor: Actor,
  scope: Scope,
  action: string,
  id: number,
  before?: LookupValue,
  after?: LookupValue,
) {
  await recordAudit(trx, actor, {
    organizationId: scope.organizationId,
    action,
    entityType: 'lookup_value',
    entityId: id,
    before: before ? audited(before) : undefined,
    after: after ? audited(after) : undefined,
  });
}

/** A code already used in the scope, or (for a supplier) by the platform in the same list, is a conflict. */
async function assertCodeFree(trx: Knex.Transaction, scope: Scope, vocabulary: ManagedVocabulary, code: string) {
  const clash = await trx('lookup_values')
    .where({ vocabulary, code })
    .where((q) => {
      q.whereNull('organization_id');
      if (scope.organizationId !== null) q.orWhere({ organization_id: scope.organizationId });
    })
    .first('id');
  if (clash) throw new ConflictError('DUPLICATE_CODE', { code });
}

export async function createLookupValue(
  db: Knex,
  actor: Actor,
  scope: Scope,
  input: CreateInput,
): Promise<LookupValueView> {
  const code = input.code.trim();
  if (FIXED_CODES.includes(input.vocabulary)) throw new ValidationError('RESPONSE_METHODS_FIXED');
  const created = await transaction(db, async (trx) => {
    await assertCodeFree(trx, scope, input.vocabulary, code);
    // Without an order, the value goes last.
    const last = await scoped(trx, scope)
      .where({ vocabulary: input.vocabulary })
      .max<{ max: number | null }>('sort_order as max')
      .first();
    const value = await LookupValue.query(trx).insert({
      vocabulary: input.vocabulary,
      code,
      label_en: input.label_en.trim(),
      label_vi: input.label_vi.trim(),
      // Ten past the last (room to slot one in between), but never past the largest order a value may have.
      sort_order: input.sort_order ?? Math.min(Number(last?.max ?? 0) + 10, MAX_INT4),
      status: input.status ?? 'ACTIVE',
      organization_id: scope.organizationId,
      created_by: actor.userId,
      updated_by: actor.userId,
    });
    await audit(trx, actor, scope, 'LOOKUP_VALUE_CREATED', value.id, undefined, value);
    return value.id;
  });
  await refreshLookups(db);
  return getLookupValue(db, scope, created);
}

export async function updateLookupValue(
  db: Knex,
  actor: Actor,
  scope: Scope,
  id: number,
  input: UpdateInput,
): Promise<LookupValueView> {
  await transaction(db, async (trx) => {
    const before = await loadValue(trx, scope, id, true);
    const [after] = await LookupValue.query(trx)
      .where({ id })
      .patch({
        label_en: input.label_en.trim(),
        label_vi: input.label_vi.trim(),
        ...(input.sort_order !== undefined ? { sort_order: input.sort_order } : {}),
        ...(input.status ? { status: input.status } : {}),
        updated_by: actor.userId,
      })
      .returning('*');
    await audit(trx, actor, scope, 'LOOKUP_VALUE_UPDATED', id, before, after as unknown as LookupValue);
  });
  await refreshLookups(db);
  return getLookupValue(db, scope, id);
}

/** Activate or Inactivate (spec 000 §4 row actions). An inactive value leaves the pickers and keeps its label. */
export async function setLookupValueStatus(
  db: Knex,
  actor: Actor,
  scope: Scope,
  id: number,
  status: 'ACTIVE' | 'INACTIVE',
): Promise<LookupValueView> {
  await transaction(db, async (trx) => {
    const before = await loadValue(trx, scope, id, true);
    if (before.status === status) return;
    const [after] = await LookupValue.query(trx)
      .where({ id })
      .patch({ status, updated_by: actor.userId })
      .returning('*');
    const action = status === 'ACTIVE' ? 'LOOKUP_VALUE_ACTIVATED' : 'LOOKUP_VALUE_INACTIVATED';
    await audit(trx, actor, scope, action, id, before, after as unknown as LookupValue);
  });
  await refreshLookups(db);
  return getLookupValue(db, scope, id);
}

/** Deletes a value no record uses; one in use is refused (409) and can be deactivated instead. */
export async function deleteLookupValue(db: Knex, actor: Actor, scope: Scope, id: number): Promise<{ id: number }> {
  await transaction(db, async (trx) => {
    const before = await loadValue(trx, scope, id, true);
    if (await inUse(trx, before)) throw new ConflictError('LOOKUP_VALUE_IN_USE');
    await LookupValue.query(trx).deleteById(id);
    await audit(trx, actor, scope, 'LOOKUP_VALUE_DELETED', id, before);
  });
  await refreshLookups(db);
  return { id };
}

/**
 * What the web app loads once: every value the caller may read, active and inactive (an inactive value still labels
 * old records; pickers keep the ACTIVE ones). A supplier reads the platform's values and its own; the operator and
 * providers read every supplier's too, because they see events of every supplier.
 */
export async function readableValues(db: Knex, actor: Actor): Promise<ManagedValue[]> {
  const values = await loadLookups(db);
  if (actor.organizationType !== 'SUPPLIER') return values;
  return values.filter((v) => v.organization_id === null || v.organization_id === actor.organizationId);
}
