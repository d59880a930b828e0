import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import {
  type FileResult,
  type ListPage,
  type ListSpec,
  parseListQuery,
  type ReportColumn,
  runList,
} from '@portal/core';
import { idFilter, takeExactFilters } from './common.js';
import { whereVerification } from './location-verification.js';
import {
  type LocationScope,
  locationList,
  locationReportColumns,
  locationRows,
  locationSelect,
  type SupplierLocation,
} from './locations.js';
import { listPages, listReport } from './reports.js';

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

const EVERY_SUPPLIER: LocationScope = 'every supplier';

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
  const base = locationRows(db, EVERY_SUPPLIER);
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
    locationSelect(EVERY_SUPPLIER),
    'sl.updated_at',
  );
}

function columns(timezone: string): ReportColumn<OperatorLocation>[] {
  return locationReportColumns<OperatorLocation>(timezone, {
    first: [{ header: 'Supplier', value: (r) => r.supplier_name, width: 32 }],
    afterProvider: [
      {
        header: 'Verification',
        value: (r) => (r.verification_status ? vocabularyLabel('locationStatus', r.verification_status) : null),
      },
    ],
  });
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
  const pages = listPages<OperatorLocation>(base, rest, operatorLocationList, 'sl.id', locationSelect(EVERY_SUPPLIER));
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
