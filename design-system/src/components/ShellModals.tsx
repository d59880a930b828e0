import type * as React from 'react';
import { LockIcon, RefreshCwIcon, ExternalLinkIcon } from 'lucide-react';
import { formatText } from '../lib/table';
import { BlockingModal } from './BlockingModal';
import { Button } from './Button';

export interface NewVersionModalProps {
  open: boolean;
  onRefresh: () => void;
  title?: string;
  description?: string;
  refreshText?: string;
}

/** Shown when the server's app version differs from the stored one. */
export function NewVersionModal({
  open,
  onRefresh,
  title = 'New version available',
  description = 'A new version of the application is available. Please refresh the page to continue.',
  refreshText = 'Refresh',
}: NewVersionModalProps) {
  return (
    <BlockingModal
      open={open}
      icon={<RefreshCwIcon aria-hidden="true" />}
      title={title}
      description={description}
      actions={<Button onClick={onRefresh}>{refreshText}</Button>}
    />
  );
}

export interface LegacyDomainModalProps {
  open: boolean;
  /** The new address, e.g. 'alerts.example.com'. */
  newDomain: string;
  onRedirect: () => void;
  title?: string;
  /** `{domain}` is replaced by the new domain. */
  description?: string;
  redirectText?: string;
}

/** Blocking notice on the old recall domains: the product moved to the alerts domain. */
export function LegacyDomainModal({
  open,
  newDomain,
  onRedirect,
  title = 'We have moved',
  description = 'This site has moved to {domain}. Please update your bookmarks.',
  redirectText = 'Redirect',
}: LegacyDomainModalProps) {
  return (
    <BlockingModal
      open={open}
      icon={<ExternalLinkIcon aria-hidden="true" />}
      title={title}
      description={formatText(description, { domain: newDomain })}
      actions={<Button onClick={onRedirect}>{redirectText}</Button>}
    />
  );
}

export interface AccountAdministrator {
  firstName: string;
  lastName: string;
  email: string;
}

export interface PermissionDeniedTexts {
  title: string;
  denied: string;
  /** Provider text; placeholders {type}, {supplier}, {name}, {email}. */
  provider: string;
  requestAccess: string;
  ok: string;
}

export const defaultPermissionDeniedTexts: PermissionDeniedTexts = {
  title: 'Access denied',
  denied: "You don't have permission to access.",
  provider:
    'Your organization received a {type} from {supplier}, but you do not have permission to view it in your provider account. Click below to request permission from your account administrator, {name} ({email}).',
  requestAccess: 'Request Access',
  ok: 'Ok',
};

export interface PermissionDeniedOverlayProps {
  open: boolean;
  /** Provider variant: the event type ('Recall' or 'Supply Advisory'), supplier and administrator. */
  provider?: { type: string; supplier: string; administrator: AccountAdministrator };
  onRequestAccess?: () => void;
  /** Shows an Ok button (supplier, or default variant). */
  onOk?: () => void;
  requesting?: boolean;
  texts?: Partial<PermissionDeniedTexts>;
  children?: React.ReactNode;
}

/** Blocking overlay for a user lacking the permission to see a page or event. */
export function PermissionDeniedOverlay({
  open,
  provider,
  onRequestAccess,
  onOk,
  requesting = false,
  texts,
  children,
}: PermissionDeniedOverlayProps) {
  const t = { ...defaultPermissionDeniedTexts, ...texts };
  const description = provider
    ? formatText(t.provider, {
        type: provider.type,
        supplier: provider.supplier,
        name: `${provider.administrator.firstName} ${provider.administrator.lastName}`.trim(),
        email: provider.administrator.email,
      })
    : t.denied;
  return (
    <BlockingModal
      open={open}
      icon={<LockIcon aria-hidden="true" />}
      title={t.title}
      description={description}
      actions={
        <>
          {provider && onRequestAccess ? (
            <Button onClick={onRequestAccess} loading={requesting}>
              {t.requestAccess}
            </Button>
          ) : null}
          {onOk ? (
            <Button variant={provider && onRequestAccess ? 'outline' : 'default'} onClick={onOk}>
              {t.ok}
            </Button>
          ) : null}
        </>
      }
    >
      {children}
    </BlockingModal>
  );
}
