import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner, TruncatedText } from '@portal/design-system';
import { providerFdaRecordPath, useProviderFdaRecalls } from '../../api/fda';
import { authAtom } from '../../state/auth';
import { hasAnyPermission } from '../../shared/session/permissions';
import { FdaRecordDialog } from '../../shared/fda/FdaRecordDialog';
import { useLabels } from '../../shared/words/labels';
import { errorText, formatDate } from '../../shared/lists/table';

const VIEW_DASHBOARD = ['Provider_ViewDashboard', 'View_Dashboard'];

/**
 * Issue 15: FDA Class I recalls of the last 90 days for the firms (suppliers) and product codes of the events the
 * provider received; a recall number opens the record.
 */
export function FdaRecallsCard() {
  const { t } = useLingui();
  const labels = useLabels();
  const { permissions } = useAtomValue(authAtom);
  const allowed = hasAnyPermission(permissions, VIEW_DASHBOARD);
  const { data, error, isLoading } = useProviderFdaRecalls(allowed);
  const [opened, setOpened] = useState<string | null>(null);
  if (!allowed) return null;
  const title = t`FDA Class I recalls`;
  return (
    <section className="space-y-3 rounded-md border p-4" aria-label={title} data-testid="provider-fda-recalls">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Recalls of the last {data?.days ?? 90} days for the suppliers and product codes of the events you received.
          </Trans>
        </p>
      </div>
      {isLoading ? <Spinner label={t`Loading...`} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(error, t`Unknown error`)}
        </p>
      ) : null}
      {data && !data.items.length ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No FDA Class I recall in the last 90 days for your suppliers or their products.</Trans>
        </p>
      ) : null}
      {data?.items.length ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1">
                <Trans>Recall Number</Trans>
              </th>
              <th>
                <Trans>Recalling Firm</Trans>
              </th>
              <th>
                <Trans>Product Description</Trans>
              </th>
              <th>
                <Trans>Product Code</Trans>
              </th>
              <th>
                <Trans>Status</Trans>
              </th>
              <th>
                <Trans>Initiation Date</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.recall_number} className="border-t align-top">
                <td className="py-1">
                  <button
                    type="button"
                    className="text-primary underline-offset-4 hover:underline"
                    onClick={() => setOpened(row.recall_number)}
                  >
                    {row.recall_number}
                  </button>
                </td>
                <td>{row.recalling_firm ?? ''}</td>
                <td>
                  <TruncatedText text={row.product_description} />
                </td>
                <td>{row.product_code ?? ''}</td>
                <td>{labels.fdaStatuses[row.status ?? ''] ?? row.status ?? ''}</td>
                <td>{formatDate(row.initiation_date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <FdaRecordDialog
        recallNumber={opened}
        path={opened ? providerFdaRecordPath(opened) : null}
        onClose={() => setOpened(null)}
      />
    </section>
  );
}
