import { useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  StatusLabel,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
  type PreviewFile,
} from '@portal/design-system';
import {
  approveCommunication,
  closeOpenCommunication,
  deleteCommunication,
  sendNotification,
  useCommunication,
  type Communication,
  type CommunicationDocument,
  type CommunicationType,
  type HistoryEntry,
} from '../../api/communications';
import { PaperResponsesTab } from './PaperResponsesTab';
import { ConversationsTab } from './ConversationsTab';
import { supplierConversationsPath } from '../../api/conversations';
import { UnreadBadge, useUnreadConversations } from './ConversationsPanel';
import { basePath, useLabels } from '../../shared/words/labels';
import { headerActions } from '../../shared/lists/rowActions';
import { errorText, PageHeader } from '../../shared/lists/table';
import { NotFound, RecordError, recordId } from '../../shared/NotFound';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { DetailsTab, DocumentsPanel, ReadOnlyDocuments } from './DetailsTab';
import { ProductsTab } from './ProductsTab';
import { ActionsTab } from './ActionsTab';
import { LocationsTab } from './LocationsTab';
import { CustomersTab } from './CustomersTab';
import { ResponsesTab } from './ResponsesTab';
import { SalesRepsTab } from './SalesRepsTab';
import { HistoryTab, HistoryList } from './HistoryTab';
import { ReportsTab } from './ReportsTab';
import { DeliveryTab } from './DeliveryTab';
import { SendOptionsDialog } from './SendOptionsDialog';
import { SupplierDelegatesPanel } from './SupplierDelegatesPanel';
import { FollowUpTasksPanel } from './FollowUpTasksPanel';
import { linkTarget } from '../../shared/session/linkKeys';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';

type Confirmable = 'approve' | 'send' | 'close' | 'reopen' | 'delete';

/** Tabs a link may open with ?tab= (the conversation email; the delivery of a sent event). */
/** View of one recall or supply advisory (spec 001 §7.1, §7.3, §7.4): tabs, header actions, documents and reports. */
export function CommunicationViewPage({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const params = useParams<{ id: string }>();
  // 0: the address names no event (the not-found page below).
  const id = recordId(params.id) ?? 0;
  const base = basePath(type);
  const labels = useLabels();
  const { data: event, error, mutate } = useCommunication(id || null);
  const [confirm, setConfirm] = useState<Confirmable | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sendOptions, setSendOptions] = useState(false);
  const sendWithOptions = useConfirmedAction(() => mutate());
  // The conversation email links here with ?tab=conversations&conversation=<id>.
  const search = new URLSearchParams(useSearch());
  const requestedConversation = Number(search.get('conversation') ?? search.get('conId')) || null;
  const notAcknowledged = linkTarget(search, []).notAcknowledged;
  const unread = useUnreadConversations(id ? supplierConversationsPath(id) : null);

  if (id === 0) return <NotFound />;
  if (error) return <RecordError error={error} fallback={t`Unknown error`} />;
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
    // Delivery exists once the notices went out.
    ...(event.status === 'OPEN' || event.status === 'CLOSED'
      ? [
          {
            value: 'delivery',
            // Its own context: "Delivery" alone is the outbox status (Vietnamese "Đang giao").
            label: t({ message: 'Delivery', context: 'the recall view tab' }),
            content: (
              <DeliveryTab
                event={event}
                // nonAck opens the non-acknowledged; the worklist's bounced recipients link with delivery=BOUNCED.
                initialFilter={
                  notAcknowledged ? 'NOT_ACKNOWLEDGED' : search.get('delivery') === 'BOUNCED' ? 'BOUNCED' : null
                }
              />
            ),
          },
        ]
      : []),
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
    // Issue 33 (after the spec's tabs): the supplier's delegates answer sent notices; its follow-up tasks are its own to-do list.
    ...(event.status === 'OPEN' || event.status === 'CLOSED'
      ? [{ value: 'delegates', label: t`Delegates`, content: <SupplierDelegatesPanel event={event} /> }]
      : []),
    { value: 'follow-up', label: t`Follow-up Tasks`, content: <FollowUpTasksPanel event={event} /> },
  ];

  // A link may name a tab (tab, or the spec's tabName/pageName), a conversation (conId) or the non-acknowledged.
  const link = linkTarget(
    search,
    tabs.map((tab) => tab.value),
  );
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
        {/* Send stays one click for the new recipients; the options send to everyone again, to the Not Covered
            customers, or at a date and time. */}
        {headerActions(event.status).includes('send') ? (
          <Button variant="outline" onClick={() => setSendOptions(true)}>
            <Trans>Send options</Trans>
          </Button>
        ) : null}
      </PageHeader>
      {problem ? <FormError>{problem}</FormError> : null}
      <Tabs defaultValue={link.tab ?? 'details'}>
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
      {sendOptions ? (
        <SendOptionsDialog id={id} type={type} onClose={() => setSendOptions(false)} ask={sendWithOptions.ask} />
      ) : null}
      {sendWithOptions.dialog}
    </section>
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
  extraTabs = [],
}: {
  event: Communication & { documents: CommunicationDocument[] };
  histories: HistoryEntry[] | undefined;
  openDocument: (document: CommunicationDocument) => Promise<PreviewFile>;
  /** Tabs of the caller's own after History (the operator's per-provider responses). */
  extraTabs?: { value: string; label: React.ReactNode; content: React.ReactNode }[];
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
        {extraTabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
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
      {extraTabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
