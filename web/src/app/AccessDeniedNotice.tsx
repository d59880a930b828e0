import { useAtom, useAtomValue, useStore } from 'jotai';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button, PermissionDeniedOverlay, useToast } from '@portal/design-system';
import { accessDeniedAtom, authAtom } from '../state/auth';
import { requestAccess, useCommunicationAccessDetails } from '../api/auth';
import { logout } from '../shared/session/authActions';

/** Inline notice after the guard refused a route without an event id. */
export function AccessDeniedNotice() {
  const [denied, setDenied] = useAtom(accessDeniedAtom);
  if (!denied || denied.communicationId) return null;
  return (
    <div
      role="alert"
      data-testid="access-denied"
      className="flex items-center justify-between gap-4 rounded-md border border-destructive/40 bg-destructive/5 px-4 py-2 text-sm"
    >
      <span>
        <Trans>You don't have permission to access.</Trans>
      </span>
      <Button variant="ghost" size="sm" onClick={() => setDenied(null)}>
        <Trans>Dismiss</Trans>
      </Button>
    </div>
  );
}

/**
 * Blocking overlay when an event link was refused: a provider may request access (the request is sent and
 * the user returns to login); a supplier presses Ok, the flags are cleared and the user returns to login.
 */
export function PermissionDenied() {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const [, navigate] = useLocation();
  const [denied, setDenied] = useAtom(accessDeniedAtom);
  const { userType } = useAtomValue(authAtom);
  const [requesting, setRequesting] = useState(false);
  const open = !!denied && !!denied.communicationId && !denied.requestSent;
  const isProvider = userType === 'PROV' && !!denied?.providerCommunicationId;
  const { data: details } = useCommunicationAccessDetails(
    open && isProvider ? (denied?.communicationId ?? null) : null,
    open && isProvider ? (denied?.providerCommunicationId ?? null) : null,
  );
  if (!open || !denied) return null;

  const backToLogin = () => {
    void logout(store).then(() => navigate('/login', { replace: true }));
  };
  // The server names the type in words ('Recall' | 'Supply Advisory'), not by its code.
  const typeLabel = details?.type === 'Recall' ? t`Recall` : t`Supply Advisory`;
  const supplier = details?.supplier ?? '';
  const adminName = `${details?.first_name ?? ''} ${details?.last_name ?? ''}`.trim();
  const adminEmail = details?.email ?? '';
  const provider =
    isProvider && details
      ? {
          type: typeLabel,
          supplier,
          // An organisation without an active administrator answers nulls.
          administrator: {
            firstName: details.first_name ?? '',
            lastName: details.last_name ?? '',
            email: details.email ?? '',
          },
        }
      : undefined;
  const { communicationId, providerCommunicationId } = denied;

  return (
    <PermissionDeniedOverlay
      open
      provider={provider}
      requesting={requesting}
      texts={{
        title: t`Access denied`,
        denied: t`You don't have permission to access.`,
        provider: t`Your organization received a ${typeLabel} from ${supplier}, but you do not have permission to view it in your provider account. Click below to request permission from your account administrator, ${adminName} (${adminEmail}).`,
        requestAccess: t`Request Access`,
        ok: t`OK`,
      }}
      onRequestAccess={
        provider && communicationId && providerCommunicationId
          ? () => {
              setRequesting(true);
              requestAccess(communicationId, providerCommunicationId).then(
                () => {
                  setDenied({ ...denied, requestSent: true });
                  toast.success(t`Your request has been sent.`);
                  backToLogin();
                },
                () => setRequesting(false),
              );
            }
          : undefined
      }
      onOk={() => {
        setDenied(null);
        backToLogin();
      }}
    />
  );
}
