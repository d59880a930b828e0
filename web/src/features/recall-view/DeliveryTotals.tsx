import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@portal/design-system';
import { DELIVERY_STATUSES, type DeliveryFilter, type DeliveryStatus } from '../../api/delivery';
import { useLabels } from '../../shared/words/labels';
import { DELIVERY_BAR_CLASSES } from './deliveryStatus';

/**
 * The recipients per delivery status: one bar split by status, and a legend whose entries filter the list (pressed
 * while theirs is the filter). The bar is drawn for the eye; the legend carries the same numbers as buttons.
 */
export function DeliveryTotals({
  totals,
  filter,
  onFilter,
}: {
  totals: Record<DeliveryStatus, number> | undefined;
  filter: DeliveryFilter | null;
  onFilter: (filter: DeliveryFilter | null) => void;
}) {
  const { t, i18n } = useLingui();
  const labels = useLabels();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.locale === 'vi' ? 'vi-VN' : 'en-US');
  const counts = DELIVERY_STATUSES.map((status) => ({ status, count: totals?.[status] ?? 0 }));
  const all = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <figure
      aria-labelledby={titleId}
      className="grid gap-2 rounded-lg border bg-card p-3 text-card-foreground"
      data-testid="delivery-totals"
    >
      <figcaption id={titleId} className="text-sm font-semibold">
        {t`Recipients by delivery status`}
      </figcaption>
      <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-full bg-muted">
        {all > 0
          ? counts
              .filter((c) => c.count > 0)
              .map((c) => (
                <div
                  key={c.status}
                  className={cn('h-full', DELIVERY_BAR_CLASSES[c.status])}
                  style={{ flexGrow: c.count, flexBasis: 0 }}
                />
              ))
          : null}
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t`Filter by status`}>
        {counts.map((c) => {
          const label = labels.deliveryStatuses[c.status] ?? c.status;
          const pressed = filter === c.status;
          return (
            <li key={c.status}>
              <button
                type="button"
                aria-pressed={pressed}
                disabled={c.count === 0 && !pressed}
                onClick={() => onFilter(pressed ? null : c.status)}
                data-status={c.status}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-default disabled:opacity-50 disabled:hover:bg-transparent',
                  pressed && 'border-primary bg-accent font-medium',
                )}
              >
                <span aria-hidden="true" className={cn('size-2 rounded-full', DELIVERY_BAR_CLASSES[c.status])} />
                <span>{label}</span>
                <span className="tabular-nums">{number.format(c.count)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
