import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from 'jotai';
import { Button } from '@portal/design-system';
import { endMySession, endOtherSessions, type MySession, useMySessions } from '../../api/auth';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { formatDate } from '../../shared/lists/table';
import { logout } from '../../shared/session/authActions';

/** "Chrome on Windows", from what the server read of the sign-in's browser; words the reader's language says. */
function useDeviceLabel() {
  const { t } = useLingui();
  return (session: MySession): string => {
    const { browser, os } = session;
    if (browser && os) return t`${browser} on ${os}`;
    return browser ?? os ?? t`Unknown device`;
  };
}

/**
 * The caller's live sessions (issue 34): device, address, started and last seen, this device marked; end one, or every
 * other. Each asks first. Ending this device's session signs this page out.
 */
export function SessionsPanel() {
  const { t } = useLingui();
  const store = useStore();
  const { data: sessions, error, isLoading, mutate } = useMySessions();
  const { ask, dialog } = useConfirmedAction(() => mutate());
  const deviceLabel = useDeviceLabel();
  const others = (sessions ?? []).filter((s) => !s.current);

  function askEnd(session: MySession) {
    const device = deviceLabel(session);
    ask({
      description: session.current
        ? t`End the session on this device (${device})? You will be signed out here.`
        : t`End the session on ${device}? That device will be signed out at its next request.`,
      confirmText: t`End session`,
      destructive: true,
      run: async () => {
        await endMySession(session.id);
        if (session.current) await logout(store);
        return t`The session has been ended.`;
      },
    });
  }

  function askEndOthers() {
    ask({
      description: t`End every other session? All your other devices will be signed out at their next request.`,
      confirmText: t`End other sessions`,
      destructive: true,
      run: async () => {
        const { ended } = await endOtherSessions();
        return t`Sessions ended: ${ended}`;
      },
    });
  }

  return (
    <section className="space-y-3" data-testid="sessions" aria-labelledby="sessions-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sessions-title" className="text-lg font-semibold">
          <Trans>Active sessions</Trans>
        </h2>
        {others.length > 0 && (
          <Button variant="outline" size="sm" onClick={askEndOthers} data-testid="end-other-sessions">
            <Trans>End all other sessions</Trans>
          </Button>
        )}
      </div>
      {isLoading && (
        <p className="text-sm text-muted-foreground">
          <Trans>Loading…</Trans>
        </p>
      )}
      {error && (
        <p className="text-sm text-destructive" role="alert">
          <Trans>The sessions could not be loaded.</Trans>
        </p>
      )}
      <ul className="divide-y rounded-md border">
        {(sessions ?? []).map((session) => {
          const device = deviceLabel(session);
          return (
            <li
              key={session.id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="session-row"
              data-current={session.current}
              data-browser={session.browser ?? undefined}
              data-os={session.os ?? undefined}
            >
              <div className="min-w-0 space-y-0.5 text-sm">
                <p className="font-medium break-words">
                  {device}
                  {session.current && (
                    <span className="ml-2 rounded bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground">
                      <Trans>This device</Trans>
                    </span>
                  )}
                </p>
                <p className="text-muted-foreground break-all">
                  <Trans>Address</Trans>: {session.ip ?? '—'}
                </p>
                <p className="text-muted-foreground">
                  <Trans>Started</Trans>: {formatDate(session.started_at)} · <Trans>Last seen</Trans>:{' '}
                  {formatDate(session.last_seen_at)}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="self-start sm:self-center"
                onClick={() => askEnd(session)}
                data-testid="end-session"
                aria-label={t`End the session on ${device}`}
              >
                <Trans>End session</Trans>
              </Button>
            </li>
          );
        })}
        {sessions?.length === 0 && (
          <li className="p-3 text-sm text-muted-foreground">
            <Trans>No active sessions.</Trans>
          </li>
        )}
      </ul>
      {dialog}
    </section>
  );
}
