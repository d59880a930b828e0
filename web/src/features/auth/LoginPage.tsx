import { useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useAtomValue, useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, RadioGroup, RadioGroupItem, TextInput } from '@portal/design-system';
import { requestToken, requestUnlockCode, unlockWithCode, type PasswordGrant, type TokenAnswer } from '../../api/auth';
import { ApiError } from '../../api/client';
import { authAtom, authErrorAtom } from '../../state/auth';
import { completeLogin } from '../../shared/session/authActions';
import { safeRedirect } from '../../shared/session/redirect';
import { useValidationMessages, validateForm, hasErrors } from '../../shared/forms/validation';
import { FormError } from '../../shared/forms/FormStates';
import { TotpLoginStep, TotpRecoveryCodesStep, type TotpChallenge } from './TotpLoginStep';
import { goToProvider, routeOf, useSsoRouting } from './ssoRouting';

type Step = 'credentials' | 'organization' | 'code' | 'totp' | 'recovery-codes' | 'unlock';
type Organization = NonNullable<TokenAnswer['login_as_required']>[number];

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError || err instanceof Error ? err.message || fallback : fallback;
}

export default function LoginPage() {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const store = useStore();
  const auth = useAtomValue(authAtom);
  const sessionExpired = useAtomValue(authErrorAtom);
  const search = useSearch();
  const [, navigate] = useLocation();
  const redirect = safeRedirect(new URLSearchParams(search).get('redirect'));

  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [organizationId, setOrganizationId] = useState<string>('');
  const [challenge, setChallenge] = useState<string>('');
  const [totpChallenge, setTotpChallenge] = useState<TotpChallenge | null>(null);
  /** Signed in after enrolling an app here: its recovery codes are shown once before the session starts. */
  const [enrolled, setEnrolled] = useState<{ access_token: string; codes: string[] } | null>(null);
  const [code, setCode] = useState('');
  const [unlockCode, setUnlockCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // Single sign-on (issue 35): an email whose domain signs in at its organisation's provider has no password here.
  const sso = useSsoRouting(email);

  // Without a redirect, the root path sends a signed-in user to the landing page of their type and role.
  if (auth.isAuth && !busy) return <Redirect to={redirect ?? '/'} replace />;

  const ssoName = sso?.sso ? (sso.organization_name ?? '') : null;
  const checked = validateForm({ email, password }, { email: 'required|email', password: 'required' }, messages);
  const fieldErrors = ssoName === null ? checked : { ...checked, password: null };
  const shown = submitted ? fieldErrors : { email: null, password: null };

  async function attempt(grant: PasswordGrant) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await requestToken(grant);
      if (answer.login_as_required && answer.login_as_required.length > 0 && !grant.login_as_organization_id) {
        setOrganizations(answer.login_as_required);
        setOrganizationId(String(answer.login_as_required[0]?.id ?? ''));
        setStep('organization');
        setBusy(false);
        return;
      }
      if (answer.Challenge?.type === 'TOTP' || answer.Challenge?.type === 'TOTP_ENROLL') {
        setTotpChallenge(answer.Challenge);
        setStep('totp');
        setBusy(false);
        return;
      }
      if (answer.Challenge) {
        setChallenge(answer.Challenge.message ?? '');
        setStep('code');
        setBusy(false);
        return;
      }
      if (!answer.access_token) throw new Error(t`Unknown error`);
      if (answer.recovery_codes && answer.recovery_codes.length > 0) {
        setEnrolled({ access_token: answer.access_token, codes: answer.recovery_codes });
        setStep('recovery-codes');
        setBusy(false);
        return;
      }
      completeLogin(store, { access_token: answer.access_token });
      navigate(redirect ?? '/', { replace: true });
    } catch (err) {
      setLocked(err instanceof ApiError && err.status === 423);
      setError(errorText(err, t`Unknown error`));
      setBusy(false);
    }
  }

  function grant(): PasswordGrant {
    return {
      email: email.trim(),
      password,
      ...(organizationId && step !== 'credentials' ? { login_as_organization_id: organizationId } : {}),
    };
  }

  function onCredentials(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(fieldErrors)) return;
    setOrganizationId('');
    void signInOrContinue();
  }

  /** To the provider when the email's domain signs in there (asked again if typed faster than the routing), else the password. */
  async function signInOrContinue() {
    const route = sso ?? (password ? null : await routeOf(email));
    if (!route?.sso) return attempt({ email: email.trim(), password });
    setBusy(true);
    setError(null);
    try {
      await goToProvider(email, redirect);
    } catch (err) {
      setError(errorText(err, t`Unknown error`));
      setBusy(false);
    }
  }

  function onOrganization(event: FormEvent) {
    event.preventDefault();
    if (!organizationId) return;
    void attempt({ email: email.trim(), password, login_as_organization_id: organizationId });
  }

  function onCode(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(messages.required);
      return;
    }
    void attempt({ ...grant(), verification_code: code.trim() });
  }

  async function sendUnlockCode() {
    setBusy(true);
    setError(null);
    try {
      await requestUnlockCode(email.trim());
      setStep('unlock');
      setNotice(t`We sent an unlock code to your email.`);
    } catch (err) {
      setError(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  async function onUnlock(event: FormEvent) {
    event.preventDefault();
    if (!unlockCode.trim()) {
      setError(messages.required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unlockWithCode(email.trim(), unlockCode.trim());
      setLocked(false);
      setUnlockCode('');
      setPassword('');
      setStep('credentials');
      setNotice(t`Your account is unlocked. Please sign in.`);
    } catch (err) {
      setError(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const errorBox = error ? <FormError testId="login-error">{error}</FormError> : null;
  const noticeBox = notice ? (
    <p role="status" className="rounded-md bg-success/10 px-3 py-2 text-sm text-success">
      {notice}
    </p>
  ) : null;

  if (step === 'organization') {
    return (
      <form onSubmit={onOrganization} className="space-y-4" aria-labelledby="login-org-title">
        <h1 id="login-org-title" className="text-xl font-semibold">
          <Trans>Choose an organization</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Your account belongs to several organizations. Choose the one to sign in to.</Trans>
        </p>
        {errorBox}
        <RadioGroup value={organizationId} onValueChange={setOrganizationId} aria-label={t`Organization`}>
          {organizations.map((org) => {
            const id = `login-org-${org.id}`;
            return (
              <div key={String(org.id)} className="flex items-center gap-2">
                <RadioGroupItem value={String(org.id)} id={id} />
                <label htmlFor={id} className="text-sm">
                  {org.name}
                </label>
              </div>
            );
          })}
        </RadioGroup>
        <div className="flex gap-2">
          <Button type="submit" loading={busy} loadingLabel={t`Loading...`}>
            <Trans>Continue</Trans>
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setStep('credentials');
              setError(null);
            }}
          >
            <Trans>Back</Trans>
          </Button>
        </div>
      </form>
    );
  }

  if (step === 'code') {
    return (
      <form onSubmit={onCode} className="space-y-4" aria-labelledby="login-code-title">
        <h1 id="login-code-title" className="text-xl font-semibold">
          <Trans>Verification code</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          {challenge || t`Enter the verification code sent to your email.`}
        </p>
        {errorBox}
        <FormField label={t`Verification code`} required>
          <TextInput value={code} onValueChange={setCode} autoComplete="one-time-code" inputMode="numeric" autoFocus />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" loading={busy} loadingLabel={t`Loading...`}>
            <Trans>Verify</Trans>
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() =>
              void attempt({
                email: email.trim(),
                password,
                ...(organizationId ? { login_as_organization_id: organizationId } : {}),
              })
            }
          >
            <Trans>Resend code</Trans>
          </Button>
        </div>
      </form>
    );
  }

  if (step === 'totp' && totpChallenge) {
    return (
      <TotpLoginStep
        challenge={totpChallenge}
        busy={busy}
        errorBox={errorBox}
        onSubmit={(answer) => void attempt({ ...grant(), ...answer })}
        onBack={() => {
          setStep('credentials');
          setError(null);
        }}
      />
    );
  }

  if (step === 'recovery-codes' && enrolled) {
    return (
      <TotpRecoveryCodesStep
        codes={enrolled.codes}
        onContinue={() => {
          completeLogin(store, { access_token: enrolled.access_token });
          setEnrolled(null);
          navigate(redirect ?? '/', { replace: true });
        }}
      />
    );
  }

  if (step === 'unlock') {
    return (
      <form onSubmit={(e) => void onUnlock(e)} className="space-y-4" aria-labelledby="login-unlock-title">
        <h1 id="login-unlock-title" className="text-xl font-semibold">
          <Trans>Unlock your account</Trans>
        </h1>
        {noticeBox}
        {errorBox}
        <FormField label={t`Unlock code`} required>
          <TextInput value={unlockCode} onValueChange={setUnlockCode} autoComplete="one-time-code" autoFocus />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" loading={busy} loadingLabel={t`Loading...`}>
            <Trans>Unlock</Trans>
          </Button>
          <Button type="button" variant="ghost" onClick={() => setStep('credentials')}>
            <Trans>Back</Trans>
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={onCredentials} noValidate className="space-y-4" aria-labelledby="login-title">
      <h1 id="login-title" className="text-xl font-semibold">
        <Trans>Sign in</Trans>
      </h1>
      {sessionExpired && !error && !notice ? (
        <p
          role="status"
          data-testid="session-expired"
          className="rounded-md bg-warning/20 px-3 py-2 text-sm text-warning-foreground"
        >
          <Trans>Your session has expired. Please sign in again.</Trans>
        </p>
      ) : null}
      {noticeBox}
      {errorBox}
      {locked ? (
        <Button type="button" variant="outline" onClick={() => void sendUnlockCode()} disabled={busy}>
          <Trans>Send unlock code</Trans>
        </Button>
      ) : null}
      <FormField label={t`Email`} required error={shown.email}>
        <TextInput type="email" name="email" autoComplete="username" value={email} onValueChange={setEmail} autoFocus />
      </FormField>
      {ssoName === null ? (
        <FormField label={t`Password`} required error={shown.password}>
          <TextInput
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
        </FormField>
      ) : (
        <p data-testid="sso-notice" className="text-sm text-muted-foreground">
          <Trans>Your organization signs you in with its own sign-in page.</Trans>
        </p>
      )}
      <Button type="submit" className="w-full" loading={busy} loadingLabel={t`Loading...`}>
        {ssoName === null ? <Trans>Sign in</Trans> : <Trans>Continue with {ssoName}'s sign-in</Trans>}
      </Button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-primary underline-offset-4 hover:underline">
          <Trans>Forgot password?</Trans>
        </Link>
      </p>
    </form>
  );
}
