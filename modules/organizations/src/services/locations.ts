import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import {
  type Actor,
  type FileResult,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  runList,
  whereAnyOf,
  formatDateTime,
  type ReportColumn,
  type RowOf,
  type FromSchema,
} from '@portal/core';
import { idFilter, type MasterTable, takeExactFilters } from './common.js';
import { listPages, listReport } from './reports.js';
import type { supplierLocationSchema } from '../location-answer-schemas.js';
import type { locationBody } from '../schemas.js';

/** One of a supplier's customer locations (account / ship-to), possibly matched to a provider organisation. */
export type SupplierLocation = RowOf<typeof supplierLocationSchema>;

export type SupplierLocationInput = FromSchema<typeof locationBody>;

export const LOCATION_TABLE: MasterTable = {
  table: 'supplier_locations',
  entityType: 'supplier_location',
  notFound: 'LOCATION_NOT_FOUND',
};

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
  if (!row) throw new NotFoundError('LOCATION_NOT_FOUND');
  return row as SupplierLocation;
}

/**
 * The caller's ACTIVE locations, optionally those of one location file, with the given ids and/or matched to the given
 * provider organisations (what a communication's affected locations are built from). Ids of another tenant are simply
 * not found.
 */
export async function getSupplierLocations(
  db: Knex,
  actor: Actor,
  options: { fileId?: number; ids?: number[]; providerOrganizationIds?: number[] } = {},
): Promise<SupplierLocation[]> {
  const q = locationSelect(own(actor))(locationRows(db, own(actor)).where('sl.status', 'ACTIVE'));
  if (options.fileId !== undefined) q.where('sl.location_file_id', options.fileId);
  if (options.ids !== undefined) whereAnyOf(q, 'sl.id', options.ids);
  if (options.providerOrganizationIds !== undefined)
    whereAnyOf(q, 'sl.provider_organization_id', options.providerOrganizationIds);
  return (await q.orderBy('sl.location_name').orderBy('sl.id')) as SupplierLocation[];
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
