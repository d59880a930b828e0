import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { vocabularyLabel } from '@portal/vocabulary';
import {
  Button,
  Checkbox,
  DataTable,
  formatDate,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  SimpleSelect,
  StatusLabel,
  TextInput,
  Textarea,
  useToast,
  type DataTableColumn,
} from '@portal/design-system';
import type { ListState } from '../../../api/provider';
import {
  PRODUCT_FIELD_TYPES,
  saveProductField,
  setProductFieldStatus,
  useProductFieldPage,
  type ProductFieldKind,
  type ProductFieldRecord,
  type ProductFieldSide,
  type ProductFieldStatus,
} from '../../../api/productFields';
import { listStateProps } from '../../provider/listShared';
import { useLabels, vocabularyLocale } from './labels';
import { FormDialog } from './FormDialog';
import { useMasterRows } from './masterRows';
import { PageHeader, useTableTexts } from './table';

const ALL = 'ALL';
const LIST_TYPES: readonly ProductFieldKind[] = ['ListSingle', 'ListMultiple'];

function useTypeLabel() {
  const { i18n } = useLingui();
  const locale = vocabularyLocale(i18n.locale);
  return (type: string) => vocabularyLabel('productFieldType', type, locale);
}

/**
 * Custom product fields of one side: the operator's platform-wide fields (/notisphere/fields) or a supplier's own
 * (/supplier/fields). A grid of 50/100/250/500 rows with the master-record row actions (ACTIVE: Edit, Inactivate;
 * otherwise Activate) and an add/edit dialog (type, options of list fields, required flag, order).
 */
export function ProductFieldsManager({ side }: { side: ProductFieldSide }) {
  const { t } = useLingui();
  const toast = useToast();
  const texts = useTableTexts();
  const labels = useLabels();
  const typeLabel = useTypeLabel();
  const [state, setState] = useState<ListState>({
    pageNumber: 1,
    pageSize: GRID_PAGE_SIZE_OPTIONS[0],
    sort: [],
    search: '',
    filters: {},
  });
  const [fieldType, setFieldType] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const { data, error, isLoading, mutate } = useProductFieldPage(side, state, {
    field_type: fieldType === ALL ? undefined : (fieldType as ProductFieldKind),
    status: status === ALL ? undefined : (status as ProductFieldStatus),
  });
  const [editing, setEditing] = useState<{ row: ProductFieldRecord | null } | null>(null);

  const columns: DataTableColumn<ProductFieldRecord>[] = [
    { field: 'name', header: t`Field Label`, sortable: true, filterable: true, hideable: false },
    { field: 'field_type', header: t`Field Type`, sortable: true, cell: (row) => typeLabel(row.field_type) },
    { field: 'options', header: t`Options`, cell: (row) => row.options.join(', ') },
    { field: 'is_required', header: t`Required`, sortable: true, cell: (row) => (row.is_required ? t`Yes` : t`No`) },
    { field: 'sort_order', header: t`Order`, sortable: true },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row) => <StatusLabel status={row.status} kind="record" labels={labels.statuses} />,
    },
    {
      field: 'updated_at',
      header: t`Last Updated`,
      sortable: true,
      cell: (row) => formatDate(row.updated_at, 'datetime'),
    },
  ];

  const { rowActions, confirmDialog } = useMasterRows<ProductFieldRecord>({
    onEdit: (row) => setEditing({ row }),
    run: (row, action) => setProductFieldStatus(side, row.id, action === 'activate' ? 'ACTIVE' : 'INACTIVE'),
    onDone: mutate,
  });

  const typeOptions = [
    { value: ALL, label: t`All field types` },
    ...PRODUCT_FIELD_TYPES.map((value) => ({ value, label: typeLabel(value) })),
  ];
  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    { value: 'ACTIVE', label: labels.statuses.ACTIVE ?? 'Active' },
    { value: 'INACTIVE', label: labels.statuses.INACTIVE ?? 'Inactive' },
  ];
  const title = t`Product Fields`;

  return (
    <section className="space-y-4" data-testid="product-fields">
      <PageHeader title={title}>
        <Button onClick={() => setEditing({ row: null })}>
          <Trans>Add Product Field</Trans>
        </Button>
      </PageHeader>
      <p className="text-sm text-muted-foreground">
        {side === 'notisphere' ? (
          <Trans>
            These fields are offered to every supplier on the products of its recalls and supply advisories.
          </Trans>
        ) : (
          <Trans>
            These fields are offered on the products of your recalls and supply advisories, after the platform's own.
          </Trans>
        )}
      </p>
      <DataTable
        caption={title}
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
          <div className="flex flex-wrap gap-2">
            <SimpleSelect
              aria-label={t`Field Type`}
              options={typeOptions}
              value={fieldType}
              onValueChange={(v) => {
                setFieldType(v);
                setState((s) => ({ ...s, pageNumber: 1 }));
              }}
            />
            <SimpleSelect
              aria-label={t`Status`}
              options={statusOptions}
              value={status}
              onValueChange={(v) => {
                setStatus(v);
                setState((s) => ({ ...s, pageNumber: 1 }));
              }}
            />
          </div>
        }
        rowActions={rowActions}
        texts={texts}
      />
      {editing ? (
        <FieldDialog
          key={editing.row?.id ?? 'new'}
          side={side}
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

function FieldDialog({
  side,
  row,
  onClose,
  onSaved,
}: {
  side: ProductFieldSide;
  row: ProductFieldRecord | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useLingui();
  const typeLabel = useTypeLabel();
  const [name, setName] = useState(row?.name ?? '');
  const [fieldType, setFieldType] = useState<ProductFieldKind>(row?.field_type ?? 'Text');
  const [options, setOptions] = useState((row?.options ?? []).join('\n'));
  const [required, setRequired] = useState(row?.is_required ?? false);
  const [order, setOrder] = useState(row ? String(row.sort_order) : '');
  const isList = LIST_TYPES.includes(fieldType);

  async function submit(): Promise<string | undefined> {
    const list = options
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean);
    if (!name.trim()) return t`Field Label is required`;
    if (isList && list.length === 0) return t`A list field needs at least one option.`;
    await saveProductField(side, row?.id ?? null, {
      name,
      field_type: fieldType,
      options: isList ? list : [],
      is_required: required,
      ...(order.trim() !== '' ? { sort_order: Math.max(0, Number(order) || 0) } : {}),
    });
    await onSaved();
    return undefined;
  }

  return (
    <FormDialog
      title={row ? t`Edit Product Field` : t`Add Product Field`}
      testId="product-field-form"
      onClose={onClose}
      submit={submit}
    >
      <FormField label={t`Field Label`} required>
        <TextInput value={name} onValueChange={setName} maxLength={100} />
      </FormField>
      <FormField label={t`Field Type`} required>
        <SimpleSelect
          aria-label={t`Field Type`}
          options={PRODUCT_FIELD_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
          value={fieldType}
          onValueChange={(v) => setFieldType(v as ProductFieldKind)}
        />
      </FormField>
      {isList ? (
        <FormField label={t`Options (one per line)`} required>
          <Textarea value={options} onChange={(e) => setOptions(e.target.value)} rows={5} />
        </FormField>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={required} onCheckedChange={(c) => setRequired(c === true)} />
        <Trans>Required on every product</Trans>
      </label>
      <FormField label={t`Order`}>
        <TextInput type="number" min={0} value={order} onValueChange={setOrder} />
      </FormField>
    </FormDialog>
  );
}
