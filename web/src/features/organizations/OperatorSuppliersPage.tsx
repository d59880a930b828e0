import { useLingui } from '@lingui/react/macro';
import {
  createSupplier,
  updateSupplier,
  useSupplier,
  useSuppliers,
  type SupplierRow,
} from '../../api/operatorOrganizations';
import { administratorBody, emptyValues, organizationBody, valuesOf } from './organizationValues';
import { OrganizationDialog } from './OrganizationDialog';
import { SsoSettingsPanel } from './SsoSettingsPanel';
import { OrganizationList, withFlags, type FlagFilters } from './organizations';
import type { ListState } from '../../shared/lists/table';

/** The roles every new supplier is seeded with (DESIGN §3), offered for self-registration before it exists. */
const SUPPLIER_ROLES = ['Administrator', 'Recall Coordinator', 'Sourcing Coordinator'];

/** /notisphere/suppliers (Notisphere_ManageSuppliers): every supplier, onboarding with an invited administrator. */
export default function SuppliersPage() {
  const { t } = useLingui();
  return (
    <OrganizationList<SupplierRow>
      kind="suppliers"
      title={t`Suppliers`}
      addText={t`Add supplier`}
      pageKey="notisphere-suppliers"
      usePage={useSupplierPage}
      dialog={(props) => <SupplierDialog key={props.id ?? 'new'} {...props} />}
    />
  );
}

/** The list over the grid's state and the flag filters. */
function useSupplierPage(list: ListState, flags: FlagFilters) {
  return useSuppliers({ ...list.query, filterModel: withFlags(list.filterModel, flags) });
}

function SupplierDialog({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const { data, error } = useSupplier(id);
  const loading = id !== null && !data;
  return (
    <OrganizationDialog
      key={data ? `loaded-${data.id}` : 'empty'}
      title={id === null ? t`Add supplier` : t`Edit supplier`}
      creating={id === null}
      loadError={error ? error.message : null}
      registrationUrl={data?.self_registration_url}
      after={id !== null ? <SsoSettingsPanel organizationId={id} /> : null}
      loading={loading}
      initial={data ? valuesOf(data) : emptyValues}
      roleOptions={data ? data.roles.map((r) => r.name) : SUPPLIER_ROLES}
      onClose={onClose}
      onSubmit={async (values) => {
        if (id === null)
          await createSupplier({ ...organizationBody(values), administrator: administratorBody(values) });
        else await updateSupplier(id, organizationBody(values));
        onSaved();
      }}
    />
  );
}
