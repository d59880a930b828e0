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
  ValidationError,
  whereAnyOf,
  formatDateTime,
  type ReportColumn,
  transaction,
} from '@portal/core';
import {
  assertEditable,
  changeMasterStatus,
  checkFields,
  clean,
  idFilter,
  lockOwnRow,
  type MasterTable,
  type StatusAction,
  takeExactFilters,
} from './common.js';
import { listPages, listReport } from './reports.js';

/** One of a supplier's customer locations (account / ship-to), possibly matched to a provider organisation. */
export interface SupplierLocation {
  id: number;
  organization_id: number;
  location_file_id: number | null;
  file_name: string | null;
  location_id: string;
  location_name: string;
  idn: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  type: string | null;
  email: string | null;
  notisphere_id: string | null;
  provider_organization_id: number | null;
  provider_name: string | null;
  /** The mapped provider's verification (spec 000 §4 location statuses); null until it verifies. */
  verification_status: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  created_at: Date;
  updated_at: Date;
}

export interface SupplierLocationInput {
  location_id: string;
  location_name: string;
  idn?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  type?: string | null;
  email?: string | null;
  notisphere_id?: string | null;
}

export const LOCATION_TABLE: MasterTable = {
  table: 'supplier_locations',
  entityType: 'supplier_location',
  notFound: 'Location not found.',
};
export const LOCATION_MESSAGES = {
  duplicate: 'A location with this Location ID already exists.',
  state: 'Invalid state',
} as const;

/** Filter fields of spec 001 §3 (camelCase, as the web client sends them) mapped to columns; snake_case names sort too. */
export const locationList: ListSpec = {
  fields: {
    locationId: 'sl.location_id',
    locationName: 'sl.location_name',
    idn: 'sl.idn',
    address1: 'sl.address1',
    address2: 'sl.address2',
    city: 'sl.city',
    state: 'sl.state',
    zip: 'sl.zip',
    type: 'sl.type',
    email: 'sl.email',
    providerName: 'p.name',
    fileName: 'f.name',
    id: 'sl.id',
    location_id: 'sl.location_id',
    location_name: 'sl.location_name',
    provider_name: 'p.name',
    file_name: 'f.name',
    status: 'sl.status',
    verificationStatus: 'sl.verification_status',
    verification_status: 'sl.verification_status',
    created_at: 'sl.created_at',
    updated_at: 'sl.updated_at',
  },
  searchColumns: [
    'sl.location_id',
    'sl.location_name',
    'sl.idn',
    'sl.address1',
    'sl.city',
    'sl.state',
    'sl.zip',
    'sl.email',
  ],
  defaultSort: [{ column: 'sl.location_name', direction: 'asc' }],
};

/**
 * Whose locations a query reads: one supplier's (its own pages) or every supplier's, each with its supplier's name (the
 * operator's /notisphere/locations).
 */
export type LocationScope = { supplierId: number } | 'every supplier';

/** The one query of the location lists: the live (not deleted) locations of the scope, with file and provider names. */
export function locationRows(db: Knex, scope: LocationScope): Knex.QueryBuilder {
  const q = db('supplier_locations as sl')
    .leftJoin('supplier_location_files as f', 'f.id', 'sl.location_file_id')
    .leftJoin('organizations as p', 'p.id', 'sl.provider_organization_id')
    .whereNot('sl.status', 'DELETED');
  if (scope === 'every supplier') q.join('organizations as s', 's.id', 'sl.organization_id');
  else q.where('sl.organization_id', scope.supplierId);
  return q;
}

/** The columns a location list answers (`SupplierLocation`; the operator's also `supplier_name`) for a scope. */
export const locationSelect =
  (scope: LocationScope) =>
  (qb: Knex.QueryBuilder): Knex.QueryBuilder =>
    qb.select(
      'sl.id',
      'sl.organization_id',
      ...(scope === 'every supplier' ? ['s.name as supplier_name'] : []),
      'sl.location_file_id',
      'f.name as file_name',
      'sl.location_id',
      'sl.location_name',
      'sl.idn',
      'sl.address1',
      'sl.address2',
      'sl.city',
      'sl.state',
      'sl.zip',
      'sl.type',
      'sl.email',
      'sl.notisphere_id',
      'sl.provider_organization_id',
      'p.name as provider_name',
      'sl.verification_status',
      'sl.status',
      'sl.created_at',
      'sl.updated_at',
    );

