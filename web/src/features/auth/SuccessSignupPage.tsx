import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';

export default function SuccessSignupPage() {
  return (
    <section className="space-y-3" data-testid="success-signup">
      <h1 className="text-xl font-semibold">
        <Trans>Registration complete</Trans>
      </h1>
      <p className="text-sm">
        <Trans>We sent you an email. Open the link in it to verify your address and activate your account.</Trans>
      </p>
      <Link href="/login" className="text-sm text-primary underline-offset-4 hover:underline">
        <Trans>Go to sign in</Trans>
      </Link>
    </section>
  );
}
