import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, StatusLabel, useOptionalToast } from '@portal/design-system';
import {
  acknowledgeNotice,
  answerNotice,
  answerNoticeUnits,
  confirmationPath,
  markNoticeSubmitted,
  deleteNoticeFile,
  isInvalidLink,
  readLinkToken,
  uploadNoticeFile,
  useNotice,
  type NoticeView,
} from '../../api/notices';
import { NoticeBody } from '../../shared/answers/NoticeDetails';
import { FormError, FormLoading, InvalidLink } from '../../shared/forms/FormStates';
import { useFilePreview } from '../../shared/forms/Preview';
import { ResponseForm, type ResponseApi } from '../../shared/answers/ResponseForm';
import { UnitAnswers } from '../../shared/answers/UnitAnswers';
import { AcknowledgedBy } from '../../shared/answers/AcknowledgedBy';

function Acknowledgement({ view, token, onDone }: { view: NoticeView; token: string; onDone: () => Promise<unknown> }) {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const [busy, setBusy] = useState(false);
  const pc = view.provider_communication;
  if (pc.acknowledged_at) {
    return (
      <p role="status" data-testid="acknowledged" className="rounded-md bg-success/10 px-3 py-2 text-sm text-success">
        <AcknowledgedBy pc={pc} />
      </p>
    );
  }
  return (
    <Button
      data-testid="acknowledge"
      loading={busy}
      disabled={view.communication.status !== 'OPEN'}
      onClick={() => {
        setBusy(true);
        acknowledgeNotice(token, view)
          .then(onDone)
          .then(() => toast?.success(t`The notice has been acknowledged.`))
          .catch((err: unknown) => toast?.danger(err instanceof Error ? err.message : t`Unknown error`))
          .finally(() => setBusy(false));
      }}
    >
      <Trans>Acknowledge</Trans>
    </Button>
  );
}

/** The recipient's public notice form (recall or supply advisory), opened with the link's token. */
export default function NoticeFormPage() {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const token = readLinkToken(search);
  const { data: view, error, mutate } = useNotice(token);
  const [preview, openPreview] = useFilePreview();

  if (!token || (error && isInvalidLink(error))) return <InvalidLink />;
  if (error) return <FormError>{error.message || t`Unknown error`}</FormError>;
  if (!view) return <FormLoading />;

  const closed = view.communication.status !== 'OPEN' || view.provider_communication.status !== 'OPEN';
  const api: ResponseApi = {
    saveAll: (answers) => answerNotice(token, answers),
    upload: (action, file) => uploadNoticeFile(token, view, action, file),
    deleteFile: (action, file) => deleteNoticeFile(token, view, action.id, file.id),
  };
  const title = view.communication.type === 'RECALL' ? t`Recall Notice` : t`Supply Advisory Notice`;

  return (
    <article className="grid gap-5" data-testid="notice-form">
      <header className="grid gap-1">
        <p className="text-xs uppercase text-muted-foreground">{title}</p>
        <h1 className="text-xl font-semibold break-words">{view.communication.name}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <StatusLabel kind="response" status={view.provider_communication.response_status} />
          <span className="text-muted-foreground">{view.email}</span>
        </div>
      </header>
      {closed ? (
        <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
          <Trans>This event is closed and can no longer be answered.</Trans>
        </p>
      ) : null}
      <Acknowledgement view={view} token={token} onDone={() => mutate()} />
      <NoticeBody view={view} onPreview={openPreview} />
      {/* Per-unit actions are answered row by row, not in the form. */}
      {view.actions
        .filter((a) => a.per_unit)
        .map((a) => (
          <UnitAnswers
            key={a.id}
            save={(actionId, answers) => answerNoticeUnits(token, view, actionId, answers)}
            action={a}
            rows={view.products}
            readOnly={closed}
            reload={() => mutate()}
          />
        ))}
      <ResponseForm
        actions={view.actions.filter((a) => !a.per_unit)}
        api={api}
        readOnly={closed}
        reload={() => mutate()}
        onPreview={openPreview}
        onSubmitted={() => {
          markNoticeSubmitted(view.provider_communication.id);
          navigate(`${confirmationPath(view)}?token=${encodeURIComponent(token)}`);
        }}
      />
      {preview}
    </article>
  );
}
