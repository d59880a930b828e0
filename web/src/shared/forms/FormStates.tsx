import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '@portal/design-system';

/** An unknown, expired, revoked or replaced link: one clear message, nothing else. */
export function InvalidLink() {
  return (
    <div role="alert" data-testid="invalid-link" className="grid gap-2">
      <h1 className="text-lg font-semibold">
        <Trans>This link is invalid or has expired.</Trans>
      </h1>
      <p className="text-sm text-muted-foreground">
        <Trans>Please use the most recent email you received, or ask the sender for a new link.</Trans>
      </p>
    </div>
  );
}

export function FormLoading() {
  const { t } = useLingui();
  return (
    <p role="status" className="flex items-center gap-2 text-sm">
      <Spinner label={t`Loading...`} />
      <Trans>Loading...</Trans>
    </p>
  );
}

/** A refusal or failure said in one boxed line (`testId` where a test or e2e spec finds it). */
export function FormError({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid={testId}>
      {children}
    </p>
  );
}
