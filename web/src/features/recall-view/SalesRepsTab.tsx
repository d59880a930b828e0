import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Spinner, useToast } from '@portal/design-system';
import { useCommunicationSalesReps, notifySalesReps, type Communication } from '../../api/communications';
import { errorText } from '../../shared/lists/table';
import { FormError } from '../../shared/forms/FormStates';

/** The supplier's sales reps; an open advisory can be sent to them (personal read-only links to the sales-rep form). */
export function SalesRepsTab({ event }: { event: Communication }) {
  const { t } = useLingui();
  const toast = useToast();
  const { data } = useCommunicationSalesReps(event.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!data) return <Spinner label={t`Loading...`} />;
  const canNotify = event.type === 'PRODUCT DISRUPTION' && event.status === 'OPEN' && data.length > 0;
  return (
    <div className="grid gap-3" data-testid="sales-reps-tab">
      {event.type === 'PRODUCT DISRUPTION' ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            disabled={!canNotify}
            loading={busy}
            onClick={() => {
              setBusy(true);
              setProblem(null);
              notifySalesReps(event.id)
                .then((r) => toast.success(t`${r.emails_queued} sales representative(s) notified.`))
                .catch((err: unknown) => setProblem(errorText(err, t`Unknown error`)))
                .finally(() => setBusy(false));
            }}
          >
            <Trans>Send to sales reps</Trans>
          </Button>
          {event.status !== 'OPEN' ? (
            <span className="text-sm text-muted-foreground">
              <Trans>An advisory can be sent to sales reps once it is approved.</Trans>
            </span>
          ) : null}
        </div>
      ) : null}
      {problem ? <FormError>{problem}</FormError> : null}
      {data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      ) : (
        <ul className="divide-y rounded-md border text-sm">
          {data.map((r) => (
            <li key={r.id} className="flex flex-wrap justify-between gap-2 p-2">
              <span className="font-medium">
                {r.first_name} {r.last_name}
              </span>
              <span className="text-muted-foreground">
                {[r.email, r.phone, r.territory].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
