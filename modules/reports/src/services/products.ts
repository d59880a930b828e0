import type { Knex } from 'knex';
import {
  type Actor,
  type Cell,
  cellText,
  checkUpload,
  fileResult,
  type FileResult,
  parseDate,
  readSheet,
  sheet,
  streamXlsx,
  ValidationError,
  XLSX_TYPE,
} from '@portal/core';
import { loadOwnCommunication } from '@portal/communications';
import {
  activeProductFields,
  appendProducts,
  cellFieldValue,
  checkCustomFields,
  type CommunicationDetail,
  getCommunication,
  type ProductField,
  type ProductInput,
} from '@portal/communications';
import { recordReport, REPORT_TYPES } from './report-history.js';

/** The product columns of the upload template, in order, with the step-1 field each fills. */
export const PRODUCT_COLUMNS: { header: string; key: keyof Omit<ProductInput, 'custom_fields'>; aliases: string[] }[] =
  [
    { header: 'Product Name', key: 'product_name', aliases: ['productname', 'product', 'name'] },
    { header: 'Catalog Number', key: 'catalog_number', aliases: ['catalognumber', 'catalog', 'catalogno', 'catalog#'] },
    { header: 'Lot Number', key: 'lot_number', aliases: ['lotnumber', 'lot', 'lotno', 'lot#'] },
    { header: 'UDI', key: 'udi', aliases: ['udi'] },
    { header: 'Description', key: 'description', aliases: ['description'] },
    {
      header: 'Expiration Date',
      key: 'expiration_date',
      aliases: ['expirationdate', 'expirydate', 'expiration', 'expiry'],
    },
    { header: 'Quantity', key: 'quantity', aliases: ['quantity', 'qty'] },
  ];

const MAX_LENGTH: Partial<Record<keyof ProductInput, number>> = {
  product_name: 300,
  catalog_number: 100,
  lot_number: 100,
  udi: 200,
  description: 2000,
};
export const MAX_PRODUCT_ROWS = 10_000;

const normalise = (s: string) => s.toLowerCase().replace(/[\s_.\-()]/g, '');

/** "Product Template.xlsx": the product columns and one column per active custom product field. */
export async function productTemplate(
  db: Knex,
  actor: Actor,
  communicationId: number,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  await loadOwnCommunication(db, actor, communicationId);
  await recordReport(db, actor, communicationId, REPORT_TYPES.productTemplate);
  const fields = await activeProductFields(db, actor.organizationId);
  const headers = [...PRODUCT_COLUMNS.map((c) => c.header), ...fields.map((f) => f.name)];
  return fileResult(
    'Product Template.xlsx',
    XLSX_TYPE,
    streamXlsx(
      [
        sheet<never>({
          name: 'Products',
          columns: headers.map((header) => ({ header, value: () => null, width: Math.max(14, header.length + 4) })),
          rows: [],
        }),
      ],
      'UTC',
      onError,
    ),
  );
}

export interface ParsedProducts {
  products: ProductInput[];
  errors: { line: number; message: string }[];
}

export { type Cell, cellText, parseDate } from '@portal/core';

/** The rows of an uploaded sheet as [line number, cells], header first; blank rows left out. */
export async function readRows(extension: 'csv' | 'xlsx', data: Buffer): Promise<[number, Cell[]][]> {
  const rows: [number, Cell[]][] = [];
  for await (const row of readSheet(extension, data)) rows.push([row.line, row.cells]);
  return rows;
}

/**
 * Reads a product file (CSV or XLSX, checked by extension and content) into step 1's product shape without saving
 * anything: good rows become products, bad ones are reported with their line number.
 */
