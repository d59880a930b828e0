import type { ProviderDetail, SiteRow, SupplierDetail } from '../../api/operatorOrganizations';
import { isTwoFactor } from '../../shared/organizations/TwoFactorSelect';

// ---- the create / edit form ----

export type Values = Record<string, string | boolean>;

const ADDRESS_FIELDS = [
  'name',
  'notisphere_id',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'phone',
  'email',
] as const;

const ADMIN_FIELDS = ['admin_first_name', 'admin_last_name', 'admin_email', 'admin_phone'] as const;

export const emptyValues: Values = {
  ...Object.fromEntries([...ADDRESS_FIELDS, ...ADMIN_FIELDS].map((f) => [f, ''])),
  domain: '',
  is_sso: false,
  is_notisphere_managed: false,
  two_factor: 'NONE',
  self_registration_link: '',
  self_registration_role: '',
};

export function valuesOf(detail: SupplierDetail | ProviderDetail): Values {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    ...emptyValues,
    name: detail.name,
    notisphere_id: text(detail.notisphere_id),
    address1: text(detail.address1),
    address2: text(detail.address2),
    city: text(detail.city),
    state: text(detail.state),
    zip: text(detail.zip),
    phone: text(detail.phone),
    email: text(detail.email),
    domain: text(detail.domain),
    is_sso: detail.is_sso,
    is_notisphere_managed: detail.is_notisphere_managed,
    two_factor: detail.two_factor ?? 'NONE',
    self_registration_link: text(detail.self_registration_link),
    self_registration_role: text(detail.self_registration_role),
  };
}

const str = (values: Values, name: string) => {
  const v = values[name];
  return typeof v === 'string' ? v.trim() : '';
};

const opt = (values: Values, name: string) => str(values, name) || null;

/** The organisation's own fields and settings as a request body. */
export function organizationBody(values: Values) {
  return {
    name: str(values, 'name'),
    notisphere_id: opt(values, 'notisphere_id'),
    address1: opt(values, 'address1'),
    address2: opt(values, 'address2'),
    city: opt(values, 'city'),
    state: opt(values, 'state'),
    zip: opt(values, 'zip'),
    phone: opt(values, 'phone'),
    email: opt(values, 'email'),
    domain: opt(values, 'domain'),
    is_sso: values.is_sso === true,
    is_notisphere_managed: values.is_notisphere_managed === true,
    two_factor: isTwoFactor(values.two_factor) ? values.two_factor : 'NONE',
    self_registration_link: opt(values, 'self_registration_link'),
    self_registration_role: opt(values, 'self_registration_role'),
  };
}

export function administratorBody(values: Values) {
  return {
    first_name: str(values, 'admin_first_name'),
    last_name: str(values, 'admin_last_name'),
    email: str(values, 'admin_email'),
    phone: opt(values, 'admin_phone'),
  };
}

/** A site row of the provider dialog: an existing site (id) or a new one. */
export interface SiteValues {
  key: string;
  id?: number;
  name: string;
  notisphere_id: string;
  city: string;
  zip: string;
  active: boolean;
}

export function siteValuesOf(sites: SiteRow[]): SiteValues[] {
  return sites.map((s) => ({
    key: String(s.id),
    id: s.id,
    name: s.name,
    notisphere_id: s.notisphere_id ?? '',
    city: s.city ?? '',
    zip: s.zip ?? '',
    active: s.status === 'ACTIVE',
  }));
}

export function sitesBody(sites: SiteValues[]) {
  return sites
    .filter((s) => s.id !== undefined || s.name.trim())
    .map((s) => ({
      ...(s.id !== undefined ? { id: s.id, status: s.active ? ('ACTIVE' as const) : ('DEACTIVATED' as const) } : {}),
      name: s.name.trim(),
      notisphere_id: s.notisphere_id.trim() || null,
      city: s.city.trim() || null,
      zip: s.zip.trim() || null,
    }));
}
