import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

export default function ForbiddenPage() {
  return (
    <section className="space-y-3" data-testid="forbidden">
      <h1 className="text-2xl font-semibold">
        <Trans>Forbidden</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>You don't have permission to access.</Trans>
      </p>
      <Link href="/" className="text-primary underline-offset-4 hover:underline">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
