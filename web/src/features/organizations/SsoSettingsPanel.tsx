import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, Switch, TextInput } from '@portal/design-system';
import { ApiError } from '../../api/client';
import { saveSsoSettings, type SsoSettings, useSsoSettings } from '../../api/sso';
import { FormError, FormLoading } from '../../shared/forms/FormStates';

interface Draft {
  enabled: boolean;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  email_claim: string;
  email_domains: string;
  jit_enabled: boolean;
  jit_role_id: string;
}

const draftOf = (s: SsoSettings): Draft => ({
  enabled: s.enabled,
  issuer: s.issuer ?? '',
  client_id: s.client_id ?? '',
  client_secret: '',
  scopes: s.scopes,
  email_claim: s.email_claim,
  email_domains: s.email_domains.join(', '),
  jit_enabled: s.jit_enabled,
  jit_role_id: s.jit_role_id ? String(s.jit_role_id) : '',
});

/**
 * An organisation's single sign-on (issue 35): its OpenID provider, the email domains routed to it, and just-in-time
 * membership. The operator passes the organisation; its own administrator passes none. The client secret is
 * write-only: the screen says whether one is set and sends a new one only when typed.
 */
export function SsoSettingsPanel({ organizationId }: { organizationId?: number }) {
  const { t } = useLingui();
  const { data, error, isLoading, mutate } = useSsoSettings(organizationId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);

  if (isLoading) return <FormLoading />;
  if (error || !data || !draft) return <FormError>{error?.message ?? t`Unknown error`}</FormError>;
  const redirectUri = data.redirect_uri;
  const logoutUri = data.post_logout_redirect_uri;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setSaved(false);
    setDraft({ ...draft, [key]: value });
  };

  async function onSave(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await saveSsoSettings(
        {
          enabled: draft.enabled,
          issuer: draft.issuer.trim(),
          client_id: draft.client_id.trim(),
          ...(draft.client_secret ? { client_secret: draft.client_secret } : {}),
          scopes: draft.scopes.trim(),
          email_claim: draft.email_claim.trim(),
          email_domains: draft.email_domains
            .split(/[\s,;]+/)
            .map((d) => d.trim())
            .filter(Boolean),
          jit_enabled: draft.jit_enabled,
          jit_role_id: draft.jit_role_id ? Number(draft.jit_role_id) : null,
        },
        organizationId,
      );
      await mutate(answer, { revalidate: false });
      setSaved(true);
    } catch (err) {
      setProblem(err instanceof ApiError || err instanceof Error ? err.message : t`Unknown error`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSave(e)} className="space-y-4" data-testid="sso-settings" aria-labelledby="sso-title">
      <h2 id="sso-title" className="text-lg font-semibold">
        <Trans>Single sign-on</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Register this redirect URI at your identity provider: {redirectUri} (and this sign-out return address:{' '}
          {logoutUri}).
        </Trans>
      </p>
      {problem ? <FormError testId="sso-settings-error">{problem}</FormError> : null}
      {saved ? (
        <p role="status" className="rounded-md bg-success/10 px-3 py-2 text-sm text-success">
          <Trans>Saved.</Trans>
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <Switch
          checked={draft.enabled}
          onCheckedChange={(v) => set('enabled', v)}
          aria-label={t`Sign in through the identity provider`}
        />
        <Trans>Sign in through the identity provider</Trans>
      </label>
      <FormField label={t`Issuer URL`} required>
        <TextInput name="sso-issuer" value={draft.issuer} onValueChange={(v) => set('issuer', v)} inputMode="url" />
      </FormField>
      <FormField label={t`Client ID`} required>
        <TextInput name="sso-client-id" value={draft.client_id} onValueChange={(v) => set('client_id', v)} />
      </FormField>
      <FormField
        label={
          data.client_secret_set ? t`Client secret (set; type a new one to replace it)` : t`Client secret (not set)`
        }
      >
        <TextInput
          name="sso-client-secret"
          type="password"
          autoComplete="new-password"
          value={draft.client_secret}
          onValueChange={(v) => set('client_secret', v)}
        />
      </FormField>
      <FormField label={t`Scopes`} required>
        <TextInput name="sso-scopes" value={draft.scopes} onValueChange={(v) => set('scopes', v)} />
      </FormField>
      <FormField label={t`Email claim`} required>
        <TextInput name="sso-email-claim" value={draft.email_claim} onValueChange={(v) => set('email_claim', v)} />
      </FormField>
      <FormField label={t`Email domains (comma-separated)`} required>
        <TextInput name="sso-domains" value={draft.email_domains} onValueChange={(v) => set('email_domains', v)} />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <Switch
          checked={draft.jit_enabled}
          onCheckedChange={(v) => set('jit_enabled', v)}
          aria-label={t`Add unknown people as members when they first sign in`}
        />
        <Trans>Add unknown people as members when they first sign in</Trans>
      </label>
      {draft.jit_enabled ? (
        <FormField label={t`Role of new members`} required>
          <select
            name="sso-role"
            className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
            value={draft.jit_role_id}
            onChange={(e) => set('jit_role_id', e.target.value)}
          >
            <option value="">{t`Choose a role`}</option>
            {data.roles.map((role) => (
              <option key={role.id} value={String(role.id)}>
                {role.name}
              </option>
            ))}
          </select>
        </FormField>
      ) : null}
      <Button type="submit" loading={busy} loadingLabel={t`Loading...`}>
        <Trans>Save single sign-on</Trans>
      </Button>
    </form>
  );
}
