import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, useToast } from '@portal/design-system';
import type { ProviderView } from '../../api/provider';
import { markNotAffected, setOwner, useRecallSites } from '../../api/worklist';
import { errorText } from '../../shared/lists/table';
import { AssignOwnerDialog, NotAffectedDialog, OwnerName } from '../../shared/worklist/OwnerDialogs';

/**
 * Who owns this notice (issue 32), under the notice's title: "Owner: {name}" with Assign… (no owner yet) or Hand on…,
 * and Not affected… while it waits for answers (the "not affected" answer, with its reason, once given). Read from the
 * recall's per-site rows (by-recall/…/sites). The response-due date and days left are among the notice's details.
 */
export function ProviderNoticeWork({
  view,
  id,
  pcId,
  onChanged,
}: {
  view: ProviderView;
  id: number;
  pcId: number;
  /** Reads the notice (and the lists and counts) again after a change. */
  onChanged: () => unknown;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const { data: sites, mutate } = useRecallSites(id);
  const [open, setOpen] = useState<'owner' | 'not-affected' | null>(null);
  const own = sites?.find((s) => s.id === pcId);
  const pc = view.provider_communication;
  const closed = view.communication.status !== 'OPEN' || pc.status !== 'OPEN';
  const answered = pc.response_status === 'COMPLETED';
  const ownerName = own?.owner_name ?? null;
  const notAffectedReason = own?.not_affected_reason ?? null;

  const after = async (sentence: string) => {
    toast.success(sentence);
    setOpen(null);
    await Promise.all([mutate(), onChanged()]);
    return undefined;
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="notice-work">
      <span className="inline-flex flex-wrap items-center gap-2" data-testid="notice-owner">
        <span>
          <span className="text-muted-foreground">
            <Trans>Owner:</Trans>
          </span>{' '}
          {sites ? <OwnerName name={ownerName} /> : '…'}
        </span>
        {sites && !closed ? (
          <Button size="sm" variant="outline" onClick={() => setOpen('owner')}>
            {own?.owner_id ? <Trans>Hand on…</Trans> : <Trans>Assign…</Trans>}
          </Button>
        ) : null}
      </span>
      {notAffectedReason ? (
        <span className="break-words" data-testid="not-affected-answer">
          <span className="text-muted-foreground">
            <Trans>Not affected:</Trans>
          </span>{' '}
          {notAffectedReason}
        </span>
      ) : !closed && !answered ? (
        <Button size="sm" variant="outline" onClick={() => setOpen('not-affected')}>
          <Trans>Not affected…</Trans>
        </Button>
      ) : null}
      {open === 'owner' ? (
        <AssignOwnerDialog
          title={own?.owner_id ? t`Hand on this notice` : t`Assign this notice`}
          intro={t`The person you choose owns this notice from now on and is emailed about it.`}
          type={view.communication.type}
          currentOwnerId={own?.owner_id ?? null}
          allowNobody={Boolean(own?.owner_id)}
          withMessage
          onClose={() => setOpen(null)}
          onSave={async (userId, message) => {
            try {
              const saved = await setOwner(pcId, userId, message || undefined);
              const name = saved.owner_name ?? '';
              return await after(saved.owner_id ? t`${name} now owns this notice.` : t`This notice has no owner now.`);
            } catch (err) {
              return errorText(err, t`Unknown error`);
            }
          }}
        />
      ) : null}
      {open === 'not-affected' ? (
        <NotAffectedDialog
          intro={t`This notice will be answered "not affected" with this reason, and its answers count as complete.`}
          onClose={() => setOpen(null)}
          onSave={async (reason) => {
            try {
              await markNotAffected(pcId, reason);
              return await after(t`Answered: not affected.`);
            } catch (err) {
              return errorText(err, t`Unknown error`);
            }
          }}
        />
      ) : null}
    </div>
  );
}
