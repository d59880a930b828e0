import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Readable, translated names of the permissions of every organisation type (spec §6). */
export function usePermissionLabels(): Record<string, string> {
  const { t } = useLingui();
  return useMemo(
    () => ({
      Supplier_ViewDashboard: t`View dashboard`,
      Supplier_ManageRecalls: t`Manage recalls`,
      Supplier_ManageDisruption: t`Manage supply advisories`,
      Supplier_ManageLookupValues: t`Manage lookup values`,
      Supplier_ManageProductFields: t`Manage product fields`,
      Supplier_ManageProfile: t`Manage organization profile`,
      Supplier_ManageRoles: t`Manage roles`,
      Supplier_ManageUsers: t`Manage users`,
      Supplier_ManageSalesRepresentative: t`Manage sales representatives`,
      Supplier_ManageLocations: t`Manage locations`,
      Supplier_ViewFAQs: t`View FAQs`,
      Supplier_ViewContact: t`View contact page`,
      Supplier_ViewUserGuides: t`View user guides`,
      Provider_ViewDashboard: t`View dashboard`,
      View_Dashboard: t`View dashboard (landing page)`,
      Provider_ManageRecalls: t`Manage recalls`,
      Provider_ManageDisruption: t`Manage supply advisories`,
      Provider_ResponderRole: t`Respond to notices (eR responses)`,
      Provider_ManageProfile: t`Manage organization profile`,
      Provider_ManageLocations: t`Manage locations`,
      Provider_ManageRoles: t`Manage roles`,
      Provider_ManageUsers: t`Manage users`,
      Provider_ManageSupplierContacts: t`Manage supplier contacts`,
      Provider_ManageEmailTemplates: t`Manage email templates`,
      Provider_ViewFAQs: t`View FAQs`,
      Provider_ViewContact: t`View contact page`,
      Provider_ViewUserGuides: t`View user guides`,
      Notisphere_ViewDashboard: t`View dashboard`,
      Notisphere_ViewKeyMetrics: t`View key metrics`,
      Notisphere_ManageRecalls: t`Manage recalls`,
      NotiSphere_ResponderRole: t`View eR responses`,
      Notisphere_ManageSuppliers: t`Manage suppliers`,
      Notisphere_ManageProviders: t`Manage providers`,
      Notisphere_ManageLocations: t`Manage locations`,
      Notisphere_ManageProductFields: t`Manage product fields`,
      Notisphere_ManageLookupValues: t`Manage lookup values`,
      Notisphere_ManageUsers: t`Manage users`,
      Notisphere_ManageRoles: t`Manage roles`,
      Notisphere_ManageEmailTemplates: t`Manage email templates`,
      Notisphere_ManageUserGuides: t`Manage user guides`,
      Notisphere_ManageFAQs: t`Manage FAQs`,
      Notisphere_ViewFDAInformation: t`View FDA information`,
    }),
    [t],
  );
}
