import { type ReactNode, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DataTable,
  DatePicker,
  FILTER_YEAR_RANGE,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  Label,
  RowActionsMenu,
  SimpleSelect,
  Switch,
  TabsContent,
  TextInput,
  TruncatedText,
  type DataTableColumn,
} from '@portal/design-system';
import {
  downloadFdaRecords,
  type FdaFilters,
  type FdaList,
  fdaRecordPath,
  type FdaRow,
  useFdaRecords,
} from '../../api/fda';
import { FdaRecordDialog } from '../../shared/fda/FdaRecordDialog';
import { listStateProps } from '../../shared/lists/listState';
import { ALL, FilterBar } from '../../shared/lists/filters';
import { useDateTexts, useLabels } from '../../shared/words/labels';
import { DownloadActions } from '../../shared/lists/downloads';
import { formatDate, pageTableProps, useGridTexts } from '../../shared/lists/table';
import { useSavedListState } from '../../shared/lists/savedList';
import { listDefaults } from '../../shared/lists/listDefaults';
import { readFdaFilters } from './fdaFilters';

const STATUSES: Record<FdaList, string[]> = {
  devices: ['Open Classified', 'Completed', 'Terminated'],
  'device-enforcement': ['Ongoing', 'Completed', 'Terminated'],
  drugs: ['Ongoing', 'Completed', 'Terminated'],
};
/** `none`: no classification (a device recall whose enforcement report is not imported), "Not classified". */
const CLASSES = ['Class I', 'Class II', 'Class III', 'none'];

/** The grid and its filters: the content of the tab `tab` when the page has tabs. */
function TabBody({ tab, children }: { tab?: string; children: ReactNode }) {
  return tab ? (
    <TabsContent value={tab} className="grid gap-4">
      {children}
    </TabsContent>
  ) : (
    children
  );
}

/**
 * The operator's FDA grids (/notisphere/fda-devices, /notisphere/fda-drugs; Notisphere_ViewFDAInformation): search
 * (firm, product, reason, lot numbers, recall number), status, classification, firm, product code and initiation-date
 * filters, 50 to 500 rows, the record in a dialog, and CSV/XLSX of the filtered list. `tabs` (a TabsList, inside the
 * caller's Tabs) sits under the title, and the grid is then the content of the tab `list`.
 */
