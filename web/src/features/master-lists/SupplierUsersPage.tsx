import { useLingui } from '@lingui/react/macro';
import { StatusLabel, useToast, type RowAction } from '@portal/design-system';
import { resendInvitation, unlockUser, useAssignableOrganizations, useRoles, type OrgUser } from '../../api/supplier';
import { errorText } from '../../shared/lists/table';
import { useLabels } from '../../shared/words/labels';
import { MasterListPage, opt, str, type MasterListConfig } from '../../shared/lists/MasterListPage';
import { useEndSessionsAction } from './endSessionsAction';

/** Account statuses of a person who has not proven the address yet (spec 000 §4): an invitation can go again. */
const UNVERIFIED = ['VERIFICATION', 'NONVERIFIED', 'PENDING'];

/**
 * Members of the caller's organisation (the API scopes /users to it): invite, edit, activate/inactivate, delete,
 * unlock a locked account. Shared by /supplier/users and /provider/users; `pageKey` keeps each side's grid state apart.
 * With `sites` (a provider) the list names each member's organisation and the form assigns the health system or one
 * of its sites (a role picked for a site becomes the site's role of that name).
 */
export function OrganizationUsersPage({ pageKey, sites = false }: { pageKey: string; sites?: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const labels = useLabels();
  const endSessions = useEndSessionsAction();
  const { data: roles } = useRoles({
    pageNumber: 1,
    pageSize: 500,
    filterModel: { status: { filterType: 'text', type: 'contains', filter: 'ACTIVE' } },
  });
  const roleOptions = (roles?.items ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const { data: organizations } = useAssignableOrganizations(sites);
  const organizationOptions = (organizations ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  // Only a health system with sites has a choice to make.
  const assigns = organizationOptions.length > 1;
  const config: MasterListConfig<OrgUser> = {
    pageKey,
    title: t`Users`,
    path: '/users',
    statusField: 'membership_status',
    columns: [
      { field: 'first_name', header: t`First name`, sortable: true, filterable: true },
      { field: 'last_name', header: t`Last name`, sortable: true, filterable: true },
      { field: 'email', header: t`Email`, sortable: true, filterable: true, hideable: false },
      { field: 'role_name', header: t`Role`, sortable: true, filterable: true },
      ...(sites
        ? [
            {
              field: 'organization_name' as const,
              header: t`Organization`,
              sortable: true,
              filterable: true,
              // One row per person: the membership the row changes, then the person's other sites.
              cell: (r: OrgUser) =>
                r.also_in?.length ? (
                  <span>
                    {r.organization_name}
                    <span className="block text-xs text-muted-foreground">{t`Also: ${r.also_in.join(', ')}`}</span>
                  </span>
                ) : (
                  r.organization_name
                ),
            },
          ]
        : []),
      {
        field: 'status',
        header: t`Account Status`,
        sortable: true,
        cell: (r) => <StatusLabel status={r.status} kind="user" labels={labels.statuses} />,
      },
    ],
    extraRowActions: (r, refresh) => {
      const run = (call: () => Promise<unknown>, done: string) =>
        void call()
          .then(() => refresh())
          .then(() => toast.success(done))
          .catch((err: unknown) => toast.danger(errorText(err, t`Unknown error`)));
      const actions: RowAction[] = [];
      if (r.status === 'LOCKED')
        actions.push({
          id: 'unlock',
          label: t`Unlock`,
          onSelect: () => run(() => unlockUser(r.id), t`Account unlocked.`),
        });
      if (UNVERIFIED.includes(r.status))
        actions.push({
          id: 'resend',
          label: t`Resend verification email`,
          onSelect: () => run(() => resendInvitation(r.id), t`Verification email sent.`),
        });
      if (r.status !== 'DEACTIVATED') actions.push(endSessions.action(r));
      return actions;
    },
    downloads: { csv: '/users/csv-download', xlsx: '/users/xlsx-download', name: 'Users Report' },
    children: endSessions.dialog,
    form: {
      addText: t`Invite user`,
      fields: [
        { name: 'first_name', label: t`First name`, rules: 'required' },
        { name: 'last_name', label: t`Last name`, rules: 'required' },
        { name: 'email', label: t`Email`, kind: 'email', rules: 'required|email', createOnly: true },
        { name: 'phone', label: t`Phone`, kind: 'tel', rules: 'phoneNumber' },
        { name: 'role_id', label: t`Role`, kind: 'select', rules: 'requiredSelect', options: roleOptions },
        ...(assigns
          ? [
              {
                name: 'organization_id',
                label: t`Organization or site`,
                kind: 'select' as const,
                rules: 'requiredSelect',
                options: organizationOptions,
              },
            ]
          : []),
      ],
      empty: {
        first_name: '',
        last_name: '',
        email: '',
        phone: '',
        role_id: '',
        organization_id: organizationOptions[0]?.value ?? '',
      },
      fromRow: (r) => ({
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email,
        phone: r.phone ?? '',
        // A site member holds the site's role: the form offers the same-named role of the organisation.
        role_id:
          roleOptions.find((o) => o.value === String(r.role_id))?.value ??
          roleOptions.find((o) => o.label === r.role_name)?.value ??
          '',
        organization_id: r.organization_id ? String(r.organization_id) : '',
      }),
      toBody: (v, creating) => ({
        first_name: str(v, 'first_name'),
        last_name: str(v, 'last_name'),
        ...(creating ? { email: str(v, 'email') } : {}),
        phone: opt(v, 'phone'),
        role_id: Number(str(v, 'role_id')),
        ...(assigns && str(v, 'organization_id') ? { organization_id: Number(str(v, 'organization_id')) } : {}),
      }),
    },
  };
  return <MasterListPage config={config} />;
}

/** /supplier/users */
export default function UsersPage() {
  return <OrganizationUsersPage pageKey="supplier-users" />;
}
