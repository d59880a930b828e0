import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  ConfirmDialog,
  DataTable,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  RowActionsMenu,
  SimpleSelect,
  StatusLabel,
  TableHeaderActions,
  Textarea,
  useToast,
  type DataTableColumn,
} from '@portal/design-system';
import {
  addSupplierMasterNames,
  linkSupplierMasterName,
  setSupplierMasterStatus,
  useSupplierMaster,
  useSupplierNameList,
  type SupplierMasterRow,
} from '../../api/operatorOrganizations';
import { FormDialog } from '../../shared/forms/FormDialog';
import {
  errorText,
  formatDate,
  listTableProps,
  openRowWith,
  PageHeader,
  pageTableProps,
  useGridTexts,
  useListState,
} from '../../shared/lists/table';
import { useOrganizationStatusLabels } from './organizations';

const ALL = 'ALL';
const NONE = '0';

/**
 * /notisphere/manage-supplier-list (Manage Supplier Master): supplier names as location and product files spell them,
 * each linked to the supplier organisation it means. A name in use (Pending or Linked) gives Link and Inactivate; a
 * deactivated one gives Activate only (spec 000 §4, master records).
 */
export default function SupplierMasterPage() {
  const { t } = useLingui();
  const toast = useToast();
  const texts = useGridTexts();
  const statuses = useOrganizationStatusLabels();
  const [status, setStatus] = useState(ALL);
  const columns: DataTableColumn<SupplierMasterRow>[] = [
    { field: 'name', header: t`Supplier name in files`, sortable: true, filterable: true, hideable: false },
    {
      field: 'organization_name',
      header: t`Linked supplier`,
      sortable: true,
      filterable: true,
      cell: (row) => row.organization_name ?? '',
    },
    {
      field: 'status',
      header: t`Status`,
      cell: (row) => <StatusLabel kind="organisation" status={row.status} labels={statuses} />,
    },
    { field: 'updated_at', header: t`Last Updated`, sortable: true, cell: (row) => formatDate(row.updated_at) },
  ];
  const list = useListState(
    'notisphere-supplier-master',
    columns.map((c) => c.field),
  );
  const { data, error, isLoading, mutate } = useSupplierMaster(list.query, status === ALL ? '' : status);
  const [linking, setLinking] = useState<SupplierMasterRow | null>(null);
  const openLink = openRowWith(setLinking);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<{ row: SupplierMasterRow; status: 'ACTIVE' | 'DEACTIVATED' } | null>(null);
  const [busy, setBusy] = useState(false);

  async function changeStatus() {
    if (!confirm) return;
    setBusy(true);
    try {
      await setSupplierMasterStatus(confirm.row.id, confirm.status);
      toast.success(t`Status updated.`);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setConfirm(null);
      setBusy(false);
    }
  }

  return (
    <section className="space-y-4" data-testid="notisphere-supplier-master">
      <PageHeader title={t`Manage Supplier Master`}>
        <TableHeaderActions onAdd={() => setAdding(true)} addText={t`Add supplier names`} />
      </PageHeader>
      <label className="grid w-52 gap-1 text-sm">
        <span className="text-muted-foreground">{t`Status`}</span>
        <SimpleSelect
          aria-label={t`Status`}
          value={status}
          onValueChange={(value) => {
            list.setPage(1);
            setStatus(value);
          }}
          options={[
            { value: ALL, label: t`All` },
            { value: 'PENDING', label: statuses.PENDING ?? 'PENDING' },
            { value: 'LINKED', label: statuses.LINKED ?? 'LINKED' },
            { value: 'DEACTIVATED', label: statuses.DEACTIVATED ?? 'DEACTIVATED' },
          ]}
        />
      </label>
      <DataTable
        columns={columns}
        {...pageTableProps({ data, error, isLoading })}
        {...listTableProps(list)}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        caption={t`Manage Supplier Master`}
        texts={texts}
        // The first column opens the record's dialog (Link to supplier) wherever the row menu offers it.
        openRow={(row, content) => (row.status === 'DEACTIVATED' ? content : openLink(row, content))}
        rowActions={(row) => (
          <RowActionsMenu
            label={t`Actions`}
            actions={
              row.status === 'DEACTIVATED'
                ? [{ id: 'activate', label: t`Activate`, onSelect: () => setConfirm({ row, status: 'ACTIVE' }) }]
                : [
                    { id: 'link', label: t`Link to supplier`, onSelect: () => setLinking(row) },
                    {
                      id: 'inactivate',
                      label: t`Inactivate`,
                      onSelect: () => setConfirm({ row, status: 'DEACTIVATED' }),
                    },
                  ]
            }
          />
        )}
      />
      {linking ? (
        <LinkDialog
          row={linking}
          onClose={() => setLinking(null)}
          onSaved={() => {
            setLinking(null);
            toast.success(t`Saved successfully.`);
            void mutate();
          }}
        />
      ) : null}
      {adding ? (
        <AddNamesDialog
          onClose={() => setAdding(false)}
          onSaved={(skipped) => {
            setAdding(false);
            const names = skipped.join(', ');
            toast.success(skipped.length ? t`Saved. Already in the list: ${names}` : t`Saved successfully.`);
            void mutate();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        onConfirm={() => void changeStatus()}
        title={t`Are you sure?`}
        description={confirm?.status === 'DEACTIVATED' ? t`Inactivate this record?` : t`Activate this record?`}
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        loading={busy}
      />
    </section>
  );
}

function SupplierSelect({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  const { t } = useLingui();
  const { data } = useSupplierNameList();
  return (
    <FormField label={label}>
      <SimpleSelect
        value={value}
        onValueChange={onChange}
        options={[
          { value: NONE, label: t`Not linked` },
          ...(data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
        ]}
      />
    </FormField>
  );
}

function LinkDialog({ row, onClose, onSaved }: { row: SupplierMasterRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [value, setValue] = useState(String(row.organization_id ?? NONE));
  const name = row.name;
  async function submit(): Promise<string | undefined> {
    await linkSupplierMasterName(row.id, Number(value));
    onSaved();
    return undefined;
  }
  return (
    <FormDialog title={t`Link ${name} to a supplier`} onClose={onClose} submit={submit} scroll={false}>
      <SupplierSelect label={t`Supplier`} value={value} onChange={setValue} />
    </FormDialog>
  );
}

function AddNamesDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (skipped: string[]) => void }) {
  const { t } = useLingui();
  const [names, setNames] = useState('');
  const [supplier, setSupplier] = useState(NONE);
  const lines = names
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  async function submit(): Promise<string | undefined> {
    if (!lines.length) return t`Field required`;
    const answer = await addSupplierMasterNames({
      names: lines,
      organization_id: supplier === NONE ? null : Number(supplier),
    });
    onSaved(answer.skipped);
    return undefined;
  }
  return (
    <FormDialog title={t`Add supplier names`} onClose={onClose} submit={submit} scroll={false}>
      <FormField label={t`Supplier names, one per line, as the files spell them`} required>
        <Textarea value={names} onValueChange={setNames} rows={6} />
      </FormField>
      <SupplierSelect label={t`Link them to`} value={supplier} onChange={setSupplier} />
    </FormDialog>
  );
}
