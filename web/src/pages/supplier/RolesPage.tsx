import { useLingui } from '@lingui/react/macro';
import { useRolePermissions, type Role } from '../../api/supplier';
import { MasterListPage, opt, str, type MasterListConfig } from './shared/MasterListPage';
import { usePermissionLabels } from './shared/permissions';

/** /supplier/roles: roles of the organisation with the permission checkboxes of GET /roles/permissions. */
export default function RolesPage() {
  const { t } = useLingui();
  const permissionLabels = usePermissionLabels();
  const { data: catalogue } = useRolePermissions();
  const options = (catalogue?.permissions ?? []).map((p) => ({ value: p, label: permissionLabels[p] ?? p }));
  const config: MasterListConfig<Role & { is_system?: boolean }> = {
    pageKey: 'supplier-roles',
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
