import { FdaLinkedRecords } from '../notisphere/FdaLinkedRecords';
import { useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  DialogContent,
  DialogTitle,
  FilePreview,
  FileUpload,
  Spinner,
  StatusLabel,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
  type DataTableColumn,
  type PreviewFile,
  type UploadedFile,
} from '@portal/design-system';
import {
  approveCommunication,
  closeOpenCommunication,
  COMMUNICATION_REPORTS,
  deleteCommunication,
  deleteDocument,
  reportPath,
  sendNotification,
  updateLocationStatus,
  uploadDocument,
  useActionAnswers,
  useActionCounts,
  useAffectedLocations,
  useCommunication,
  useCommunicationMeta,
  useCustomers,
  useDocuments,
  useEventSalesReps,
  notifySalesReps,
  useHistories,
  useProviderCommunicationView,
  useProviderResponses,
  type AffectedLocation,
  type Communication,
  type CommunicationDocument,
  type CommunicationReport,
  type CommunicationType,
  type Customer,
  type HistoryEntry,
  type LocationStatus,
  type ProviderResponse,
} from '../../api/communications';
import { downloadFile } from '../../api/client';
import { answerText } from '../forms/answers';
import { PaperResponsesTab } from './PaperResponsesTab';
import { ConversationsTab } from './ConversationsTab';
import { CustomRowsTable } from './shared/CustomRowsTable';
import { CustomRowsUpload } from './shared/CustomContentPanel';
import { customRowsBase } from '../../api/customContent';
import { supplierConversationsPath } from '../../api/conversations';
import { UnreadBadge, useUnreadConversations } from '../conversations/ConversationsPanel';
import { basePath, useLabels, vocabularyLocale } from './shared/labels';
import { historySentence } from '@portal/vocabulary';
import { headerActions } from './shared/logic';
import { sanitizeRichText } from './shared/richText';
import { errorText, formatDate, listTableProps, PageHeader, useListState, useTableTexts } from './shared/table';
import { FormError, FormLoading } from '../forms/FormStates';

type Confirmable = 'approve' | 'send' | 'close' | 'reopen' | 'delete';

