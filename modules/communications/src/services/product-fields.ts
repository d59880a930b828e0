import type { Knex } from 'knex';
import {
  type Actor,
  type Cell,
  cellText,
  ConflictError,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseDate,
  parseListQuery,
  recordAudit,
  runList,
  ValidationError,
  transaction,
  fieldError,
  type MessageArgs,
  messagePart,
} from '@portal/core';
import type { FIELD_TYPES } from '../constants.js';

export type FieldType = (typeof FIELD_TYPES)[number];
export type FieldStatus = 'ACTIVE' | 'INACTIVE';

/** A field definition as validation and the views need it. */
export interface ProductField {
  id: number;
  name: string;
  field_type: string;
  options: string[];
  is_required: boolean;
}

/** A field definition on the management wire. `organization_id` null: platform-wide (the operator's). */
export interface ProductFieldView extends ProductField {
  sort_order: number;
  status: FieldStatus;
  organization_id: number | null;
  updated_at: string;
}

/** A product's value of one field, in the spec's value field of its type (spec 000 §3). */
export interface ProductFieldValue {
  id: number;
  name: string;
  field_type: string;
  valueText?: string;
  valueNumber?: number;
  valueDate?: string;
  valueYesNo?: string;
  valueTrueFalse?: boolean;
  valueListSingle?: string;
  valueListMultiple?: string[];
}

export interface ProductFieldInput {
  name: string;
  field_type: FieldType;
  options?: string[];
  is_required?: boolean;
  sort_order?: number;
  status?: FieldStatus;
}

const LIST_TYPES = new Set(['ListSingle', 'ListMultiple']);
export const MAX_FIELD_OPTIONS = 100;

/** Spec value field of each type. */
const VALUE_KEY: Record<string, keyof ProductFieldValue> = {
  Text: 'valueText',
  Number: 'valueNumber',
  Date: 'valueDate',
  YesNo: 'valueYesNo',
  TrueFalse: 'valueTrueFalse',
  ListSingle: 'valueListSingle',
  ListMultiple: 'valueListMultiple',
};

/** The fields a supplier's products carry: the platform's and the supplier's own. */
const inScope = (qb: Knex.QueryBuilder, supplierId: number | null) =>
  qb.where((w) => {
    w.whereNull('organization_id');
    if (supplierId !== null) w.orWhere('organization_id', supplierId);
  });

const FIELD_COLUMNS = ['id', 'name', 'field_type', 'options', 'is_required'];

/** The ACTIVE fields a supplier's step 1 offers and checks, platform's first, each in its order. */
export async function activeProductFields(
  db: Knex | Knex.Transaction,
  supplierId: number | null,
): Promise<ProductField[]> {
  const rows = (await inScope(db('product_fields'), supplierId)
    .where({ status: 'ACTIVE' })
    .orderByRaw('organization_id IS NOT NULL, sort_order, id')
    .select(FIELD_COLUMNS)) as ProductField[];
  return rows.map((f) => ({ ...f, id: Number(f.id) }));
}

/**
 * The fields an event's products are shown with (views, notice, reports): the ACTIVE ones in scope, plus any other
 * (inactive) field the event's products hold a value of, so a value once given stays visible.
 */
export async function productFieldsOfCommunication(
  db: Knex | Knex.Transaction,
  communicationId: number,
  supplierId: number,
): Promise<ProductField[]> {
  const rows = (await inScope(db('product_fields as f'), supplierId)
    .whereNot('status', 'DELETED')
    .where((w) =>
      w
        .where('status', 'ACTIVE')
        .orWhereExists(
          db('communication_products as p')
            .where('p.communication_id', communicationId)
            .whereRaw('p.custom_fields \\? f.id::text'),
        ),
    )
    .orderByRaw('organization_id IS NOT NULL, sort_order, id')
    .select(FIELD_COLUMNS)) as ProductField[];
  return rows.map((f) => ({ ...f, id: Number(f.id) }));
}

