import type { Knex } from 'knex';
import { ValidationError, argsOf, type FieldError, fieldError } from '@portal/core';
import { installManagedValues, type ManagedValue, type ManagedVocabulary } from '@portal/vocabulary';

/**
 * The lookup values of one database, read once per process and reloaded after every write: on the replica that
 * wrote at once, on the others when its LISTEN/NOTIFY announcement arrives (`lookup_values_changed`). Loading also installs them into `@portal/vocabulary`, so every `vocabularyLabel` on the server (emails,
 * reports, downloads) reads the managed labels. Keyed by the knex instance: tests run several databases in a process.
 */
const caches = new WeakMap<Knex, Promise<ManagedValue[]>>();

const COLUMNS = ['vocabulary', 'code', 'label_en', 'label_vi', 'sort_order', 'status', 'organization_id'] as const;

export function loadLookups(db: Knex): Promise<ManagedValue[]> {
  let cached = caches.get(db);
  if (!cached) {
    cached = db('lookup_values')
      .select(...COLUMNS)
      .orderBy([{ column: 'vocabulary' }, { column: 'sort_order' }, { column: 'id' }])
      .then((rows: ManagedValue[]) => {
        const values = rows.map((r) => ({
          ...r,
          organization_id: r.organization_id === null ? null : Number(r.organization_id),
        }));
        installManagedValues(values);
        return values;
      });
    caches.set(db, cached);
    cached.catch(() => caches.delete(db));
  }
  return cached;
}

/** Tells the other replicas that the values changed (wired by the module to LISTEN/NOTIFY when the BFF has it). */
const broadcasts = new WeakMap<Knex, () => Promise<void>>();

export function wireLookupsBroadcast(db: Knex, fn: () => Promise<void>): void {
  broadcasts.set(db, fn);
}

/** Reloads this process's copy (a write here, or another replica's announced one). */
export function reloadLookups(db: Knex): Promise<ManagedValue[]> {
  caches.delete(db);
  return loadLookups(db);
}

/** After a committed write: the next read (and the labels) see it, on this replica and, announced, on the others. */
export async function refreshLookups(db: Knex): Promise<ManagedValue[]> {
  const values = await reloadLookups(db);
  await broadcasts.get(db)?.();
  return values;
}

/** The ACTIVE codes a supplier (or, with null, the platform) may choose in one vocabulary. */
export async function activeCodes(
  db: Knex,
  vocabulary: ManagedVocabulary,
  organizationId: number | null,
): Promise<Set<string>> {
  const values = await loadLookups(db);
  return new Set(
    values
      .filter((v) => v.vocabulary === vocabulary && v.status === 'ACTIVE')
      .filter((v) => v.organization_id === null || v.organization_id === organizationId)
      .map((v) => v.code),
  );
}

/** The event fields that store lookup codes, and the vocabularies each may hold. */
const FIELD_VOCABULARIES: Record<string, (type: string | null | undefined) => ManagedVocabulary[]> = {
  subtype: (type) =>
    type === 'RECALL'
      ? ['recallSubtype']
      : type === 'PRODUCT DISRUPTION'
        ? ['disruptionSubtype']
        : ['recallSubtype', 'disruptionSubtype'],
  classification: () => ['classification'],
  reason: () => ['reason'],
  disposition: () => ['disposition'],
  lead_time: () => ['leadTime'],
};

/**
 * Refuses a code that is not an ACTIVE value of its vocabulary in the caller's scope (the platform's values and the
 * supplier's own). A code the record already holds passes unchanged: a deactivated value stays on old records.
 */
export async function assertLookupCodes(
  db: Knex,
  organizationId: number | null,
  type: string | null | undefined,
  input: object,
  before: object = {},
): Promise<void> {
  const values = input as Record<string, unknown>;
  const previous = before as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const [field, vocabularies] of Object.entries(FIELD_VOCABULARIES)) {
    const code = values[field];
    if (code === undefined || code === null || code === '') continue;
    if (code === previous[field]) continue;
    const allowed = new Set<string>();
    for (const vocabulary of vocabularies(type))
      for (const c of await activeCodes(db, vocabulary, organizationId)) allowed.add(c);
    if (typeof code !== 'string' || !allowed.has(code))
      errors.push(fieldError(field, 'LOOKUP_VALUE_INACTIVE', { field }));
  }
  if (errors.length === 1) throw new ValidationError(...argsOf(errors[0]!)).withDetails(errors);
  if (errors.length > 1)
    throw new ValidationError('PROBLEMS', { problems: errors.map((e) => e.message).join('; ') }).withDetails(errors);
}

/** A picker's `{ value, label }` options: the ACTIVE values of the scope, in order (English labels: the wire's). */
export async function lookupOptions(
  db: Knex,
  vocabulary: ManagedVocabulary,
  organizationId: number | null,
): Promise<{ value: string; label: string }[]> {
  const values = await loadLookups(db);
  return values
    .filter((v) => v.vocabulary === vocabulary && v.status === 'ACTIVE')
    .filter((v) => v.organization_id === null || v.organization_id === organizationId)
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((v) => ({ value: v.code, label: v.label_en }));
}
