import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, ConfirmDialog, FormField, TextInput } from '@portal/design-system';
import {
  confirmTotp,
  disableTotp,
  renewRecoveryCodes,
  startTotpSetup,
  type TotpEnrollment,
  useTotpStatus,
} from '../../api/totp';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { errorText, formatDate } from '../../shared/lists/table';
import { RecoveryCodesView, TotpSecretView } from '../../shared/totp/TotpSecretView';

/**
 * The account page's authenticator app (TOTP): set it up (QR code or key, confirmed by a first code, then ten
 * recovery codes shown once), create new recovery codes, or remove it; both need a current code.
 */
export function TotpPanel() {
  const { t } = useLingui();
  const { data: status, mutate } = useTotpStatus();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
      setCode('');
    } catch (err) {
      setError(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const needCode = () => {
    if (code.trim()) return true;
    setError(t`Enter a code from your authenticator app.`);
    return false;
  };

  const start = () =>
    run(async () => {
      setCodes(null);
      setEnrollment(await startTotpSetup());
    });

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!needCode()) return;
    void run(async () => {
      const answer = await confirmTotp(code.replace(/\s/g, ''));
      setEnrollment(null);
      setCodes(answer.recovery_codes);
      await mutate();
    });
  }

  function renew() {
    if (!needCode()) return;
    void run(async () => {
      setCodes((await renewRecoveryCodes(code.trim())).recovery_codes);
      await mutate();
    });
  }

  function remove() {
    setConfirming(false);
    void run(async () => {
      await disableTotp(code.trim());
      setCodes(null);
      await mutate();
    });
  }

  if (!status) return <FormLoading />;
  const since = formatDate(status.confirmed_at);
  const left = status.recovery_codes_left;
  const errorBox = error ? <FormError testId="totp-error">{error}</FormError> : null;
  const codeField = (label: string) => (
    <FormField label={label} required>
      <TextInput value={code} onValueChange={setCode} autoComplete="one-time-code" />
    </FormField>
  );

  return (
    <section className="space-y-3 rounded-md border p-4" data-testid="totp-panel" aria-labelledby="totp-title">
      <h2 id="totp-title" className="text-lg font-semibold">
        <Trans>Authenticator app</Trans>
      </h2>
      {codes ? <RecoveryCodesView codes={codes} /> : null}
      {status.enabled ? (
        <>
          <p className="text-sm" data-testid="totp-on">
            <Trans>
              On since {since}. Recovery codes left: {left}.
            </Trans>
          </p>
          {status.recovery_codes_left === 0 && !codes ? (
            <p role="status" className="rounded-md bg-warning/20 px-3 py-2 text-sm text-warning-foreground">
              <Trans>You have no recovery codes. Create them now, in case you lose your app.</Trans>
            </p>
          ) : null}
          {errorBox}
          {codeField(t`Authenticator or recovery code`)}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" loading={busy} onClick={renew}>
              <Trans>Create new recovery codes</Trans>
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={busy}
              onClick={() => {
                if (needCode()) setConfirming(true);
              }}
            >
              <Trans>Remove authenticator app</Trans>
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            onConfirm={remove}
            destructive
            title={t`Remove the authenticator app?`}
            description={
              status.required
                ? t`Your organization requires an authenticator app: you will set one up again at your next sign-in.`
                : t`Signing in will no longer ask for its code. Your recovery codes stop working.`
            }
            confirmText={t`Remove`}
            cancelText={t`Cancel`}
          />
        </>
      ) : enrollment ? (
        <form onSubmit={confirm} noValidate className="space-y-3">
          <TotpSecretView secret={enrollment.secret} uri={enrollment.otpauth_uri} />
          {errorBox}
          {codeField(t`Code from the app`)}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy}>
              <Trans>Confirm</Trans>
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEnrollment(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {status.required ? (
              <Trans>Your organization requires an authenticator app at sign-in.</Trans>
            ) : (
              <Trans>Add a code from an authenticator app to your sign-in.</Trans>
            )}
          </p>
          {errorBox}
          <Button type="button" loading={busy} onClick={() => void start()}>
            <Trans>Set up authenticator app</Trans>
          </Button>
        </>
      )}
    </section>
  );
}
