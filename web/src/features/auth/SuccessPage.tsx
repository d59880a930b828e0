import { Link, useSearch } from 'wouter';
import { Trans } from '@lingui/react/macro';

export default function SuccessPage() {
  const reason = new URLSearchParams(useSearch()).get('reason');
  return (
    <section className="space-y-3" data-testid="success">
      <h1 className="text-xl font-semibold">
        <Trans>Success</Trans>
      </h1>
      <p className="text-sm">
        {reason === 'forgot-password' ? (
          <Trans>If an account exists for that email, we sent a link to reset the password. Check your inbox.</Trans>
        ) : reason === 'password-reset' ? (
          <Trans>Your password was changed. You can sign in with the new password.</Trans>
        ) : (
          <Trans>Your request was completed.</Trans>
        )}
      </p>
      <Link href="/login" className="text-sm text-primary underline-offset-4 hover:underline">
        <Trans>Go to sign in</Trans>
      </Link>
    </section>
  );
}
