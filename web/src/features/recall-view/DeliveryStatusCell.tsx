import { cn, statusLabelVariants } from '@portal/design-system';
import type { Delivery } from '../../api/delivery';
import { useLabels } from '../../shared/words/labels';
import { DELIVERY_TONES, hasReason } from './deliveryStatus';

/** A recipient's delivery status in words, with the relay's reason under a bounce or an error. */
export function DeliveryStatusCell({ delivery }: { delivery: Pick<Delivery, 'status' | 'reason'> }) {
  const labels = useLabels();
  const tone = DELIVERY_TONES[delivery.status] ?? 'neutral';
  return (
    <div className="grid justify-items-start gap-0.5">
      <span
        data-slot="status-label"
        data-status={delivery.status}
        data-tone={tone}
        className={cn(statusLabelVariants({ tone }))}
      >
        {labels.deliveryStatuses[delivery.status] ?? delivery.status}
      </span>
      {hasReason(delivery.status) && delivery.reason ? (
        <span className="max-w-64 text-xs break-words text-muted-foreground" data-testid="delivery-reason">
          {delivery.reason}
        </span>
      ) : null}
    </div>
  );
}
