import { useLingui } from '@lingui/react/macro';
import type { SupplierProvider } from '../../api/supplier';
import { MasterListPage, type MasterListConfig } from '../../shared/lists/MasterListPage';
import { VerificationProgress } from './VerificationProgress';

/**
 * /supplier/providers: provider organisations the supplier's locations match (read-only), with each provider's
 * verification progress over those locations.
 */
export default function ProvidersPage() {
  const { t } = useLingui();
  const config: MasterListConfig<SupplierProvider> = {
    pageKey: 'supplier-providers',
    title: t`Providers`,
    path: '/supplier/providers',
    columns: [
      { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
      { field: 'notisphere_id', header: t`Notisphere ID`, sortable: true, filterable: true },
      { field: 'city', header: t`City`, sortable: true, filterable: true },
      { field: 'state', header: t`State`, sortable: true, filterable: true },
      { field: 'zip', header: t`ZIP`, sortable: true, filterable: true },
      { field: 'location_count', header: t`Locations`, sortable: true },
      {
        field: 'covered_count',
        header: t`Verification`,
        sortable: true,
        cell: (r) => <VerificationProgress counts={r} />,
      },
    ],
  };
  return <MasterListPage config={config} />;
}
