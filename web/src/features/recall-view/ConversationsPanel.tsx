import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  cn,
  FileUpload,
  formatDate,
  FormField,
  SimpleSelect,
  Textarea,
  TextInput,
  useOptionalToast,
} from '@portal/design-system';
import {
  type ConversationFile,
  type ConversationSide,
  type ConversationSummary,
  postConversationMessage,
  setConversationStatus,
  startConversation,
  useConversation,
  useConversations,
} from '../../api/conversations';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { useFilePreview } from '../../shared/forms/Preview';

const failure = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** Whom a supplier may start a conversation with: a provider communication whose customer matched a provider. */
export interface ConversationTarget {
  providerCommunicationId: number;
  providerOrganizationId: number;
  name: string;
}

export interface ConversationsPanelProps {
  /** The conversations' base path of the caller's side (see api/conversations). */
  base: string;
  side: ConversationSide;
  /** Supplier: the provider communications to pick from when starting one. Provider: absent (its own). */
  targets?: readonly ConversationTarget[];
  /** The thread to open first (the email's link: ?conversation=). */
  initialConversation?: number | null;
}

/** The unread count of the caller's side, for the tab's badge. */
export function useUnreadConversations(base: string | null): number {
  return useConversations(base).data?.unread ?? 0;
}

export function UnreadBadge({ count }: { count: number }) {
  const { t } = useLingui();
  if (!count) return null;
  return (
    <span
      data-testid="unread-badge"
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t`${count} unread`}</span>
    </span>
  );
}

function useUploadTexts() {
  const { t } = useLingui();
  return {
    messages: {
      imageType: t`The document types should be either of .png, .jpg`,
      documentType: t`The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4`,
      zeroSize: t`Documented failed to upload. Please try again.`,
    },
    texts: {
      upload: t`Attach file`,
      uploading: t`Uploading...`,
      dropHint: t`or drop files here`,
      preview: t`Preview`,
      delete: t`Remove`,
      deleteConfirm: t`Remove this file?`,
      confirm: t`Confirm`,
      cancel: t`Cancel`,
    },
  };
}

/** Text and files of a message being written; files stay in the browser until the message is sent. */
function Composer({
  busy,
  submitText,
  onSubmit,
  children,
}: {
  busy: boolean;
  submitText: string;
  onSubmit: (message: string, files: File[]) => Promise<boolean>;
  children?: React.ReactNode;
}) {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const upload = useUploadTexts();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) {
          setError(t`Field required.`);
          return;
        }
        setError(null);
        void onSubmit(text.trim(), files).then((sent) => {
          if (sent) {
            setText('');
            setFiles([]);
          }
        });
      }}
    >
      {children}
      <FormField label={t`Message`} required error={error}>
        <Textarea value={text} onValueChange={setText} maxLength={10000} minRows={3} />
      </FormField>
      <FileUpload
        kind="Document"
        multiple
        files={files.map((f, i) => ({ id: i, name: f.name, size: f.size }))}
        onUpload={(file) => setFiles((list) => [...list, file])}
        onDelete={(file) => setFiles((list) => list.filter((_, i) => i !== Number(file.id)))}
        onError={(message) => toast?.danger(message)}
        messages={upload.messages}
        texts={upload.texts}
      />
      <Button type="submit" className="justify-self-start" loading={busy}>
        {submitText}
      </Button>
    </form>
  );
}

