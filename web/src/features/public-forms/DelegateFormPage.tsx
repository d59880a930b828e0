import { useState } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { StatusLabel } from '@portal/design-system';
import {
  answerDelegatedAction,
  answerDelegatedUnits,
  deleteDelegateFile,
  readId,
  uploadDelegateFile,
  useDelegateView,
} from '../../api/delegate';
import { isInvalidLink, readLinkToken } from '../../api/notices';
import { NoticeBody } from '../../shared/answers/NoticeDetails';
import { FormError, FormLoading, InvalidLink } from '../../shared/forms/FormStates';
import { useFilePreview } from '../../shared/forms/Preview';
import { ResponseForm, type ResponseApi } from '../../shared/answers/ResponseForm';
import { UnitAnswers } from '../../shared/answers/UnitAnswers';

/** The delegate's form: only the delegated action(s) of one notice, answered with the delegate link's token. */
export default function DelegateFormPage() {
  const { t } = useLingui();
  const search = useSearch();
  const token = readLinkToken(search);
  const pcId = readId(new URLSearchParams(search).get('id'));
  const { data: view, error, mutate } = useDelegateView(token, pcId);
  const [preview, openPreview] = useFilePreview();
  const [submitted, setSubmitted] = useState(false);

  if (!token || (error && isInvalidLink(error))) return <InvalidLink />;
  if (error) return <FormError>{error.message || t`Unknown error`}</FormError>;
  if (!view) return <FormLoading />;
  if (submitted) {
    return (
      <div role="status" data-testid="delegate-confirmation" className="grid gap-3">
        <h1 className="text-lg font-semibold">
          <Trans>Thank you, your response has been submitted.</Trans>
        </h1>
        <button
          type="button"
          className="justify-self-start text-sm text-primary underline-offset-4 hover:underline"
          onClick={() => setSubmitted(false)}
        >
          <Trans>Back to the notice</Trans>
        </button>
      </div>
    );
  }

  const closed = view.communication.status !== 'OPEN' || view.provider_communication.status !== 'OPEN';
  const unitActions = view.actions.filter((a) => a.per_unit);
  const plainActions = view.actions.filter((a) => !a.per_unit);
  const api: ResponseApi = {
    // The delegate answers one action per call; the answers go in order and stop at the first refusal.
    saveAll: async (answers) => {
      for (const { actionId, ...body } of answers) await answerDelegatedAction(token, actionId, body);
    },
    upload: (action, file) => uploadDelegateFile(token, action.id, file),
    deleteFile: (_action, file) => deleteDelegateFile(token, file.id),
  };

  return (
    <article className="grid gap-5" data-testid="delegate-form">
      <header className="grid gap-1">
        <p className="text-xs uppercase text-muted-foreground">
          {view.communication.type === 'RECALL' ? t`Recall` : t`Supply Advisory`} ·{' '}
          <Trans>Delegated to {view.delegate.email}</Trans>
        </p>
        <h1 className="text-xl font-semibold break-words">{view.communication.name}</h1>
        <StatusLabel kind="response" status={view.provider_communication.response_status} />
      </header>
      {closed ? (
        <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
          <Trans>This event is closed and can no longer be answered.</Trans>
        </p>
      ) : null}
      <DelegatorMessage from={view.from} message={view.message} />
      <NoticeBody view={view} onPreview={openPreview} />
      {/* Per-unit actions are answered row by row, for the provider's own rows, not in the form. */}
      {unitActions.map((a) => (
        <UnitAnswers
          key={a.id}
          save={(actionId, answers) => answerDelegatedUnits(token, actionId, answers)}
          action={a}
          rows={view.products}
          readOnly={closed}
          reload={() => mutate()}
        />
      ))}
      {plainActions.length > 0 || unitActions.length === 0 ? (
        <ResponseForm
          actions={plainActions}
          api={api}
          readOnly={closed}
          reload={() => mutate()}
          onPreview={openPreview}
          onSubmitted={() => setSubmitted(true)}
        />
      ) : null}
      {preview}
    </article>
  );
}

/**
 * The delegator's words above the questions, as plain text: React escapes them and line breaks are kept. Neither the
 * words nor the name go through <Trans>, whose formatter would read tags inside them.
 */
function DelegatorMessage({ from, message }: { from: string | null; message: string | null }) {
  const { t } = useLingui();
  if (!message) return null;
  return (
    <p data-testid="delegate-message" className="rounded-md border px-3 py-2 text-sm whitespace-pre-line break-words">
      <span className="font-medium">{from ? t`Message from ${from}:` : t`Message:`}</span> {message}
    </p>
  );
}
