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

type Step = 'credentials' | 'organization' | 'code' | 'unlock';
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
  const [code, setCode] = useState('');
  const [unlockCode, setUnlockCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // Without a redirect, the root path sends a signed-in user to the landing page of their type and role.
  if (auth.isAuth && !busy) return <Redirect to={redirect ?? '/'} replace />;

  const fieldErrors = validateForm({ email, password }, { email: 'required|email', password: 'required' }, messages);
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
      if (answer.Challenge) {
        setChallenge(answer.Challenge.message ?? '');
        setStep('code');
        setBusy(false);
        return;
      }
      if (!answer.access_token || !answer.refresh_token) throw new Error(t`Unknown error`);
      completeLogin(store, { access_token: answer.access_token, refresh_token: answer.refresh_token });
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
    void attempt({ email: email.trim(), password });
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
      <FormField label={t`Password`} required error={shown.password}>
        <TextInput
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
      </FormField>
      <Button type="submit" className="w-full" loading={busy} loadingLabel={t`Loading...`}>
        <Trans>Sign in</Trans>
      </Button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-primary underline-offset-4 hover:underline">
          <Trans>Forgot password?</Trans>
        </Link>
      </p>
    </form>
  );
}
