import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Button, useToast } from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { BULK_LIMIT, bulkChange, isProviderWorkKey, type BulkAction, type BulkBody } from '../../api/worklist';
import { useConfirmedAction } from '../forms/useConfirmedAction';
import { errorText } from '../lists/table';
import { AssignOwnerDialog, NotAffectedDialog } from './OwnerDialogs';

/** What a bulk change did, in a sentence: how many notices changed, and how many already were so. */
export function useBulkResultSentence() {
  const { t } = useLingui();
  return (action: BulkAction, { changed, unchanged }: { changed: number; unchanged: number }): string => {
    const done =
      action === 'ACKNOWLEDGE'
        ? t`${plural(changed, { one: '# notice acknowledged', other: '# notices acknowledged' })}`
        : action === 'ASSIGN'
          ? t`${plural(changed, { one: '# notice assigned', other: '# notices assigned' })}`
          : t`${plural(changed, { one: '# notice marked not affected', other: '# notices marked not affected' })}`;
    if (unchanged === 0) return `${done}.`;
    const already =
      action === 'ACKNOWLEDGE'
        ? t`${plural(unchanged, { one: '# was already acknowledged', other: '# were already acknowledged' })}`
        : action === 'ASSIGN'
          ? t`${plural(unchanged, { one: '# already had that owner', other: '# already had that owner' })}`
          : t`${plural(unchanged, { one: '# was already answered', other: '# were already answered' })}`;
    return `${done}; ${already}.`;
  };
}

/** Reads the provider's lists, the worklist and its counts (the sidebar's badge) again. */
export function useRefreshProviderWork() {
  const { mutate } = useSWRConfig();
  return () => mutate(isProviderWorkKey);
}

/**
 * The toolbar of selected notices (provider communication ids): Acknowledge, Assign owner…, Not affected…. Each asks
 * first, naming how many notices it changes, then says what changed, reads the lists and counts again and clears the
 * selection (`onDone`).
 */
export function BulkActions({
  ids,
  type = null,
  onDone,
}: {
  ids: readonly number[];
  /** The notices' type when the list holds one type (the people offered as owners may manage it). */
  type?: CommunicationType | null;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const sentence = useBulkResultSentence();
  const refresh = useRefreshProviderWork();
  const finish = async () => {
    onDone();
    await refresh();
  };
  const { ask, dialog } = useConfirmedAction(finish);
  const [open, setOpen] = useState<'assign' | 'not-affected' | null>(null);
  const count = ids.length;
  if (count === 0) return null;
  const limit = BULK_LIMIT;
  const tooMany = count > limit;

  type Extra = Omit<BulkBody, 'action' | 'ids'>;
  const run = async (action: BulkAction, extra: Extra = {}) =>
    sentence(action, await bulkChange({ action, ids: [...ids], ...extra }));

  /** The dialogs' save: the change, its sentence as a toast, then the lists again. */
  const save = async (action: BulkAction, extra: Extra) => {
    try {
      toast.success(await run(action, extra));
    } catch (err) {
      return errorText(err, t`Unknown error`);
    }
    setOpen(null);
    await finish();
    return undefined;
  };

  const selected = t`${plural(count, { one: '# notice selected', other: '# notices selected' })}`;
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
      data-testid="bulk-actions"
      role="toolbar"
      aria-label={t`Selected notices`}
    >
      <span className="font-medium">{selected}</span>
      {tooMany ? (
        <span className="text-destructive">
          <Trans>Choose at most {limit} notices at a time.</Trans>
        </span>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <Button
          size="sm"
          disabled={tooMany}
          onClick={() =>
            ask({
              description: t`${plural(count, {
                one: 'Acknowledge # notice?',
                other: 'Acknowledge # notices?',
              })}`,
              confirmText: t`Acknowledge`,
              run: () => run('ACKNOWLEDGE'),
            })
          }
        >
          <Trans>Acknowledge</Trans>
        </Button>
        <Button size="sm" variant="outline" disabled={tooMany} onClick={() => setOpen('assign')}>
          <Trans>Assign owner…</Trans>
        </Button>
        <Button size="sm" variant="outline" disabled={tooMany} onClick={() => setOpen('not-affected')}>
          <Trans>Not affected…</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          <Trans>Clear selection</Trans>
        </Button>
      </div>
      {dialog}
      {open === 'assign' ? (
        <AssignOwnerDialog
          title={t`Assign owner`}
          intro={t`${plural(count, {
            one: 'The person you choose will own # notice and is emailed about it.',
            other: 'The person you choose will own # notices and is emailed about them.',
          })}`}
          type={type}
          withMessage
          onClose={() => setOpen(null)}
          onSave={(userId, message) => save('ASSIGN', { userId, ...(message ? { message } : {}) })}
        />
      ) : null}
      {open === 'not-affected' ? (
        <NotAffectedDialog
          intro={t`${plural(count, {
            one: '# notice will be answered "not affected" with this reason.',
            other: '# notices will be answered "not affected" with this reason.',
          })}`}
          onClose={() => setOpen(null)}
          onSave={(reason) => save('NOT_AFFECTED', { reason })}
        />
      ) : null}
    </div>
  );
}
