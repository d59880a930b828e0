import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogTitle, StatusLabel } from '@portal/design-system';
import { useProviderMail, useProviderMailEvents } from '../../api/providerMails';
import { useLabels } from '../../shared/words/labels';
import { formatDate } from '../../shared/lists/table';
import { FormError, FormLoading } from '../../shared/forms/FormStates';

/** One email of the notification history (GET providerInfoMail) with what happened to it (its delivery events). */
export function ProviderMailDialog({
  id,
  pcId,
  mailId,
  onClose,
}: {
  id: number;
  pcId: number;
  mailId: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data: mail, error } = useProviderMail(mailId);
  const { data: events } = useProviderMailEvents(id, pcId, mailId);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={t`Close`}
        className="max-h-[90vh] overflow-auto sm:max-w-2xl"
        data-testid="provider-mail"
      >
        <DialogTitle className="pr-6 break-words">{mail ? mail.subject : t`Email`}</DialogTitle>
        {error ? (
          <FormError>{error.message}</FormError>
        ) : !mail ? (
          <FormLoading />
        ) : (
          <div className="grid gap-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">
                <Trans>To</Trans>
              </dt>
              <dd className="break-all">{mail.to_email}</dd>
              <dt className="text-muted-foreground">
                <Trans>Date</Trans>
              </dt>
              <dd>{formatDate(mail.sent_at ?? mail.created_at)}</dd>
              <dt className="text-muted-foreground">
                <Trans>Status</Trans>
              </dt>
              <dd>
                <StatusLabel kind="email" status={mail.status} labels={labels.mailStatuses} />
              </dd>
            </dl>
            {mail.text_body === null ? (
              <p className="rounded-md bg-muted px-3 py-2 text-muted-foreground">
                <Trans>This email holds a personal link, so its text is not shown here.</Trans>
              </p>
            ) : (
              <pre className="max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 font-sans text-sm whitespace-pre-wrap break-words">
                {mail.text_body}
              </pre>
            )}
            <section className="grid gap-1" aria-label={t`Tracking`}>
              <h3 className="font-medium">
                <Trans>Tracking</Trans>
              </h3>
              {!events ? (
                <FormLoading />
              ) : events.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>No record found</Trans>
                </p>
              ) : (
                <ol className="grid gap-1">
                  {events.map((e) => (
                    <li key={e.id} className="flex flex-wrap items-center gap-2">
                      <StatusLabel kind="emailEvent" status={e.event} labels={labels.mailEvents} />
                      <span className="text-muted-foreground">{formatDate(e.created_at)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
