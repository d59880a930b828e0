import { ProductFieldsManager } from '../supplier/shared/ProductFieldsManager';

/** /notisphere/fields (Notisphere_ManageProductFields): the platform-wide custom product fields. */
export default function ProductFieldsPage() {
  return <ProductFieldsManager side="notisphere" />;
}
