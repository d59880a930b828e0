import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, RadioGroup, RadioGroupItem } from '@portal/design-system';
import { ApiError, type TokenAnswer } from '../../api/client';
import { rememberProviderSignIn, ssoToken, type SsoReturn } from '../../api/sso';
import { completeLogin } from '../../shared/session/authActions';
import { safeRedirect } from '../../shared/session/redirect';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { clearPendingSso, pendingSso } from './ssoRouting';

type Organization = NonNullable<TokenAnswer['login_as_required']>[number];

/**
 * Where the identity provider sends the browser back (issue 35): the spec's login request with the provider's code
 * and the nonce of the start, then the same ends as the password sign-in: the organisation to choose, or the landing page.
 */
export default function SsoCallbackPage() {
  const { t } = useLingui();
  const store = useStore();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [organizationId, setOrganizationId] = useState('');
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const [leg] = useState<(SsoReturn & { redirect: string | null }) | null>(() => {
    const params = new URLSearchParams(search);
    const pending = pendingSso();
    const code = params.get('code');
    const state = params.get('state');
    if (!pending || !code || !state || params.get('error')) return null;
    const iss = params.get('iss');
    return { auth_code: code, state, nonce: pending.nonce, ...(iss ? { iss } : {}), redirect: pending.redirect };
  });

  async function finish(chosen?: string) {
    if (!leg) return;
    setBusy(true);
    setError(null);
    try {
      const { redirect, ...request } = leg;
      const answer = await ssoToken({ ...request, ...(chosen ? { login_as_organization_id: chosen } : {}) });
      if (!chosen && answer.login_as_required && answer.login_as_required.length > 0) {
        setOrganizations(answer.login_as_required);
        setOrganizationId(String(answer.login_as_required[0]?.id ?? ''));
        setBusy(false);
        return;
      }
      if (!answer.access_token) throw new Error(t`Unknown error`);
      clearPendingSso();
      rememberProviderSignIn();
      completeLogin(store, { access_token: answer.access_token });
      navigate(safeRedirect(redirect) ?? '/', { replace: true });
    } catch (err) {
      clearPendingSso();
      setError(err instanceof ApiError || err instanceof Error ? err.message : t`Unknown error`);
      setBusy(false);
    }
  }

  // Once, on arrival (the ref keeps a second effect run from exchanging twice).
  const finishOnce = useRef(finish);
  finishOnce.current = finish;
  useEffect(() => {
    if (started.current || !leg) return;
    started.current = true;
    void finishOnce.current();
  }, [leg]);

  const back = (
    <Link href="/login" className="text-primary underline-offset-4 hover:underline">
      <Trans>Back to sign in</Trans>
    </Link>
  );

  if (!leg || error)
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">
          <Trans>Sign in</Trans>
        </h1>
        <FormError testId="sso-error">
          {error ?? t`The sign-in at your organization did not complete. Please start again.`}
        </FormError>
        <p className="text-sm">{back}</p>
      </div>
    );

  if (organizations.length > 0)
    return (
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (organizationId) void finish(organizationId);
        }}
        className="space-y-4"
        aria-labelledby="sso-org-title"
      >
        <h1 id="sso-org-title" className="text-xl font-semibold">
          <Trans>Choose an organization</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Your account belongs to several organizations. Choose the one to sign in to.</Trans>
        </p>
        <RadioGroup value={organizationId} onValueChange={setOrganizationId} aria-label={t`Organization`}>
          {organizations.map((org) => {
            const id = `sso-org-${org.id}`;
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
        <Button type="submit" loading={busy} loadingLabel={t`Loading...`}>
          <Trans>Continue</Trans>
        </Button>
      </form>
    );

  return <FormLoading />;
}
