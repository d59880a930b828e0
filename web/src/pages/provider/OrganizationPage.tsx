import { OrganizationProfilePage } from '../supplier/OrganizationPage';

/** /provider/organization: the supplier's organisation profile page, for a health system or site. */
export default function ProviderOrganizationPage() {
  return <OrganizationProfilePage testId="provider-organization" />;
}
