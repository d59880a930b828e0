import { ProductFieldsManager } from './shared/ProductFieldsManager';

/** /supplier/fields (Supplier_ManageProductFields): the supplier's own custom product fields. */
export default function ProductFieldsPage() {
  return <ProductFieldsManager side="supplier" />;
}
