import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { useMe, useMyOrganization } from '../../api/me';
import { FormLoading } from '../../shared/forms/FormStates';
import { SessionsPanel } from './SessionsPanel';
import { TotpPanel } from './TotpPanel';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="col-span-2 text-sm">{children}</dd>
    </div>
  );
}

export default function AccountPage() {
  const { data: me, isLoading } = useMe();
  const { data: organization } = useMyOrganization();
  if (isLoading || !me) {
    return <FormLoading />;
  }
  return (
    <section className="max-w-2xl space-y-4" data-testid="account">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">
          <Trans>My Profile</Trans>
        </h1>
        <Link href="/account/edit" className="text-sm text-primary underline-offset-4 hover:underline">
          <Trans>Edit profile</Trans>
        </Link>
      </div>
      <dl className="divide-y rounded-md border px-4">
        <Row label={<Trans>Name</Trans>}>{me.full_name}</Row>
        <Row label={<Trans>Email</Trans>}>{me.email}</Row>
        <Row label={<Trans>Phone</Trans>}>{me.phone || '—'}</Row>
        <Row label={<Trans>Role</Trans>}>{me.role_name || '—'}</Row>
        <Row label={<Trans>Organization</Trans>}>{organization?.name ?? me.organization.name}</Row>
      </dl>
      <TotpPanel />
      <SessionsPanel />
    </section>
  );
}
