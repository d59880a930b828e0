import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  DataTable,
  formatDate,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  SimpleSelect,
  StatusLabel,
  Tabs,
  TabsList,
  TabsTrigger,
  TextInput,
  useToast,
  type DataTableColumn,
} from '@portal/design-system';
import { MANAGED_VOCABULARIES, type ManagedVocabulary } from '@portal/vocabulary';
import {
  createLookupValue,
  deleteLookupValue,
  type LookupScope,
  type LookupStatus,
  type LookupValue,
  setLookupValueStatus,
  updateLookupValue,
  useLookupValues,
} from '../../api/lookups';
import type { ListState } from '../../api/provider';
import { listStateProps } from '../provider/listShared';
import { useLabels } from '../supplier/shared/labels';
import { FormDialog } from '../supplier/shared/FormDialog';
import { useMasterRows } from '../supplier/shared/masterRows';
import { PageHeader, useTableTexts } from '../supplier/shared/table';

const ALL = 'ALL';

/** The name of each managed vocabulary (spec 000 §9), as its tab. */
function useVocabularyNames(): Record<ManagedVocabulary, string> {
  const { t } = useLingui();
  return {
    recallSubtype: t`Recall Types`,
    classification: t`Recall Classes`,
    disposition: t`Dispositions`,
    disruptionSubtype: t`Advisory Types`,
    reason: t`Reasons`,
    leadTime: t`Lead Times`,
    responseMethod: t`Response Methods`,
  };
}

/**
 * /notisphere/lookup-values (Notisphere_ManageLookupValues): the platform's lookup values, one grid per vocabulary.
 * Master-record row actions (ACTIVE: Edit, Inactivate; otherwise Activate) plus Delete, which the server refuses for
 * a value records use (deactivate it instead). `scope="supplier"` manages a supplier's own values with the same page.
 */
