import { Trans } from '@lingui/react/macro';
import { formatDate } from '../lists/table';

/** "Acknowledged by Rita River (rita@…) on 11/20/2026 09:15": the person by name when known, and when. */
export function AcknowledgedBy({
  pc,
}: {
  pc: { acknowledged_at: string | null; acknowledged_by: string | null; acknowledged_by_name?: string | null };
}) {
  const who = pc.acknowledged_by_name
    ? `${pc.acknowledged_by_name}${pc.acknowledged_by ? ` (${pc.acknowledged_by})` : ''}`
    : (pc.acknowledged_by ?? '');
  const when = formatDate(pc.acknowledged_at);
  return (
    <Trans>
      Acknowledged by {who} on {when}
    </Trans>
  );
}