/** The caller's own locations (a supplier's pages). */
const own = (actor: Actor): LocationScope => ({ supplierId: actor.organizationId });

/** `status` and `fileId` in the filterModel match exactly; the other fields are "contains" (spec §2). */
function scoped(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): { base: Knex.QueryBuilder; rest: Record<string, unknown> } {
  const { rest, exact } = takeExactFilters(raw, ['status', 'fileId']);
  const base = locationRows(db, own(actor));
  if (exact.status) base.whereRaw('upper(sl.status) = upper(?)', [exact.status]);
  if (exact.fileId) base.where('sl.location_file_id', idFilter(exact.fileId, 'fileId'));
  return { base, rest };
}

export async function listSupplierLocations(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): Promise<ListPage<SupplierLocation>> {
  const { base, rest } = scoped(db, actor, raw);
  return runList<SupplierLocation>(
    base,
    parseListQuery(rest, locationList),
    locationList,
    'sl.id',
    locationSelect(own(actor)),
    'sl.updated_at',
  );
}

export async function getSupplierLocation(db: Knex, actor: Actor, id: number): Promise<SupplierLocation> {
  const row = await locationSelect(own(actor))(locationRows(db, own(actor)).where('sl.id', id)).first();
  if (!row) throw new NotFoundError(LOCATION_TABLE.notFound);
  return row as SupplierLocation;
}

/**
 * The caller's ACTIVE locations, optionally those of one location file and/or with the given ids (what a
 * communication's affected locations are built from). Ids of another tenant are simply not found.
 */
export async function getSupplierLocations(
  db: Knex,
  actor: Actor,
  options: { fileId?: number; ids?: number[] } = {},
): Promise<SupplierLocation[]> {
  const q = locationSelect(own(actor))(locationRows(db, own(actor)).where('sl.status', 'ACTIVE'));
  if (options.fileId !== undefined) q.where('sl.location_file_id', options.fileId);
  if (options.ids !== undefined) whereAnyOf(q, 'sl.id', options.ids);
  return (await q.orderBy('sl.location_name').orderBy('sl.id')) as SupplierLocation[];
}

const STATE = /^[A-Za-z]{2}$/;

/** Normalised column values of a location, or the reasons it is invalid (shared by the form and the file import). */
export function locationValues(input: SupplierLocationInput): {
  values: Required<SupplierLocationInput>;
  errors: { field: string; message: string }[];
} {
  const v = clean({
    location_id: input.location_id ?? '',
    location_name: input.location_name ?? '',
    idn: input.idn ?? null,
    address1: input.address1 ?? null,
    address2: input.address2 ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zip: input.zip ?? null,
    type: input.type ?? null,
    email: input.email ?? null,
    notisphere_id: input.notisphere_id ?? null,
  });
  const errors: { field: string; message: string }[] = [];
  if (!v.location_id) errors.push({ field: 'location_id', message: 'Location ID is required' });
  else if (v.location_id.length > 100)
    errors.push({ field: 'location_id', message: 'Location ID must be at most 100 characters' });
  if (!v.location_name) errors.push({ field: 'location_name', message: 'Location Name is required' });
  else if (v.location_name.length > 300)
    errors.push({ field: 'location_name', message: 'Location Name must be at most 300 characters' });
  if (v.state && !STATE.test(v.state)) errors.push({ field: 'state', message: LOCATION_MESSAGES.state });
  try {
    checkFields(v, { zip: 'zip', email: 'emails' });
  } catch (error) {
    errors.push(...((error as ValidationError).details as { field: string; message: string }[]));
  }
  const values = {
    ...v,
    location_id: v.location_id ?? '',
    location_name: v.location_name ?? '',
    state: v.state ? v.state.toUpperCase() : null,
    email: v.email
      ? v.email
          .split(/[,;]/)
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean)
          .join(', ')
      : null,
  } as Required<SupplierLocationInput>;
  return { values, errors };
}

function valid(input: SupplierLocationInput): Required<SupplierLocationInput> {
  const { values, errors } = locationValues(input);
  if (errors.length === 1) throw new ValidationError(errors[0]!.message, errors);
  if (errors.length)
    throw new ValidationError(`Request is invalid: ${errors.map((e) => e.message).join('; ')}`, errors);
  return values;
}

/**
 * Matches locations to provider organisations: by notisphere_id first, otherwise by name (case-insensitive) and
 * 5-digit ZIP. Answers the provider organisation id per index of `locations` (null when none matches).
 */
