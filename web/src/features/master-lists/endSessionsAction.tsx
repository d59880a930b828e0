import { useLingui } from '@lingui/react/macro';
import type { RowAction } from '@portal/design-system';
import { endUserSessions } from '../../api/auth';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';

/**
 * The users screens' "End all sessions" row action (issue 34): asks first, then signs the person out everywhere (in
 * the caller's organisation; the operator: everywhere). Render `dialog` once beside the list.
 */
export function useEndSessionsAction() {
  const { t } = useLingui();
  const { ask, dialog } = useConfirmedAction();
  const action = (user: { id: number; email: string; full_name?: string | null }): RowAction => {
    const name = user.full_name || user.email;
    return {
      id: 'end-sessions',
      label: t`End all sessions`,
      onSelect: () =>
        ask({
          description: t`End every session of ${name}? They will be signed out on all their devices at their next request.`,
          confirmText: t`End all sessions`,
          destructive: true,
          run: async () => {
            const { ended } = await endUserSessions(user.id);
            return t`Sessions ended: ${ended}`;
          },
        }),
    };
  };
  return { action, dialog };
}