/** A product's stored values as the spec's value fields, for the given fields (in their order); absent ones left out. */
export function fieldValues(fields: ProductField[], stored: Record<string, unknown> | null): ProductFieldValue[] {
  const out: ProductFieldValue[] = [];
  for (const f of fields) {
    const value = stored?.[String(f.id)];
    if (value === undefined || value === null) continue;
    out.push({ id: f.id, name: f.name, field_type: f.field_type, [VALUE_KEY[f.field_type] ?? 'valueText']: value });
  }
  return out;
}

/**
 * An uploaded cell as the value a custom field stores (checkCustomFields then checks it): the product file of step 1
 * (`@portal/reports`) and a custom-content event's product file read their field columns alike.
 */
export function cellFieldValue(f: Pick<ProductField, 'field_type'>, c: Cell): unknown {
  if (c === null || cellText(c) === '') return null;
  switch (f.field_type) {
    case 'Number':
      return typeof c === 'number' ? c : Number.isFinite(Number(cellText(c))) ? Number(cellText(c)) : cellText(c);
    case 'Date':
      return parseDate(c) ?? cellText(c);
    case 'TrueFalse': {
      if (typeof c === 'boolean') return c;
      const s = cellText(c).toLowerCase();
      return s === 'true' || s === 'yes' ? true : s === 'false' || s === 'no' ? false : s;
    }
    case 'ListMultiple':
      return cellText(c)
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return cellText(c);
  }
}

/** A stored value as one report cell's text. */
export function fieldText(field: ProductField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (field.field_type === 'TrueFalse') return value ? 'True' : 'False';
  return String(value);
}

/** Checks custom field values against their definitions (type and list options); answers the cleaned map. */
export function checkCustomFields(
  fields: ProductField[],
  values: Record<string, unknown>,
  row: number,
): Record<string, unknown> {
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const clean: Record<string, unknown> = {};
  const problem = (f: ProductField, ...what: MessageArgs) => {
    const detail = fieldError(`products.${row - 1}.custom_fields.${f.id}`, ...what);
    return new ValidationError('PRODUCT_CUSTOM_FIELD_INVALID', {
      row,
      name: f.name,
      problem: messagePart(...what),
    }).withDetails([detail]);
  };
  for (const [key, value] of Object.entries(values)) {
    const f = byId.get(key);
    if (!f) throw new ValidationError('PRODUCT_CUSTOM_FIELD_UNKNOWN', { row, field: key });
    if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    switch (f.field_type) {
      case 'Text':
        if (typeof value !== 'string') throw problem(f, 'VALUE_MUST_BE_TEXT');
        if (value.length > 2000) throw problem(f, 'VALUE_LONGER_THAN', { max: 2000 });
        break;
      case 'Number':
        if (typeof value !== 'number' || !Number.isFinite(value)) throw problem(f, 'VALUE_MUST_BE_NUMBER');
        break;
      case 'Date':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
          throw problem(f, 'VALUE_MUST_BE_DATE');
        break;
      case 'YesNo':
        if (value !== 'Yes' && value !== 'No') throw problem(f, 'VALUE_MUST_BE_YES_NO');
        break;
      case 'TrueFalse':
        if (typeof value !== 'boolean') throw problem(f, 'VALUE_MUST_BE_BOOLEAN');
        break;
      case 'ListSingle':
        if (typeof value !== 'string' || !f.options.includes(value))
          throw problem(f, 'VALUE_MUST_BE_ONE_OF', { options: f.options.join(', ') });
        break;
      case 'ListMultiple':
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && f.options.includes(v)))
          throw problem(f, 'VALUE_MUST_BE_LIST_OF', { options: f.options.join(', ') });
        break;
      default:
        throw problem(f, 'VALUE_TYPE_UNKNOWN');
    }
    clean[key] = value;
  }
  for (const f of fields) if (f.is_required && clean[String(f.id)] === undefined) throw problem(f, 'VALUE_REQUIRED');
  return clean;
}

