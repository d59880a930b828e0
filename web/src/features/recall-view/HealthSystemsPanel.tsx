import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Spinner } from '@portal/design-system';
import { useHealthSystems, useSupplierCustomers, type HealthSystem } from '../../api/supplierAttention';
import { useLabels } from '../../shared/words/labels';
import { OverdueBadge, ResponseWords } from './CustomerResponse';

/** A health system's sites are listed at most this many at a time (a system has tens of sites, not hundreds). */
const SITES_SHOWN = 100;

/**
 * The event's health systems (customers that are sites of one, rolled up per system): sites, acknowledged, answered,
 * not affected and overdue, each system opening to its sites and their answers. Nothing when no customer is a site.
 */
export function HealthSystemsPanel({ id }: { id: number }) {
  const { t } = useLingui();
  const { data } = useHealthSystems(id);
  const titleId = useId();
  if (!data?.length) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-lg border bg-card p-3 text-card-foreground"
      data-testid="health-systems"
    >
      <h3 id={titleId} className="text-sm font-semibold">
        {t`Health systems`}
      </h3>
      <ul className="grid gap-2">
        {data.map((system) => (
          <HealthSystemRow key={system.provider_id} id={id} system={system} />
        ))}
      </ul>
    </section>
  );
}

function HealthSystemRow({ id, system }: { id: number; system: HealthSystem }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const sitesId = useId();
  const name = system.provider_name;
  const figures: { label: string; value: number; tone?: string }[] = [
    { label: t`Sites`, value: system.sites },
    { label: t`Acknowledged`, value: system.acknowledged },
    { label: t`Answered`, value: system.answered },
    { label: t`Not affected`, value: system.not_affected },
    { label: t`Overdue`, value: system.overdue, tone: system.overdue > 0 ? 'text-destructive' : undefined },
  ];
  return (
    <li className="rounded-md border p-2" data-testid={`health-system-${system.provider_id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{name}</span>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={open}
          aria-controls={sitesId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t`Hide sites of ${name}` : t`Show sites of ${name}`}
        </Button>
      </div>
      <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {figures.map((f) => (
          <div key={f.label} className="flex gap-1">
            <dt className="text-muted-foreground">{f.label}</dt>
            <dd className={f.tone ?? 'font-medium'}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <div id={sitesId} hidden={!open}>
        {open ? <SitesList id={id} parentId={system.provider_id} /> : null}
      </div>
    </li>
  );
}

/** One health system's sites among the event's customers: the customers list narrowed to them. */
function SitesList({ id, parentId }: { id: number; parentId: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data, isLoading } = useSupplierCustomers(
    id,
    { pageNumber: 1, pageSize: SITES_SHOWN, sort: [{ field: 'name', direction: 'asc' }] },
    { parentId },
  );
  if (isLoading || !data) return <Spinner label={t`Loading...`} />;
  const shown = data.items.length;
  const total = data.total;
  return (
    <div className="mt-2 grid gap-1">
      <ul className="divide-y rounded-md border text-sm">
        {data.items.map((site) => (
          <li key={site.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
            <span className="min-w-0 break-words">{site.name}</span>
            <span className="flex flex-wrap items-center gap-2">
              {site.acknowledged_at ? <span className="text-muted-foreground">{t`Acknowledged`}</span> : null}
              <ResponseWords customer={site} labels={labels.statuses} />
              <OverdueBadge overdue={site.overdue} />
            </span>
          </li>
        ))}
      </ul>
      {total > shown ? (
        <p className="text-xs text-muted-foreground">
          <Trans>
            The first {shown} of {total} sites: the customers list below shows them all.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
