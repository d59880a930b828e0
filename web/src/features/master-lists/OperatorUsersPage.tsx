import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  SimpleSelect,
  Spinner,
  StatusLabel,
  useToast,
  type RowAction,
} from '@portal/design-system';
import {
  resendVerification,
  unlockUser,
  useOperatorUser,
  useOrganizationRoles,
  USERS_PATH,
  type NewOperatorUser,
  type OperatorUser,
  type OperatorUserUpdate,
} from '../../api/operatorUsers';
import { useLabels } from '../../shared/words/labels';
import { useEndSessionsAction } from './endSessionsAction';
import { SignInPolicyButton } from './SignInPolicyButton';
import {
  MasterListPage,
  opt,
  str,
  type CustomFieldProps,
  type MasterListConfig,
} from '../../shared/lists/MasterListPage';
import { errorText } from '../../shared/lists/table';
import {
  OrganizationFilter,
  organizationField,
  useOrganizationTypeLabels,
} from '../../shared/organizations/OrganizationPicker';

/** Statuses of a person who has not proven the email address: the verification email may be sent again. */
const UNVERIFIED = ['VERIFICATION', 'NONVERIFIED', 'PENDING'];

/**
 * /notisphere/users (Notisphere_ManageUsers): every organisation's users, one row per person. Invite into any
 * organisation with one of its roles; Edit and Inactivate an account that is not deactivated, Activate one that is;
 * Unlock a locked account; resend the verification email; see the person's memberships.
 */
export default function UsersPage() {
  const { t } = useLingui();
  const toast = useToast();
  const [organization, setOrganization] = useState<{ id: number; name: string } | null>(null);
  const [memberships, setMemberships] = useState<OperatorUser | null>(null);
  const endSessions = useEndSessionsAction();

  async function run(action: () => Promise<unknown>, done: string, refresh: () => Promise<unknown>) {
    try {
      await action();
      toast.success(done);
      await refresh();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    }
  }

  const config: MasterListConfig<OperatorUser> = {
    pageKey: 'notisphere-users',
    title: t`Users`,
    path: USERS_PATH,
    extraQuery: organization ? { organizationId: String(organization.id) } : undefined,
    statusField: 'status',
    statusKind: 'user',
    // A deactivated account gives Activate only; every other account status is live (spec 000 §4).
    masterStatus: (r) => (r.status === 'DEACTIVATED' ? 'INACTIVE' : 'ACTIVE'),
    allowDelete: false,
    pageSizeOptions: GRID_PAGE_SIZE_OPTIONS,
    columns: [
      { field: 'first_name', header: t`First name`, sortable: true, filterable: true },
      { field: 'last_name', header: t`Last name`, sortable: true, filterable: true },
      { field: 'email', header: t`Email`, sortable: true, filterable: true, hideable: false },
      {
        field: 'organization_names',
        header: t`Organizations`,
        sortable: true,
        filterable: true,
        cell: (r) => r.organization_names ?? '',
      },
      { field: 'phone', header: t`Phone`, defaultHidden: true, cell: (r) => r.phone ?? '' },
    ],
    downloads: { csv: `${USERS_PATH}/csv-download`, xlsx: `${USERS_PATH}/xlsx-download`, name: 'Users Report' },
    extraRowActions: (row, refresh) => {
      const actions: RowAction[] = [{ id: 'memberships', label: t`Memberships`, onSelect: () => setMemberships(row) }];
      if (row.status === 'LOCKED')
        actions.push({
          id: 'unlock',
          label: t`Unlock`,
          onSelect: () => void run(() => unlockUser(row.id), t`Account unlocked.`, refresh),
        });
      if (UNVERIFIED.includes(row.status))
        actions.push({
          id: 'resend',
          label: t`Resend verification email`,
          onSelect: () => void run(() => resendVerification(row.id), t`Verification email sent.`, refresh),
        });
      if (row.status !== 'DEACTIVATED') actions.push(endSessions.action(row));
      return actions;
    },
    toolbar: (
      <>
        <OrganizationFilter organization={organization} onChange={setOrganization} />
        <SignInPolicyButton />
      </>
    ),
    form: {
      addText: t`Invite user`,
      fields: [
        organizationField(t`Organization`, (o) => ({ organization_id: String(o.id), role_id: '' })),
        {
          name: 'role_id',
          label: t`Role`,
          kind: 'custom',
          rules: 'requiredSelect',
          hideOnEdit: true,
          render: (p) => <RoleSelect {...p} />,
        },
        { name: 'first_name', label: t`First name`, rules: 'required' },
        { name: 'last_name', label: t`Last name`, rules: 'required' },
        { name: 'email', label: t`Email`, kind: 'email', rules: 'required|email', createOnly: true },
        { name: 'phone', label: t`Phone`, kind: 'tel', rules: 'phoneNumber' },
      ],
      empty: { organization_id: '', role_id: '', first_name: '', last_name: '', email: '', phone: '' },
      fromRow: (r) => ({ first_name: r.first_name, last_name: r.last_name, email: r.email, phone: r.phone ?? '' }),
      toBody: (v, creating) =>
        creating
          ? ({
              organization_id: Number(str(v, 'organization_id')),
              role_id: Number(str(v, 'role_id')),
              first_name: str(v, 'first_name'),
              last_name: str(v, 'last_name'),
              email: str(v, 'email'),
              phone: opt(v, 'phone'),
            } satisfies NewOperatorUser)
          : ({
              first_name: str(v, 'first_name'),
              last_name: str(v, 'last_name'),
              phone: opt(v, 'phone'),
            } satisfies OperatorUserUpdate),
    },
    children: (
      <>
        {memberships ? <MembershipsDialog user={memberships} onClose={() => setMemberships(null)} /> : null}
        {endSessions.dialog}
      </>
    ),
  };
  // A new organisation filter starts again at page 1 (the saved sort and filters stay).
  return <MasterListPage key={organization?.id ?? 'all'} config={config} />;
}

