import { vocabularyOptions } from '@portal/vocabulary';
import type { Knex } from 'knex';
import { NotFoundError, type FromSchema } from '@portal/core';
import type { newProviderBody } from '../operator-schemas.js';

/** The operator's organisations (spec 001 §7.11): suppliers, providers (health systems with their sites), onboarding. */

export type ManagedType = 'SUPPLIER' | 'PROVIDER';

/** The fields the operator edits on a supplier, a health system or a site. */
export interface OrganizationFields {
  name?: string;
  notisphere_id?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
  email?: string | null;
  domain?: string | null;
}

export interface AccountSettings {
  is_sso?: boolean;
  /** The spec's spelling of is_sso (spec 000 §3), accepted as well. */
  isSSO?: boolean;
  is_notisphere_managed?: boolean;
  requires_second_factor?: boolean;
  two_factor?: 'NONE' | 'EMAIL_CODE' | 'TOTP';
  self_registration_link?: string | null;
  /** A role name of the organisation (on creation: one of the seeded roles), or null to close self-registration. */
  self_registration_role?: string | null;
}

export type AdministratorInput = FromSchema<(typeof newProviderBody)['properties']['administrator']>;

export interface SiteInput extends OrganizationFields {
  id?: number;
  status?: 'ACTIVE' | 'DEACTIVATED';
}

export type NewOrganizationInput = OrganizationFields &
  AccountSettings & { name: string; administrator: AdministratorInput; sites?: SiteInput[] };

export type OrganizationUpdate = OrganizationFields &
  AccountSettings & { status?: 'ACTIVE' | 'DEACTIVATED'; sites?: SiteInput[] };

export const ADDRESS_RULES = { email: 'email', phone: 'phone', zip: 'zip', domain: 'domain' } as const;

export const notFound = (type: ManagedType) =>
  new NotFoundError(type === 'SUPPLIER' ? 'SUPPLIER_NOT_FOUND' : 'PROVIDER_NOT_FOUND');

// ---- filter meta ----

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

export function ssoFilterMeta() {
  return YES_NO;
}

export function notisphereManagedFilterMeta() {
  return YES_NO;
}

export function statusFilterMeta() {
  return vocabularyOptions('organizationStatus');
}

/** Active organisations (id, name, type, parent) for pickers, optionally of one type; `search` narrows by name. */
export async function organizationMeta(db: Knex, query: { orgType?: string; search?: string }) {
  const q = db('organizations')
    .whereIn('status', ['ACTIVE', 'LINKED'])
    .orderByRaw('lower(name)')
    .limit(5000)
    .select('id', 'name', 'type', 'parent_id');
  if (query.orgType) q.where('type', query.orgType);
  if (query.search?.trim()) q.whereRaw('name ILIKE ?', [`%${escapeLike(query.search.trim())}%`]);
  return q;
}

/** The organisations a recall list can be filtered by: suppliers (who send) and providers with their sites (who receive). */
export async function recallOrganizationMeta(db: Knex) {
  const rows = (await db('organizations')
    .whereIn('type', ['SUPPLIER', 'PROVIDER'])
    .orderByRaw('lower(name)')
    .select('id', 'name', 'type', 'parent_id')) as { id: number; name: string; type: ManagedType; parent_id: number }[];
  return {
    suppliers: rows.filter((r) => r.type === 'SUPPLIER').map(({ id, name }) => ({ id, name })),
    providers: rows.filter((r) => r.type === 'PROVIDER').map(({ id, name, parent_id }) => ({ id, name, parent_id })),
  };
}

/** Health systems (providers without a parent), for choosing a provider. */
export async function providerOrganizationMeta(db: Knex, search?: string) {
  const q = db('organizations')
    .where({ type: 'PROVIDER' })
    .whereNull('parent_id')
    .orderByRaw('lower(name)')
    .limit(5000)
    .select('id', 'name', 'notisphere_id', 'status');
  if (search?.trim()) q.whereRaw('name ILIKE ?', [`%${escapeLike(search.trim())}%`]);
  return q;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
