import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { ApiError } from '../api/client';
import { FormError } from './forms/FormStates';

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

/** A record id read from the address: a positive whole number, else null (an address that names no record). */
export function recordId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The server found no such record (or no such address: a path whose parameters name nothing answers 404 too). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A record page whose record could not be read: the not-found page when there is no such record, else the server's
 * message in the reader's words (the fetcher has translated it by its code).
 */
export function RecordError({ error, fallback }: { error: unknown; fallback: string }) {
  if (isNotFound(error)) return <NotFound />;
  return <FormError>{error instanceof Error && error.message ? error.message : fallback}</FormError>;
}
