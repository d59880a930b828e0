import { useLingui } from '@lingui/react/macro';
import type { SupplierProvider } from '../../api/supplier';
import { MasterListPage, type MasterListConfig } from './shared/MasterListPage';

/** /supplier/providers: provider organisations the supplier's locations match (read-only). */
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
    ],
  };
  return <MasterListPage config={config} />;
}
