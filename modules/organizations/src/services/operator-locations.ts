import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import {
  applyListFilters,
  applyListPage,
  type FileResult,
  formatDateTime,
  type ListPage,
  type ListSpec,
  parseListQuery,
  type ReportColumn,
  runList,
} from '@portal/core';
import { idFilter, takeExactFilters } from './common.js';
import { whereVerification } from './location-verification.js';
import { locationList, type SupplierLocation } from './locations.js';
import { listReport } from './reports.js';

/** A supplier location as the operator's /notisphere/locations lists it: the supplier's location and its supplier. */
export interface OperatorLocation extends SupplierLocation {
  supplier_name: string;
}

export const operatorLocationList: ListSpec = {
  fields: { ...locationList.fields, supplier_name: 's.name', supplierName: 's.name' },
  searchColumns: ['s.name', ...locationList.searchColumns, 'p.name'],
  defaultSort: [
    { column: 's.name', direction: 'asc' },
    { column: 'sl.location_name', direction: 'asc' },
  ],
};

const select = (qb: Knex.QueryBuilder) =>
  qb.select(
    'sl.id',
    'sl.organization_id',
    's.name as supplier_name',
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

/**
 * Every supplier's locations (not deleted). Exact filters in the filterModel: `organization_id` (the supplier),
 * `verification_status` (NONE = not verified yet), `state`, `status` (record status), `provider_organization_id`.
 */
function scoped(db: Knex, raw: Record<string, unknown>): { base: Knex.QueryBuilder; rest: Record<string, unknown> } {
  const { rest, exact } = takeExactFilters(raw, [
    'organization_id',
    'verification_status',
    'state',
    'status',
    'provider_organization_id',
  ]);
  const base = db('supplier_locations as sl')
    .join('organizations as s', 's.id', 'sl.organization_id')
    .leftJoin('supplier_location_files as f', 'f.id', 'sl.location_file_id')
    .leftJoin('organizations as p', 'p.id', 'sl.provider_organization_id')
    .whereNot('sl.status', 'DELETED');
  if (exact.organization_id) base.where('sl.organization_id', idFilter(exact.organization_id, 'organization_id'));
  if (exact.provider_organization_id)
    base.where('sl.provider_organization_id', idFilter(exact.provider_organization_id, 'provider_organization_id'));
  whereVerification(base, exact.verification_status);
  if (exact.state) base.whereRaw('upper(sl.state) = upper(?)', [exact.state]);
  if (exact.status) base.whereRaw('upper(sl.status) = upper(?)', [exact.status]);
  return { base, rest };
}

/** GET /notisphere/locations. */
export function listAllLocations(db: Knex, raw: Record<string, unknown>): Promise<ListPage<OperatorLocation>> {
  const { base, rest } = scoped(db, raw);
  return runList<OperatorLocation>(
    base,
    parseListQuery(rest, operatorLocationList),
    operatorLocationList,
    'sl.id',
    select,
    'sl.updated_at',
  );
}

function columns(timezone: string): ReportColumn<OperatorLocation>[] {
  return [
    { header: 'Supplier', value: (r) => r.supplier_name, width: 32 },
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
    {
      header: 'Verification',
      value: (r) => (r.verification_status ? vocabularyLabel('locationStatus', r.verification_status) : null),
    },
    { header: 'Status', value: (r) => vocabularyLabel('recordStatus', r.status) },
    { header: 'File', value: (r) => r.file_name },
    { header: 'Last Updated', value: (r) => formatDateTime(r.updated_at, timezone) },
  ];
}

/** GET /notisphere/locations/csv-download and /xlsx-download: the list as filtered and sorted on screen. */
export function downloadAllLocations(
  db: Knex,
  raw: Record<string, unknown>,
  format: 'csv' | 'xlsx',
  timezone: string,
  onError: (err: unknown) => void,
): FileResult {
  const { base, rest } = scoped(db, raw);
  const query = parseListQuery({ ...rest, pageNumber: 1, pageSize: 1 }, operatorLocationList);
  const filtered = applyListFilters(base, query, operatorLocationList);
  const pages = async (offset: number, limit: number) =>
    (await applyListPage(select(filtered.clone()), { ...query, pageSize: limit }, operatorLocationList, 'sl.id').offset(
      offset,
    )) as OperatorLocation[];
  return listReport('Locations Report', 'Locations', columns(timezone), pages, format, timezone, onError);
}

/** The suppliers that have locations, for the operator's supplier filter. */
export async function locationSuppliers(db: Knex): Promise<{ id: number; name: string }[]> {
  const rows = (await db('organizations as s')
    .where('s.type', 'SUPPLIER')
    .whereExists(db('supplier_locations as sl').whereRaw('sl.organization_id = s.id').whereNot('sl.status', 'DELETED'))
    .orderBy('s.name')
    .select('s.id', 's.name')) as { id: number; name: string }[];
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
