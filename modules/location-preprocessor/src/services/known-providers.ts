import type { Knex } from 'knex';
import { type ListPage, type ListSpec, parseListQuery, runList, transaction, type RowOf } from '@portal/core';
import { organizationsView } from '@portal/organizations';
import { type Field, KNOWN_FIELDS, readInputRows } from './input.js';
import { nameTokens, normalizeAddress, normalizeCity, normalizeState, phoneDigits, zip5 } from './normalize.js';
import { coreName } from './score.js';
import type { knownProviderSchema } from '../schemas.js';

export const KIND_COLUMNS = { ccn: 'CCN', npi: 'NPI', gln: 'GLN' } as const;
export type IdentifierKind = 'CCN' | 'NPI' | 'GLN' | 'CUSTOMER';

export const KNOWN_MESSAGES = {
  noIdentifier: 'No identifier (Facility ID / CCN / Provider ID, NPI or GLN).',
  noName: 'No name.',
  state: 'The state is not a two-letter code.',
  duplicate: 'The identifier appears earlier in the file.',
} as const;

/** The normalised columns of a known provider. */
export interface KnownProviderValues {
  name: string;
  name_norm: string;
  name_core: string;
  address: string | null;
  address_norm: string;
  city: string | null;
  city_norm: string;
  state: string | null;
  zip: string | null;
  zip5: string;
  phone: string | null;
}

export function knownValues(v: Partial<Record<Field, string>>): KnownProviderValues {
  const state = normalizeState(v.state ?? '');
  const tokens = nameTokens(v.name ?? '');
  return {
    name: (v.name ?? '').trim(),
    name_norm: tokens.join(' '),
    name_core: coreName(tokens),
    address: v.address?.trim() || null,
    address_norm: normalizeAddress(v.address ?? ''),
    city: v.city?.trim() || null,
    city_norm: normalizeCity(v.city ?? ''),
    state: state || null,
    zip: v.zip?.trim() || null,
    zip5: zip5(v.zip ?? ''),
    phone: phoneDigits(v.phone ?? '') || null,
  };
}

const COMPARED: (keyof KnownProviderValues)[] = ['name', 'address', 'city', 'state', 'zip', 'phone'];

export interface ImportSummary {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  /** The first refusals, with their line and reason (refused holds the full count). */
  refusals: { line: number; reason: string }[];
}

const MAX_REFUSALS = 100;
export const IMPORT_BATCH = 1000;

interface Pending {
  line: number;
  kind: IdentifierKind;
  value: string;
  values: KnownProviderValues;
  others: { kind: IdentifierKind; value: string }[];
}

/**
 * Loads a known-provider file (CMS "Hospital General Information" and other layouts): upserts by external identifier
 * (CCN, else NPI, else GLN), in batches of IMPORT_BATCH rows each in its own transaction; a second run of the same
 * file changes nothing. `progress` is told the rows done so far.
 */
export async function importKnownProviders(
  db: Knex,
  extension: 'csv' | 'xlsx',
  data: Buffer,
  progress?: (rows: number) => void,
): Promise<ImportSummary> {
  const summary: ImportSummary = { rows: 0, created: 0, updated: 0, unchanged: 0, refused: 0, refusals: [] };
  const refuse = (line: number, reason: string) => {
    summary.refused += 1;
    if (summary.refusals.length < MAX_REFUSALS) summary.refusals.push({ line, reason });
  };
  const seen = new Set<string>();
  let batch: Pending[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const done = await upsertBatch(db, batch);
    summary.created += done.created;
    summary.updated += done.updated;
    summary.unchanged += done.unchanged;
    batch = [];
    progress?.(summary.rows);
  };
  for await (const row of readInputRows(extension, data, KNOWN_FIELDS)) {
    summary.rows += 1;
    const ids = (Object.keys(KIND_COLUMNS) as (keyof typeof KIND_COLUMNS)[])
      .filter((c) => row.values[c]?.trim())
      .map((c) => ({ kind: KIND_COLUMNS[c] as IdentifierKind, value: row.values[c]!.trim() }));
    const values = knownValues(row.values);
    if (!ids.length) refuse(row.line, KNOWN_MESSAGES.noIdentifier);
    else if (!values.name) refuse(row.line, KNOWN_MESSAGES.noName);
    else if (row.values.state?.trim() && !/^[A-Za-z]{2}$/.test(row.values.state.trim()))
      refuse(row.line, KNOWN_MESSAGES.state);
    else if (seen.has(`${ids[0]!.kind}:${ids[0]!.value}`)) refuse(row.line, KNOWN_MESSAGES.duplicate);
    else {
      seen.add(`${ids[0]!.kind}:${ids[0]!.value}`);
      batch.push({ line: row.line, kind: ids[0]!.kind, value: ids[0]!.value, values, others: ids.slice(1) });
      if (batch.length >= IMPORT_BATCH) await flush();
    }
  }
  await flush();
  return summary;
}

