import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '@portal/design-system';
import { verifyEmail } from '../../api/auth';

type State = { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; message: string };

export default function VerifyEmailPage() {
  const { t } = useLingui();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'pending' } : { kind: 'failed', message: t`This verification link is not valid.` },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    verifyEmail(token).then(
      () => {
        if (!cancelled) setState({ kind: 'done' });
      },
      (err: unknown) => {
        if (!cancelled) setState({ kind: 'failed', message: err instanceof Error ? err.message : '' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <section className="space-y-3">
      <h1 className="text-xl font-semibold">
        <Trans>Verify email</Trans>
      </h1>
      {state.kind === 'pending' ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner label={t`Loading...`} />
          <Trans>Verifying your email…</Trans>
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <p role="status" className="text-sm">
          <Trans>Your email is verified. You can sign in now.</Trans>
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          {state.message || t`Unknown error`}
        </p>
      ) : null}
      <Link href="/login" className="text-sm text-primary underline-offset-4 hover:underline">
        <Trans>Go to sign in</Trans>
      </Link>
    </section>
  );
}
