import { useLingui } from '@lingui/react/macro';
import type { InventoryField, InventoryKind } from '@portal/vocabulary';

/** The item master's fields as the import's mapping names them. */
export function useFieldWords(): Record<InventoryField, string> {
  const { t } = useLingui();
  return {
    gtin: t`GTIN or UDI-DI`,
    udi: t`Full UDI (barcode text)`,
    manufacturer: t`Manufacturer`,
    catalogue: t`Catalogue number`,
    model: t`Model`,
    description: t`Description`,
    lot: t`Lot`,
    serial: t`Serial`,
    expiry: t`Expiry`,
    quantity: t`Quantity`,
    department: t`Department`,
    site: t`Site or location`,
    supplier: t`Supplier`,
    purchased_on: t`Purchase date`,
    order_number: t`Order number`,
  };
}

export function useKindWords(): Record<InventoryKind, string> {
  const { t } = useLingui();
  return { items: t`Item master`, purchases: t`Purchase history` };
}