async function upsertBatch(
  db: Knex,
  batch: Pending[],
): Promise<{ created: number; updated: number; unchanged: number }> {
  return transaction(db, async (trx) => {
    const existing = (await trx('known_provider_identifiers as x')
      .join('known_providers as k', 'k.id', 'x.known_provider_id')
      .whereNull('x.supplier_id')
      .whereIn(
        trx.raw('(x.kind, x.value)') as unknown as string,
        batch.map((b) => [b.kind, b.value]) as unknown as string[],
      )
      .select('x.kind', 'x.value', 'k.*')) as (KnownProviderValues & { id: number; kind: string; value: string })[];
    const byKey = new Map(existing.map((e) => [`${e.kind}:${e.value}`, e]));
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    const fresh: Pending[] = [];
    for (const b of batch) {
      const before = byKey.get(`${b.kind}:${b.value}`);
      if (!before) {
        fresh.push(b);
        continue;
      }
      if (COMPARED.every((c) => (before[c] ?? null) === (b.values[c] ?? null))) {
        unchanged += 1;
        continue;
      }
      await trx('known_providers')
        .where({ id: before.id })
        .update({ ...b.values, updated_at: trx.fn.now() });
      updated += 1;
    }
    if (fresh.length) {
      const ids = (await trx('known_providers')
        .insert(fresh.map((b) => b.values))
        .returning('id')) as { id: number }[];
      const identifiers = fresh.flatMap((b, i) =>
        [{ kind: b.kind, value: b.value }, ...b.others].map((x) => ({ ...x, known_provider_id: ids[i]!.id })),
      );
      await trx('known_provider_identifiers')
        .insert(identifiers)
        .onConflict(trx.raw('(kind, value, coalesce(supplier_id, 0))') as unknown as string)
        .ignore();
      created += fresh.length;
    }
    return { created, updated, unchanged };
  });
}

/**
 * The portal's provider organisations and their sites are known providers too: one known provider per organisation
 * (organization_id) or site (organization_id of the health system, site_id of the site), kept in step on each call.
 */
export async function syncPortalProviders(db: Knex): Promise<number> {
  const orgs = (await db
    .from(organizationsView(db).as('o'))
    .where('type', 'PROVIDER')
    .whereIn('status', ['ACTIVE', 'LINKED'])
    .select('id', 'parent_id', 'name', 'address1', 'city', 'state', 'zip', 'phone')) as unknown as {
    id: number;
    parent_id: number | null;
    name: string;
    address1: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    phone: string | null;
  }[];
  if (!orgs.length) return 0;
  const rows = orgs.map((o) => ({
    ...knownValues({
      name: o.name,
      address: o.address1 ?? '',
      city: o.city ?? '',
      state: o.state ?? '',
      zip: o.zip ?? '',
      phone: o.phone ?? '',
    }),
    organization_id: o.parent_id ? Number(o.parent_id) : Number(o.id),
    site_id: o.parent_id ? Number(o.id) : null,
  }));
  const insert = db('known_providers').insert(rows).toSQL();
  const set = [...COMPARED, 'name_norm', 'name_core', 'address_norm', 'city_norm', 'zip5']
    .map((c) => `"${c}" = EXCLUDED."${c}"`)
    .join(', ');
  await db.raw(
    `${insert.sql} ON CONFLICT (organization_id, coalesce(site_id, 0)) WHERE organization_id IS NOT NULL DO UPDATE SET ${set}, updated_at = now()
     WHERE (known_providers.name, known_providers.address, known_providers.city, known_providers.state, known_providers.zip, known_providers.phone)
       IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.address, EXCLUDED.city, EXCLUDED.state, EXCLUDED.zip, EXCLUDED.phone)`,
    insert.bindings as readonly Knex.Value[],
  );
  return orgs.length;
}

