import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

/** What a page shows for an address that names nothing: an unknown route, or a record that does not exist. */
export function NotFound() {
  return (
    <section className="space-y-3" data-testid="not-found">
      <h1 className="text-2xl font-semibold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link href="/" className="text-primary underline-offset-4 hover:underline">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
