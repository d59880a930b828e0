import { useLingui } from '@lingui/react/macro';
import type { SalesRep } from '../../api/supplier';
import { MasterListPage, opt, str, type MasterListConfig } from '../../shared/lists/MasterListPage';

/** /supplier/sales-rep: the supplier's sales representatives. */
export default function SalesRepsPage() {
  const { t } = useLingui();
  const config: MasterListConfig<SalesRep> = {
    pageKey: 'supplier-sales-reps',
    title: t`Sales Reps`,
    path: '/supplier/sales-reps',
    statusField: 'status',
    columns: [
      { field: 'first_name', header: t`First name`, sortable: true, filterable: true },
      { field: 'last_name', header: t`Last name`, sortable: true, filterable: true },
      { field: 'email', header: t`Email`, sortable: true, filterable: true },
      { field: 'phone', header: t`Phone`, filterable: true },
      { field: 'territory', header: t`Territory`, sortable: true, filterable: true },
      { field: 'region', header: t`Region`, sortable: true, filterable: true },
    ],
    downloads: {
      csv: '/supplier/sales-reps/csv-download',
      xlsx: '/supplier/sales-reps/xlsx-download',
      name: 'Sales Representatives Report',
    },
    form: {
      addText: t`Add sales rep`,
      fields: [
        { name: 'first_name', label: t`First name`, rules: 'required' },
        { name: 'last_name', label: t`Last name`, rules: 'required' },
        { name: 'email', label: t`Email`, kind: 'email', rules: 'required|email' },
        { name: 'phone', label: t`Phone`, kind: 'tel', rules: 'phoneNumber' },
        { name: 'territory', label: t`Territory` },
        { name: 'region', label: t`Region` },
      ],
      empty: { first_name: '', last_name: '', email: '', phone: '', territory: '', region: '' },
      fromRow: (r) => ({
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email,
        phone: r.phone ?? '',
        territory: r.territory ?? '',
        region: r.region ?? '',
      }),
      toBody: (v) => ({
        first_name: str(v, 'first_name'),
        last_name: str(v, 'last_name'),
        email: str(v, 'email'),
        phone: opt(v, 'phone'),
        territory: opt(v, 'territory'),
        region: opt(v, 'region'),
      }),
    },
  };
  return <MasterListPage config={config} />;
}
