import type { Knex } from 'knex';
import { type Actor, NotFoundError } from '@portal/core';
import { organizationsView } from '@portal/organizations';

/**
 * Whose item master a caller works on: its own organisation's (a health system's, or a site's own file). Only
 * providers have one; the routes' permissions already refuse everyone else, this keeps the services honest.
 */
export function ownerOf(actor: Actor): number {
  if (actor.organizationType !== 'PROVIDER') throw new NotFoundError('NOT_FOUND');
  return actor.organizationId;
}

/** The organisation's live sites by lower-case name: a file's Site column names one of them. */
export async function sitesByName(db: Knex | Knex.Transaction, organizationId: number): Promise<Map<string, number>> {
  const rows = (await db
    .from(organizationsView(db as Knex).as('o'))
    .where('o.parent_id', organizationId)
    .whereNot('o.status', 'DEACTIVATED')
    .select('o.id', 'o.name')) as { id: number; name: string }[];
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), Number(r.id)]));
}

/** The organisation's sites as options of the list's site filter. */
export async function siteOptions(db: Knex, actor: Actor): Promise<{ id: number; name: string }[]> {
  const org = ownerOf(actor);
  const rows = (await db
    .from(organizationsView(db).as('o'))
    .where('o.parent_id', org)
    .whereNot('o.status', 'DEACTIVATED')
    .orderByRaw('lower(o.name)')
    .select('o.id', 'o.name')) as { id: number; name: string }[];
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
