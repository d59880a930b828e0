/**
 * The item master's and purchase history's fields and the column headers that name them (issue 38): an import proposes
 * a mapping from the file's header row by these synonyms, the last confirmed mapping first. Shared so the web can
 * propose again when the header row changes.
 */
export const INVENTORY_KINDS = ['items', 'purchases'] as const;
export type InventoryKind = (typeof INVENTORY_KINDS)[number];

export const ITEM_FIELDS = [
  'gtin',
  'udi',
  'manufacturer',
  'catalogue',
  'model',
  'description',
  'lot',
  'serial',
  'expiry',
  'quantity',
  'department',
  'site',
] as const;
export const PURCHASE_FIELDS = [
  'gtin',
  'udi',
  'manufacturer',
  'catalogue',
  'model',
  'description',
  'lot',
  'serial',
  'quantity',
  'site',
  'supplier',
  'purchased_on',
  'order_number',
] as const;
export type InventoryField = (typeof ITEM_FIELDS)[number] | (typeof PURCHASE_FIELDS)[number];

export const inventoryFields = (kind: InventoryKind): readonly InventoryField[] =>
  kind === 'items' ? ITEM_FIELDS : PURCHASE_FIELDS;

/** Fields of which a row needs one to be found again (a recall names products by these). */
export const IDENTIFIER_FIELDS: readonly InventoryField[] = ['gtin', 'udi', 'catalogue', 'model'];

/** A header as compared: lower-case letters and digits only ("Catalog #" → "catalog", "Exp. Date" → "expdate"). */
export const headerKey = (header: string): string =>
  header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const SYNONYMS: Record<InventoryField, readonly string[]> = {
  gtin: ['gtin', 'udidi', 'primarydi', 'itemgtin', 'gtin14', 'di', 'deviceidentifier', 'primarydinumber', 'upc', 'ean'],
  udi: ['udi', 'udistring', 'fulludi', 'barcode', 'scan', 'scannedudi'],
  manufacturer: [
    'mfr',
    'manufacturer',
    'manufacturername',
    'mfrname',
    'mfg',
    'vendor',
    'vendorname',
    'companyname',
    'brand',
  ],
  catalogue: [
    'catno',
    'catalog',
    'catalogno',
    'catalognumber',
    'catalogue',
    'catalogueno',
    'cataloguenumber',
    'ref',
    'refno',
    'reference',
    'referencenumber',
    'mfrcatalog',
    'mfrcatno',
    'mfrpartnumber',
    'mfrpartno',
    'partnumber',
    'partno',
    'itemnumber',
  ],
  model: ['model', 'modelno', 'modelnumber', 'versionmodelnumber', 'versionmodel'],
  description: [
    'description',
    'desc',
    'itemdescription',
    'productdescription',
    'devicedescription',
    'itemname',
    'productname',
    'name',
  ],
  lot: ['lot', 'lotno', 'lotnumber', 'batch', 'batchno', 'batchnumber', 'lotbatch', 'lotbatchnumber'],
  serial: ['serial', 'serialno', 'serialnumber', 'sn', 'sno'],
  expiry: ['expiry', 'expirydate', 'expdate', 'exp', 'expiration', 'expirationdate', 'useby', 'usebydate', 'expires'],
  quantity: [
    'qty',
    'quantity',
    'onhand',
    'qtyonhand',
    'quantityonhand',
    'units',
    'count',
    'qtypurchased',
    'qtyordered',
  ],
  department: ['dept', 'department', 'costcenter', 'costcentre', 'deptcostcenter', 'departmentname', 'unit', 'ward'],
  site: ['site', 'location', 'facility', 'sitename', 'facilityname', 'hospital'],
  supplier: ['supplier', 'suppliername', 'distributor', 'vendor', 'vendorname', 'soldby'],
  purchased_on: [
    'purchasedate',
    'purchasedon',
    'podate',
    'orderdate',
    'invoicedate',
    'receiveddate',
    'date',
    'dateordered',
  ],
  order_number: ['po', 'pono', 'ponumber', 'purchaseorder', 'ordernumber', 'orderno', 'invoice', 'invoicenumber'],
};

/** field → column index (0-based). */
export type ColumnMapping = Partial<Record<InventoryField, number>>;
/** field → the header text it was read from: a remembered mapping, applied to the next file by header. */
export type HeaderMapping = Partial<Record<InventoryField, string>>;

/**
 * The mapping proposed for a header row: the remembered header of each field where this file has it, else the first
 * column whose header is one of the field's synonyms (purchases read "Vendor" as the supplier). A column serves one
 * field.
 */
export function proposeMapping(
  kind: InventoryKind,
  headers: readonly string[],
  remembered: HeaderMapping | null = null,
): ColumnMapping {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  const fields = inventoryFields(kind);
  for (const field of fields) {
    const header = remembered?.[field];
    if (!header) continue;
    const i = keys.indexOf(headerKey(header));
    if (i >= 0 && !taken.has(i)) {
      mapping[field] = i;
      taken.add(i);
    }
  }
  // Purchases: "vendor" is the supplier before it is the manufacturer.
  const order = kind === 'purchases' ? ['supplier', ...fields.filter((f) => f !== 'supplier')] : fields;
  for (const field of order as InventoryField[]) {
    if (mapping[field] !== undefined) continue;
    const i = keys.findIndex((k, index) => !taken.has(index) && SYNONYMS[field].includes(k));
    if (i >= 0) {
      mapping[field] = i;
      taken.add(i);
    }
  }
  return mapping;
}

/** How many of a row's cells name a field: the header row is the first of the first rows with the most (at least 2). */
export function guessHeaderRow(kind: InventoryKind, rows: readonly (readonly string[])[]): number {
  let best = 0;
  let bestHits = 1;
  rows.forEach((row, i) => {
    const hits = Object.keys(proposeMapping(kind, row)).length;
    if (hits > bestHits) {
      best = i;
      bestHits = hits;
    }
  });
  return best + 1;
}
