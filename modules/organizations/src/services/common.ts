import type { Knex } from 'knex';
import {
  type Actor,
  argsOf,
  ConflictError,
  type FieldError,
  fieldError,
  filterText,
  MAX_ID,
  NotFoundError,
  type PlainMessageKey,
  problemsError,
  recordAudit,
  ValidationError,
  transaction,
} from '@portal/core';

/** Status of a master record (spec §4): ACTIVE gives Edit and Inactivate; any other gives Activate only. */
export type MasterStatus = 'ACTIVE' | 'INACTIVE' | 'DELETED';
export type StatusAction = 'activate' | 'inactivate' | 'delete';

/** The status a record moves to, or a 409 when the action does not apply to its current status. */
export function nextStatus(current: string, action: StatusAction): MasterStatus {
  if (action === 'delete') return 'DELETED';
  if (action === 'activate') {
    if (current === 'ACTIVE') throw new ConflictError('INVALID_STATUS.alreadyActive');
    return 'ACTIVE';
  }
  if (current !== 'ACTIVE') throw new ConflictError('INVALID_STATUS.notActive');
  return 'INACTIVE';
}

export function assertEditable(status: string): void {
  if (status !== 'ACTIVE') throw new ConflictError('INVALID_STATUS.editInactive');
}

export const AUDIT_VERBS: Record<StatusAction, string> = {
  activate: 'ACTIVATED',
  inactivate: 'INACTIVATED',
  delete: 'DELETED',
};

/** A tenant-owned table whose rows are master records: what the generic status change needs to know. */
export interface MasterTable {
  table: string;
  entityType: string;
  /** What a missing row answers. */
  notFound: Extract<PlainMessageKey, `${string}_NOT_FOUND`>;
}

/**
 * Loads a non-deleted row of the caller's organisation for update; a row of another tenant answers the same 404 as a
 * missing one.
 */
export async function lockOwnRow<T extends { status: string }>(
  trx: Knex.Transaction,
  actor: Actor,
  spec: MasterTable,
  id: number,
): Promise<T> {
  const row = (await trx(spec.table)
    .where({ id, organization_id: actor.organizationId })
    .whereNot('status', 'DELETED')
    .forUpdate()
    .first()) as T | undefined;
  if (!row) throw new NotFoundError(spec.notFound);
  return row;
}

/** Activate, inactivate or (softly) delete a master record, with its audit row, in one transaction. */
export async function changeMasterStatus<T extends { id: number; status: string }>(
  db: Knex,
  actor: Actor,
  spec: MasterTable,
  id: number,
  action: StatusAction,
  guard?: (trx: Knex.Transaction, row: T) => Promise<void>,
): Promise<T> {
  return transaction(db, async (trx) => {
    const before = await lockOwnRow<T>(trx, actor, spec, id);
    if (guard) await guard(trx, before);
    const status = nextStatus(before.status, action);
    const [after] = (await trx(spec.table)
      .where({ id })
      .update({ status, updated_at: trx.fn.now() })
      .returning('*')) as T[];
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: `${spec.entityType.toUpperCase()}_${AUDIT_VERBS[action]}`,
      entityType: spec.entityType,
      entityId: id,
      before: { status: before.status },
      after: { status },
    });
    return after!;
  });
}

// ---- field rules of spec §5 whose messages JSON Schema cannot carry ----

const FIELD_MESSAGES = {
  email: 'EMAIL_INVALID',
  phone: 'PHONE_INVALID',
  domain: 'DOMAIN_INVALID',
  zip: 'ZIP_INVALID',
} as const;

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const PHONE = /^(\+1)?[\s.-]?\(?[0-9]{3}\)?[\s.-]?[0-9]{3}[\s.-]?[0-9]{4}$/;
const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/i;
const ZIP = /^[0-9]{5}(-?[0-9]{4})?$/;

