import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Readable, translated names of the supplier permissions (spec §6). */
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
    }),
    [t],
  );
}