export async function matchProviders(
  db: Knex | Knex.Transaction,
  locations: Pick<SupplierLocationInput, 'location_name' | 'zip' | 'notisphere_id'>[],
): Promise<(number | null)[]> {
  const ids = [...new Set(locations.map((l) => l.notisphere_id).filter((x): x is string => !!x))];
  const names = [...new Set(locations.map((l) => l.location_name.toLowerCase()))];
  const providers = (await db('organizations')
    .where({ type: 'PROVIDER' })
    .whereIn('status', ['ACTIVE', 'LINKED'])
    .where((w) => w.whereRaw('notisphere_id = ANY(?)', [ids]).orWhereRaw('lower(name) = ANY(?)', [names]))
    .orderBy('id')
    .select('id', 'notisphere_id', db.raw('lower(name) as lname'), db.raw('left(zip, 5) as zip5'))) as {
    id: number;
    notisphere_id: string | null;
    lname: string;
    zip5: string | null;
  }[];
  const byNotisphereId = new Map(providers.filter((p) => p.notisphere_id).map((p) => [p.notisphere_id!, p.id]));
  const byNameZip = new Map<string, number>();
  for (const p of providers) if (!byNameZip.has(`${p.lname}|${p.zip5}`)) byNameZip.set(`${p.lname}|${p.zip5}`, p.id);
  return locations.map(
    (l) =>
      (l.notisphere_id && byNotisphereId.get(l.notisphere_id)) ||
      byNameZip.get(`${l.location_name.toLowerCase()}|${(l.zip ?? '').slice(0, 5)}`) ||
      null,
  );
}

async function assertLocationIdFree(
  trx: Knex.Transaction,
  actor: Actor,
  locationId: string,
  exceptId?: number,
): Promise<void> {
  const q = trx('supplier_locations')
    .where({ organization_id: actor.organizationId, location_id: locationId })
    .whereNot('status', 'DELETED');
  if (exceptId) q.whereNot({ id: exceptId });
  if (await q.first('id')) throw new ConflictError(LOCATION_MESSAGES.duplicate, 'DUPLICATE_LOCATION');
}

export async function createSupplierLocation(
  db: Knex,
  actor: Actor,
  input: SupplierLocationInput,
): Promise<SupplierLocation> {
  const v = valid(input);
  const id = await transaction(db, async (trx) => {
    await assertLocationIdFree(trx, actor, v.location_id);
    const [provider] = await matchProviders(trx, [v]);
    const after = { ...v, provider_organization_id: provider ?? null };
    const [row] = await trx('supplier_locations')
      .insert({ ...after, organization_id: actor.organizationId, status: 'ACTIVE' })
      .returning('id');
    const id = (row as { id: number }).id;
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'SUPPLIER_LOCATION_CREATED',
      entityType: LOCATION_TABLE.entityType,
      entityId: id,
      after,
    });
    return id;
  });
  return getSupplierLocation(db, actor, id);
}

export async function updateSupplierLocation(
  db: Knex,
  actor: Actor,
  id: number,
  input: SupplierLocationInput,
): Promise<SupplierLocation> {
  const v = valid(input);
  await transaction(db, async (trx) => {
    const before = await lockOwnRow<Record<string, unknown> & { status: string }>(trx, actor, LOCATION_TABLE, id);
    assertEditable(before.status);
    if (v.location_id !== before.location_id) await assertLocationIdFree(trx, actor, v.location_id, id);
    const [provider] = await matchProviders(trx, [v]);
    const after = { ...v, provider_organization_id: provider ?? null };
    // A location mapped to another provider waits for that provider's verification.
    const remapped = Number(before.provider_organization_id ?? 0) !== Number(after.provider_organization_id ?? 0);
    await trx('supplier_locations')
      .where({ id })
      .update({
        ...after,
        ...(remapped ? { verification_status: null, verified_at: null, verified_by: null } : {}),
        updated_at: trx.fn.now(),
      });
    const keys = Object.keys(after);
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'SUPPLIER_LOCATION_UPDATED',
      entityType: LOCATION_TABLE.entityType,
      entityId: id,
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after,
    });
  });
  return getSupplierLocation(db, actor, id);
}

export async function changeSupplierLocationStatus(
  db: Knex,
  actor: Actor,
  id: number,
  action: StatusAction,
): Promise<{ id: number; status: string }> {
  const row = await changeMasterStatus<{ id: number; status: string }>(db, actor, LOCATION_TABLE, id, action);
  return { id: row.id, status: row.status };
}

