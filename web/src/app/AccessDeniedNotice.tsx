import { useAtom, useAtomValue, useStore } from 'jotai';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, ConfirmDialog, OkDialog, useToast } from '@portal/design-system';
import { accessDeniedAtom, authAtom } from '../state/auth';
import { requestAccess } from '../api/auth';
import { logout } from './authActions';

/** Inline notice after the guard refused a route without an event id. */
export function AccessDeniedNotice() {
  const [denied, setDenied] = useAtom(accessDeniedAtom);
  if (!denied || denied.communicationId) return null;
  return (
    <div role="alert" data-testid="access-denied" className="flex items-center justify-between gap-4 rounded-md border border-destructive/40 bg-destructive/5 px-4 py-2 text-sm">
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
  if (!denied || !denied.communicationId || denied.requestSent) return null;
  const backToLogin = () => {
    void logout(store).then(() => navigate('/login', { replace: true }));
  };
  if (userType === 'PROV' && denied.providerCommunicationId) {
    const { communicationId, providerCommunicationId } = denied;
    return (
      <ConfirmDialog
        open
        title={t`Access denied`}
        description={t`You received this notice in your provider account but lack permission to view it. You may request permission from your account administrator.`}
        confirmText={t`Request Access`}
        cancelText={t`Cancel`}
        onCancel={() => setDenied(null)}
        onConfirm={() => {
          void requestAccess(communicationId, providerCommunicationId).then(() => {
            setDenied({ ...denied, requestSent: true });
            toast.success(t`Your request has been sent.`);
            backToLogin();
          });
        }}
      />
    );
  }
  return (
    <OkDialog
      open
      title={t`Access denied`}
      description={t`You don't have permission to access.`}
      okText={t`OK`}
      onOk={() => {
        setDenied(null);
        backToLogin();
      }}
    />
  );
}
