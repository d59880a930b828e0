import type { Knex } from 'knex';
import {
  type Actor,
  type ListPage,
  type ListSpec,
  parseListQuery,
  runList,
  ValidationError,
  whereAnyOf,
  transaction,
} from '@portal/core';
import { locationFilesView } from '@portal/organizations';
import { loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';

/** The bulk buttons Covered, Emailed, Not Covered and Invalid of the affected locations tab. */
export async function updateLocationStatus(
  db: Knex,
  actor: Actor,
  id: number,
  locationIds: number[],
  status: string,
): Promise<{ updated: number }> {
  if (!locationIds.length) throw new ValidationError('LOCATIONS_REQUIRED');
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    const before = (await whereAnyOf(
      trx('communication_affected_locations').where({ communication_id: id }),
      'id',
      locationIds,
    ).select('id', 'status')) as { id: number; status: string }[];
    const updated = await whereAnyOf(
      trx('communication_affected_locations').where({ communication_id: id }),
      'id',
      locationIds,
    ).update({ status, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'LOCATION_STATUS_UPDATED',
      entityType: 'locations',
      entityId: id,
      before,
      after: { status, ids: before.map((b) => b.id) },
      isChange: event.status !== 'DRAFT',
    });
    return { updated };
  });
}

/** Affected location filters of spec 001 §3 (camelCase as the web client sends them). */
export const affectedLocationList: ListSpec = {
  fields: {
    locationId: 'l.location_id',
    locationName: 'l.location_name',
    idn: 'l.idn',
    address1: 'l.address1',
    address2: 'l.address2',
    city: 'l.city',
    state: 'l.state',
    zip: 'l.zip',
    status: 'l.status',
    type: 'l.type',
    fileId: 'l.file_id',
    communicationId: 'l.communication_id',
    id: 'l.id',
    email: 'l.email',
    customerName: 'c.name',
  },
  searchColumns: ['l.location_id', 'l.location_name', 'l.city', 'l.zip', 'l.email'],
  defaultSort: [{ column: 'l.location_name', direction: 'asc' }],
};

/** An affected location as every list and report of them shows it: the location itself, before any customer or notice. */
export interface AffectedLocationFields {
  id: number;
  location_id: string | null;
  location_name: string;
  idn: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  type: string | null;
  email: string | null;
  status: string;
}

/** The columns of `AffectedLocationFields`, read from `communication_affected_locations as l` (or `affectedLocationsView(db).as('l')`). */
export const AFFECTED_LOCATION_COLUMNS = [
  'l.id',
  'l.location_id',
  'l.location_name',
  'l.idn',
  'l.address1',
  'l.address2',
  'l.city',
  'l.state',
  'l.zip',
  'l.type',
  'l.email',
  'l.status',
];

export interface AffectedLocationRow extends AffectedLocationFields {
  file_id: number | null;
  affected_customer_id: number | null;
  customer_name: string | null;
  provider_communication_id: number | null;
  acknowledged_at: Date | null;
  response_status: string | null;
}

function locationRows(db: Knex, actor: Actor, id: number): Knex.QueryBuilder {
  return db('communication_affected_locations as l')
    .leftJoin('communication_affected_customers as c', 'c.id', 'l.affected_customer_id')
    .leftJoin('provider_communications as pc', 'pc.affected_customer_id', 'l.affected_customer_id')
    .where({ 'l.communication_id': id, 'l.organization_id': actor.organizationId });
}

const selectLocation = (qb: Knex.QueryBuilder) =>
  qb.select(
    ...AFFECTED_LOCATION_COLUMNS,
    'l.file_id',
    'l.affected_customer_id',
    'c.name as customer_name',
    'pc.id as provider_communication_id',
    'pc.acknowledged_at',
    'pc.response_status',
  );

export async function listAffectedLocations(
  db: Knex,
  actor: Actor,
  id: number,
  raw: object,
): Promise<ListPage<AffectedLocationRow>> {
  await loadOwnCommunication(db, actor, id);
  const query = parseListQuery(raw, affectedLocationList);
  return runList<AffectedLocationRow>(
    locationRows(db, actor, id),
    query,
    affectedLocationList,
    'l.id',
    selectLocation,
    'l.updated_at',
  );
}

/** Every affected location of the event (for the map of statuses and the downloads), in batches of 5,000. */
export async function* allAffectedLocations(db: Knex, actor: Actor, id: number): AsyncGenerator<AffectedLocationRow[]> {
  await loadOwnCommunication(db, actor, id);
  let after = 0;
  for (;;) {
    const rows = (await selectLocation(locationRows(db, actor, id).where('l.id', '>', after))
      .orderBy('l.id')
      .limit(5000)) as AffectedLocationRow[];
    if (!rows.length) return;
    yield rows;
    after = rows.at(-1)!.id;
  }
}

/** Counts per location file and status (the "by file" tab). */
export async function locationsByFile(
  db: Knex,
  actor: Actor,
  id: number,
): Promise<{ file_id: number | null; file_name: string | null; status: string; count: number }[]> {
  await loadOwnCommunication(db, actor, id);
  return (await db('communication_affected_locations as l')
    .leftJoin(locationFilesView(db).as('f'), 'f.id', 'l.file_id')
    .where({ 'l.communication_id': id, 'l.organization_id': actor.organizationId })
    .groupBy('l.file_id', 'f.name', 'l.status')
    .orderBy('f.name')
    .orderBy('l.status')
    .select('l.file_id', 'f.name as file_name', 'l.status', db.raw('count(*)::int as count'))) as {
    file_id: number | null;
    file_name: string | null;
    status: string;
    count: number;
  }[];
}
