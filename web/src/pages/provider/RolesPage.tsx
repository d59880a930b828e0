import { OrganizationRolesPage } from '../supplier/RolesPage';

/** /provider/roles: the supplier's roles page; GET /roles/permissions answers the provider catalogue (spec 000 §6). */
export default function ProviderRolesPage() {
  return <OrganizationRolesPage pageKey="provider-roles" />;
}
