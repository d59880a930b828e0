import type { StatusTone } from '@portal/design-system';
import type { DeliveryFilter, DeliveryStatus } from '../../api/delivery';

/** How each delivery status reads at a glance: the label's tone and the summary bar's colour. */
export const DELIVERY_TONES: Record<DeliveryStatus, StatusTone> = {
  SCHEDULED: 'muted',
  QUEUED: 'warning',
  SENT: 'info',
  OPENED: 'success',
  CLICKED: 'success',
  BOUNCED: 'danger',
  ERROR: 'danger',
};

/** The summary bar's segment colours (semantic tokens only). */
export const DELIVERY_BAR_CLASSES: Record<DeliveryStatus, string> = {
  SCHEDULED: 'bg-muted-foreground/40',
  QUEUED: 'bg-warning',
  SENT: 'bg-info',
  OPENED: 'bg-success/70',
  CLICKED: 'bg-success',
  BOUNCED: 'bg-destructive',
  ERROR: 'bg-destructive/60',
};

/** The filters the tab always offers, besides a status picked from the totals. */
export const DELIVERY_FILTERS: readonly (DeliveryFilter | null)[] = [null, 'BOUNCED', 'NOT_OPENED', 'NOT_ACKNOWLEDGED'];

/** A bounce or an error carries the relay's reason. */
export function hasReason(status: DeliveryStatus): boolean {
  return status === 'BOUNCED' || status === 'ERROR';
}
