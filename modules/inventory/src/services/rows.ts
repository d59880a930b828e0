import { type Cell, cellText, MAX_INT4, parseDate } from '@portal/core';
import {
  type ColumnMapping,
  checkGtin,
  GS,
  type InventoryField,
  type InventoryKind,
  normaliseCode,
  normaliseManufacturer,
  parseUdi,
  udiProblemText,
} from '@portal/vocabulary';

/**
 * One data row of an item master or purchase history file, mapped and normalised (issue 38): the record to upsert, or
 * the reason it is refused (a catalogue key `INVENTORY_ROW.*` and its parameters). Pure: no database.
 */
export type Refusal =
  | { key: 'INVENTORY_ROW.noIdentifier'; params?: undefined }
  | { key: 'INVENTORY_ROW.gtinCheckDigit'; params: { value: string; expected: string } }
  | { key: 'INVENTORY_ROW.gtinInvalid'; params: { value: string } }
  | { key: 'INVENTORY_ROW.udiInvalid'; params: { value: string; problem: string } }
  | { key: 'INVENTORY_ROW.badDate'; params: { column: string; value: string } }
  | { key: 'INVENTORY_ROW.badQuantity'; params: { value: string } }
  | { key: 'INVENTORY_ROW.tooLong'; params: { column: string; max: number } }
  | { key: 'INVENTORY_ROW.duplicate'; params: { row: number } };

/** The columns both tables share, as written. */
export interface InventoryRecord {
  key: string;
  site_id: number | null;
  location: string | null;
  gtin: string | null;
  udi_di: string | null;
  manufacturer: string | null;
  manufacturer_norm: string | null;
  catalogue_number: string | null;
  catalogue_norm: string | null;
  model: string | null;
  model_norm: string | null;
  description: string | null;
  lot: string | null;
  lot_norm: string | null;
  serial: string | null;
  serial_norm: string | null;
  quantity: number | null;
  search_text: string;
  /** Items. */
  expiry_date: string | null;
  department: string | null;
  /** Purchases. */
  supplier_name: string | null;
  purchased_on: string | null;
  order_number: string | null;
}

/** The columns compared to tell an updated row from an unchanged one. */
export const COMPARED: Record<InventoryKind, (keyof InventoryRecord)[]> = {
  items: [
    'site_id',
    'location',
    'gtin',
    'udi_di',
    'manufacturer',
    'catalogue_number',
    'model',
    'description',
    'lot',
    'serial',
    'quantity',
    'expiry_date',
    'department',
  ],
  purchases: [
    'site_id',
    'location',
    'gtin',
    'udi_di',
    'manufacturer',
    'catalogue_number',
    'model',
    'description',
    'lot',
    'serial',
    'quantity',
    'supplier_name',
    'purchased_on',
    'order_number',
  ],
};

const MAX_TEXT = 500;
const MAX_DESCRIPTION = 2000;

/** Header words of each field for messages (the file's own header is used when there is one). */
const FIELD_WORDS: Record<InventoryField, string> = {
  gtin: 'GTIN',
  udi: 'UDI',
  manufacturer: 'Manufacturer',
  catalogue: 'Catalogue number',
  model: 'Model',
  description: 'Description',
  lot: 'Lot',
  serial: 'Serial',
  expiry: 'Expiry',
  quantity: 'Quantity',
  department: 'Department',
  site: 'Site',
  supplier: 'Supplier',
  purchased_on: 'Purchase date',
  order_number: 'Order number',
};

