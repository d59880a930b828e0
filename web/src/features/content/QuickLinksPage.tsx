import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, FormField, TextInput, type DataTableColumn } from '@portal/design-system';
import {
  deleteQuickLink,
  saveQuickLink,
  useQuickLinkMeta,
  useQuickLinks,
  type QuickLink,
  type QuickLinkStatus,
} from '../../api/quickLinks';
import { FormDialog } from '../../shared/forms/FormDialog';
import { ALL, chosen, StatusFilter } from '../../shared/lists/filters';
import { MasterGridPage, useMasterGrid, useRecordColumns } from '../../shared/lists/masterGrid';

/**
 * /notisphere/quick-links: the operator's quick links (spec 001 §7.12), an image and a URL shown in the header of the
 * organisations they target. Row actions per master records: ACTIVE gives Edit and Inactivate (the spec's delete),
 * INACTIVE gives Activate.
 */
export default function QuickLinksPage() {
  const { t } = useLingui();
  const record = useRecordColumns();
  const grid = useMasterGrid<QuickLink, { status: string; url: string }>({ status: ALL, url: '' }, 'quick-links');
  const page = useQuickLinks(grid.state, {
    status: chosen<QuickLinkStatus>(grid.filters.status),
    url: grid.filters.url,
  });

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
    record.status,
    record.updatedAt,
  ];

  return (
    <MasterGridPage
      testId="quick-links"
      title={t`Quick Links`}
      addLabel={t`Add Quick Link`}
      grid={grid}
      page={page}
      columns={columns}
      filters={
        <>
          <StatusFilter value={grid.filters.status} onValueChange={(v) => grid.setFilter('status', v)} />
          <TextInput
            aria-label={t`URL or organization`}
            placeholder={t`URL or organization`}
            className="w-64"
            value={grid.filters.url}
            onValueChange={(v) => grid.setFilter('url', v)}
          />
        </>
      }
      // Inactivate is the spec's delete call; Activate saves the link again as ACTIVE.
      run={(row, action) =>
        action === 'inactivate'
          ? deleteQuickLink(row.id)
          : saveQuickLink(
              { id: row.id, url: row.url, organization_ids: row.organizations.map((o) => o.id), status: 'ACTIVE' },
              null,
            )
      }
      dialog={(row, onSaved) => <QuickLinkDialog row={row} onClose={grid.close} onSaved={onSaved} />}
    />
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