export type KnownProviderView = RowOf<typeof knownProviderSchema>;

const KNOWN_LIST: ListSpec = {
  fields: {
    id: 'k.id',
    name: 'k.name',
    address: 'k.address',
    city: 'k.city',
    state: 'k.state',
    zip: 'k.zip',
    phone: 'k.phone',
    organizationName: 'o.name',
  },
  searchColumns: ['k.name', 'k.city', 'k.zip', 'k.address'],
  defaultSort: [{ column: 'k.name', direction: 'asc' }],
  indexedSorts: ['name:asc', 'name:desc'],
};

/** Known providers' external ids and aliases, for the ids given. */
export async function identifiersOf(
  db: Knex,
  ids: number[],
): Promise<{ externalIds: Map<number, KnownProviderView['externalIds']>; aliases: Map<number, string[]> }> {
  const externalIds = new Map<number, KnownProviderView['externalIds']>();
  const aliases = new Map<number, string[]>();
  if (!ids.length) return { externalIds, aliases };
  const xs = (await db('known_provider_identifiers')
    .whereIn('known_provider_id', ids)
    .orderBy('id')
    .select('known_provider_id', 'kind', 'value')) as {
    known_provider_id: number;
    kind: IdentifierKind;
    value: string;
  }[];
  for (const x of xs) {
    const list = externalIds.get(Number(x.known_provider_id)) ?? [];
    list.push({ kind: x.kind, value: x.value });
    externalIds.set(Number(x.known_provider_id), list);
  }
  const as = (await db('known_provider_aliases')
    .whereIn('known_provider_id', ids)
    .orderBy('id')
    .select('known_provider_id', 'alias')) as { known_provider_id: number; alias: string }[];
  for (const a of as) {
    const list = aliases.get(Number(a.known_provider_id)) ?? [];
    if (!list.includes(a.alias)) list.push(a.alias);
    aliases.set(Number(a.known_provider_id), list);
  }
  return { externalIds, aliases };
}

type KnownRow = Omit<KnownProviderView, 'externalIds' | 'aliases'>;

/** GET known-providers: paged, searched by name, city, ZIP, address or an exact identifier, filtered by state. */
export async function listKnownProviders(
  db: Knex,
  raw: { state?: string } & Record<string, unknown>,
): Promise<ListPage<KnownProviderView>> {
  const { state, ...rest } = raw;
  const base = db('known_providers as k')
    .leftJoin(organizationsView(db).as('o'), 'o.id', 'k.organization_id')
    .where('k.status', 'ACTIVE');
  if (state) base.where('k.state', String(state).toUpperCase());
  // A search that is exactly an external identifier (a CCN, NPI, GLN or customer number) finds its provider.
  const text = typeof rest.search === 'string' ? rest.search.trim() : '';
  if (text && (await db('known_provider_identifiers').where('value', text).first('id'))) {
    base.whereExists(
      db('known_provider_identifiers as x')
        .select(db.raw('1'))
        .whereRaw('x.known_provider_id = k.id')
        .where('x.value', text),
    );
    delete rest.search;
  }
  const query = parseListQuery(rest, KNOWN_LIST);
  const page = await runList<KnownRow>(
    base,
    query,
    KNOWN_LIST,
    'k.id',
    (qb) =>
      qb.select(
        'k.id',
        'k.name',
        'k.address',
        'k.city',
        'k.state',
        'k.zip',
        'k.phone',
        'k.organization_id as organizationId',
        'o.name as organizationName',
        'k.site_id as siteId',
      ),
    'k.updated_at',
  );
  const ids = page.items.map((r) => Number(r.id));
  const { externalIds, aliases } = await identifiersOf(db, ids);
  return {
    ...page,
    items: page.items.map((r) => ({
      ...r,
      id: Number(r.id),
      organizationId: r.organizationId === null ? null : Number(r.organizationId),
      siteId: r.siteId === null ? null : Number(r.siteId),
      externalIds: externalIds.get(Number(r.id)) ?? [],
      aliases: aliases.get(Number(r.id)) ?? [],
    })),
  };
}
