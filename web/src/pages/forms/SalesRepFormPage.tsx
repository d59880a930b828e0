import { Trans } from '@lingui/react/macro';

/**
 * The sales representative's advisory form. The API offers no public sales-representative call yet (spec 001 lists
 * none), so no link can be valid here: the page says so plainly instead of showing an empty form.
 */
export default function SalesRepFormPage() {
  return (
    <div role="alert" data-testid="invalid-link" className="grid gap-2">
      <h1 className="text-lg font-semibold">
        <Trans>This link is not valid.</Trans>
      </h1>
      <p className="text-sm text-muted-foreground">
        <Trans>Sales representative responses are not available through this link. Please contact the supplier who sent it.</Trans>
      </p>
    </div>
  );
}
