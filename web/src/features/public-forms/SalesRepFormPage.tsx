import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, StatusLabel } from '@portal/design-system';
import { isInvalidLink, readLinkToken, useSalesRepNotice } from '../../api/notices';
import { FormError, FormLoading, InvalidLink } from '../../shared/forms/FormStates';
import { plainText, ProductList } from '../../shared/answers/NoticeDetails';
import { useLabels, vocabularyLocale } from '../../shared/words/labels';

/** The sales representative's view of a supply advisory: read only, reached by the personal emailed link. */
export default function SalesRepFormPage() {
  const { t, i18n } = useLingui();
  const labels = useLabels();
  const token = readLinkToken(useSearch());
  const { data, error, isLoading } = useSalesRepNotice(token);
  if (!token || (error && isInvalidLink(error))) return <InvalidLink />;
  if (error) return <FormError>{error.message}</FormError>;
  if (isLoading || !data) return <FormLoading />;
  const c = data.communication;
  // The server's words for the lead time first (a public page loads no lookup values), then the label map.
  const leadTime = c.lead_time
    ? (c.labels?.lead_time?.[vocabularyLocale(i18n.locale)] ?? labels.leadTimes[c.lead_time] ?? c.lead_time)
    : null;
  return (
    <div className="grid gap-4" data-testid="sales-rep-form">
      <header className="grid gap-1">
        <p className="text-xs text-muted-foreground">{c.supplier_name}</p>
        <h1 className="text-lg font-semibold">{c.name}</h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Supply Advisory</Trans>
          {c.event_id ? ` · ${c.event_id}` : ''}
          {leadTime ? ` · ${t`Lead time`}: ${leadTime}` : ''}
        </p>
      </header>
      {c.description ? <p className="text-sm whitespace-pre-line">{plainText(c.description)}</p> : null}
      <section className="grid gap-2" aria-labelledby="sr-products">
        <h2 id="sr-products" className="text-base font-semibold">
          <Trans>Products</Trans>
        </h2>
        <ProductList products={data.products} />
      </section>
      <section className="grid gap-2" aria-labelledby="sr-customers">
        <h2 id="sr-customers" className="text-base font-semibold">
          <Trans>Your customers</Trans>
        </h2>
        {data.customers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No record found</Trans>
          </p>
        ) : (
          <ul className="grid gap-2">
            {data.customers.map((cu) => (
              <li
                key={cu.name}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <span className="font-medium">{cu.name}</span>
                <span className="flex items-center gap-2 text-muted-foreground">
                  {cu.acknowledged_at ? (
                    <Trans>Acknowledged {formatDate(cu.acknowledged_at)}</Trans>
                  ) : (
                    <Trans>Not acknowledged</Trans>
                  )}
                  <StatusLabel kind="response" status={cu.response_status ?? null} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