/** A date cell: what core's reader takes (YYYY-MM-DD, MM/DD/YYYY, a spreadsheet date), or a month (its last day). */
export function inventoryDate(cell: Cell): string | null {
  const full = parseDate(cell);
  if (full) return full;
  const text = cellText(cell);
  const m = /^(\d{4})-(\d{1,2})$/.exec(text) ?? /^(\d{1,2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [year, month] = text.includes('/') ? [Number(m[2]), Number(m[1])] : [Number(m[1]), Number(m[2])];
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}

/** Does a GTIN cell hold a whole UDI rather than a GTIN? (parentheses, a symbology identifier, a GS, a long AI string) */
const looksLikeUdi = (text: string) =>
  text.includes(GS) || /^[(\]]|~|\{GS\}/i.test(text) || /^01\d{14}\d{2}/.test(text);

export interface RowContext {
  kind: InventoryKind;
  mapping: ColumnMapping;
  headers: readonly string[];
  /** Site name (lower case) → the organisation's site id. */
  sites: ReadonlyMap<string, number>;
}

export type MappedRow = { ok: true; record: InventoryRecord } | { ok: false; refusal: Refusal; value: string | null };

/** Maps, checks and normalises one row. */
export function mapRow(cells: readonly Cell[], ctx: RowContext): MappedRow {
  const { mapping, headers } = ctx;
  const cellOf = (field: InventoryField): Cell => {
    const i = mapping[field];
    return i === undefined ? null : (cells[i] ?? null);
  };
  const column = (field: InventoryField) => {
    const i = mapping[field];
    return (i !== undefined && headers[i]?.trim()) || FIELD_WORDS[field];
  };
  let tooLong: Refusal | null = null;
  const text = (field: InventoryField, max = MAX_TEXT): string | null => {
    const cell = cellOf(field);
    // A GTIN typed as a number: no exponent, no decimals.
    const value = typeof cell === 'number' ? String(Math.trunc(cell)) : cellText(cell);
    if (value.length > max && !tooLong)
      tooLong = { key: 'INVENTORY_ROW.tooLong', params: { column: column(field), max } };
    return value === '' ? null : value.slice(0, max);
  };
  const refuse = (refusal: Refusal, value: string | null = null): MappedRow => ({ ok: false, refusal, value });

  let gtin: string | null = null;
  let udiDi: string | null = null;
  let lot = text('lot');
  let serial = text('serial');
  let expiry: string | null = null;

  const readUdi = (value: string): MappedRow | null => {
    const parsed = parseUdi(value);
    if (!parsed.ok)
      return refuse({ key: 'INVENTORY_ROW.udiInvalid', params: { value, problem: udiProblemText(parsed) } }, value);
    if (parsed.gtin) gtin = parsed.gtin;
    else if (parsed.di) udiDi = normaliseCode(parsed.di);
    lot ??= parsed.lot ?? null;
    serial ??= parsed.serial ?? null;
    expiry ??= parsed.expiry ?? null;
    return null;
  };

  const gtinText = text('gtin', 200);
  if (gtinText) {
    if (looksLikeUdi(gtinText)) {
      const problem = readUdi(gtinText);
      if (problem) return problem;
    } else if (gtinText.startsWith('+')) udiDi = normaliseCode(gtinText);
    else {
      const g = checkGtin(gtinText);
      if (g.ok) gtin = g.gtin;
      else if (g.reason === 'GTIN_CHECK_DIGIT')
        return refuse(
          { key: 'INVENTORY_ROW.gtinCheckDigit', params: { value: gtinText, expected: String(g.expected) } },
          gtinText,
        );
      else return refuse({ key: 'INVENTORY_ROW.gtinInvalid', params: { value: gtinText } }, gtinText);
    }
  }
  const udiText = text('udi', 200);
  if (udiText) {
    const problem = readUdi(udiText);
    if (problem) return problem;
  }

  const expiryCell = cellOf('expiry');
  if (ctx.kind === 'items' && cellText(expiryCell) !== '') {
    const date = inventoryDate(expiryCell);
    if (!date)
      return refuse(
        { key: 'INVENTORY_ROW.badDate', params: { column: column('expiry'), value: cellText(expiryCell) } },
        cellText(expiryCell),
      );
    expiry = date;
  }
  let purchasedOn: string | null = null;
  const purchasedCell = cellOf('purchased_on');
  if (ctx.kind === 'purchases' && cellText(purchasedCell) !== '') {
    purchasedOn = inventoryDate(purchasedCell);
    if (!purchasedOn)
      return refuse(
        { key: 'INVENTORY_ROW.badDate', params: { column: column('purchased_on'), value: cellText(purchasedCell) } },
        cellText(purchasedCell),
      );
  }

  let quantity: number | null = null;
  const qtyText = cellText(cellOf('quantity')).replace(/,/g, '');
  if (qtyText !== '') {
    const q = Number(qtyText);
    if (!Number.isInteger(q) || q < 0 || q > MAX_INT4)
      return refuse({ key: 'INVENTORY_ROW.badQuantity', params: { value: qtyText } }, qtyText);
    quantity = q;
  }

  const manufacturer = text('manufacturer');
  const catalogue = text('catalogue');
  const model = text('model');
  const description = text('description', MAX_DESCRIPTION);
  const department = ctx.kind === 'items' ? text('department') : null;
  const location = text('site');
  const supplier = ctx.kind === 'purchases' ? text('supplier') : null;
  const orderNumber = ctx.kind === 'purchases' ? text('order_number') : null;
  if (tooLong) return refuse(tooLong);

  const catalogueNorm = normaliseCode(catalogue);
  const modelNorm = normaliseCode(model);
  const identity =
    gtin ?? (udiDi ? `U:${udiDi}` : catalogueNorm ? `C:${catalogueNorm}` : modelNorm ? `M:${modelNorm}` : null);
  if (!identity) return refuse({ key: 'INVENTORY_ROW.noIdentifier' });

  const siteId = location ? (ctx.sites.get(location.toLowerCase()) ?? null) : null;
  const lotNorm = normaliseCode(lot);
  const serialNorm = normaliseCode(serial);
  const keyParts = [
    siteId ?? '',
    (location ?? '').toLowerCase(),
    (department ?? '').toLowerCase(),
    identity,
    lotNorm ?? '',
    serialNorm ?? '',
  ];
  if (ctx.kind === 'purchases')
    keyParts.push(purchasedOn ?? '', normaliseManufacturer(supplier) ?? '', normaliseCode(orderNumber) ?? '');
  const record: InventoryRecord = {
    key: keyParts.join('|'),
    site_id: siteId,
    location,
    gtin,
    udi_di: udiDi,
    manufacturer,
    manufacturer_norm: normaliseManufacturer(manufacturer),
    catalogue_number: catalogue,
    catalogue_norm: catalogueNorm,
    model,
    model_norm: modelNorm,
    description,
    lot,
    lot_norm: lotNorm,
    serial,
    serial_norm: serialNorm,
    quantity,
    expiry_date: ctx.kind === 'items' ? expiry : null,
    department,
    supplier_name: supplier,
    purchased_on: purchasedOn,
    order_number: orderNumber,
    // What the list's search reads (trigram-indexed): the identifiers and words; site and department are filters.
    search_text: [gtin, udiDi, manufacturer, catalogue, model, description, lot, serial, supplier]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
  };
  return { ok: true, record };
}
