import { Link, useParams, useSearch } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { readLinkToken, wasNoticeSubmitted } from '../../api/notices';

/**
 * After a notice was submitted: a thank-you, and a way back to the answers while the link is valid. Opened without a
 * submission in this browser session (a bookmark, a shared address), it says how to reach the form instead of
 * thanking for an answer that was never given.
 */
export default function ConfirmationPage() {
  const params = useParams<{ communicationType?: string; providerCommunicationId?: string }>();
  const search = useSearch();
  const token = readLinkToken(search);
  const type = params.communicationType ?? '';
  const isRecall = type.toUpperCase() === 'RECALL';
  const back = `${isRecall ? '/provider/recall-notice-webform' : '/provider/disruption-notice-webform'}?token=${token ?? ''}`;
  if (!wasNoticeSubmitted(params.providerCommunicationId)) {
    return (
      <div role="status" data-testid="notice-confirmation-unsubmitted" className="grid gap-3">
        <h1 className="text-lg font-semibold">
          <Trans>No response has been submitted from this browser.</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            To answer this notice, open the link in the notification email you received. The form opens from that link;
            after you submit it, this page confirms your response.
          </Trans>
        </p>
        {token ? (
          <Link href={back} className="text-sm text-primary underline-offset-4 hover:underline">
            <Trans>Open the notice form</Trans>
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div role="status" data-testid="notice-confirmation" className="grid gap-3">
      <h1 className="text-lg font-semibold">
        <Trans>Thank you, your response has been submitted.</Trans>
      </h1>
      <p className="text-sm text-muted-foreground">
        {isRecall ? (
          <Trans>The supplier can now see your response to this recall.</Trans>
        ) : (
          <Trans>The supplier can now see your response to this supply advisory.</Trans>
        )}
      </p>
      {token ? (
        <Link href={back} className="text-sm text-primary underline-offset-4 hover:underline">
          <Trans>Back to the notice</Trans>
        </Link>
      ) : null}
    </div>
  );
}
