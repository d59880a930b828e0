import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { GRID_PAGE_SIZE_OPTIONS } from '@portal/design-system';
import {
  ROLES_PATH,
  usePermissionCatalogues,
  type NewOperatorRole,
  type OperatorRole,
  type OperatorRoleUpdate,
  type OrganizationType,
} from '../../api/operatorUsers';
import { MasterListPage, opt, str, type FormValues, type MasterListConfig } from '../../shared/lists/MasterListPage';
import { usePermissionLabels } from './permissionLabels';
import {
  OrganizationFilter,
  organizationField,
  useOrganizationTypeLabels,
} from '../../shared/organizations/OrganizationPicker';

/**
 * /notisphere/roles (Notisphere_ManageRoles): roles of every organisation. A role's permissions come from the
 * catalogue of its organisation's type (spec 000 §6), so the checkboxes follow the organisation picked.
 */
export default function RolesPage() {
  const { t } = useLingui();
  const permissionLabels = usePermissionLabels();
  const types = useOrganizationTypeLabels();
  const { data: catalogues } = usePermissionCatalogues();
  const [organization, setOrganization] = useState<{ id: number; name: string } | null>(null);

  const permissionOptions = (values: FormValues) => {
    const type = values.organization_type as OrganizationType | '';
    return (type && catalogues ? catalogues[type] : []).map((p) => ({ value: p, label: permissionLabels[p] ?? p }));
  };

  const config: MasterListConfig<OperatorRole> = {
    pageKey: 'notisphere-roles',
    title: t`Roles`,
    path: ROLES_PATH,
    extraQuery: organization ? { organizationId: String(organization.id) } : undefined,
    statusField: 'status',
    allowDelete: false,
    pageSizeOptions: GRID_PAGE_SIZE_OPTIONS,
    // The built-in roles (Administrator) hold their organisation's whole catalogue and are not changed.
    locked: (r) => r.is_system,
    columns: [
      { field: 'organization_name', header: t`Organization`, sortable: true, filterable: true },
      {
        field: 'organization_type',
        header: t`Type`,
        sortable: true,
        cell: (r) => types[r.organization_type],
      },
      { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
      { field: 'description', header: t`Description`, cell: (r) => r.description ?? '' },
      { field: 'permissions', header: t`Permissions`, cell: (r) => r.permissions.length },
    ],
    toolbar: <OrganizationFilter organization={organization} onChange={setOrganization} />,
    form: {
      addText: t`Add role`,
      fields: [
        // Another type has another catalogue: the ticks of the former one go.
        organizationField(t`Organization`, (o) => ({
          organization_id: String(o.id),
          organization_type: o.type,
          permissions: [],
        })),
        { name: 'name', label: t`Name`, rules: 'required' },
        { name: 'description', label: t`Description`, kind: 'textarea' },
        { name: 'permissions', label: t`Permissions`, kind: 'checkboxes', options: permissionOptions },
      ],
      empty: { organization_id: '', organization_type: '', name: '', description: '', permissions: [] },
      fromRow: (r) => ({
        organization_id: String(r.organization_id),
        organization_type: r.organization_type,
        name: r.name,
        description: r.description ?? '',
        permissions: r.permissions,
      }),
      toBody: (v, creating) => {
        const role: OperatorRoleUpdate = {
          name: str(v, 'name'),
          description: opt(v, 'description'),
          permissions: Array.isArray(v.permissions) ? v.permissions : [],
        };
        return creating
          ? ({ ...role, organization_id: Number(str(v, 'organization_id')) } satisfies NewOperatorRole)
          : role;
      },
    },
  };
  // A new organisation filter starts again at page 1 (the saved sort and filters stay).
  return <MasterListPage key={organization?.id ?? 'all'} config={config} />;
}