/** View of one recall or supply advisory (spec 001 §7.1, §7.3, §7.4): tabs, header actions, documents and reports. */
export function CommunicationViewPage({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const base = basePath(type);
  const labels = useLabels();
  const { data: event, error, mutate } = useCommunication(id);
  const [confirm, setConfirm] = useState<Confirmable | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The conversation email links here with ?tab=conversations&conversation=<id>.
  const search = new URLSearchParams(useSearch());
  const requestedConversation = Number(search.get('conversation')) || null;
  const unread = useUnreadConversations(id ? supplierConversationsPath(id) : null);

  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  }
  if (!event) {
    return <FormLoading />;
  }

  const confirmTexts: Record<Confirmable, string> = {
    approve: t`Approve this event? Its information and products can no longer change.`,
    send: t`Send the notice to every new recipient now?`,
    close: t`Close this event? Providers will no longer be able to respond.`,
    reopen: t`Reopen this event?`,
    delete: t`Delete this draft? This cannot be undone.`,
  };
  const doneTexts: Record<Confirmable, string> = {
    approve: t`Approved successfully.`,
    send: t`Notifications sent.`,
    close: t`Closed successfully.`,
    reopen: t`Reopened successfully.`,
    delete: t`Deleted successfully.`,
  };

  async function runConfirmed() {
    if (!confirm) return;
    const what = confirm;
    setBusy(true);
    setProblem(null);
    try {
      if (what === 'approve') await approveCommunication(id, type);
      if (what === 'send') await sendNotification(id, type);
      if (what === 'close' || what === 'reopen') await closeOpenCommunication(id);
      if (what === 'delete') await deleteCommunication(id, type);
      toast.success(doneTexts[what]);
      setConfirm(null);
      if (what === 'delete') navigate(base);
      else await mutate();
    } catch (err) {
      setConfirm(null);
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const buttonLabels: Record<string, string> = {
    edit: t`Edit`,
    approve: t`Approve`,
    send: t`Send`,
    close: t`Close`,
    reopen: t`Reopen`,
    delete: t`Delete`,
  };

  // The event's tabs, in the spec's order.
  const tabs: { value: string; label: React.ReactNode; content: React.ReactNode }[] = [
    {
      value: 'details',
      label: t`Details`,
      content: <DetailsTab event={event} documents={<DocumentsPanel id={event.id} />} />,
    },
    { value: 'products', label: t`Products`, content: <ProductsTab event={event} reader="supplier" /> },
    { value: 'actions', label: t`Actions`, content: <ActionsTab id={id} /> },
    { value: 'locations', label: t`Affected Locations`, content: <LocationsTab id={id} /> },
    { value: 'customers', label: t`Customers`, content: <CustomersTab id={id} /> },
    { value: 'salesreps', label: t`Sales Reps`, content: <SalesRepsTab event={event} /> },
    { value: 'responses', label: t`Provider Responses`, content: <ResponsesTab id={id} /> },
    { value: 'paper', label: t`Paper Responses`, content: <PaperResponsesTab event={event} /> },
    { value: 'history', label: t`History`, content: <HistoryTab id={id} /> },
    { value: 'reports', label: t`Reports`, content: <ReportsTab id={id} /> },
    {
      value: 'conversations',
      label: (
        <>
          {t`Conversations`}
          <UnreadBadge count={unread} />
        </>
      ),
      content: <ConversationsTab id={id} initialConversation={requestedConversation} />,
    },
  ];

  return (
    <section className="space-y-4" data-testid="communication-view">
      <PageHeader title={event.name}>
        <StatusLabel status={event.status} kind="communication" labels={labels.statuses} data-testid="event-status" />
        {headerActions(event.status).map((action) => (
          <Button
            key={action}
            variant={action === 'delete' ? 'destructive' : action === 'edit' ? 'outline' : 'default'}
            onClick={() => (action === 'edit' ? navigate(`${base}/edit/${id}`) : setConfirm(action))}
          >
            {buttonLabels[action]}
          </Button>
        ))}
      </PageHeader>
      {problem ? <FormError>{problem}</FormError> : null}
      <Tabs defaultValue={search.get('tab') === 'conversations' ? 'conversations' : 'details'}>
        <TabsList className="flex-wrap">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        onConfirm={() => void runConfirmed()}
        title={t`Are you sure?`}
        description={confirm ? confirmTexts[confirm] : undefined}
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        destructive={confirm === 'delete'}
        loading={busy}
      />
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[12rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DetailsTab({ event, documents }: { event: Communication; documents: React.ReactNode }) {
  const { t } = useLingui();
  const labels = useLabels();
  const recall = event.type === 'RECALL';
  const value = (map: Record<string, string>, key: string | null) => (key ? (map[key] ?? key) : '');
  return (
    <div className="space-y-4">
      <FdaLinkedRecords records={event.fda_records} />
      <dl>
        <Row label={t`Event ID`}>{event.event_id}</Row>
        <Row label={recall ? t`Recall Type` : t`Advisory Type`}>{value(labels.subtypes, event.subtype)}</Row>
        {recall ? <Row label={t`Classification`}>{value(labels.classifications, event.classification)}</Row> : null}
        {recall ? <Row label={t`Disposition`}>{value(labels.dispositions, event.disposition)}</Row> : null}
        {!recall ? <Row label={t`Lead Time`}>{value(labels.leadTimes, event.lead_time)}</Row> : null}
        {!recall ? <Row label={t`Reason`}>{value(labels.reasons, event.reason)}</Row> : null}
        <Row label={t`Event Date`}>{formatDate(event.event_date)}</Row>
        <Row label={t`End Date`}>{formatDate(event.end_date)}</Row>
        <Row label={t`Contact`}>
          {[event.contact_name, event.contact_email, event.contact_phone].filter(Boolean).join(' · ')}
        </Row>
        <Row label={t`Approved`}>{formatDate(event.approved_at)}</Row>
        <Row label={t`First sent`}>{formatDate(event.first_sent_at)}</Row>
      </dl>
      {/* Rich text typed by users: only the editor's formatting tags are kept (no attributes, no scripts). */}
      <div
        className="prose max-w-none rounded-md border p-4 text-sm"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText (DOMPurify)
        dangerouslySetInnerHTML={{ __html: sanitizeRichText(event.description) }}
      />
      {documents}
    </div>
  );
}

function DocumentsPanel({ id }: { id: number }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const { data, mutate } = useDocuments(id);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const files: UploadedFile[] = (data ?? []).map((d) => ({
    id: d.id,
    name: d.name,
    size: d.size,
    url: d.signed_url ?? null,
    mimeType: d.type,
  }));
  return (
    <div className="space-y-2">
      <h2 className="text-lg font-semibold">
        <Trans>Documents</Trans>
      </h2>
      <FileUpload
        kind="Document"
        files={files}
        multiple
        label={t`Documents`}
        onUpload={async (file) => {
          try {
            await uploadDocument(store, id, file);
            await mutate();
          } catch (err) {
            toast.danger(errorText(err, t`Documented failed to upload. Please try again.`));
          }
        }}
        onDelete={async (file) => {
          try {
            await deleteDocument(Number(file.id));
            toast.success(t`Document deleted successfully.`);
            await mutate();
          } catch (err) {
            toast.danger(errorText(err, t`Unknown error`));
          }
        }}
        onPreview={(file) => setPreview({ name: file.name, url: file.url, mimeType: file.mimeType })}
        onError={(message) => toast.danger(message)}
        messages={{
          imageType: t`The document types should be either of .png, .jpg`,
          documentType: t`The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4`,
          zeroSize: t`Documented failed to upload. Please try again.`,
        }}
        texts={{
          upload: t`Upload`,
          uploading: t`Uploading...`,
          dropHint: t`or drop files here`,
          preview: t`Preview`,
          delete: t`Delete`,
          deleteConfirm: t`Are you sure you want to delete the document?`,
          confirm: t`Confirm`,
          cancel: t`Cancel`,
        }}
      />
      <DocumentPreview file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

/** The File Preview dialog of an event's documents (spec 000 §2). */
function DocumentPreview({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  return (
    <FilePreview
      open={file !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      file={file}
      onNothingToDownload={(message) => toast.danger(message)}
      texts={{
        title: t`File Preview`,
        download: t`Download`,
        loading: t`Loading...`,
        unsupported: t`Preview for this file format is not supported. Please download file to view.`,
        nothingToDownload: t`Nothing to download`,
        failed: t`The file could not be displayed. Please download file to view.`,
      }}
    />
  );
}

/** An event's documents without upload or delete; `open` answers a document's preview (with fresh signed links). */
function ReadOnlyDocuments({
  documents,
  open,
}: {
  documents: CommunicationDocument[];
  open: (document: CommunicationDocument) => Promise<PreviewFile>;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  return (
    <div className="space-y-2">
      <h2 className="text-lg font-semibold">
        <Trans>Documents</Trans>
      </h2>
      {documents.length ? (
        <ul className="grid gap-1" aria-label={t`Documents`}>
          {documents.map((d) => (
            <li key={d.id} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
              <span className="min-w-0 flex-1 truncate">{d.name}</span>
              <Button
                variant="outline"
                size="sm"
                aria-label={`${t`Preview`} ${d.name}`}
                onClick={() =>
                  open(d)
                    .then(setPreview)
                    .catch((err: unknown) => toast.danger(errorText(err, t`Nothing to download`)))
                }
              >
                <Trans>Preview</Trans>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No documents</Trans>
        </p>
      )}
      <DocumentPreview file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

function ProductsTab({ event, reader }: { event: Communication; reader: 'supplier' | 'operator' }) {
  const { t } = useLingui();
  const texts = useTableTexts();
  if (event.custom_content) return <CustomProducts event={event} reader={reader} />;
  const columns: DataTableColumn<Communication['products'][number]>[] = [
    { field: 'product_name', header: t`Product Name` },
    { field: 'catalog_number', header: t`Catalog Number` },
    { field: 'lot_number', header: t`Lot Number` },
    { field: 'udi', header: t`UDI` },
    { field: 'expiration_date', header: t`Expiration Date`, cell: (p) => formatDate(p.expiration_date) },
    { field: 'quantity', header: t`Quantity` },
  ];
  return (
    <DataTable
      columns={columns}
      rows={event.products}
      getRowId={(p) => String(p.id)}
      total={event.products.length}
      pageNumber={1}
      pageSize={500}
      onPageChange={() => undefined}
      texts={texts}
      caption={t`Products`}
    />
  );
}

/** A custom-content event's products are its customers' own rows, with each row's per-unit answers once given. */
function CustomProducts({ event, reader }: { event: Communication; reader: 'supplier' | 'operator' }) {
  const { t } = useLingui();
  // The operator has no supplier meta: field values then show without their names.
  const { data: meta } = useCommunicationMeta(reader === 'supplier');
  // Bumped after a correction, so the grid reads its pages again.
  const [version, setVersion] = useState(0);
  // Approved but not yet sent: nobody has read a notice, so the supplier may still correct the rows (audited).
  const correctable = reader === 'supplier' && event.status === 'OPEN' && !event.first_sent_at;
  return (
    <div className="space-y-3">
      {correctable ? (
        <div className="space-y-2 rounded-md border p-3" data-testid="custom-rows-correction">
          <p className="text-sm text-muted-foreground">
            <Trans>
              This event is approved but not sent yet: you may still replace its customer rows with a corrected file.
              Once the notices are sent, the rows can no longer change.
            </Trans>
          </p>
          <CustomRowsUpload id={event.id} label={t`Upload corrected rows`} onSaved={() => setVersion((v) => v + 1)} />
        </div>
      ) : null}
      <CustomRowsTable
        key={version}
        rowsBase={customRowsBase(event.id, reader)}
        fields={meta?.productFields ?? []}
        unitActions={event.actions.filter((a) => a.per_unit)}
        listKey={`${reader}-event-custom-rows`}
      />
    </div>
  );
}

function ActionsTab({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data } = useActionCounts(id);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="space-y-2">
      <ol className="divide-y rounded-md border">
        {(data ?? []).map((a) => {
          const submitted = a.submitted;
          const drafts = a.drafts;
          return (
            <li key={a.id}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-2 p-3 text-left text-sm hover:bg-accent"
                onClick={() => setOpen(a.id)}
              >
                <span>
                  {a.title}{' '}
                  <span className="text-muted-foreground">({labels.actionTypes[a.action_type] ?? a.action_type})</span>
                </span>
                <span className="text-muted-foreground">
                  <Trans>
                    {submitted} submitted, {drafts} drafts
                  </Trans>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <Dialog open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <DialogContent closeLabel={t`Close`}>
          <DialogTitle>
            <Trans>Answers</Trans>
          </DialogTitle>
          {open !== null ? <ActionAnswersList id={id} actionId={open} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ActionAnswersList({ id, actionId }: { id: number; actionId: number }) {
  const { t } = useLingui();
  const { data } = useActionAnswers(id, actionId);
  if (!data) return <Spinner label={t`Loading...`} />;
  if (data.responses.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    <ul className="max-h-96 space-y-2 overflow-auto text-sm">
      {data.responses.map((r) => (
        <li key={r.id} className="rounded-md border p-2">
          <strong>{r.customer_name}</strong> · {r.responder_email} · {formatDate(r.submitted_at)}
          <div>{answerText(r.value)}</div>
        </li>
      ))}
    </ul>
  );
}

const BULK: { status: LocationStatus }[] = [
  { status: 'COVERED' },
  { status: 'EMAILED' },
  { status: 'NON_COVERED' },
  { status: 'INVALID' },
];

function LocationsTab({ id }: { id: number }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('supplier-affected-locations', [
    'locationId',
    'locationName',
    'city',
    'state',
    'zip',
    'email',
    'status',
  ]);
  const { data, isLoading, mutate } = useAffectedLocations(id, list.query);
  const [selected, setSelected] = useState<string[]>([]);
  const columns: DataTableColumn<AffectedLocation>[] = [
    { field: 'locationId', header: t`Location ID`, sortable: true, filterable: true, cell: (r) => r.location_id },
    { field: 'locationName', header: t`Location Name`, sortable: true, filterable: true, cell: (r) => r.location_name },
    { field: 'city', header: t`City`, sortable: true, filterable: true },
    { field: 'state', header: t`State`, sortable: true, filterable: true },
    { field: 'zip', header: t`ZIP`, sortable: true, filterable: true },
    { field: 'email', header: t`Email`, filterable: true },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (r) => <StatusLabel status={r.status} kind="verification" labels={labels.statuses} />,
    },
  ];
  const bulkLabels: Record<string, string> = {
    COVERED: t`Covered`,
    EMAILED: t`Emailed`,
    NON_COVERED: t`Not Covered`,
    INVALID: t`Invalid`,
  };

  async function bulk(status: LocationStatus) {
    try {
      await updateLocationStatus(id, status, selected.map(Number));
      setSelected([]);
      toast.success(t`Status updated.`);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    }
  }

  return (
    <DataTable
      columns={columns}
      rows={data?.items ?? []}
      getRowId={(r) => String(r.id)}
      total={data?.total ?? 0}
      totalCapped={data?.totalCapped}
      sortCapped={data?.sortCapped}
      {...listTableProps(list)}
      selectedIds={selected}
      onSelectionChange={setSelected}
      loading={isLoading}
      texts={texts}
      caption={t`Affected Locations`}
      toolbar={
        <div className="flex flex-wrap gap-2">
          {BULK.map(({ status }) => (
            <Button
              key={status}
              size="sm"
              variant="outline"
              disabled={selected.length === 0}
              onClick={() => void bulk(status)}
            >
              {bulkLabels[status]}
            </Button>
          ))}
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              void downloadFile(
                store,
                reportPath(id, 'locations-csv-download'),
                undefined,
                'Affected Locations.csv',
              ).catch((err: unknown) => toast.danger(errorText(err, t`Nothing to download`)))
            }
          >
            <Trans>Download CSV</Trans>
          </Button>
        </div>
      }
    />
  );
}

function CustomersTab({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('supplier-customers', ['name', 'emails', 'source', 'sent_at', 'acknowledged_at', 'status']);
  const { data, isLoading } = useCustomers(id, list.query);
  const columns: DataTableColumn<Customer>[] = [
    { field: 'name', header: t`Customer`, sortable: true, filterable: true },
    { field: 'emails', header: t`Emails`, cell: (c) => c.emails.join(', ') },
    { field: 'source', header: t`Source`, sortable: true },
    { field: 'sent_at', header: t`Sent`, cell: (c) => formatDate(c.sent_at) },
    { field: 'acknowledged_at', header: t`Acknowledged`, cell: (c) => formatDate(c.acknowledged_at) },
    {
      field: 'status',
      header: t`Response`,
      sortable: true,
      cell: (c) => <StatusLabel status={c.response_status} kind="response" labels={labels.statuses} />,
    },
  ];
  return (
    <div data-testid="customers-tab">
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(c) => String(c.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        loading={isLoading}
        texts={texts}
        caption={t`Customers`}
      />
    </div>
  );
}

function ResponsesTab({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('supplier-provider-responses', [
    'name',
    'status',
    'response_status',
    'sent_at',
    'acknowledged_at',
  ]);
  const { data, isLoading } = useProviderResponses(id, list.query);
  const [open, setOpen] = useState<number | null>(null);
  const columns: DataTableColumn<ProviderResponse>[] = [
    { field: 'name', header: t`Customer`, sortable: true, filterable: true, cell: (r) => r.customer_name },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (r) => <StatusLabel status={r.status} kind="communication" labels={labels.statuses} />,
    },
    {
      field: 'response_status',
      header: t`Response`,
      sortable: true,
      cell: (r) => <StatusLabel status={r.response_status} kind="response" labels={labels.statuses} />,
    },
    { field: 'sent_at', header: t`Sent`, sortable: true, cell: (r) => formatDate(r.sent_at) },
    { field: 'acknowledged_at', header: t`Acknowledged`, sortable: true, cell: (r) => formatDate(r.acknowledged_at) },
    { field: 'answered', header: t`Answered` },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(r) => String(r.provider_communication_id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        loading={isLoading}
        texts={texts}
        caption={t`Provider Responses`}
        rowActions={(r) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(r.provider_communication_id)}>
            <Trans>View</Trans>
          </Button>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <DialogContent closeLabel={t`Close`}>
          <DialogTitle>
            <Trans>Provider response</Trans>
          </DialogTitle>
          {open !== null ? <ProviderResponseDetail id={id} pcId={open} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ProviderResponseDetail({ id, pcId }: { id: number; pcId: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data } = useProviderCommunicationView(id, pcId);
  if (!data) return <Spinner label={t`Loading...`} />;
  const pc = data.provider_communication;
  return (
    <div className="max-h-[70vh] space-y-3 overflow-auto text-sm">
      <dl>
        <Row label={t`Customer`}>{pc.customer_name}</Row>
        <Row label={t`Response`}>
          <StatusLabel status={pc.response_status} kind="response" labels={labels.statuses} />
        </Row>
        <Row label={t`Sent`}>{formatDate(pc.sent_at)}</Row>
        <Row label={t`Acknowledged`}>
          {[formatDate(pc.acknowledged_at), pc.acknowledged_by].filter(Boolean).join(' · ')}
        </Row>
      </dl>
      {data.actions?.length ? (
        <ol className="list-inside list-decimal space-y-1">
          {data.actions.map((a) => (
            <li key={a.id}>
              {a.title}:{' '}
              <span className="text-muted-foreground">
                {a.response?.status === 'SUBMITTED' ? answerText(a.response.value) : t`No answer yet`}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** The supplier's sales reps; an open advisory can be sent to them (personal read-only links to the sales-rep form). */
function SalesRepsTab({ event }: { event: Communication }) {
  const { t } = useLingui();
  const toast = useToast();
  const { data } = useEventSalesReps(event.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!data) return <Spinner label={t`Loading...`} />;
  const canNotify = event.type === 'PRODUCT DISRUPTION' && event.status === 'OPEN' && data.length > 0;
  return (
    <div className="grid gap-3" data-testid="sales-reps-tab">
      {event.type === 'PRODUCT DISRUPTION' ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            disabled={!canNotify}
            loading={busy}
            onClick={() => {
              setBusy(true);
              setProblem(null);
              notifySalesReps(event.id)
                .then((r) => toast.success(t`${r.emails_queued} sales representative(s) notified.`))
                .catch((err: unknown) => setProblem(errorText(err, t`Unknown error`)))
                .finally(() => setBusy(false));
            }}
          >
            <Trans>Send to sales reps</Trans>
          </Button>
          {event.status !== 'OPEN' ? (
            <span className="text-sm text-muted-foreground">
              <Trans>An advisory can be sent to sales reps once it is approved.</Trans>
            </span>
          ) : null}
        </div>
      ) : null}
      {problem ? <FormError>{problem}</FormError> : null}
      {data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      ) : (
        <ul className="divide-y rounded-md border text-sm">
          {data.map((r) => (
            <li key={r.id} className="flex flex-wrap justify-between gap-2 p-2">
              <span className="font-medium">
                {r.first_name} {r.last_name}
              </span>
              <span className="text-muted-foreground">
                {[r.email, r.phone, r.territory].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function HistoryTab({ id }: { id: number }) {
  const { data } = useHistories(id);
  return <HistoryList entries={data} />;
}

function HistoryList({ entries: data }: { entries: HistoryEntry[] | undefined }) {
  const { t, i18n } = useLingui();
  if (!data) return <Spinner label={t`Loading...`} />;
  const locale = vocabularyLocale(i18n.locale);
  return (
    <ol className="divide-y rounded-md border text-sm">
      {data.map((h: HistoryEntry) => (
        <li key={h.id} className="flex flex-wrap justify-between gap-2 p-2">
          <span>
            {historySentence({ action: h.action, facts: h.facts, actor: h.actor_name ?? h.actor_email }, locale)}
          </span>
          <span className="text-muted-foreground">{formatDate(h.created_at)}</span>
        </li>
      ))}
    </ol>
  );
}

function ReportsTab({ id }: { id: number }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const [busy, setBusy] = useState<string | null>(null);
  const names: Record<CommunicationReport, string> = {
    'actions/provider/statusreport': t`Provider Status Report (XLSX)`,
    'actions/provider/statusreport/csv': t`Provider Status Report (CSV)`,
    'recalleventstatusreport/csv': t`Event Status Report (CSV)`,
    eventstatusbylocation: t`Event Status by Location (XLSX)`,
    summeryreport: t`Recall Events Summary Report (XLSX)`,
    auditreport: t`Audit Report (XLSX)`,
    'auditreport/csv': t`Audit Report (CSV)`,
    notificationreport: t`Notification Report (XLSX)`,
    fdareport: t`FDA Effectiveness Report (XLSX)`,
    'change-history-download': t`Change History Report (XLSX)`,
    'product-template': t`Product Template (XLSX)`,
    'locations-csv-download': t`Affected Locations (CSV)`,
  };
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="reports-tab">
      {COMMUNICATION_REPORTS.map((report) => (
        <li key={report}>
          <Button
            variant="outline"
            className="w-full justify-start"
            loading={busy === report}
            loadingLabel={t`Loading...`}
            onClick={() => {
              setBusy(report);
              downloadFile(store, reportPath(id, report), undefined, names[report])
                .catch((err: unknown) => toast.danger(errorText(err, t`Nothing to download`)))
                .finally(() => setBusy(null));
            }}
          >
            {names[report]}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * An event as its supplier sees it, read-only (the operator's View Recall): details with documents, products, actions
 * and history, from data the caller loaded; no header actions, uploads or supplier-only tabs.
 */
export function CommunicationReadOnlyView({
  event,
  histories,
  openDocument,
}: {
  event: Communication & { documents: CommunicationDocument[] };
  histories: HistoryEntry[] | undefined;
  openDocument: (document: CommunicationDocument) => Promise<PreviewFile>;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  return (
    <Tabs defaultValue="details">
      <TabsList className="flex-wrap">
        <TabsTrigger value="details">
          <Trans>Details</Trans>
        </TabsTrigger>
        <TabsTrigger value="products">
          <Trans>Products</Trans>
        </TabsTrigger>
        <TabsTrigger value="actions">
          <Trans>Actions</Trans>
        </TabsTrigger>
        <TabsTrigger value="history">
          <Trans>History</Trans>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="details">
        <DetailsTab event={event} documents={<ReadOnlyDocuments documents={event.documents} open={openDocument} />} />
      </TabsContent>
      <TabsContent value="products">
        <ProductsTab event={event} reader="operator" />
      </TabsContent>
      <TabsContent value="actions">
        <ol className="divide-y rounded-md border" aria-label={t`Actions`}>
          {event.actions.map((a) => (
            <li key={a.id} className="p-3 text-sm">
              {a.title}{' '}
              <span className="text-muted-foreground">({labels.actionTypes[a.action_type] ?? a.action_type})</span>
              {a.options?.length ? <span className="text-muted-foreground"> · {a.options.join(', ')}</span> : null}
            </li>
          ))}
        </ol>
      </TabsContent>
      <TabsContent value="history">
        <HistoryList entries={histories} />
      </TabsContent>
    </Tabs>
  );
}
