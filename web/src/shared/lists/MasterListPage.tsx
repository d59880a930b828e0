import { useState, type ReactNode } from 'react';
import { useStore } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import {
  Checkbox,
  ConfirmDialog,
  DataTable,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  RowActionsMenu,
  SimpleSelect,
  StatusLabel,
  TextInput,
  Textarea,
  useToast,
  validate,
  type DataTableColumn,
  type RowAction,
  type SelectOption,
  type StatusKind,
  type ValidationMessages,
} from '@portal/design-system';
import { downloadFile } from '../../api/client';
import { listQueryParams } from '../../api/communications';
import { createRecord, deleteRecord, setRecordActive, updateRecord, useResourcePage } from '../../api/supplier';
import { usePhoneHint, useValidationMessages } from '../forms/validation';
import { useLabels } from '../words/labels';
import { masterRowActions, type MasterRowAction } from './rowActions';
import { DownloadActions, type DownloadFormat } from './downloads';
import { FormDialog } from '../forms/FormDialog';
import {
  errorText,
  listTableProps,
  openRowWith,
  PageHeader,
  pageTableProps,
  SavedFilters,
  useGridTexts,
  useListState,
  useTableTexts,
} from './table';

export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

export interface FormFieldDef {
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkbox' | 'checkboxes' | 'custom';
  /** Validation rules of spec §5 ('required', 'email', 'phoneNumber', ...). */
  rules?: string;
  /** Fixed options, or options that follow the other values (e.g. the roles of the organisation picked). */
  options?: SelectOption[] | ((values: FormValues) => SelectOption[]);
  /** Only shown (and validated) when this answers true. */
  visible?: (values: FormValues) => boolean;
  /** Not editable when updating an existing record. */
  createOnly?: boolean;
  /** Not shown at all when updating an existing record. */
  hideOnEdit?: boolean;
  /** kind 'custom': draws the control; `change` may set several values at once (a picker and what follows it). */
  render?: (field: CustomFieldProps) => ReactNode;
}

export interface CustomFieldProps {
  label: string;
  values: FormValues;
  change: (patch: FormValues) => void;
  error: string | null;
  required: boolean;
}

const optionsOf = (field: FormFieldDef, values: FormValues): SelectOption[] =>
  typeof field.options === 'function' ? field.options(values) : (field.options ?? []);

