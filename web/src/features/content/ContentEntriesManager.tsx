import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  FormField,
  RichTextEditor,
  SimpleSelect,
  TextInput,
  Textarea,
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
import { FormDialog } from '../../shared/forms/FormDialog';
import { useEditorTexts } from '../../shared/words/labels';
import { ALL, chosen, FilterSelect, StatusFilter } from '../../shared/lists/filters';
import { MasterGridPage, useMasterGrid, useRecordColumns } from '../../shared/lists/masterGrid';

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
  const userTypes = useUserTypeLabels();
  const kindTexts = useKindTexts(kind);
  const record = useRecordColumns();
  const grid = useMasterGrid<ContentEntry, { userType: string; status: string }>(
    { userType: ALL, status: ALL },
    `operator-content-${kind}`,
  );
  const page = useContentPage(kind, grid.state, {
    user_type: chosen<ContentUserType>(grid.filters.userType),
    status: chosen<ContentStatus>(grid.filters.status),
  });

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
    record.status,
    record.updatedAt,
  ];

  return (
    <MasterGridPage
      testId={`content-${kind.toLowerCase()}`}
      title={kindTexts.title}
      addLabel={kindTexts.add}
      grid={grid}
      page={page}
      columns={columns}
      filters={
        <>
          <FilterSelect
            label={t`User Type`}
            allLabel={t`All user types`}
            options={Object.entries(userTypes).map(([value, label]) => ({ value, label }))}
            value={grid.filters.userType}
            onValueChange={(v) => grid.setFilter('userType', v)}
          />
          <StatusFilter value={grid.filters.status} onValueChange={(v) => grid.setFilter('status', v)} />
        </>
      }
      run={(row, action) => setContentStatus(kind, row.id, action === 'activate' ? 'ACTIVE' : 'INACTIVE')}
      dialog={(row, onSaved) => (
        <EntryDialog kind={kind} row={row} texts={kindTexts} onClose={grid.close} onSaved={onSaved} />
      )}
    />
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
  const editorTexts = useEditorTexts();
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
          <RichTextEditor aria-label={texts.bodyField} value={body} onChange={setBody} texts={editorTexts} />
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
