import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { StatusLabel } from '@portal/design-system';
import { useSWRConfig } from 'swr';
import type { LocationFileDetail, SupplierLocation } from '../../api/supplier';
import { useLabels } from '../../shared/words/labels';
import { LocationFileErrors, LocationFileUpload } from './LocationFileUpload';
import { MasterListPage, opt, str, type MasterListConfig } from '../../shared/lists/MasterListPage';

/** /supplier/locations: the supplier's locations (ship-to accounts), with location file upload. */
export default function LocationsPage() {
  const { t } = useLingui();
  const { mutate } = useSWRConfig();
  const labels = useLabels();
  const [result, setResult] = useState<LocationFileDetail | null>(null);
  const config: MasterListConfig<SupplierLocation> = {
    pageKey: 'supplier-locations',
    title: t`Locations`,
    path: '/supplier/locations',
    statusField: 'status',
    columns: [
      {
        field: 'locationId',
        header: t`Location ID`,
        sortable: true,
        filterable: true,
        hideable: false,
        cell: (r) => r.location_id,
      },
      {
        field: 'locationName',
        header: t`Location Name`,
        sortable: true,
        filterable: true,
        cell: (r) => r.location_name,
      },
      { field: 'idn', header: t`IDN`, filterable: true, defaultHidden: true },
      { field: 'address1', header: t`Address 1`, filterable: true },
      { field: 'city', header: t`City`, sortable: true, filterable: true },
      { field: 'state', header: t`State`, sortable: true, filterable: true },
      { field: 'zip', header: t`ZIP`, sortable: true, filterable: true },
      { field: 'email', header: t`Email`, filterable: true },
      {
        field: 'providerName',
        header: t`Provider`,
        sortable: true,
        filterable: true,
        cell: (r) => r.provider_name ?? '',
      },
      {
        field: 'verificationStatus',
        header: t`Verification`,
        sortable: true,
        cell: (r) =>
          r.verification_status ? (
            <StatusLabel status={r.verification_status} kind="verification" labels={labels.statuses} />
          ) : (
            t`Not verified`
          ),
      },
      { field: 'fileName', header: t`File`, filterable: true, defaultHidden: true, cell: (r) => r.file_name ?? '' },
    ],
    downloads: {
      csv: '/supplier/locations/csv-download',
      xlsx: '/supplier/locations/xlsx-download',
      name: 'Supplier Locations Report',
    },
    toolbar: (
      <LocationFileUpload
        onUploaded={(file) => {
          setResult(file);
          void mutate((key) => Array.isArray(key) && key[0] === '/supplier/locations');
        }}
      />
    ),
    children: result ? <LocationFileErrors file={result} /> : null,
    form: {
      addText: t`Add location`,
      fields: [
        { name: 'location_id', label: t`Location ID`, rules: 'required' },
        { name: 'location_name', label: t`Location Name`, rules: 'required' },
        { name: 'idn', label: t`IDN` },
        { name: 'address1', label: t`Address 1` },
        { name: 'address2', label: t`Address 2` },
        { name: 'city', label: t`City` },
        { name: 'state', label: t`State` },
        { name: 'zip', label: t`ZIP` },
        { name: 'type', label: t`Type` },
        { name: 'email', label: t`Email` },
        { name: 'notisphere_id', label: t`Notisphere ID` },
      ],
      empty: {
        location_id: '',
        location_name: '',
        idn: '',
        address1: '',
        address2: '',
        city: '',
        state: '',
        zip: '',
        type: '',
        email: '',
        notisphere_id: '',
      },
      fromRow: (r) => ({
        location_id: r.location_id,
        location_name: r.location_name,
        idn: r.idn ?? '',
        address1: r.address1 ?? '',
        address2: r.address2 ?? '',
        city: r.city ?? '',
        state: r.state ?? '',
        zip: r.zip ?? '',
        type: r.type ?? '',
        email: r.email ?? '',
        notisphere_id: r.notisphere_id ?? '',
      }),
      toBody: (v) => ({
        location_id: str(v, 'location_id'),
        location_name: str(v, 'location_name'),
        idn: opt(v, 'idn'),
        address1: opt(v, 'address1'),
        address2: opt(v, 'address2'),
        city: opt(v, 'city'),
        state: opt(v, 'state'),
        zip: opt(v, 'zip'),
        type: opt(v, 'type'),
        email: opt(v, 'email'),
        notisphere_id: opt(v, 'notisphere_id'),
      }),
    },
  };
  return <MasterListPage config={config} />;
}