export const isEmail = (v: string) => EMAIL.test(v.trim());
export const isPhone = (v: string) => PHONE.test(v.trim());
export const isDomain = (v: string) => DOMAIN.test(v.trim());
export const isZip = (v: string) => ZIP.test(v.trim());

/**
 * An organisation's domain(s) for the valid-domain checks: one column holding a comma- or space-separated list
 * ("riverside.org, riverside-health.org"). Split, trimmed and lower-cased; empty pieces dropped.
 */
export function splitDomains(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,;\s]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}
/** The stored form of a domain list: lower-cased, de-duplicated, ", "-joined (null when empty). */
export const joinDomains = (value: string | null | undefined): string | null =>
  [...new Set(splitDomains(value))].join(', ') || null;

/** Splits a recipient list ("a@x.org, b@x.org; c@x.org") into trimmed addresses. */
export function splitEmails(value: string): string[] {
  return value
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

type Rule = 'email' | 'emails' | 'phone' | 'domain' | 'zip';

/**
 * Checks optional text fields against the spec's rules, answering the spec's messages (one bad field: its message;
 * several: each in `details`). Empty and null values pass: required-ness is the schema's job.
 */
export function checkFields(input: Record<string, unknown>, rules: Record<string, Rule>): void {
  const errors: FieldError[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const ok =
      rule === 'email'
        ? isEmail(value)
        : rule === 'emails'
          ? splitEmails(value).every(isEmail)
          : rule === 'phone'
            ? isPhone(value)
            : rule === 'domain'
              ? splitDomains(value).length <= 20 && splitDomains(value).every(isDomain)
              : isZip(value);
    if (!ok) errors.push(fieldError(field, FIELD_MESSAGES[rule === 'emails' ? 'email' : rule]));
  }
  if (errors.length === 1) throw new ValidationError(...argsOf(errors[0]!)).withDetails(errors);
  if (errors.length > 1) {
    const problems = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
    throw new ValidationError('FIELDS_INVALID', { problems }).withDetails(errors);
  }
}

/** Trims strings and turns blank ones into null, for optional text columns. */
export function clean<T extends Record<string, unknown>>(input: T): T {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v]),
  ) as T;
}

/**
 * Takes exact-match filters (ids, statuses) out of a list query's filterModel before the shared parser sees it: the
 * shared filters are "contains", which would let fileId 1 match 10 and status ACTIVE match INACTIVE.
 */
export function takeExactFilters(
  raw: Record<string, unknown>,
  fields: readonly string[],
): { rest: Record<string, unknown>; exact: Record<string, string> } {
  const model = raw.filterModel;
  if (typeof model !== 'string' || model === '') return { rest: raw, exact: {} };
  let parsed: unknown;
  for (const candidate of [model, safeDecode(model)]) {
    try {
      parsed = JSON.parse(candidate);
      break;
    } catch {
      // the shared parser reports a malformed model
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { rest: raw, exact: {} };
  // No prototype: a "__proto__" key stays an own key, reaches the shared parser and is refused there like any unknown field.
  const remaining: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const exact: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (fields.includes(key)) {
      const filter = filterText(value, key);
      if (filter !== '') exact[key] = filter;
    } else remaining[key] = value;
  }
  return { rest: { ...raw, filterModel: JSON.stringify(remaining) }, exact };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** An id filter must be a positive integer; anything else is a 400, never SQL. */
export function idFilter(value: string, field: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_ID) throw new ValidationError('POSITIVE_INTEGER_REQUIRED', { field });
  return n;
}

/** Required text fields must hold non-blank text ("first_name is required"), like a missing property. */
export function requireText(input: Record<string, unknown>, fields: readonly string[]): void {
  const errors = fields
    .filter((f) => typeof input[f] !== 'string' || (input[f] as string).trim() === '')
    .map((field) => fieldError(field, 'PROPERTY_REQUIRED', { property: field }));
  if (errors.length) throw problemsError(errors);
}
