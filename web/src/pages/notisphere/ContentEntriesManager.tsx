import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  Button,
  DataTable,
  formatDate,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  RichTextEditor,
  SimpleSelect,
  StatusLabel,
  TextInput,
  Textarea,
  useToast,
  type DataTableColumn,
} from '@portal/design-system';
import {
  saveContent,
  setContentStatus,
  useContentPage,
  type ContentEntry,
  type ContentKind,
  type ContentStatus,
  type ContentUserType,
} from '../../api/content';
import type { ListState } from '../../api/provider';
import { listStateProps } from '../provider/listShared';
import { useLabels } from '../supplier/shared/labels';
import { FormDialog } from '../supplier/shared/FormDialog';
import { useMasterRows } from '../supplier/shared/masterRows';
import { PageHeader, useTableTexts } from '../supplier/shared/table';

const ALL = 'ALL';

export function useUserTypeLabels(): Record<ContentUserType, string> {
  const { t } = useLingui();
  return { NOTI: t`Operator`, PROV: t`Provider`, SUPP: t`Supplier` };
}

/** Texts of one kind's page. */
interface KindTexts {
  title: string;
  add: string;
  titleField: string;
  bodyField: string;
}

function useKindTexts(kind: ContentKind): KindTexts {
  const { t } = useLingui();
  if (kind === 'NEWS')
    return { title: t`News Cards`, add: t`Add News Card`, titleField: t`Title`, bodyField: t`Description` };
  if (kind === 'FAQ') return { title: t`Manage FAQs`, add: t`Add FAQ`, titleField: t`Question`, bodyField: t`Answer` };
  return { title: t`Manage User Guide`, add: t`Add User Guide`, titleField: t`Title`, bodyField: t`Description` };
}

/**
 * The operator's list of one kind of content (news cards, FAQs or user guides): a grid of 50/100/250/500 rows filtered by
 * user type and status, with the master-record row actions (ACTIVE: Edit, Inactivate; otherwise Activate).
 */
export function ContentEntriesManager({ kind }: { kind: ContentKind }) {
  const { t } = useLingui();
  const toast = useToast();
  const texts = useTableTexts();
  const labels = useLabels();
  const userTypes = useUserTypeLabels();
  const kindTexts = useKindTexts(kind);
  const [state, setState] = useState<ListState>({
    pageNumber: 1,
    pageSize: GRID_PAGE_SIZE_OPTIONS[0],
    sort: [],
    search: '',
    filters: {},
  });
  const [userType, setUserType] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const { data, error, isLoading, mutate } = useContentPage(kind, state, {
    user_type: userType === ALL ? undefined : (userType as ContentUserType),
    status: status === ALL ? undefined : (status as ContentStatus),
  });
  const [editing, setEditing] = useState<{ row: ContentEntry | null } | null>(null);

  const columns: DataTableColumn<ContentEntry>[] = [
    { field: 'title', header: kindTexts.titleField, sortable: true, filterable: true, hideable: false },
    { field: 'user_type', header: t`User Type`, sortable: true, cell: (row) => userTypes[row.user_type] },
    { field: 'sort_order', header: t`Order`, sortable: true },
    ...(kind === 'FAQ'
      ? []
      : [
          {
            field: 'link_url',
            header: kind === 'NEWS' ? t`Read more link` : t`Link`,
            cell: (row: ContentEntry) => row.link_url ?? row.file?.name ?? '',
          },
        ]),
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

  const { rowActions, confirmDialog } = useMasterRows<ContentEntry>({
    onEdit: (row) => setEditing({ row }),
    run: (row, action) => setContentStatus(kind, row.id, action === 'activate' ? 'ACTIVE' : 'INACTIVE'),
    onDone: mutate,
  });

  const filterOptions = [
    { value: ALL, label: t`All user types` },
    ...Object.entries(userTypes).map(([value, label]) => ({ value, label })),
  ];
  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    { value: 'ACTIVE', label: labels.statuses.ACTIVE ?? 'Active' },
    { value: 'INACTIVE', label: labels.statuses.INACTIVE ?? 'Inactive' },
  ];

  return (
    <section className="space-y-4" data-testid={`content-${kind.toLowerCase()}`}>
      <PageHeader title={kindTexts.title}>
        <Button onClick={() => setEditing({ row: null })}>{kindTexts.add}</Button>
      </PageHeader>
      <DataTable
        caption={kindTexts.title}
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
              aria-label={t`User Type`}
              options={filterOptions}
              value={userType}
              onValueChange={(v) => {
                setUserType(v);
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
        <EntryDialog
          key={editing.row?.id ?? 'new'}
          kind={kind}
          row={editing.row}
          texts={kindTexts}
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

function EntryDialog({
  kind,
  row,
  texts,
  onClose,
  onSaved,
}: {
  kind: ContentKind;
  row: ContentEntry | null;
  texts: KindTexts;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useLingui();
  const userTypes = useUserTypeLabels();
  const [userType, setUserType] = useState<ContentUserType>(row?.user_type ?? 'PROV');
  const [title, setTitle] = useState(row?.title ?? '');
  const [body, setBody] = useState(row?.body ?? '');
  const [link, setLink] = useState(row?.link_url ?? '');
  const [order, setOrder] = useState(String(row?.sort_order ?? 0));
  const [file, setFile] = useState<File | null>(null);
  const accept = kind === 'NEWS' ? '.png,.jpg' : kind === 'GUIDE' ? '.pdf,.mp4' : undefined;

  async function submit(): Promise<string | undefined> {
    if (!title.trim()) return t`${texts.titleField} is required`;
    await saveContent(
      kind,
      row?.id ?? null,
      { user_type: userType, title, body, link_url: link.trim(), sort_order: Number(order) || 0 },
      file,
    );
    await onSaved();
    return undefined;
  }

  return (
    <FormDialog title={row ? t`Edit` : texts.add} testId="content-form" onClose={onClose} submit={submit}>
      <FormField label={t`User Type`} required>
        <SimpleSelect
          options={Object.entries(userTypes).map(([value, label]) => ({ value, label }))}
          value={userType}
          onValueChange={(v) => setUserType(v as ContentUserType)}
        />
      </FormField>
      <FormField label={texts.titleField} required>
        <TextInput value={title} onValueChange={setTitle} maxLength={500} />
      </FormField>
      <FormField label={texts.bodyField} required={kind !== 'GUIDE'}>
        {kind === 'FAQ' ? (
          <RichTextEditor aria-label={texts.bodyField} value={body} onChange={setBody} />
        ) : (
          <Textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={2000} />
        )}
      </FormField>
      {kind === 'FAQ' ? null : (
        <FormField label={kind === 'NEWS' ? t`Read more link` : t`Link`}>
          <TextInput type="url" value={link} onValueChange={setLink} placeholder="https://" />
        </FormField>
      )}
      {accept ? (
        <FormField
          label={kind === 'NEWS' ? t`Image (.png or .jpg)` : t`File (.pdf or .mp4)`}
          description={row?.file ? t`Current file: ${row.file.name}` : undefined}
        >
          <input
            type="file"
            accept={accept}
            className="text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </FormField>
      ) : null}
      <FormField label={t`Order`}>
        <TextInput type="number" min={0} value={order} onValueChange={setOrder} />
      </FormField>
    </FormDialog>
  );
}
