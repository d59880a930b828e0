import { cellText, readSheet, ValidationError } from '@portal/core';

/** The columns the pre-processor reads from supplier location files and known-provider files. */
export type Field =
  | 'name'
  | 'address'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'phone'
  | 'customerNumber'
  | 'ccn'
  | 'npi'
  | 'gln';

/** Header names per column, compared lower-case with letters and digits only (CMS, ERP exports, our own templates). */
const SYNONYMS: Record<Field, string[]> = {
  name: [
    'name',
    'locationname',
    'facilityname',
    'hospitalname',
    'providername',
    'accountname',
    'customername',
    'shiptoname',
    'organizationname',
    'organisationname',
    'orgname',
    'sitename',
    'legalname',
  ],
  address: [
    'address',
    'address1',
    'addressline1',
    'street',
    'streetaddress',
    'street1',
    'addr',
    'addr1',
    'shiptoaddress',
    'shiptoaddress1',
    'shiptostreet',
  ],
  address2: ['address2', 'addressline2', 'street2', 'addr2', 'shiptoaddress2'],
  city: ['city', 'citytown', 'town', 'shiptocity', 'cityname'],
  state: ['state', 'st', 'stateprovince', 'province', 'shiptostate', 'statecode'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'zip5', 'shiptozip', 'shiptopostalcode', 'zippostalcode'],
  phone: ['phone', 'phonenumber', 'telephone', 'telephonenumber', 'tel', 'mainphone', 'phoneno'],
  customerNumber: [
    'customernumber',
    'customerno',
    'customerid',
    'customer',
    'accountnumber',
    'accountno',
    'accountid',
    'account',
    'acctno',
    'acct',
    'shipto',
    'shiptoid',
    'shiptonumber',
    'locationid',
  ],
  ccn: [
    'facilityid',
    'ccn',
    'providerid',
    'providernumber',
    'cmscertificationnumber',
    'cmscertificationnumberccn',
    'medicareprovidernumber',
  ],
  npi: ['npi', 'npinumber'],
  gln: ['gln', 'globallocationnumber'],
};

const LOOKUP = new Map<string, Field>(
  (Object.entries(SYNONYMS) as [Field, string[]][]).flatMap(([field, names]) => names.map((n) => [n, field])),
);

const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Which field each column of the header feeds (the first column of a field wins; unknown columns are ignored). */
export function mapHeader(header: string[], fields: readonly Field[]): (Field | null)[] {
  const seen = new Set<Field>();
  return header.map((h) => {
    const field = LOOKUP.get(headerKey(h));
    if (!field || !fields.includes(field) || seen.has(field)) return null;
    seen.add(field);
    return field;
  });
}

export interface InputRow {
  /** 1-based data row (the header not counted). */
  rowNumber: number;
  /** The row's line in the file (for messages). */
  line: number;
  values: Partial<Record<Field, string>>;
}

/**
 * The data rows of a CSV (UTF-8 or Windows-1252, detected) or XLSX through core's one spreadsheet reader, with
 * columns named by their header. Throws a ValidationError when the file has no name column or no rows.
 */
export async function* readInputRows(
  extension: 'csv' | 'xlsx',
  data: Buffer,
  fields: readonly Field[],
): AsyncGenerator<InputRow> {
  let columns: (Field | null)[] | null = null;
  let rowNumber = 0;
  for await (const row of readSheet(extension, data)) {
    const cells = row.cells.map(cellText);
    if (!columns) {
      columns = mapHeader(cells, fields);
      if (!columns.includes('name')) throw new ValidationError('NAME_COLUMN_MISSING');
      continue;
    }
    rowNumber += 1;
    const values: Partial<Record<Field, string>> = {};
    columns.forEach((field, i) => {
      if (field && cells[i]) values[field] = cells[i];
    });
    yield { rowNumber, line: row.line, values };
  }
  if (!columns) throw new ValidationError('FILE_HOLDS_NO_ROWS');
}

/** The extension a spreadsheet upload is read as; anything else is refused. */
export function sheetExtension(fileName: string): 'csv' | 'xlsx' | null {
  const ext = fileName.toLowerCase().split('.').pop();
  return ext === 'csv' || ext === 'xlsx' ? ext : null;
}

export const SUPPLIER_FIELDS: readonly Field[] = [
  'name',
  'address',
  'address2',
  'city',
  'state',
  'zip',
  'phone',
  'customerNumber',
];
export const KNOWN_FIELDS: readonly Field[] = ['name', 'address', 'city', 'state', 'zip', 'phone', 'ccn', 'npi', 'gln'];