export async function readProductFile(
  db: Knex,
  supplierId: number,
  file: { name: string; data: Buffer } | undefined,
): Promise<ParsedProducts> {
  if (!file) throw new ValidationError('PRODUCT_FILE_REQUIRED');
  const upload = await checkUpload(file, ['csv', 'xlsx'], 'UNSUPPORTED_FILE_TYPE.productFile', 10 * 1024 * 1024);
  let rows: [number, Cell[]][];
  try {
    rows = await readRows(upload.extension as 'csv' | 'xlsx', upload.data);
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError('PRODUCT_FILE_UNREADABLE', { reason: err instanceof Error ? err.message : String(err) });
  }
  const errors: ParsedProducts['errors'] = [];
  const [header, ...data] = rows;
  if (!header) return { products: [], errors: [{ line: 1, message: 'The file is empty.' }] };
  if (data.length > MAX_PRODUCT_ROWS)
    throw new ValidationError('PRODUCT_FILE_TOO_LONG', { max: MAX_PRODUCT_ROWS, count: data.length });
  const fields = await activeProductFields(db, supplierId);
  const fieldByName = new Map(fields.map((f) => [normalise(f.name), f]));
  const mapping: (
    | { kind: 'product'; key: (typeof PRODUCT_COLUMNS)[number]['key'] }
    | { kind: 'field'; field: ProductField }
    | null
  )[] = header[1].map((h) => {
    const name = normalise(cellText(h));
    if (!name) return null;
    const column = PRODUCT_COLUMNS.find((c) => c.aliases.includes(name));
    if (column) return { kind: 'product', key: column.key };
    const field = fieldByName.get(name);
    if (field) return { kind: 'field', field };
    errors.push({ line: header[0], message: `Unknown column "${cellText(h)}" was ignored.` });
    return null;
  });
  if (!mapping.some((m) => m?.kind === 'product' && m.key === 'product_name')) {
    return { products: [], errors: [...errors, { line: header[0], message: 'The file has no Product Name column.' }] };
  }
  const products: ProductInput[] = [];
  for (const [line, cells] of data) {
    const problems: string[] = [];
    const product: ProductInput = { product_name: '', custom_fields: {} };
    const custom: Record<string, unknown> = {};
    mapping.forEach((m, i) => {
      if (!m) return;
      const c = cells[i] ?? null;
      if (m.kind === 'field') {
        custom[String(m.field.id)] = cellFieldValue(m.field, c);
        return;
      }
      const raw = cellText(c);
      if (m.key === 'expiration_date') {
        if (raw === '') product.expiration_date = null;
        else {
          const date = parseDate(c);
          if (!date) problems.push(`Expiration Date "${raw}" is not a date (YYYY-MM-DD or MM/DD/YYYY).`);
          product.expiration_date = date;
        }
      } else if (m.key === 'quantity') {
        if (raw === '') product.quantity = null;
        else if (!/^\d+$/.test(raw.replace(/\.0+$/, '')))
          problems.push(`Quantity "${raw}" must be a whole number of zero or more.`);
        else product.quantity = Number(raw);
      } else {
        const max = MAX_LENGTH[m.key];
        if (max && raw.length > max)
          problems.push(`${PRODUCT_COLUMNS.find((p) => p.key === m.key)!.header} is longer than ${max} characters.`);
        if (m.key === 'product_name') product.product_name = raw;
        else product[m.key] = raw === '' ? null : raw;
      }
    });
    if (!product.product_name) problems.push('Product Name is required.');
    try {
      product.custom_fields = checkCustomFields(fields, custom, line);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      problems.push(err.message.replace(/^Product \d+: /, ''));
    }
    if (problems.length) errors.push({ line, message: problems.join(' ') });
    else products.push(product);
  }
  return { products, errors };
}

/** Appends products to a draft (after its current ones), with the same checks as step 1, and records it. */
export async function addNewProducts(
  db: Knex,
  actor: Actor,
  id: number,
  products: ProductInput[],
): Promise<CommunicationDetail> {
  await appendProducts(db, actor, id, products, MAX_PRODUCT_ROWS);
  return getCommunication(db, actor, id);
}