export interface MasterListConfig<T extends { id: number }> {
  pageKey: string;
  title: string;
  path: string;
  extraQuery?: Record<string, string>;
  columns: DataTableColumn<T>[];
  statusField?: keyof T & string;
  /** Absent: the list is read-only. */
  form?: {
    fields: FormFieldDef[];
    empty: FormValues;
    fromRow: (row: T) => FormValues;
    toBody: (values: FormValues, creating: boolean) => unknown;
    addText: string;
    /** Extra check after the field rules (e.g. options of Checkbox actions). */
    check?: (values: FormValues) => string | null;
  };
  /** Rows that cannot be changed at all (e.g. the built-in Administrator role). */
  locked?: (row: T) => boolean;
  downloads?: { csv: string; xlsx: string; name: string };
  /** Actions after the master ones; `refresh` reloads the page after a change. */
  extraRowActions?: (row: T, refresh: () => Promise<unknown>) => RowAction[];
  /** The row's status as a master record (ACTIVE or not), when the status column holds another vocabulary. */
  masterStatus?: (row: T) => string;
  /** How the status column words its codes (default: record statuses). */
  statusKind?: StatusKind;
  /** Offer Delete beside Activate/Inactivate (default true; the operator's lists follow spec 000 §4 strictly). */
  allowDelete?: boolean;
  /** Rows per page offered (the operator's grids: 50, 100, 250, 500). */
  pageSizeOptions?: readonly number[];
  toolbar?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

/** A master record list (spec §2 shared list screen, §4 master records): server paging, filters, form dialog, status actions. */
export function MasterListPage<T extends { id: number }>({ config }: { config: MasterListConfig<T> }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const labels = useLabels();
  const tableTexts = useTableTexts();
  const gridTexts = useGridTexts();
  // The grid variant (50 to 500 rows a page) counts items; the paged table, records.
  const texts = config.pageSizeOptions === GRID_PAGE_SIZE_OPTIONS ? gridTexts : tableTexts;
  const statusField = config.statusField;
  const columns: DataTableColumn<T>[] = [
    ...config.columns,
    ...(statusField
      ? [
          {
            field: statusField,
            header: t`Status`,
            sortable: true,
            cell: (row: T) => (
              <StatusLabel
                status={String(row[statusField])}
                kind={config.statusKind ?? 'record'}
                labels={labels.statuses}
              />
            ),
          },
        ]
      : []),
  ];
  const list = useListState(
    config.pageKey,
    columns.map((c) => c.field),
  );
  const { data, error, isLoading, mutate } = useResourcePage<T>(config.path, list.query, config.extraQuery);
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [confirm, setConfirm] = useState<{ row: T; action: MasterRowAction } | null>(null);
  const [busy, setBusy] = useState(false);
  const headers = Object.fromEntries(columns.map((c) => [c.field, c.header]));

  const actionLabels: Record<MasterRowAction, string> = {
    edit: t`Edit`,
    inactivate: t`Inactivate`,
    activate: t`Activate`,
    delete: t`Delete`,
  };
  const confirmTexts: Record<MasterRowAction, string> = {
    edit: '',
    inactivate: t`Inactivate this record?`,
    activate: t`Activate this record?`,
    delete: t`Delete this record? This cannot be undone.`,
  };

  function rowActions(row: T) {
    const status = config.masterStatus ? config.masterStatus(row) : statusField ? String(row[statusField]) : 'ACTIVE';
    const own: RowAction[] =
      config.form && !config.locked?.(row)
        ? masterRowActions(status)
            .filter((a) => statusField || a === 'edit' || a === 'delete')
            .filter((a) => a !== 'delete' || config.allowDelete !== false)
            .map((action) => ({
              id: action,
              label: actionLabels[action],
              destructive: action === 'delete',
              onSelect: () => (action === 'edit' ? setEditing({ row }) : setConfirm({ row, action })),
            }))
        : [];
    const all = [...own, ...(config.extraRowActions?.(row, mutate) ?? [])];
    return <RowActionsMenu label={t`Actions`} actions={all} />;
  }

  /** The first column opens the record's dialog wherever the row menu offers Edit (spec §4 by status). */
  const openEdit = openRowWith<T>((row) => setEditing({ row }));
  function openRow(row: T, content: ReactNode) {
    if (!config.form || config.locked?.(row)) return content;
    const status = config.masterStatus ? config.masterStatus(row) : statusField ? String(row[statusField]) : 'ACTIVE';
    return masterRowActions(status).includes('edit') ? openEdit(row, content) : content;
  }

  async function runConfirmed() {
    if (!confirm) return;
    setBusy(true);
    try {
      const { row, action } = confirm;
      if (action === 'delete') await deleteRecord(config.path, row.id);
      else await setRecordActive(config.path, row.id, action === 'activate');
      toast.success(action === 'delete' ? t`Deleted successfully.` : t`Status updated.`);
      setConfirm(null);
      await mutate();
    } catch (err) {
      setConfirm(null);
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const { downloads } = config;
  const download = downloads
    ? (format: DownloadFormat) => {
        // The file holds what the screen lists: its search, filters, sort and extra query, every page.
        const { pageNumber: _page, pageSize: _size, ...query } = listQueryParams(list.query);
        return downloadFile(
          store,
          downloads[format],
          { ...query, ...config.extraQuery },
          `${downloads.name}.${format}`,
        );
      }
    : undefined;

  return (
    <section className="space-y-4" data-testid={config.testId ?? config.pageKey}>
      <PageHeader title={config.title}>
        {config.toolbar}
        <DownloadActions
          onAdd={config.form ? () => setEditing({ row: null }) : undefined}
          addText={config.form?.addText}
          download={download}
        />
      </PageHeader>
      {config.children}
      <SavedFilters filterModel={list.filterModel} headers={headers} onClear={list.clearFilters} />
      <DataTable
        columns={columns}
        {...pageTableProps({ data, error, isLoading })}
        {...listTableProps(list)}
        pageSizeOptions={config.pageSizeOptions}
        columnChooser
        columnState={list.columns}
        onColumnStateChange={list.setColumns}
        rowActions={config.form || config.extraRowActions ? rowActions : undefined}
        openRow={config.form ? openRow : undefined}
        caption={config.title}
        texts={texts}
      />
      {config.form && editing ? (
        <RecordDialog
          key={editing.row ? editing.row.id : 'new'}
          title={editing.row ? t`Edit` : config.form.addText}
          fields={config.form.fields}
          initial={editing.row ? config.form.fromRow(editing.row) : config.form.empty}
          creating={editing.row === null}
          check={config.form.check}
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            const form = config.form;
            if (!form) return;
            const body = form.toBody(values, editing.row === null);
            if (editing.row) await updateRecord(config.path, editing.row.id, body);
            else await createRecord(config.path, body);
            toast.success(t`Saved successfully.`);
            setEditing(null);
            await mutate();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        onConfirm={() => void runConfirmed()}
        title={t`Are you sure?`}
        description={confirm ? confirmTexts[confirm.action] : undefined}
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        destructive={confirm?.action === 'delete'}
        loading={busy}
      />
    </section>
  );
}

/** First error per visible field, by its rules. */
export function validateRecord(
  fields: readonly FormFieldDef[],
  values: FormValues,
  messages: ValidationMessages,
  creating = true,
) {
  const errors: Record<string, string | null> = {};
  for (const field of fields) {
    if (field.visible && !field.visible(values)) continue;
    if (field.hideOnEdit && !creating) continue;
    const value = values[field.name];
    errors[field.name] = field.rules
      ? validate(typeof value === 'boolean' ? (value ? 'true' : '') : (value ?? ''), field.rules, { messages })
      : null;
  }
  return errors;
}

export function RecordDialog({
  title,
  fields,
  initial,
  creating,
  check,
  onClose,
  onSubmit,
}: {
  title: string;
  fields: FormFieldDef[];
  initial: FormValues;
  creating: boolean;
  check?: (values: FormValues) => string | null;
  onClose: () => void;
  onSubmit: (values: FormValues) => Promise<void>;
}) {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const phoneHint = usePhoneHint();
  const [values, setValues] = useState<FormValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = validateRecord(fields, values, messages, creating);
  const set = (name: string) => (value: FormValue) => setValues((v) => ({ ...v, [name]: value }));

  async function submit(): Promise<string | undefined> {
    setSubmitted(true);
    // The fields show their own errors.
    if (Object.values(errors).some((e) => e !== null)) return undefined;
    const extra = check?.(values) ?? null;
    if (extra) return extra;
    await onSubmit(values);
    return undefined;
  }

  return (
    <FormDialog title={title} testId="record-form" onClose={onClose} submit={submit}>
      {fields.map((field) => {
        if (field.visible && !field.visible(values)) return null;
        if (field.hideOnEdit && !creating) return null;
        const value = values[field.name];
        const error = submitted ? errors[field.name] : null;
        const required = field.rules?.includes('required') ?? false;
        const disabled = field.createOnly === true && !creating;
        switch (field.kind) {
          case 'custom':
            return (
              <div key={field.name}>
                {field.render?.({
                  label: field.label,
                  values,
                  change: (patch) => setValues((v) => ({ ...v, ...patch })),
                  error: error ?? null,
                  required,
                })}
              </div>
            );
          case 'checkbox':
            return (
              <label key={field.name} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={value === true}
                  onCheckedChange={(c) => set(field.name)(c === true)}
                  disabled={disabled}
                />
                {field.label}
              </label>
            );
          case 'checkboxes': {
            const selected = Array.isArray(value) ? value : [];
            return (
              <fieldset key={field.name} className="space-y-1">
                <legend className="text-sm font-medium">{field.label}</legend>
                {optionsOf(field, values).map((o) => (
                  <label key={o.value} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={selected.includes(o.value)}
                      onCheckedChange={(c) =>
                        set(field.name)(c === true ? [...selected, o.value] : selected.filter((s) => s !== o.value))
                      }
                    />
                    {o.label}
                  </label>
                ))}
              </fieldset>
            );
          }
          case 'select':
            return (
              <FormField key={field.name} label={field.label} required={required} error={error}>
                <SimpleSelect
                  value={typeof value === 'string' ? value : ''}
                  onValueChange={set(field.name)}
                  options={optionsOf(field, values)}
                  placeholder={t`Select...`}
                  disabled={disabled}
                />
              </FormField>
            );
          case 'textarea':
            return (
              <FormField key={field.name} label={field.label} required={required} error={error}>
                <Textarea
                  value={typeof value === 'string' ? value : ''}
                  onValueChange={set(field.name)}
                  disabled={disabled}
                />
              </FormField>
            );
          default:
            return (
              <FormField
                key={field.name}
                label={field.label}
                required={required}
                error={error}
                description={field.rules?.includes('phoneNumber') ? phoneHint : undefined}
              >
                <TextInput
                  type={field.kind ?? 'text'}
                  value={typeof value === 'string' ? value : ''}
                  onValueChange={set(field.name)}
                  disabled={disabled}
                />
              </FormField>
            );
        }
      })}
    </FormDialog>
  );
}

/** Text value of a form field ('' when not text). */
export function str(values: FormValues, name: string): string {
  const v = values[name];
  return typeof v === 'string' ? v.trim() : '';
}

/** Blank → null. */
export function opt(values: FormValues, name: string): string | null {
  return str(values, name) || null;
}