export function FdaRecordsPage({ list, tabs }: { list: FdaList; tabs?: ReactNode }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useGridTexts();
  const store = useStore();
  const [location, navigate] = useLocation();
  const opened = new URLSearchParams(useSearch()).get('recall');
  // Saved per user and list (spec 000 §3), from the operator's defaults: no filter, the server's order.
  const saved = useSavedListState<FdaFilters>(`operator-fda-${list}`, listDefaults(`operator-fda-${list}`), {
    readFilters: readFdaFilters,
  });
  const { state, setState, filters } = saved;
  const [withoutEvent, setWithoutEvent] = useState(false);
  const { data, error, isLoading } = useFdaRecords(list, state, filters, withoutEvent);
  const title = list === 'drugs' ? t`FDA Drugs` : t`FDA Devices`;
  const caption = list === 'device-enforcement' ? t`FDA device enforcement reports` : title;
  // "Without a portal event" lists recalls of device recalls and drug reports (the operator's two spec pages).
  const offersWithoutEvent = list !== 'device-enforcement';
  const dateTexts = useDateTexts();
  // An empty list with nothing narrowing it means nothing was imported yet: say how records arrive.
  const narrowed =
    state.search !== '' ||
    withoutEvent ||
    Object.keys(state.filters).length > 0 ||
    Object.values(filters).some((v) => v !== undefined && v !== '');
  const nothingImported = !narrowed && !isLoading && !error && data?.total === 0;
  const emptyInstall = t`No FDA records have been imported yet. They arrive from openFDA files: an operator runs "pnpm cli fda import <file>", or drops the files into the folder set by FDA_IMPORT_DIR, which the fda-import job reads every few minutes.`;
  const setFilter = (patch: Partial<FdaFilters>) => saved.setFilters({ ...filters, ...patch });
  const open = (recallNumber: string | null) =>
    navigate(recallNumber ? `${location}?recall=${encodeURIComponent(recallNumber)}` : location, { replace: true });

  const columns: DataTableColumn<FdaRow>[] = [
    {
      field: 'recall_number',
      header: t`Recall Number`,
      sortable: true,
      hideable: false,
      cell: (row) => (
        <button type="button" className="text-primary underline" onClick={() => open(row.recall_number)}>
          {row.recall_number}
        </button>
      ),
    },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row) => labels.fdaStatuses[row.status ?? ''] ?? row.status ?? '',
    },
    {
      field: 'classification',
      header: t`Classification`,
      sortable: true,
      cell: (row) => labels.fdaClassifications[row.classification ?? 'none'] ?? row.classification ?? '',
    },
    { field: 'recalling_firm', header: t`Recalling Firm`, sortable: true, filterable: true },
    { field: 'product_code', header: t`Product Code`, sortable: true },
    list !== 'drugs'
      ? { field: 'device_name', header: t`Device Name`, cell: (row) => row.device_name ?? '' }
      : { field: 'brand_names', header: t`Brand Name`, cell: (row) => (row.brand_names ?? []).join(', ') },
    {
      field: 'product_description',
      header: t`Product Description`,
      filterable: true,
      cell: (row) => <TruncatedText text={row.product_description} />,
    },
    {
      field: 'code_info',
      header: t`Code Information`,
      filterable: true,
      cell: (row) => <TruncatedText text={row.code_info} />,
    },
    {
      field: 'initiation_date',
      header: t`Initiation Date`,
      sortable: true,
      cell: (row) => formatDate(row.initiation_date),
    },
  ];

  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    ...STATUSES[list].map((s) => ({ value: s, label: labels.fdaStatuses[s] ?? s })),
  ];
  const classOptions = [
    { value: ALL, label: t`All classifications` },
    ...CLASSES.map((c) => ({ value: c, label: labels.fdaClassifications[c] ?? c })),
  ];

  return (
    <section className="grid gap-4" data-testid={`fda-${list}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{title}</h1>
        <DownloadActions
          download={(format) => downloadFdaRecords(store, list, format, state, filters)}
          csvText={t`Download CSV`}
          xlsxText={t`Download XLSX`}
        />
      </div>
      {tabs}
      <TabBody tab={tabs ? list : undefined}>
        <FilterBar>
          <FormField id="fda-status" label={t`Status`}>
            <SimpleSelect
              className="w-48"
              options={statusOptions}
              value={filters.status ?? ALL}
              onValueChange={(v) => setFilter({ status: v === ALL ? undefined : (v as FdaFilters['status']) })}
            />
          </FormField>
          <FormField id="fda-classification" label={t`Classification`}>
            <SimpleSelect
              className="w-44"
              options={classOptions}
              value={filters.classification ?? ALL}
              onValueChange={(v) =>
                setFilter({ classification: v === ALL ? undefined : (v as FdaFilters['classification']) })
              }
            />
          </FormField>
          <FormField id="fda-firm" label={t`Recalling Firm`}>
            <TextInput
              className="w-56"
              value={filters.firm ?? ''}
              onChange={(e) => setFilter({ firm: e.target.value || undefined })}
            />
          </FormField>
          <FormField id="fda-product-code" label={t`Product Code`}>
            <TextInput
              className="w-28"
              maxLength={20}
              value={filters.productCode ?? ''}
              onChange={(e) => setFilter({ productCode: e.target.value || undefined })}
            />
          </FormField>
          <FormField id="fda-from" label={t`Initiated from`}>
            <DatePicker
              value={filters.initiatedFrom ?? null}
              onChange={(v) => setFilter({ initiatedFrom: v ?? undefined })}
              fromYear={FILTER_YEAR_RANGE.from}
              toYear={FILTER_YEAR_RANGE.to}
              texts={dateTexts}
            />
          </FormField>
          <FormField id="fda-to" label={t`Initiated to`}>
            <DatePicker
              value={filters.initiatedTo ?? null}
              onChange={(v) => setFilter({ initiatedTo: v ?? undefined })}
              fromYear={FILTER_YEAR_RANGE.from}
              toYear={FILTER_YEAR_RANGE.to}
              texts={dateTexts}
            />
          </FormField>
          {offersWithoutEvent ? (
            <div className="flex items-center gap-2 pb-2">
              <Switch
                id="fda-without-event"
                checked={withoutEvent}
                onCheckedChange={(checked) => {
                  setWithoutEvent(checked);
                  setState((s) => ({ ...s, pageNumber: 1 }));
                }}
              />
              <Label htmlFor="fda-without-event">
                <Trans>Only recalls of portal suppliers without a portal event</Trans>
              </Label>
            </div>
          ) : null}
        </FilterBar>
        <DataTable
          caption={caption}
          columns={columns}
          {...pageTableProps({ data, error, isLoading })}
          {...listStateProps(state, setState)}
          pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
          rowActions={(row) => (
            <RowActionsMenu
              label={t`Actions`}
              actions={[{ id: 'view', label: t`View`, onSelect: () => open(row.recall_number) }]}
            />
          )}
          texts={nothingImported ? { ...texts, empty: emptyInstall } : texts}
        />
      </TabBody>
      <FdaRecordDialog
        recallNumber={opened}
        path={opened ? fdaRecordPath(list, opened) : null}
        onClose={() => open(null)}
      />
    </section>
  );
}
