import { useState } from 'react';
import { useStore } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import {
  DataTable,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  SimpleSelect,
  StatusLabel,
  TextInput,
  type DataTableColumn,
} from '@portal/design-system';
import { downloadFile } from '../../api/client';
import { listQueryParams } from '../../api/communications';
import {
  exactFilters,
  type OperatorLocationRow,
  useLocationSuppliers,
  useOperatorLocations,
} from '../../api/locationVerification';
import { ALL, FilterBar } from '../../shared/lists/filters';
import { DownloadActions, type DownloadFormat } from '../../shared/lists/downloads';
import { useLabels } from '../../shared/words/labels';
import {
  formatDate,
  listTableProps,
  PageHeader,
  pageTableProps,
  useListState,
  useGridTexts,
} from '../../shared/lists/table';
import { NOT_VERIFIED, VerificationLabel } from './ProviderLocationsVerificationPage';

const STATUSES = ['COVERED', 'EMAILED', 'NON_COVERED', 'INVALID', 'UNABLE_PROCESSED'] as const;

/**
 * /notisphere/locations: every location of every supplier, filtered by supplier, verification status and state (exact)
 * and searched; CSV and XLSX downloads hold what the grid lists ("Locations Report MM-DD-YYYY").
 */
export default function LocationsPage() {
  const { t } = useLingui();
  const store = useStore();
  const labels = useLabels();
  const texts = useGridTexts();
  const { data: suppliers } = useLocationSuppliers();
  const [supplier, setSupplier] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const [state, setState] = useState('');
  const columns: DataTableColumn<OperatorLocationRow>[] = [
    { field: 'supplier_name', header: t`Supplier`, sortable: true, filterable: true },
    { field: 'location_id', header: t`Location ID`, sortable: true, filterable: true },
    { field: 'location_name', header: t`Location Name`, sortable: true, filterable: true, hideable: false },
    { field: 'address1', header: t`Address`, filterable: true, cell: (r) => r.address1 ?? '' },
    { field: 'city', header: t`City`, sortable: true, filterable: true, cell: (r) => r.city ?? '' },
    { field: 'state', header: t`State`, sortable: true, cell: (r) => r.state ?? '' },
    { field: 'zip', header: t`ZIP`, sortable: true, filterable: true, cell: (r) => r.zip ?? '' },
    {
      field: 'provider_name',
      header: t`Provider`,
      sortable: true,
      filterable: true,
      cell: (r) => r.provider_name ?? '',
    },
    {
      field: 'verification_status',
      header: t`Verification`,
      sortable: true,
      cell: (r) => <VerificationLabel status={r.verification_status} />,
    },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (r) => <StatusLabel status={r.status} kind="record" labels={labels.statuses} />,
    },
    { field: 'updated_at', header: t`Last Updated`, sortable: true, cell: (r) => formatDate(r.updated_at) },
  ];
  const list = useListState(
    'notisphere-locations',
    columns.map((c) => c.field),
  );
  const exact = exactFilters({
    organization_id: supplier !== ALL ? supplier : undefined,
    verification_status: status !== ALL ? status : undefined,
    state: state.trim(),
  });
  const query = { ...list.query, filterModel: { ...list.query.filterModel, ...exact } };
  const { data, error, isLoading } = useOperatorLocations(query);
  const toFirstPage = () => list.setPage(1);

  function download(format: DownloadFormat) {
    const { pageNumber: _page, pageSize: _size, ...params } = listQueryParams(query);
    return downloadFile(store, `/notisphere/locations/${format}-download`, params, `Locations Report.${format}`);
  }

  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    { value: NOT_VERIFIED, label: t`Not verified` },
    ...STATUSES.map((s) => ({ value: s, label: labels.statuses[s] ?? s })),
  ];

  return (
    <section className="space-y-4" data-testid="notisphere-locations">
      <PageHeader title={t`Locations`}>
        <DownloadActions download={download} />
      </PageHeader>
      <FilterBar>
        <FormField id="locations-supplier" label={t`Supplier`}>
          <SimpleSelect
            className="w-64"
            options={[
              { value: ALL, label: t`All suppliers` },
              ...(suppliers ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            value={supplier}
            onValueChange={(v) => {
              setSupplier(v);
              toFirstPage();
            }}
          />
        </FormField>
        <FormField id="locations-verification" label={t`Verification`}>
          <SimpleSelect
            className="w-48"
            options={statusOptions}
            value={status}
            onValueChange={(v) => {
              setStatus(v);
              toFirstPage();
            }}
          />
        </FormField>
        <FormField id="locations-state" label={t`State`}>
          <TextInput
            className="w-24"
            maxLength={2}
            value={state}
            onChange={(e) => {
              setState(e.target.value.toUpperCase());
              toFirstPage();
            }}
          />
        </FormField>
      </FilterBar>
      <DataTable
        columns={columns}
        {...pageTableProps({ data, error, isLoading })}
        {...listTableProps(list)}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        texts={texts}
        caption={t`Locations`}
      />
    </section>
  );
}
