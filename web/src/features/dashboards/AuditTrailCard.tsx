import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Spinner } from '@portal/design-system';
import { useAuditVerification } from '../../api/audit';
import { errorText } from '../../shared/lists/table';

/**
 * Issue 34: the operator checks the tamper-evident audit trail. Every entry of the audit history and the event
 * histories carries a hash chained to the one before it in its organisation; the check recomputes them and names the
 * first entry that does not match (edited, or an entry before it removed).
 */
export function AuditTrailCard() {
  const { t, i18n } = useLingui();
  const [asked, setAsked] = useState(false);
  const { data, error, isValidating, mutate } = useAuditVerification(asked);
  const title = t`Audit trail`;
  const tableLabel = (table: string) => (table === 'audit_events' ? t`Audit history` : t`Event history`);
  const verify = () => (asked ? void mutate() : setAsked(true));
  const broken = data?.broken;
  const checked = i18n.number(data?.checked ?? 0);
  const table = broken ? tableLabel(broken.table) : '';
  const id = broken?.id ?? 0;
  const organization = broken ? (broken.organization_name ?? String(broken.organization_id ?? t`none (platform)`)) : '';
  return (
    <section className="space-y-3 rounded-md border p-4" aria-label={title} data-testid="audit-trail-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground">
            <Trans>Every entry is chained to the one before it; checking recomputes the whole chain.</Trans>
          </p>
        </div>
        <Button type="button" variant="outline" onClick={verify} disabled={isValidating}>
          {asked ? <Trans>Check again</Trans> : <Trans>Check the audit trail</Trans>}
        </Button>
      </div>
      {isValidating ? <Spinner label={t`Checking...`} /> : null}
      {error && !isValidating ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(error, t`Unknown error`)}
        </p>
      ) : null}
      {data && !isValidating && !broken ? (
        <p role="status" className="text-sm" data-testid="audit-trail-intact">
          <Trans>Intact: {checked} entries checked, none changed or removed.</Trans>
        </p>
      ) : null}
      {data && !isValidating && broken ? (
        <div role="alert" className="space-y-1 text-sm text-destructive" data-testid="audit-trail-broken">
          <p className="font-semibold">
            <Trans>Broken: an entry was changed, or an entry before it was removed.</Trans>
          </p>
          <p className="break-words">
            <Trans>
              First broken entry: {table} #{id}, organization {organization}.
            </Trans>
          </p>
          <p className="text-muted-foreground">
            <Trans>{checked} entries checked.</Trans>
          </p>
        </div>
      ) : null}
    </section>
  );
}
