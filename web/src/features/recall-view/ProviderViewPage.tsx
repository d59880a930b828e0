import { FdaLinkedRecords } from '../../shared/fda/FdaLinkedRecords';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { linkTarget } from '../../shared/session/linkKeys';
import { AcknowledgedBy } from '../../shared/answers/AcknowledgedBy';
import { useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { historySentence } from '@portal/vocabulary';
import { vocabularyLocale } from '../../shared/words/labels';
import {
  Button,
  formatDate,
  FormField,
  StatusLabel,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  useOptionalToast,
} from '@portal/design-system';
import {
  acknowledgeProviderCommunication,
  answerProviderActions,
  changeProviderStatus,
  deleteProviderActionFile,
  saveNote,
  uploadProviderActionFile,
  useNotes,
  useProviderHistory,
  useProviderView,
  useSupplierContact,
} from '../../api/provider';
import { readId } from '../../api/delegate';
import { DocumentList, CommunicationDetails, ProductList } from '../../shared/answers/NoticeDetails';
import { FormLoading } from '../../shared/forms/FormStates';
import { useFilePreview } from '../../shared/forms/Preview';
import { ResponseForm, type ResponseApi } from '../../shared/answers/ResponseForm';
import { UnitAnswers } from '../../shared/answers/UnitAnswers';
import { answerProviderUnits } from '../../api/customContent';
import { editPath } from '../../shared/lists/providerRowActions';
import { ProviderReportsMenu } from '../../shared/reports/ProviderReports';
import { providerConversationsPath } from '../../api/conversations';
import { ConversationsPanel, UnreadBadge, useUnreadConversations } from './ConversationsPanel';
import { ProviderMailsTab } from './ProviderMailsTab';
import { NotifyStaff } from './NotifyStaff';
import { MoveToSite } from './MoveToSite';
import { ProviderDelegatesTab } from './ProviderDelegatesTab';
import { ProviderNoticeWork } from './ProviderNoticeWork';
import { ItemMasterMatches } from './ItemMasterMatches';
import { useRefreshProviderWork } from '../../shared/worklist/BulkActions';
import { NotFound, RecordError } from '../../shared/NotFound';

const VIEW_TABS = [
  'details',
  'products',
  'actions',
  'documents',
  'notes',
  'delegates',
  'history',
  'emails',
  'conversations',
];

const message = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

function NotesTab({ id, pcId }: { id: number; pcId: number }) {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const { data: notes, mutate } = useNotes(id, pcId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="grid gap-3">
      <form
        noValidate
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) {
            setError(t`Field required`);
            return;
          }
          setError(null);
          setBusy(true);
          saveNote(id, pcId, 0, text.trim())
            .then(() => {
              setText('');
              return mutate();
            })
            .catch((err: unknown) => toast?.danger(message(err, t`Unknown error`)))
            .finally(() => setBusy(false));
        }}
      >
        <FormField label={t`Note`} required error={error}>
          <Textarea value={text} onValueChange={setText} maxLength={5000} />
        </FormField>
        <Button type="submit" className="justify-self-start" loading={busy}>
          <Trans>Add note</Trans>
        </Button>
      </form>
      {!notes ? (
        <FormLoading />
      ) : notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      ) : (
        <ul className="grid gap-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border px-3 py-2 text-sm">
              <p className="whitespace-pre-wrap">{n.note}</p>
              <p className="text-xs text-muted-foreground">
                {n.created_by_email} · {formatDate(n.created_at, 'datetime')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function HistoryTab({ id, pcId }: { id: number; pcId: number }) {
  const { i18n } = useLingui();
  const { data } = useProviderHistory(id, pcId);
  if (!data) return <FormLoading />;
  if (data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    <ol className="grid gap-1 text-sm">
      {data.map((h, i) => (
        <li key={`${h.created_at}-${i}`} className="flex flex-wrap gap-2 border-b py-1">
          <span className="text-muted-foreground">{formatDate(h.created_at, 'datetime')}</span>
          <span>
            {historySentence(
              { action: h.action, facts: h.facts, actor: h.actor_name ?? h.actor_email },
              vocabularyLocale(i18n.locale),
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The view at /view/:id/:providerCommunicationId. */
export default function ProviderViewPage() {
  const params = useParams<{ id?: string; providerCommunicationId?: string }>();
  return <ProviderCommunicationView id={readId(params.id)} pcId={readId(params.providerCommunicationId)} />;
}

/** One recall or supply advisory of the provider, with its answers, delegates, notes and history. */
export function ProviderCommunicationView({ id, pcId }: { id: number | null; pcId: number | null }) {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const store = useStore();
  const { data: view, error, mutate } = useProviderView(id, pcId);
  const { data: supplierContact } = useSupplierContact(id);
  const [preview, openPreview] = useFilePreview();
  const [busy, setBusy] = useState(false);
  // The eR responses list's Respond and Edit open the actions tab (?tab=actions).
  const search = new URLSearchParams(useSearch());
  // A link may name a tab (tab, or the spec's tabName/pageName), a conversation (conversation, conId) or a log.
  const link = linkTarget(search, VIEW_TABS);
  const initialTab = link.tab ?? 'details';
  // The conversation email links here with ?tab=conversations&conversation=<id>.
  const requestedConversation = link.conversation;
  const conversationsBase = id && pcId ? providerConversationsPath(id, pcId) : null;
  const unread = useUnreadConversations(conversationsBase);
  // A change to the notice changes the lists and the worklist's counts (the sidebar's badge) too.
  const refreshWork = useRefreshProviderWork();
  const reload = () => Promise.all([mutate(), refreshWork()]);
  const reopening = useConfirmedAction(reload);

  if (!id || !pcId) return <NotFound />;
  if (error) return <RecordError error={error} fallback={t`Unknown error`} />;
  if (!view) return <FormLoading />;

  const closed = view.communication.status !== 'OPEN' || view.provider_communication.status !== 'OPEN';
  const api: ResponseApi = {
    saveAll: (answers) => answerProviderActions(id, pcId, answers),
    upload: (action, file) => uploadProviderActionFile(store, id, pcId, action.id, action.action_type, file),
    deleteFile: (action, file) => deleteProviderActionFile(id, pcId, action.id, file.id),
  };
  const run = (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    work()
      .then(reload)
      .then(() => toast?.success(done))
      .catch((err: unknown) => toast?.danger(message(err, t`Unknown error`)))
      .finally(() => setBusy(false));
  };
  const pc = view.provider_communication;
  const row = { type: view.communication.type, communication_id: id };

  return (
    <div className="grid gap-4" data-testid="provider-view">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold break-words">{view.communication.name}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <StatusLabel kind="communication" status={view.communication.status} />
            {/* Two statuses: the answers' (kept by the server) and the hospital's own follow-up (Mark complete). */}
            <span className="inline-flex items-center gap-1">
              <span className="text-muted-foreground">
                <Trans>Answers:</Trans>
              </span>
              <StatusLabel kind="response" status={pc.response_status} data-testid="response-status" />
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="text-muted-foreground">
                <Trans>Our follow-up:</Trans>
              </span>
              <StatusLabel
                kind="communication"
                status={view.status_provider ?? 'OPEN'}
                data-testid="follow-up-status"
              />
            </span>
            {view.isProviderCreated ? (
              <span className="text-muted-foreground">
                <Trans>Provider-created</Trans>
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <ProviderReportsMenu id={id} pcId={pcId} />
          <NotifyStaff id={id} pcId={pcId} type={view.communication.type} />
          {closed ? null : <MoveToSite pcId={pcId} current={pc.provider_organization_id} onMoved={reload} />}
          {pc.acknowledged_at ? (
            <span className="text-sm text-success" data-testid="acknowledged">
              <AcknowledgedBy pc={pc} />
            </span>
          ) : (
            <Button
              disabled={closed}
              loading={busy}
              onClick={() =>
                run(() => acknowledgeProviderCommunication(id, pcId), t`The notice has been acknowledged.`)
              }
            >
              <Trans>Acknowledge</Trans>
            </Button>
          )}
          {closed ? null : view.status_provider === 'COMPLETED' ? (
            <Button
              variant="outline"
              loading={busy}
              onClick={() =>
                reopening.ask({
                  description: t`Reopen this notice's follow-up? It will show as open to your team again.`,
                  confirmText: t`Reopen`,
                  run: async () => {
                    await changeProviderStatus(id, pcId, 'OPEN');
                    return t`Saved.`;
                  },
                })
              }
            >
              <Trans>Reopen</Trans>
            </Button>
          ) : (
            <Button
              variant="outline"
              loading={busy}
              disabled={!view.isProviderCreated && pc.response_status !== 'COMPLETED'}
              onClick={() => run(() => changeProviderStatus(id, pcId, 'COMPLETED'), t`Saved.`)}
            >
              <Trans>Mark complete</Trans>
            </Button>
          )}
          {view.isProviderCreated ? (
            view.status_provider === 'COMPLETED' ? (
              <Button variant="outline" disabled>
                <Trans>Edit</Trans>
              </Button>
            ) : (
              <Button variant="outline" asChild>
                <Link href={editPath(row)}>
                  <Trans>Edit</Trans>
                </Link>
              </Button>
            )
          ) : null}
        </div>
      </header>
      <ProviderNoticeWork view={view} id={id} pcId={pcId} onChanged={reload} />
      {view.isProviderCreated ? null : (
        <ItemMasterMatches pcId={pcId} canAnswer={!closed && pc.response_status !== 'COMPLETED'} onAnswered={reload} />
      )}
      {reopening.dialog}
      <Tabs defaultValue={initialTab}>
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
          <TabsTrigger value="documents">
            <Trans>Documents</Trans>
          </TabsTrigger>
          <TabsTrigger value="notes">
            <Trans>Notes</Trans>
          </TabsTrigger>
          <TabsTrigger value="delegates">
            <Trans>Delegates</Trans>
          </TabsTrigger>
          <TabsTrigger value="history">
            <Trans>History</Trans>
          </TabsTrigger>
          <TabsTrigger value="emails">
            <Trans>Notification history</Trans>
          </TabsTrigger>
          <TabsTrigger value="conversations">
            <Trans>Conversations</Trans>
            <UnreadBadge count={unread} />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="details" className="space-y-3 pt-3">
          <FdaLinkedRecords records={view.fda_records} />
          <CommunicationDetails
            view={view}
            supplierContact={
              supplierContact ? { ...supplierContact, own: supplierContact.contact_source === 'PROVIDER' } : undefined
            }
          />
        </TabsContent>
        <TabsContent value="products" className="pt-3">
          <ProductList products={view.products} />
        </TabsContent>
        <TabsContent value="actions" className="pt-3">
          {/* Per-unit actions are answered row by row, not in the form. */}
          {view.actions
            .filter((a) => a.per_unit)
            .map((a) => (
              <UnitAnswers
                key={a.id}
                save={(actionId, answers) => answerProviderUnits(id, pcId, actionId, answers)}
                action={a}
                rows={view.products}
                readOnly={closed}
                reload={reload}
              />
            ))}
          <ResponseForm
            actions={view.actions.filter((a) => !a.per_unit)}
            api={api}
            readOnly={closed}
            reload={reload}
            onPreview={openPreview}
          />
        </TabsContent>
        <TabsContent value="documents" className="pt-3">
          <DocumentList documents={view.documents} onPreview={openPreview} />
        </TabsContent>
        <TabsContent value="notes" className="pt-3">
          <NotesTab id={id} pcId={pcId} />
        </TabsContent>
        <TabsContent value="delegates" className="pt-3">
          <ProviderDelegatesTab view={view} id={id} pcId={pcId} />
        </TabsContent>
        <TabsContent value="history" className="pt-3">
          <HistoryTab id={id} pcId={pcId} />
        </TabsContent>
        <TabsContent value="emails" className="pt-3">
          <ProviderMailsTab id={id} pcId={pcId} />
        </TabsContent>
        <TabsContent value="conversations" className="pt-3">
          <ConversationsPanel base={conversationsBase!} side="PROVIDER" initialConversation={requestedConversation} />
        </TabsContent>
      </Tabs>
      {preview}
    </div>
  );
}