export default function LookupValuesPage({ scope = 'notisphere' }: { scope?: LookupScope }) {
  const { t } = useLingui();
  const toast = useToast();
  const texts = useTableTexts();
  const labels = useLabels();
  const names = useVocabularyNames();
  const [vocabulary, setVocabulary] = useState<ManagedVocabulary>('recallSubtype');
  const [state, setState] = useState<ListState>({
    pageNumber: 1,
    pageSize: GRID_PAGE_SIZE_OPTIONS[0],
    sort: [],
    search: '',
    filters: {},
  });
  const [status, setStatus] = useState<string>(ALL);
  const { data, error, isLoading, mutate } = useLookupValues(scope, state, {
    vocabulary,
    status: status === ALL ? undefined : (status as LookupStatus),
  });
  const [editing, setEditing] = useState<{ row: LookupValue | null } | null>(null);
  const title = t`Lookup Values`;

  const columns: DataTableColumn<LookupValue>[] = [
    // The managed data itself: a code and its English label are shown as they are, in any language (translate="no").
    {
      field: 'code',
      header: t`Code`,
      sortable: true,
      hideable: false,
      cell: (row) => <code translate="no">{row.code}</code>,
    },
    {
      field: 'label_en',
      header: t`English`,
      sortable: true,
      cell: (row) => (
        <span lang="en" translate="no">
          {row.label_en}
        </span>
      ),
    },
    { field: 'label_vi', header: t`Vietnamese`, sortable: true },
    { field: 'sort_order', header: t`Order`, sortable: true },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row) => <StatusLabel status={row.status} kind="record" labels={labels.statuses} />,
    },
    {
      field: 'in_use',
      header: t`In Use`,
      cell: (row) => (row.in_use ? t`Yes` : t`No`),
    },
    {
      field: 'updated_at',
      header: t`Last Updated`,
      sortable: true,
      cell: (row) => formatDate(row.updated_at, 'datetime'),
    },
  ];

  const { rowActions, confirmDialog } = useMasterRows<LookupValue>({
    onEdit: (row) => setEditing({ row }),
    run: (row, action) =>
      action === 'delete'
        ? deleteLookupValue(scope, row.id)
        : setLookupValueStatus(scope, row.id, action === 'activate' ? 'ACTIVE' : 'INACTIVE'),
    onDone: mutate,
    withDelete: true,
    describe: (_row, action) =>
      action === 'delete'
        ? t`Delete this value? A value used by records cannot be deleted; inactivate it instead.`
        : action === 'activate'
          ? t`Activate this record?`
          : t`Inactivate this record?`,
  });

  return (
    <section className="space-y-4" data-testid="lookup-values">
      <PageHeader title={title}>
        <Button onClick={() => setEditing({ row: null })}>
          <Trans>Add Value</Trans>
        </Button>
      </PageHeader>
      <Tabs
        value={vocabulary}
        onValueChange={(v) => {
          setVocabulary(v as ManagedVocabulary);
          setState((s) => ({ ...s, pageNumber: 1 }));
        }}
      >
        <TabsList className="flex-wrap" aria-label={t`Lists`}>
          {MANAGED_VOCABULARIES.map((v) => (
            <TabsTrigger key={v} value={v}>
              {names[v]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <DataTable
        caption={names[vocabulary]}
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(row) => String(row.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        {...listStateProps(state, setState)}
        loading={isLoading}
        error={error ? error.message : null}
        lastUpdated={data?.lastUpdated ? formatDate(data.lastUpdated, 'datetime') : undefined}
        toolbar={
          <SimpleSelect
            aria-label={t`Status`}
            options={[
              { value: ALL, label: t`All statuses` },
              { value: 'ACTIVE', label: labels.statuses.ACTIVE ?? 'Active' },
              { value: 'INACTIVE', label: labels.statuses.INACTIVE ?? 'Inactive' },
            ]}
            value={status}
            onValueChange={(v) => {
              setStatus(v);
              setState((s) => ({ ...s, pageNumber: 1 }));
            }}
          />
        }
        rowActions={rowActions}
        texts={texts}
      />
      {editing ? (
        <LookupValueDialog
          key={editing.row?.id ?? 'new'}
          scope={scope}
          vocabulary={vocabulary}
          vocabularyName={names[vocabulary]}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            toast.success(t`Saved successfully.`);
            setEditing(null);
            await mutate();
          }}
        />
      ) : null}
      {confirmDialog}
    </section>
  );
}

function LookupValueDialog({
  scope,
  vocabulary,
  vocabularyName,
  row,
  onClose,
  onSaved,
}: {
  scope: LookupScope;
  vocabulary: ManagedVocabulary;
  vocabularyName: string;
  row: LookupValue | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState(row?.code ?? '');
  const [english, setEnglish] = useState(row?.label_en ?? '');
  const [vietnamese, setVietnamese] = useState(row?.label_vi ?? '');
  const [order, setOrder] = useState(row ? String(row.sort_order) : '');

  async function submit(): Promise<string | undefined> {
    if (!row && !code.trim()) return t`Enter a code.`;
    if (!english.trim() || !vietnamese.trim()) return t`Enter the English and Vietnamese labels.`;
    const sortOrder = order.trim() === '' ? undefined : Number(order);
    if (sortOrder !== undefined && (!Number.isInteger(sortOrder) || sortOrder < 0))
      return t`The order must be a whole number of 0 or more.`;
    const labels = { label_en: english.trim(), label_vi: vietnamese.trim(), sort_order: sortOrder };
    if (row) await updateLookupValue(scope, row.id, labels);
    else await createLookupValue(scope, { vocabulary, code: code.trim(), ...labels });
    await onSaved();
    return undefined;
  }

  return (
    <FormDialog
      title={row ? t`Edit Value` : t`Add Value`}
      testId="lookup-value-form"
      onClose={onClose}
      submit={submit}
      scroll={false}
    >
      <p className="text-sm text-muted-foreground">{vocabularyName}</p>
      <FormField
        label={t`Code`}
        required={!row}
        description={row ? t`The code is kept by the records that use it and cannot change.` : undefined}
      >
        <TextInput value={code} onValueChange={setCode} maxLength={100} disabled={Boolean(row)} />
      </FormField>
      <FormField label={t`English`} required>
        <TextInput value={english} onValueChange={setEnglish} maxLength={200} />
      </FormField>
      <FormField label={t`Vietnamese`} required>
        <TextInput value={vietnamese} onValueChange={setVietnamese} maxLength={200} />
      </FormField>
      <FormField label={t`Order`} description={row ? undefined : t`Leave empty to add the value at the end.`}>
        <TextInput type="number" min={0} value={order} onValueChange={setOrder} />
      </FormField>
    </FormDialog>
  );
}
