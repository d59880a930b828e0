import { useLingui } from '@lingui/react/macro';
import { GRID_PAGE_SIZE_OPTIONS } from '@portal/design-system';
import type { ResponseData } from '../../api/contract';
import { useSupplierNameList } from '../../api/provider';
import { MasterListPage, opt, str, type MasterListConfig } from '../../shared/lists/MasterListPage';

/** A provider's contact at one supplier (generated from GET /provider/supplier-contacts/{id}). */
export type SupplierContact = ResponseData<'getProviderSupplierContactsId'>;

/**
 * /provider/supplier-contacts: whom the provider writes to at each supplier (one contact per supplier); the view's
 * supplier contact shows it in place of the event's own contact.
 */
export default function SupplierContactsPage() {
  const { t } = useLingui();
  const { data: suppliers } = useSupplierNameList();
  const supplierOptions = (suppliers ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const config: MasterListConfig<SupplierContact> = {
    pageKey: 'provider-supplier-contacts',
    title: t`Supplier Contacts`,
    path: '/provider/supplier-contacts',
    statusField: 'status',
    // Spec 000 §4: ACTIVE gives Edit and Inactivate, anything else Activate only.
    allowDelete: false,
    pageSizeOptions: GRID_PAGE_SIZE_OPTIONS,
    columns: [
      { field: 'supplier_name', header: t`Supplier`, sortable: true, filterable: true, hideable: false },
      { field: 'name', header: t`Contact name`, sortable: true, filterable: true },
      { field: 'email', header: t`Email`, sortable: true, filterable: true },
      { field: 'phone', header: t`Phone`, filterable: true },
    ],
    form: {
      addText: t`Add supplier contact`,
      fields: [
        {
          name: 'supplier_organization_id',
          label: t`Supplier`,
          kind: 'select',
          rules: 'required',
          options: supplierOptions,
        },
        { name: 'name', label: t`Contact name`, rules: 'required' },
        { name: 'email', label: t`Email`, kind: 'email', rules: 'required|email' },
        { name: 'phone', label: t`Phone`, kind: 'tel', rules: 'phoneNumber' },
        { name: 'notes', label: t`Notes`, kind: 'textarea' },
      ],
      empty: { supplier_organization_id: '', name: '', email: '', phone: '', notes: '' },
      fromRow: (r) => ({
        supplier_organization_id: String(r.supplier_organization_id),
        name: r.name,
        email: r.email,
        phone: r.phone ?? '',
        notes: r.notes ?? '',
      }),
      toBody: (v) => ({
        supplier_organization_id: Number(str(v, 'supplier_organization_id')),
        name: str(v, 'name'),
        email: str(v, 'email'),
        phone: opt(v, 'phone'),
        notes: opt(v, 'notes'),
      }),
    },
  };
  return <MasterListPage config={config} />;
}