/**
 * The location list download's columns. The operator's list (every supplier's) leads with the supplier and adds the
 * provider's verification after the provider: `first` and `afterProvider`.
 */
export function locationReportColumns<R extends SupplierLocation>(
  timezone: string,
  extra: { first?: ReportColumn<R>[]; afterProvider?: ReportColumn<R>[] } = {},
): ReportColumn<R>[] {
  return [
    ...(extra.first ?? []),
    { header: 'Location ID', value: (r) => r.location_id },
    { header: 'Location Name', value: (r) => r.location_name, width: 40 },
    { header: 'IDN', value: (r) => r.idn },
    { header: 'Address 1', value: (r) => r.address1, width: 32 },
    { header: 'Address 2', value: (r) => r.address2 },
    { header: 'City', value: (r) => r.city },
    { header: 'State', value: (r) => r.state, width: 8 },
    { header: 'ZIP', value: (r) => r.zip, width: 10 },
    { header: 'Type', value: (r) => r.type },
    { header: 'Email', value: (r) => r.email, width: 32 },
    { header: 'Provider', value: (r) => r.provider_name, width: 32 },
    ...(extra.afterProvider ?? []),
    { header: 'Status', value: (r) => vocabularyLabel('recordStatus', r.status) },
    { header: 'File', value: (r) => r.file_name },
    { header: 'Last Updated', value: (r) => formatDateTime(r.updated_at, timezone) },
  ];
}

export async function downloadSupplierLocations(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
  format: 'csv' | 'xlsx',
  timezone: string,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  const { base, rest } = scoped(db, actor, raw);
  const pages = listPages<SupplierLocation>(base, rest, locationList, 'sl.id', locationSelect(own(actor)));
  return listReport(
    'Supplier Locations Report',
    'Locations',
    locationReportColumns(timezone),
    pages,
    format,
    timezone,
    onError,
  );
}

// ---- providers: the provider organisations a supplier's locations match ----

export interface SupplierProvider {
  id: number;
  name: string;
  notisphere_id: string | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  location_count: number;
  /** The provider's verification progress over these locations (spec 000 §4 statuses; unverified = not yet). */
  covered_count: number;
  emailed_count: number;
  non_covered_count: number;
  invalid_count: number;
  unrecognized_count: number;
  unverified_count: number;
}

export const providerList: ListSpec = {
  fields: {
    id: 'pr.id',
    name: 'pr.name',
    notisphere_id: 'pr.notisphere_id',
    city: 'pr.city',
    state: 'pr.state',
    zip: 'pr.zip',
    location_count: 'pr.location_count',
    covered_count: 'pr.covered_count',
    unverified_count: 'pr.unverified_count',
  },
  searchColumns: ['pr.name', 'pr.notisphere_id', 'pr.city'],
  defaultSort: [{ column: 'pr.name', direction: 'asc' }],
};

const VERIFICATION_COUNTS: [string | null, string][] = [
  ['COVERED', 'covered_count'],
  ['EMAILED', 'emailed_count'],
  ['NON_COVERED', 'non_covered_count'],
  ['INVALID', 'invalid_count'],
  ['UNABLE_PROCESSED', 'unrecognized_count'],
  [null, 'unverified_count'],
];

export async function listSupplierProviders(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): Promise<ListPage<SupplierProvider>> {
  const grouped = db('supplier_locations as sl')
    .join('organizations as o', 'o.id', 'sl.provider_organization_id')
    .where('sl.organization_id', actor.organizationId)
    .whereNot('sl.status', 'DELETED')
    .groupBy('o.id')
    .select(
      'o.id',
      'o.name',
      'o.notisphere_id',
      'o.address1',
      'o.city',
      'o.state',
      'o.zip',
      db.raw('count(sl.id)::int as location_count'),
      ...VERIFICATION_COUNTS.map(([status, name]) =>
        db.raw(`count(sl.id) filter (where sl.verification_status ${status ? '= ?' : 'is null'})::int as ??`, [
          ...(status ? [status] : []),
          name,
        ]),
      ),
      db.raw('max(sl.updated_at) as updated_at'),
    );
  const base = db.from(grouped.as('pr'));
  return runList<SupplierProvider>(
    base,
    parseListQuery(raw, providerList),
    providerList,
    'pr.id',
    (qb) => qb.select('pr.*'),
    'pr.updated_at',
  );
}
