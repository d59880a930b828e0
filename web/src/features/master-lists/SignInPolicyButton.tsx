import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Spinner, useToast } from '@portal/design-system';
import { saveSignInPolicy, useSignInPolicy } from '../../api/signInPolicy';
import { FormDialog } from '../../shared/forms/FormDialog';
import { FormError } from '../../shared/forms/FormStates';
import { errorText } from '../../shared/lists/table';
import { TwoFactorSelect, type TwoFactor } from '../../shared/organizations/TwoFactorSelect';

/**
 * The operator's own sign-in security (issue 34, item 5c), beside its users list: the second factor its users give at
 * sign-in. Suppliers and providers set theirs on their profile and the operator sets theirs in its organisation
 * dialogs; the operator's own organisation is in neither list, so its administrator sets it here.
 */
export function SignInPolicyButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Trans>Sign-in security</Trans>
      </Button>
      {open ? <SignInPolicyDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SignInPolicyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const { data, error, mutate } = useSignInPolicy();
  const [choice, setChoice] = useState<TwoFactor | null>(null);
  const value = choice ?? data?.two_factor ?? null;

  async function submit(): Promise<string | undefined> {
    if (!value) return t`Unknown error`;
    await mutate(await saveSignInPolicy({ two_factor: value }), { revalidate: false });
    toast.success(t`Sign-in security saved.`);
    onClose();
    return undefined;
  }

  return (
    <FormDialog title={t`Sign-in security`} testId="sign-in-policy-form" onClose={onClose} submit={submit}>
      <p className="text-sm text-muted-foreground">
        <Trans>What the operator's own users give after their password when they sign in.</Trans>
      </p>
      {error ? (
        <FormError>{errorText(error, t`Unknown error`)}</FormError>
      ) : !value ? (
        <Spinner label={t`Loading...`} />
      ) : (
        <>
          <TwoFactorSelect value={value} onChange={setChoice} />
          {value === 'TOTP' ? (
            <p className="text-sm text-muted-foreground">
              <Trans>Users without an authenticator app set one up at their next sign-in.</Trans>
            </p>
          ) : (
            <p role="note" className="rounded-md bg-warning/20 px-3 py-2 text-sm text-warning-foreground">
              <Trans>
                An authenticator app is recommended for the operator's users: they can see every organization. Users who
                already have an app keep being asked for its code.
              </Trans>
            </p>
          )}
        </>
      )}
    </FormDialog>
  );
}
