import { useLingui } from '@lingui/react/macro';
import { useRolePermissions, type Role } from '../../api/supplier';
import { MasterListPage, opt, str, type MasterListConfig } from '../../shared/lists/MasterListPage';
import { usePermissionLabels } from './permissionLabels';

/**
 * Roles of the caller's organisation with the permission checkboxes of GET /roles/permissions (the catalogue of the
 * organisation's type). Shared by /supplier/roles and /provider/roles.
 */
export function OrganizationRolesPage({ pageKey }: { pageKey: string }) {
  const { t } = useLingui();
  const permissionLabels = usePermissionLabels();
  const { data: catalogue } = useRolePermissions();
  const options = (catalogue?.permissions ?? []).map((p) => ({ value: p, label: permissionLabels[p] ?? p }));
  const config: MasterListConfig<Role & { is_system?: boolean }> = {
    pageKey,
    title: t`Roles`,
    path: '/roles',
    statusField: 'status',
    locked: (r) => r.is_system === true,
    columns: [
      { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
      { field: 'description', header: t`Description` },
      { field: 'permissions', header: t`Permissions`, cell: (r) => r.permissions.length },
    ],
    form: {
      addText: t`Add role`,
      fields: [
        { name: 'name', label: t`Name`, rules: 'required' },
        { name: 'description', label: t`Description`, kind: 'textarea' },
        { name: 'permissions', label: t`Permissions`, kind: 'checkboxes', options },
      ],
      empty: { name: '', description: '', permissions: [] },
      fromRow: (r) => ({ name: r.name, description: r.description ?? '', permissions: r.permissions }),
      toBody: (v) => ({
        name: str(v, 'name'),
        description: opt(v, 'description'),
        permissions: Array.isArray(v.permissions) ? v.permissions : [],
      }),
    },
  };
  return <MasterListPage config={config} />;
}

/** /supplier/roles */
export default function RolesPage() {
  return <OrganizationRolesPage pageKey="supplier-roles" />;
}
