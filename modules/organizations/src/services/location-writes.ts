import type { Knex } from 'knex';
import {
  type Actor,
  ConflictError,
  type FieldError,
  fieldError,
  problemsError,
  recordAudit,
  type ValidationError,
  transaction,
} from '@portal/core';
import { assertEditable, changeMasterStatus, checkFields, clean, lockOwnRow, type StatusAction } from './common.js';
import { getSupplierLocation, LOCATION_TABLE, type SupplierLocation, type SupplierLocationInput } from './locations.js';

const STATE = /^[A-Za-z]{2}$/;

/** Normalised column values of a location, or the reasons it is invalid (shared by the form and the file import). */
export function locationValues(input: SupplierLocationInput): {
  values: Required<SupplierLocationInput>;
  errors: FieldError[];
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
  const errors: FieldError[] = [];
  if (!v.location_id) errors.push(fieldError('location_id', 'LOCATION_ID_REQUIRED'));
  else if (v.location_id.length > 100) errors.push(fieldError('location_id', 'LOCATION_ID_TOO_LONG'));
  if (!v.location_name) errors.push(fieldError('location_name', 'LOCATION_NAME_REQUIRED'));
  else if (v.location_name.length > 300) errors.push(fieldError('location_name', 'LOCATION_NAME_TOO_LONG'));
  if (v.state && !STATE.test(v.state)) errors.push(fieldError('state', 'STATE_INVALID'));
  try {
    checkFields(v, { zip: 'zip', email: 'emails' });
  } catch (error) {
    errors.push(...((error as ValidationError).details as FieldError[]));
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
  if (errors.length) throw problemsError(errors);
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
  if (await q.first('id')) throw new ConflictError('DUPLICATE_LOCATION');
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
