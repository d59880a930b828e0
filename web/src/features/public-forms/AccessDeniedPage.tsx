import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, useOptionalToast } from '@portal/design-system';
import { requestAccess, useCommunicationAccessDetails } from '../../api/auth';
import { authAtom } from '../../state/auth';
import { FormLoading } from '../../shared/forms/FormStates';

/** 'Recall' or 'Supply Advisory' from the denial detail (the API answers either spelling of the type). */
export function deniedTypeIsRecall(type: string | null | undefined): boolean {
  return (type ?? '').toUpperCase() === 'RECALL';
}

/**
 * A provider user opened an event its role may not see: who to ask, and Request Access (spec 000 §4, §8).
 * Signed-out visitors are sent to sign in first and come back here.
 */
export default function AccessDeniedPage() {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const [location] = useLocation();
  const { id = null, providerCommunicationId = null } = useParams<{ id?: string; providerCommunicationId?: string }>();
  const { isAuth } = useAtomValue(authAtom);
  const { data: details, error } = useCommunicationAccessDetails(
    isAuth ? id : null,
    isAuth ? providerCommunicationId : null,
  );
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  if (!isAuth) {
    return (
      <div role="alert" className="grid gap-3">
        <h1 className="text-lg font-semibold">
          <Trans>You don't have permission to access.</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Sign in to your provider account to request access to this event.</Trans>
        </p>
        <Link
          href={`/login?redirect=${encodeURIComponent(location)}`}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          <Trans>Sign In</Trans>
        </Link>
      </div>
    );
  }
  if (error) {
    return (
      <p role="alert" className="text-sm">
        {error.message || t`You don't have permission to access.`}
      </p>
    );
  }
  if (!details) return <FormLoading />;

  const typeLabel = deniedTypeIsRecall(details.type) ? t`Recall` : t`Supply Advisory`;
  const supplier = details.supplier;
  const adminName = `${details.first_name ?? ''} ${details.last_name ?? ''}`.trim();
  const adminEmail = details.email ?? '';
  return (
    <div role="alert" data-testid="access-denied-page" className="grid gap-3">
      <h1 className="text-lg font-semibold">
        <Trans>Access denied</Trans>
      </h1>
      <p className="text-sm">
        <Trans>
          Your organization received a {typeLabel} from {supplier}, but you do not have permission to view it in your
          provider account. Click below to request permission from your account administrator, {adminName} ({adminEmail}
          ).
        </Trans>
      </p>
      {state === 'sent' ? (
        <p role="status" className="rounded-md bg-success/10 px-3 py-2 text-sm text-success">
          <Trans>Your request has been sent.</Trans>
        </p>
      ) : (
        <Button
          className="justify-self-start"
          loading={state === 'sending'}
          onClick={() => {
            if (!id || !providerCommunicationId) return;
            setState('sending');
            requestAccess(id, providerCommunicationId).then(
              () => {
                setState('sent');
                toast?.success(t`Your request has been sent.`);
              },
              () => setState('idle'),
            );
          }}
        >
          <Trans>Request Access</Trans>
        </Button>
      )}
    </div>
  );
}
