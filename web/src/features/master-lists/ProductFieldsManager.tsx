import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { vocabularyLabel } from '@portal/vocabulary';
import { Checkbox, FormField, SimpleSelect, TextInput, Textarea, type DataTableColumn } from '@portal/design-system';
import {
  PRODUCT_FIELD_TYPES,
  saveProductField,
  setProductFieldStatus,
  useProductFieldPage,
  type ProductFieldKind,
  type ProductFieldRecord,
  type ProductFieldSide,
  type ProductFieldStatus,
} from '../../api/productFields';
import { vocabularyLocale } from '../../shared/words/labels';
import { FormDialog } from '../../shared/forms/FormDialog';
import { ALL, chosen, FilterSelect, StatusFilter } from '../../shared/lists/filters';
import { MasterGridPage, useMasterGrid, useRecordColumns } from '../../shared/lists/masterGrid';

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
  const typeLabel = useTypeLabel();
  const record = useRecordColumns();
  const grid = useMasterGrid<ProductFieldRecord, { fieldType: string; status: string }>(
    { fieldType: ALL, status: ALL },
    `${side}-product-fields`,
  );
  const page = useProductFieldPage(side, grid.state, {
    field_type: chosen<ProductFieldKind>(grid.filters.fieldType),
    status: chosen<ProductFieldStatus>(grid.filters.status),
  });

  const columns: DataTableColumn<ProductFieldRecord>[] = [
    { field: 'name', header: t`Field Label`, sortable: true, filterable: true, hideable: false },
    { field: 'field_type', header: t`Field Type`, sortable: true, cell: (row) => typeLabel(row.field_type) },
    { field: 'options', header: t`Options`, cell: (row) => row.options.join(', ') },
    { field: 'is_required', header: t`Required`, sortable: true, cell: (row) => (row.is_required ? t`Yes` : t`No`) },
    { field: 'sort_order', header: t`Order`, sortable: true },
    record.status,
    record.updatedAt,
  ];

  return (
    <MasterGridPage
      testId="product-fields"
      title={t`Product Fields`}
      addLabel={t`Add Product Field`}
      grid={grid}
      page={page}
      columns={columns}
      filters={
        <>
          <FilterSelect
            label={t`Field Type`}
            allLabel={t`All field types`}
            options={PRODUCT_FIELD_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
            value={grid.filters.fieldType}
            onValueChange={(v) => grid.setFilter('fieldType', v)}
          />
          <StatusFilter value={grid.filters.status} onValueChange={(v) => grid.setFilter('status', v)} />
        </>
      }
      run={(row, action) => setProductFieldStatus(side, row.id, action === 'activate' ? 'ACTIVE' : 'INACTIVE')}
      dialog={(row, onSaved) => <FieldDialog side={side} row={row} onClose={grid.close} onSaved={onSaved} />}
    >
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
    </MasterGridPage>
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
