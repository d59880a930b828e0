import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  DataTable,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  RowActionsMenu,
  SimpleSelect,
  StatusLabel,
  useToast,
  type DataTableColumn,
} from '@portal/design-system';
import {
  exactFilters,
  LOCATION_VERIFICATION_PATH,
  useLocationSuppliers,
  useLocationsToVerify,
  verifyLocations,
  type VerificationRow,
  type VerificationStatus,
} from '../../api/locationVerification';
import { ALL, FilterBar } from '../../shared/lists/filters';
import { useLabels } from '../../shared/words/labels';
import {
  errorText,
  formatDate,
  listTableProps,
  PageHeader,
  pageTableProps,
  useListState,
  useGridTexts,
} from '../../shared/lists/table';

/** The page's bulk buttons (spec 000 §2); a row's menu also offers Unrecognized. */
const BULK: VerificationStatus[] = ['COVERED', 'EMAILED', 'NON_COVERED', 'INVALID'];
const ROW: VerificationStatus[] = [...BULK, 'UNABLE_PROCESSED'];

/** The status filter's value for "not verified yet" (the server's NONE). */
export const NOT_VERIFIED = 'NONE';

/**
 * /provider/locations-verification: the supplier locations mapped to this provider or its sites, verified one by one
 * (row menu) or a selection at a time (bulk buttons). Statuses are worded by the one vocabulary (locationStatus).
 */
export default function LocationsVerificationPage() {
  return (
    <LocationsVerificationList
      pageKey="provider-locations-verification"
      path={LOCATION_VERIFICATION_PATH}
      testId="provider-locations-verification"
    />
  );
}

/** The supplier filter of the operator's list (the suppliers that have locations). */
function SupplierFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const { data } = useLocationSuppliers();
  const options = [
    { value: ALL, label: t`All suppliers` },
    ...(data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  return (
    <FormField id="verification-supplier" label={t`Supplier`}>
      <SimpleSelect className="w-64" options={options} value={value} onValueChange={onChange} />
    </FormField>
  );
}

/** A location's verification in words, or "Not verified" while it has none. */
export function VerificationLabel({ status }: { status: string | null | undefined }) {
  const labels = useLabels();
  return status ? (
    <StatusLabel status={status} kind="verification" labels={labels.statuses} />
  ) : (
    <span className="text-muted-foreground">
      <Trans>Not verified</Trans>
    </span>
  );
}

/**
 * The verification grid shared by the provider (its own locations) and the operator (every supplier's, with a
 * supplier filter and "not verified" preselected). Filters of status and supplier match exactly on the server.
 */
export function LocationsVerificationList({
  pageKey,
  path,
  testId,
  operator = false,
}: {
  pageKey: string;
  path: string;
  testId: string;
  operator?: boolean;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const texts = useGridTexts();
  const [statusFilter, setStatusFilter] = useState(operator ? NOT_VERIFIED : ALL);
  const [supplierFilter, setSupplierFilter] = useState(ALL);
  const columns: DataTableColumn<VerificationRow>[] = [
    { field: 'supplier_name', header: t`Supplier`, sortable: true, filterable: true },
    { field: 'location_id', header: t`Location ID`, sortable: true, filterable: true },
    { field: 'location_name', header: t`Location Name`, sortable: true, filterable: true, hideable: false },
    { field: 'address1', header: t`Address`, filterable: true },
    { field: 'city', header: t`City`, sortable: true, filterable: true },
    { field: 'state', header: t`State`, sortable: true, filterable: true },
    { field: 'zip', header: t`ZIP`, sortable: true, filterable: true },
    { field: 'provider_name', header: operator ? t`Provider` : t`Site`, sortable: true, filterable: true },
    {
      field: 'verification_status',
      header: t`Status`,
      sortable: true,
      cell: (r) => <VerificationLabel status={r.verification_status} />,
    },
    { field: 'verified_at', header: t`Verified`, sortable: true, cell: (r) => formatDate(r.verified_at) },
  ];
  const list = useListState(
    pageKey,
    columns.map((c) => c.field),
  );
  const exact = exactFilters({
    verification_status: statusFilter !== ALL ? statusFilter : undefined,
    supplier_organization_id: supplierFilter !== ALL ? supplierFilter : undefined,
  });
  const { data, error, isLoading, mutate } = useLocationsToVerify(
    { ...list.query, filterModel: { ...list.query.filterModel, ...exact } },
    path,
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const words: Record<VerificationStatus, string> = {
    COVERED: t`Covered`,
    EMAILED: t`Emailed`,
    NON_COVERED: t`Not Covered`,
    INVALID: t`Invalid`,
    UNABLE_PROCESSED: t`Unrecognized`,
  };

  async function verify(ids: number[], status: VerificationStatus) {
    setBusy(true);
    try {
      await verifyLocations(ids, status, path);
      setSelected((s) => s.filter((id) => !ids.includes(Number(id))));
      toast.success(t`Status updated.`);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    { value: NOT_VERIFIED, label: t`Not verified` },
    ...ROW.map((s) => ({ value: s, label: words[s] })),
  ];
  const toFirstPage = () => list.setPage(1);

  return (
    <section className="space-y-4" data-testid={testId}>
      <PageHeader title={t`Locations Verification`} />
      <FilterBar>
        <FormField id="verification-status" label={t`Status`}>
          <SimpleSelect
            className="w-48"
            options={statusOptions}
            value={statusFilter}
            onValueChange={(v) => {
              setStatusFilter(v);
              toFirstPage();
            }}
          />
        </FormField>
        {operator ? (
          <SupplierFilter
            value={supplierFilter}
            onChange={(v) => {
              setSupplierFilter(v);
              toFirstPage();
            }}
          />
        ) : null}
      </FilterBar>
      <DataTable
        columns={columns}
        {...pageTableProps({ data, error, isLoading })}
        {...listTableProps(list)}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        selectedIds={selected}
        onSelectionChange={setSelected}
        texts={texts}
        caption={t`Locations Verification`}
        rowActions={(row) => (
          <RowActionsMenu
            label={t`Actions`}
            actions={ROW.filter((s) => s !== row.verification_status).map((status) => ({
              id: status,
              label: words[status],
              disabled: busy,
              onSelect: () => void verify([row.id], status),
            }))}
          />
        )}
        toolbar={
          <fieldset className="m-0 flex flex-wrap gap-2 border-0 p-0" aria-label={t`Verify the selected locations`}>
            {BULK.map((status) => (
              <Button
                key={status}
                size="sm"
                variant="outline"
                disabled={selected.length === 0 || busy}
                onClick={() => void verify(selected.map(Number), status)}
              >
                {words[status]}
              </Button>
            ))}
          </fieldset>
        }
      />
    </section>
  );
}