function NewConversation({
  base,
  targets,
  onStarted,
  onCancel,
}: {
  base: string;
  targets?: readonly ConversationTarget[];
  onStarted: (cid: number) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const [target, setTarget] = useState(targets?.length === 1 ? String(targets[0]!.providerCommunicationId) : '');
  const [subject, setSubject] = useState('');
  const [targetError, setTargetError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section className="grid gap-2 rounded-md border p-3" aria-label={t`New conversation`}>
      <h3 className="font-semibold">
        <Trans>New conversation</Trans>
      </h3>
      <Composer
        busy={busy}
        submitText={t`Start conversation`}
        onSubmit={async (message, files) => {
          let path = base;
          if (targets) {
            const chosen = targets.find((x) => String(x.providerCommunicationId) === target);
            if (!chosen) {
              setTargetError(t`Field required`);
              return false;
            }
            setTargetError(null);
            path = `${base}/${chosen.providerCommunicationId}/${chosen.providerOrganizationId}/0`;
          }
          setBusy(true);
          try {
            const thread = await startConversation(path, { subject: subject.trim(), message }, files);
            onStarted(thread.id);
            return true;
          } catch (err) {
            toast?.danger(failure(err, t`Unknown error`));
            return false;
          } finally {
            setBusy(false);
          }
        }}
      >
        {targets ? (
          <FormField label={t`Customer`} required error={targetError}>
            <SimpleSelect
              value={target}
              onValueChange={setTarget}
              placeholder={t`Select...`}
              aria-label={t`Customer`}
              options={targets.map((x) => ({ value: String(x.providerCommunicationId), label: x.name }))}
            />
          </FormField>
        ) : null}
        <FormField label={t`Subject`}>
          <TextInput value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
        </FormField>
      </Composer>
      <Button variant="ghost" className="justify-self-start" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
    </section>
  );
}

function Thread({
  base,
  side,
  cid,
  onChanged,
}: {
  base: string;
  side: ConversationSide;
  cid: number;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const { data: thread, error, mutate } = useConversation(base, cid);
  const [preview, openPreview] = useFilePreview();
  const [busy, setBusy] = useState(false);
  // Opening the thread marked it read: the list's badge follows.
  const count = thread?.message_count;
  useEffect(() => {
    if (count !== undefined) onChanged();
  }, [count, onChanged]);
  if (error) return <FormError>{error.message || t`Unknown error`}</FormError>;
  if (!thread) return <FormLoading />;
  const closed = thread.status === 'CLOSED';
  const open = (f: ConversationFile) => openPreview(f);
  return (
    <section className="grid gap-3" aria-label={thread.subject}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-semibold">{thread.subject}</h3>
          <p className="text-xs text-muted-foreground">
            {thread.customer_name}
            {thread.action_title ? ` · ${thread.action_title}` : ''} ·{' '}
            {closed ? <Trans>Closed</Trans> : <Trans>Open</Trans>}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          loading={busy}
          onClick={() => {
            setBusy(true);
            setConversationStatus(base, cid, closed ? 'OPEN' : 'CLOSED')
              .then((next) => mutate(next, { revalidate: false }))
              .then(onChanged)
              .catch((err: unknown) => toast?.danger(failure(err, t`Unknown error`)))
              .finally(() => setBusy(false));
          }}
        >
          {closed ? <Trans>Reopen</Trans> : <Trans>Close conversation</Trans>}
        </Button>
      </div>
      <ol className="grid gap-2" aria-label={t`Messages`}>
        {thread.messages.map((m) => (
          <li
            key={m.id}
            data-testid="conversation-message"
            className={cn(
              'max-w-[85%] rounded-md border px-3 py-2 text-sm',
              m.side === side ? 'justify-self-end bg-muted' : 'justify-self-start',
            )}
          >
            <p className="text-xs text-muted-foreground">
              {m.sender_name ?? m.sender_email} ({m.organization_name}) · {formatDate(m.created_at, 'datetime')}
            </p>
            <p className="whitespace-pre-wrap">{m.body}</p>
            {m.files.length ? (
              <ul className="mt-1 flex flex-wrap gap-2">
                {m.files.map((f) => (
                  <li key={f.id}>
                    <Button variant="link" size="sm" className="h-auto p-0" onClick={() => open(f)}>
                      {f.name}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {closed ? (
        <p className="text-sm text-muted-foreground">
          <Trans>This conversation is closed. Reopen it to write.</Trans>
        </p>
      ) : (
        <Composer
          busy={busy}
          submitText={t`Send`}
          onSubmit={async (message, files) => {
            setBusy(true);
            try {
              await mutate(await postConversationMessage(base, cid, message, files), { revalidate: false });
              onChanged();
              return true;
            } catch (err) {
              toast?.danger(failure(err, t`Unknown error`));
              return false;
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
      {preview}
    </section>
  );
}

function ConversationRow({
  c,
  selected,
  showCustomer,
  onSelect,
}: {
  c: ConversationSummary;
  selected: boolean;
  showCustomer: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'grid w-full gap-0.5 rounded-md border px-3 py-2 text-left text-sm hover:bg-muted',
          selected && 'border-primary bg-muted',
        )}
      >
        <span className="flex items-center justify-between gap-2 font-medium">
          <span className="truncate">{c.subject}</span>
          <UnreadBadge count={c.unread} />
        </span>
        <span className="text-xs text-muted-foreground">
          {showCustomer && c.customer_name ? `${c.customer_name} · ` : ''}
          {c.status === 'CLOSED' ? <Trans>Closed</Trans> : <Trans>Open</Trans>} ·{' '}
          {formatDate(c.last_message_at ?? c.created_at, 'datetime')}
        </span>
      </button>
    </li>
  );
}

/** The Conversations tab of an event's view: the list (unread badges), one thread, and starting a new one. */
export function ConversationsPanel({ base, side, targets, initialConversation }: ConversationsPanelProps) {
  const { t } = useLingui();
  const { data, error, mutate } = useConversations(base);
  const [selected, setSelected] = useState<number | null>(initialConversation ?? null);
  const [starting, setStarting] = useState(false);
  const items = data?.items ?? [];
  // Stable, so the thread's effect runs once per change, not once per render.
  const refreshList = useCallback(() => void mutate(), [mutate]);
  useEffect(() => {
    if (selected === null && !starting && items.length) setSelected(items[0]!.id);
  }, [selected, starting, items]);
  if (error) return <FormError>{error.message || t`Unknown error`}</FormError>;
  if (!data) return <FormLoading />;
  return (
    <div className="grid gap-4 md:grid-cols-[18rem_1fr]" data-testid="conversations">
      <div className="grid content-start gap-2">
        <Button
          onClick={() => {
            setStarting(true);
            setSelected(null);
          }}
          disabled={targets !== undefined && targets.length === 0}
        >
          <Trans>New conversation</Trans>
        </Button>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No conversations yet.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t`Conversations`}>
            {items.map((c) => (
              <ConversationRow
                key={c.id}
                c={c}
                selected={c.id === selected}
                showCustomer={side === 'SUPPLIER'}
                onSelect={() => {
                  setStarting(false);
                  setSelected(c.id);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <div>
        {starting ? (
          <NewConversation
            base={base}
            targets={targets}
            onCancel={() => setStarting(false)}
            onStarted={(cid) => {
              setStarting(false);
              setSelected(cid);
              void mutate();
            }}
          />
        ) : selected !== null ? (
          <Thread base={base} side={side} cid={selected} onChanged={refreshList} />
        ) : null}
      </div>
    </div>
  );
}