// ---------- management: the operator's platform fields, a supplier's own ----------

/** Whose fields the caller manages: the operator the platform's (null), a supplier its own. */
const scopeOf = (actor: Actor): number | null =>
  actor.organizationType === 'NOTISPHERE' ? null : actor.organizationId;
const scoped = (qb: Knex.QueryBuilder, scope: number | null) =>
  scope === null ? qb.whereNull('organization_id') : qb.where('organization_id', scope);

const LIST_SPEC: ListSpec = {
  fields: {
    name: 'name',
    field_type: 'field_type',
    status: 'status',
    sort_order: 'sort_order',
    is_required: 'is_required',
    updated_at: 'updated_at',
  },
  searchColumns: ['name'],
  defaultSort: [
    { column: 'sort_order', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
};

interface FieldRow extends ProductField {
  sort_order: number;
  status: FieldStatus;
  organization_id: number | string | null;
  updated_at: Date | string;
}

const toView = (r: FieldRow): ProductFieldView => ({
  id: Number(r.id),
  name: r.name,
  field_type: r.field_type,
  options: r.options ?? [],
  is_required: r.is_required,
  sort_order: r.sort_order,
  status: r.status,
  organization_id: r.organization_id === null ? null : Number(r.organization_id),
  updated_at: new Date(r.updated_at).toISOString(),
});

export async function listProductFields(
  db: Knex,
  actor: Actor,
  raw: { status?: string; field_type?: string } & object,
): Promise<ListPage<ProductFieldView>> {
  const query = parseListQuery(raw, LIST_SPEC);
  const base = scoped(db('product_fields'), scopeOf(actor)).whereNot('status', 'DELETED');
  if (raw.status) base.where({ status: raw.status });
  if (raw.field_type) base.where({ field_type: raw.field_type });
  const page = await runList<FieldRow>(base, query, LIST_SPEC, 'id', (qb) => qb.select('*'), 'updated_at');
  return { ...page, items: page.items.map(toView) };
}

async function loadField(db: Knex | Knex.Transaction, actor: Actor, id: number, lock = false): Promise<FieldRow> {
  const q = scoped(db('product_fields'), scopeOf(actor)).where({ id }).whereNot('status', 'DELETED').first('*');
  const row = (await (lock ? q.forUpdate() : q)) as FieldRow | undefined;
  if (!row) throw new NotFoundError('PRODUCT_FIELD_NOT_FOUND');
  return row;
}

export async function getProductField(db: Knex, actor: Actor, id: number): Promise<ProductFieldView> {
  return toView(await loadField(db, actor, id));
}

/** Whether any product of any event holds a value of the field (the GIN index on custom_fields answers it). */
async function inUse(db: Knex | Knex.Transaction, id: number): Promise<boolean> {
  return Boolean(
    await db('communication_products')
      .whereRaw('custom_fields \\? ?', [String(id)])
      .first('id'),
  );
}

const normalName = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The cleaned options of a list field (trimmed, none blank, no two alike); other types hold none. */
function cleanOptions(type: FieldType, options: string[] | undefined): string[] {
  const list = (options ?? []).map((o) => o.trim()).filter(Boolean);
  if (!LIST_TYPES.has(type)) {
    if (list.length) throw new ValidationError('FIELD_OPTIONS_NOT_LIST');
    return [];
  }
  if (list.length === 0)
    throw new ValidationError('LIST_FIELD_NEEDS_OPTION').withDetails([fieldError('options', 'FIELD_REQUIRED')]);
  if (new Set(list.map((o) => o.toLowerCase())).size !== list.length)
    throw new ValidationError('LIST_FIELD_OPTIONS_NOT_UNIQUE');
  return list;
}

/**
 * A name must be unique among the fields that can meet on one product (they become the product file's columns): a
 * supplier's among the platform's and its own; the platform's among the platform's and every supplier's.
 */
async function assertUniqueName(trx: Knex.Transaction, scope: number | null, name: string, exceptId: number | null) {
  const q = trx('product_fields')
    .whereNot('status', 'DELETED')
    .whereRaw('lower(btrim(name)) = ?', [normalName(name)]);
  if (scope !== null) q.where((w) => w.whereNull('organization_id').orWhere('organization_id', scope));
  if (exceptId !== null) q.whereNot('id', exceptId);
  const clash = (await q.first('organization_id')) as { organization_id: string | null } | undefined;
  if (clash)
    throw new ConflictError(
      clash.organization_id === null || scope !== null
        ? 'PRODUCT_FIELD_NAME_TAKEN'
        : 'PRODUCT_FIELD_NAME_TAKEN.supplier',
      { name: name.trim() },
    );
}

/** Adds a field, or (with `id`) edits one; the type of a field in use cannot change. Audited. */
export async function saveProductField(
  db: Knex,
  actor: Actor,
  id: number | null,
  input: ProductFieldInput,
): Promise<ProductFieldView> {
  const scope = scopeOf(actor);
  const options = cleanOptions(input.field_type, input.options);
  const saved = await transaction(db, async (trx) => {
    const before = id === null ? null : await loadField(trx, actor, id, true);
    await assertUniqueName(trx, scope, input.name, id);
    if (before && before.field_type !== input.field_type && (await inUse(trx, Number(before.id))))
      throw new ConflictError('PRODUCT_FIELD_TYPE_LOCKED');
    const columns = {
      name: input.name.trim(),
      field_type: input.field_type,
      options: JSON.stringify(options),
      is_required: input.is_required ?? false,
      ...(input.status ? { status: input.status } : {}),
      updated_by: actor.userId,
      updated_at: trx.fn.now(),
    };
    let fieldId: number;
    if (before) {
      await trx('product_fields')
        .where({ id: before.id })
        .update({ ...columns, ...(input.sort_order !== undefined ? { sort_order: input.sort_order } : {}) });
      fieldId = Number(before.id);
    } else {
      const next = (await scoped(trx('product_fields'), scope).first(
        trx.raw('coalesce(max(sort_order) + 1, 0)::int as n'),
      )) as { n: number };
      const [row] = (await trx('product_fields')
        .insert({
          ...columns,
          sort_order: input.sort_order ?? next.n,
          organization_id: scope,
          created_by: actor.userId,
        })
        .returning('id')) as { id: string }[];
      fieldId = Number(row!.id);
    }
    const after = await loadField(trx, actor, fieldId);
    await recordAudit(trx, actor, {
      organizationId: scope,
      action: before ? 'PRODUCT_FIELD_UPDATED' : 'PRODUCT_FIELD_CREATED',
      entityType: 'product_field',
      entityId: fieldId,
      before: before ? toView(before) : undefined,
      after: toView(after),
    });
    return after;
  });
  return toView(saved);
}

/** Activates or inactivates a field: an inactive one leaves step 1 and the file template; values given stay shown. */
export async function setProductFieldStatus(
  db: Knex,
  actor: Actor,
  id: number,
  status: FieldStatus,
): Promise<ProductFieldView> {
  const scope = scopeOf(actor);
  const saved = await transaction(db, async (trx) => {
    const before = await loadField(trx, actor, id, true);
    if (status === 'ACTIVE') await assertUniqueName(trx, scope, before.name, Number(before.id));
    await trx('product_fields')
      .where({ id: before.id })
      .update({ status, updated_by: actor.userId, updated_at: trx.fn.now() });
    const after = await loadField(trx, actor, id);
    await recordAudit(trx, actor, {
      organizationId: scope,
      action: status === 'ACTIVE' ? 'PRODUCT_FIELD_ACTIVATED' : 'PRODUCT_FIELD_INACTIVATED',
      entityType: 'product_field',
      entityId: id,
      before: toView(before),
      after: toView(after),
    });
    return after;
  });
  return toView(saved);
}
