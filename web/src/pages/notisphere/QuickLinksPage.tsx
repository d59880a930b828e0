import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  useToast,
  type DataTableColumn,
} from '@portal/design-system';
import type { ListState } from '../../api/provider';
import {
  deleteQuickLink,
  saveQuickLink,
  useQuickLinkMeta,
  useQuickLinks,
  type QuickLink,
  type QuickLinkStatus,
} from '../../api/quickLinks';
import { listStateProps } from '../provider/listShared';
import { useLabels } from '../supplier/shared/labels';
import { FormDialog } from '../supplier/shared/FormDialog';
import { useMasterRows } from '../supplier/shared/masterRows';
import { PageHeader, useTableTexts } from '../supplier/shared/table';

const ALL = 'ALL';

/**
 * /notisphere/quick-links: the operator's quick links (spec 001 §7.12), an image and a URL shown in the header of the
 * organisations they target. Row actions per master records: ACTIVE gives Edit and Inactivate (the spec's delete),
 * INACTIVE gives Activate.
 */
export default function QuickLinksPage() {
  const { t } = useLingui();
  const toast = useToast();
  const texts = useTableTexts();
  const labels = useLabels();
  const [state, setState] = useState<ListState>({
    pageNumber: 1,
    pageSize: GRID_PAGE_SIZE_OPTIONS[0],
    sort: [],
    search: '',
    filters: {},
  });
  const [status, setStatus] = useState<string>(ALL);
  const [url, setUrl] = useState('');
  const { data, error, isLoading, mutate } = useQuickLinks(state, {
    status: status === ALL ? undefined : (status as QuickLinkStatus),
    url,
  });
  const [editing, setEditing] = useState<{ row: QuickLink | null } | null>(null);
  const title = t`Quick Links`;

  const columns: DataTableColumn<QuickLink>[] = [
    {
      field: 'image',
      header: t`Image`,
      hideable: false,
      cell: (row) => <img src={row.path} alt={row.image.name} className="h-8 max-w-32 object-contain" />,
    },
    { field: 'url', header: t`URL`, sortable: true, hideable: false },
    {
      field: 'organizations',
      header: t`Organizations`,
      cell: (row) => row.organizations.map((o) => o.name).join(', '),
    },
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

  const { rowActions, confirmDialog } = useMasterRows<QuickLink>({
    onEdit: (row) => setEditing({ row }),
    // Inactivate is the spec's delete call; Activate saves the link again as ACTIVE.
    run: (row, action) =>
      action === 'inactivate'
        ? deleteQuickLink(row.id)
        : saveQuickLink(
            { id: row.id, url: row.url, organization_ids: row.organizations.map((o) => o.id), status: 'ACTIVE' },
            null,
          ),
    onDone: mutate,
  });

  return (
    <section className="space-y-4" data-testid="quick-links">
      <PageHeader title={title}>
        <Button onClick={() => setEditing({ row: null })}>
          <Trans>Add Quick Link</Trans>
        </Button>
      </PageHeader>
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
            <TextInput
              aria-label={t`URL or organization`}
              placeholder={t`URL or organization`}
              className="w-64"
              value={url}
              onValueChange={(v) => {
                setUrl(v);
                setState((s) => ({ ...s, pageNumber: 1 }));
              }}
            />
          </div>
        }
        rowActions={rowActions}
        texts={texts}
      />
      {editing ? (
        <QuickLinkDialog
          key={editing.row?.id ?? 'new'}
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

function QuickLinkDialog({
  row,
  onClose,
  onSaved,
}: {
  row: QuickLink | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useLingui();
  const meta = useQuickLinkMeta();
  const [url, setUrl] = useState(row?.url ?? '');
  const [selected, setSelected] = useState<number[]>(row?.organizations.map((o) => o.id) ?? []);
  const [filter, setFilter] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const organizations = (meta.data?.organizations ?? []).filter((o) =>
    o.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  async function submit(): Promise<string | undefined> {
    if (!/^https?:\/\/\S+$/.test(url.trim())) return t`Enter a link starting with http:// or https://`;
    if (!row && !image) return t`An image (.png or .jpg) is required.`;
    if (selected.length === 0) return t`Choose at least one organization.`;
    await saveQuickLink({ id: row?.id, url, organization_ids: selected }, image);
    await onSaved();
    return undefined;
  }

  return (
    <FormDialog
      title={row ? t`Edit Quick Link` : t`Add Quick Link`}
      testId="quick-link-form"
      onClose={onClose}
      submit={submit}
    >
      <FormField label={t`URL`} required>
        <TextInput type="url" value={url} onValueChange={setUrl} placeholder="https://" maxLength={2000} />
      </FormField>
      <FormField
        label={t`Image (.png or .jpg)`}
        required={!row}
        description={row ? t`Current file: ${row.image.name}` : undefined}
      >
        <input
          type="file"
          accept=".png,.jpg"
          className="text-sm"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </FormField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          <Trans>Organizations</Trans>
        </legend>
        <TextInput
          aria-label={t`Search organizations`}
          placeholder={t`Search organizations`}
          value={filter}
          onValueChange={setFilter}
        />
        <div className="max-h-56 space-y-1 overflow-auto rounded-md border p-2">
          {organizations.map((o) => (
            <label key={o.id} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={selected.includes(o.id)}
                onCheckedChange={(c) => setSelected((s) => (c === true ? [...s, o.id] : s.filter((id) => id !== o.id)))}
              />
              {o.name}
              <span className="text-muted-foreground">({o.type === 'PROVIDER' ? t`Provider` : t`Supplier`})</span>
            </label>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
