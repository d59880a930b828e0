import { useLingui } from '@lingui/react/macro';
import { MasterListPage, opt, str, type MasterListConfig } from '../../shared/lists/MasterListPage';

/** A site of the caller's health system as GET /provider/sites lists it. */
export interface Site {
  id: number;
  name: string;
  notisphere_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  status: string;
  user_count: number;
}

const ADDRESS = ['address1', 'address2', 'city', 'state', 'zip', 'phone', 'email'] as const;

/**
 * /provider/sites: the health system's sites, each with its own address and users (spec 000 §2). Master-record row
 * actions (spec 000 §4): ACTIVE gives Edit and Inactivate, DEACTIVATED gives Activate; sites are never deleted.
 */
export default function SitesPage() {
  const { t } = useLingui();
  const config: MasterListConfig<Site> = {
    pageKey: 'provider-sites',
    title: t`Sites`,
    path: '/provider/sites',
    statusField: 'status',
    statusKind: 'organisation',
    allowDelete: false,
    columns: [
      { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
      { field: 'notisphere_id', header: t`Notisphere ID`, sortable: true, filterable: true },
      { field: 'address1', header: t`Address 1`, sortable: true, filterable: true },
      { field: 'city', header: t`City`, sortable: true, filterable: true },
      { field: 'state', header: t`State`, sortable: true, filterable: true },
      { field: 'zip', header: t`ZIP`, sortable: true, filterable: true },
      { field: 'user_count', header: t`Users`, cell: (r) => r.user_count },
    ],
    form: {
      addText: t`Add site`,
      fields: [
        { name: 'name', label: t`Name`, rules: 'required' },
        { name: 'address1', label: t`Address 1` },
        { name: 'address2', label: t`Address 2` },
        { name: 'city', label: t`City` },
        { name: 'state', label: t`State` },
        { name: 'zip', label: t`ZIP` },
        { name: 'phone', label: t`Phone`, kind: 'tel', rules: 'phoneNumber' },
        { name: 'email', label: t`Email`, kind: 'email', rules: 'email' },
      ],
      empty: { name: '', ...Object.fromEntries(ADDRESS.map((f) => [f, ''])) },
      fromRow: (r) => ({ name: r.name, ...Object.fromEntries(ADDRESS.map((f) => [f, r[f] ?? ''])) }),
      toBody: (v) => ({ name: str(v, 'name'), ...Object.fromEntries(ADDRESS.map((f) => [f, opt(v, f)])) }),
    },
  };
  return <MasterListPage config={config} />;
}
