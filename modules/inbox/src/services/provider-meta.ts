import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import { organizationsView } from '@portal/organizations';
import type { Actor } from '@portal/core';
import { ACTION_TYPES, COMMUNICATION_TYPES } from '@portal/communications';
import { lookupOptions } from '@portal/lookups';
import { providerCommunicationsView } from '@portal/communications';
import { mayManageType, scopeIds } from './scope.js';
import { SUPPLIER_SQL } from './provider-rows.js';

// ---------- metadata ----------

/** The filters' and provider-created events' lists; the lookup lists are the ACTIVE managed values. */
export async function providerMeta(db: Knex, actor: Actor) {
  const lookup = (vocabulary: Parameters<typeof lookupOptions>[1]) =>
    lookupOptions(db, vocabulary, actor.organizationId);
  return {
    communicationTypes: COMMUNICATION_TYPES.filter((t) => mayManageType(actor, t)).map((value) => ({
      value,
      label: vocabularyLabel('communicationType', value),
    })),
    recallSubtypes: await lookup('recallSubtype'),
    disruptionSubtypes: await lookup('disruptionSubtype'),
    classifications: await lookup('classification'),
    dispositions: await lookup('disposition'),
    leadTimes: await lookup('leadTime'),
    reasons: await lookup('reason'),
    actionTypes: [...ACTION_TYPES],
    statuses: (['OPEN', 'CLOSED'] as const).map((value) => ({
      value,
      label: vocabularyLabel('communicationStatus', value),
    })),
    responseStatuses: (['NOTCOMPLETED', 'COMPLETED'] as const).map((value) => ({
      value,
      label: vocabularyLabel('responseStatus', value),
    })),
    providerStatuses: [
      { value: 'OPEN', label: 'Open' },
      { value: 'COMPLETED', label: 'Completed' },
    ],
  };
}

/** The provider organisation and its sites, for site pickers. */
export async function metaSites(db: Knex, actor: Actor): Promise<{ id: number; name: string; is_site: boolean }[]> {
  const scope = await scopeIds(db, actor);
  const rows = (await db
    .from(organizationsView(db).as('o'))
    .whereIn('id', scope)
    .orderByRaw('parent_id NULLS FIRST, lower(name)')
    .select('id', 'name', 'parent_id')) as { id: number; name: string; parent_id: number | null }[];
  return rows.map((r) => ({ id: Number(r.id), name: r.name, is_site: r.parent_id !== null }));
}

export async function isSite(
  db: Knex,
  actor: Actor,
): Promise<{ isSite: boolean; parent_id: number | null; parent_name: string | null }> {
  const row = (await db
    .from(organizationsView(db).as('o'))
    .leftJoin(organizationsView(db).as('p'), 'p.id', 'o.parent_id')
    .where('o.id', actor.organizationId)
    .first('o.parent_id', 'p.name as parent_name')) as { parent_id: number | null; parent_name: string | null };
  return {
    isSite: row.parent_id !== null,
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    parent_name: row.parent_name,
  };
}

/** The values the list's filters offer: suppliers, sites, statuses, types. */
export async function searchMeta(db: Knex, actor: Actor) {
  const scope = await scopeIds(db, actor);
  const suppliers = (await db
    .from(providerCommunicationsView(db).as('pc'))
    .join(organizationsView(db).as('so'), 'so.id', 'pc.supplier_organization_id')
    .leftJoin('provider_created_events as pce', 'pce.communication_id', 'pc.communication_id')
    .whereIn('pc.provider_organization_id', scope)
    .whereNot('pc.status', 'DELETED')
    .distinct(db.raw(`${SUPPLIER_SQL} as name`))
    .orderBy('name')) as { name: string | null }[];
  return {
    suppliers: suppliers.map((s) => s.name).filter((name): name is string => Boolean(name)),
    sites: (await metaSites(db, actor)).filter((s) => s.is_site),
    ...(await providerMeta(db, actor)),
  };
}

/** Active suppliers, for naming the supplier of a provider-created event. */
export async function supplierNameList(db: Knex): Promise<{ id: number; name: string }[]> {
  return (
    (await db
      .from(organizationsView(db).as('o'))
      .where({ type: 'SUPPLIER' })
      .whereIn('status', ['ACTIVE', 'LINKED'])
      .orderByRaw('lower(name)')
      .select('id', 'name')) as { id: number; name: string }[]
  ).map((r) => ({ id: Number(r.id), name: r.name }));
}
