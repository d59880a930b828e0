import { OrganizationUsersPage } from '../supplier/UsersPage';

/** /provider/users: the supplier's users page on the provider's own grid state, with site assignment. */
export default function ProviderUsersPage() {
  return <OrganizationUsersPage pageKey="provider-users" sites />;
}
