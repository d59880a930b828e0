import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  FormField,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextInput,
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
import { FormDialog } from '../../shared/forms/FormDialog';
import { ALL, chosen, StatusFilter } from '../../shared/lists/filters';
import { MasterGridPage, useMasterGrid, useRecordColumns } from '../../shared/lists/masterGrid';

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
  const names = useVocabularyNames();
  const record = useRecordColumns();
  const grid = useMasterGrid<LookupValue, { vocabulary: ManagedVocabulary; status: string }>(
    { vocabulary: 'recallSubtype', status: ALL },
    `${scope}-lookup-values`,
    { vocabulary: MANAGED_VOCABULARIES },
  );
  const { vocabulary } = grid.filters;
  const page = useLookupValues(scope, grid.state, { vocabulary, status: chosen<LookupStatus>(grid.filters.status) });

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
    record.status,
    {
      field: 'in_use',
      header: t`In Use`,
      cell: (row) => (row.in_use ? t`Yes` : t`No`),
    },
    record.updatedAt,
  ];

  // The grid is the chosen tab's panel: each tab controls an element that exists (axe aria-valid-attr-value).
  return (
    <Tabs value={vocabulary} onValueChange={(v) => grid.setFilter('vocabulary', v as ManagedVocabulary)}>
      <MasterGridPage
        testId="lookup-values"
        title={t`Lookup Values`}
        caption={names[vocabulary]}
        addLabel={t`Add Value`}
        grid={grid}
        page={page}
        columns={columns}
        filters={<StatusFilter value={grid.filters.status} onValueChange={(v) => grid.setFilter('status', v)} />}
        run={(row, action) =>
          action === 'delete'
            ? deleteLookupValue(scope, row.id)
            : setLookupValueStatus(scope, row.id, action === 'activate' ? 'ACTIVE' : 'INACTIVE')
        }
        withDelete
        describe={(_row, action) =>
          action === 'delete'
            ? t`Delete this value? A value used by records cannot be deleted; inactivate it instead.`
            : action === 'activate'
              ? t`Activate this record?`
              : t`Inactivate this record?`
        }
        dialog={(row, onSaved) => (
          <LookupValueDialog
            scope={scope}
            vocabulary={vocabulary}
            vocabularyName={names[vocabulary]}
            row={row}
            onClose={grid.close}
            onSaved={onSaved}
          />
        )}
        panel={(table) => <TabsContent value={vocabulary}>{table}</TabsContent>}
      >
        <TabsList className="flex-wrap" aria-label={t`Lists`}>
          {MANAGED_VOCABULARIES.map((v) => (
            <TabsTrigger key={v} value={v}>
              {names[v]}
            </TabsTrigger>
          ))}
        </TabsList>
      </MasterGridPage>
    </Tabs>
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