/** The roles of the organisation picked above it (active ones; a role of another organisation cannot be chosen). */
function RoleSelect({ label, values, change, error, required }: CustomFieldProps) {
  const { t } = useLingui();
  const organizationId = Number(values.organization_id) || null;
  const { data } = useOrganizationRoles(organizationId);
  const options = (data?.items ?? [])
    .filter((r) => r.status === 'ACTIVE')
    .map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <FormField label={label} required={required} error={error}>
      <SimpleSelect
        value={typeof values.role_id === 'string' ? values.role_id : ''}
        onValueChange={(role_id) => change({ role_id })}
        options={options}
        placeholder={organizationId ? t`Select...` : t`Choose the organization first`}
        disabled={!organizationId}
      />
    </FormField>
  );
}

/** A person's memberships: organisation, its type and status, the role and the membership's status. */
function MembershipsDialog({ user, onClose }: { user: OperatorUser; onClose: () => void }) {
  const { t } = useLingui();
  const labels = useLabels();
  const types = useOrganizationTypeLabels();
  const { data, error } = useOperatorUser(user.id);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] overflow-auto">
        <DialogTitle>
          <Trans>Memberships of {user.full_name || user.email}</Trans>
        </DialogTitle>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        ) : !data ? (
          <Spinner label={t`Loading...`} />
        ) : data.memberships.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>This user belongs to no organization.</Trans>
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="memberships">
            <caption className="sr-only">{t`Memberships`}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">{t`Organization`}</th>
                <th scope="col">{t`Type`}</th>
                <th scope="col">{t`Role`}</th>
                <th scope="col">{t`Status`}</th>
              </tr>
            </thead>
            <tbody>
              {data.memberships.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.organization_name}
                    {m.organization_status !== 'ACTIVE' && m.organization_status !== 'LINKED' ? (
                      <span className="ms-1 text-muted-foreground">
                        (<StatusLabel status={m.organization_status} kind="record" labels={labels.statuses} />)
                      </span>
                    ) : null}
                  </td>
                  <td>{types[m.organization_type]}</td>
                  <td>
                    {m.role_name}
                    {m.role_status !== 'ACTIVE' ? (
                      <span className="ms-1 text-muted-foreground">
                        (<StatusLabel status={m.role_status} kind="record" labels={labels.statuses} />)
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <StatusLabel status={m.status} kind="record" labels={labels.statuses} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DialogContent>
    </Dialog>
  );
}
