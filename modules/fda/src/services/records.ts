/**
 * One openFDA record, checked and shaped for its table. openFDA publishes three kinds we keep (device recalls from the
 * device recall endpoint, device and drug enforcement reports); older enforcement files use hyphenated keys
 * (`recalling-firm`) and carry no `recall_number` field, only "Recall # Z-1234-2012" inside the product description.
 */
export const FDA_KINDS = ['device-recall', 'device-enforcement', 'drug-enforcement'] as const;
export type FdaKind = (typeof FDA_KINDS)[number];

/** Spec 000 §4: the statuses the pages offer. openFDA writes the first device status "Open, Classified". */
export const DEVICE_STATUSES = ['Open Classified', 'Completed', 'Terminated'] as const;
export const DRUG_STATUSES = ['Ongoing', 'Completed', 'Terminated'] as const;
export const CLASSIFICATIONS = ['Class I', 'Class II', 'Class III'] as const;
/** The classification filter's value for records with none (a device recall whose enforcement report is not in). */
export const NOT_CLASSIFIED = 'none';

/** A recall number as openFDA writes it (older ones have a two-digit year or a three-digit sequence). */
const RECALL_NUMBER = /^[A-Z]-\d{1,5}-\d{2,4}$/;
/** The number a supplier may link to an event: Z-NNNN-YYYY (device) or D-NNNN-YYYY (drug). */
export const LINKABLE_RECALL_NUMBER = /^[ZD]-\d{4}-\d{4}$/;
const EMBEDDED_RECALL_NUMBER = /Recall #\s*([A-Z]-\d{1,5}-\d{2,4})/;

export interface FdaRow {
  status: string | null;
  classification: string | null;
  recalling_firm: string | null;
  product_description: string | null;
  reason_for_recall: string | null;
  code_info: string | null;
  product_code: string | null;
  device_name: string | null;
  k_numbers: string[];
  ndc: string[];
  brand_names: string[];
  generic_names: string[];
  manufacturer_names: string[];
  initiation_date: string | null;
  report_date: string | null;
  termination_date: string | null;
  openfda: Record<string, unknown>;
  record: Record<string, unknown>;
}

export type Checked =
  | { ok: true; kind: FdaKind; key: string; eventNumber: string | null; row: FdaRow }
  | { ok: false; reason: string };

const refuse = (reason: string): Checked => ({ ok: false, reason });

function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number') return String(v);
  return null;
}

function list(...values: unknown[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    for (const item of Array.isArray(v) ? v : [v]) {
      const s = text(item);
      if (s) out.add(s);
    }
  }
  return [...out];
}

/** YYYYMMDD, YYYY-MM-DD or MM/DD/YYYY (older files) to YYYY-MM-DD; undefined when the text is not a real date. */
export function fdaDate(value: string): string | undefined {
  let m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  let [y, mo, d] = m ? [m[1], m[2], m[3]] : [];
  if (!m) {
    m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    if (!m) return undefined;
    [y, mo, d] = [m[3], m[1], m[2]];
  }
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const iso = `${y}-${mo}-${d}`;
  return date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** Hyphenated keys of older files become the underscored keys of today's (`recalling-firm` → `recalling_firm`). */
function underscoreKeys(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[k.replaceAll('-', '_')] = v;
  return out;
}

function kindOf(r: Record<string, unknown>, recallNumber: string | null): FdaKind | string {
  if (r.product_res_number !== undefined) return 'device-recall';
  const type = text(r.product_type);
  if (type === 'Devices') return 'device-enforcement';
  if (type === 'Drugs') return 'drug-enforcement';
  if (type) return `${type} record (only devices and drugs are imported)`;
  if (recallNumber?.startsWith('Z-')) return 'device-enforcement';
  if (recallNumber?.startsWith('D-')) return 'drug-enforcement';
  return 'record of unknown kind (no product_res_number, product_type or recall number)';
}

/** Checks one record and shapes its row; `expected` (the --kind option) refuses records of another kind. */
export function checkRecord(raw: unknown, expected?: FdaKind): Checked {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return refuse('not a JSON object');
  const r = underscoreKeys(raw as Record<string, unknown>);
  const description = text(r.product_description);
  const recallNumber =
    text(r.recall_number) ?? (description ? (EMBEDDED_RECALL_NUMBER.exec(description)?.[1] ?? null) : null);
  const kind = kindOf(r, recallNumber);
  if (!(FDA_KINDS as readonly string[]).includes(kind)) return refuse(`a ${kind}`);
  if (expected && kind !== expected) return refuse(`a ${kind} record, not ${expected}`);
  const key = kind === 'device-recall' ? text(r.product_res_number) : recallNumber;
  const keyName = kind === 'device-recall' ? 'product_res_number' : 'recall_number';
  if (!key) return refuse(`${keyName} is missing`);
  if (!RECALL_NUMBER.test(key)) return refuse(`${keyName} is not a recall number: ${key.slice(0, 40)}`);
  const prefix = kind === 'drug-enforcement' ? 'D-' : 'Z-';
  if (!key.startsWith(prefix)) return refuse(`${keyName} ${key} is not a ${kind} number (${prefix}…)`);

  const dates: Record<string, string | null> = {};
  const dateFields =
    kind === 'device-recall'
      ? {
          initiation_date: 'event_date_initiated',
          report_date: 'event_date_posted',
          termination_date: 'event_date_terminated',
        }
      : { initiation_date: 'recall_initiation_date', report_date: 'report_date', termination_date: 'termination_date' };
  for (const [column, field] of Object.entries(dateFields)) {
    const value = text(r[field]) ?? (column === 'report_date' ? text(r.event_date_created) : null);
    if (value === null) {
      dates[column] = null;
      continue;
    }
    const date = fdaDate(value.trim());
    if (!date) return refuse(`${field} is not a date: ${value.slice(0, 40)}`);
    dates[column] = date;
  }

  // Older files carry the number inside the description only; the stored record names it like today's files.
  if (kind !== 'device-recall' && r.recall_number === undefined) r.recall_number = key;
  const openfda = r.openfda && typeof r.openfda === 'object' && !Array.isArray(r.openfda) ? r.openfda : {};
  const o = openfda as Record<string, unknown>;
  const rawStatus = text(kind === 'device-recall' ? r.recall_status : r.status);
  const row: FdaRow = {
    status: rawStatus?.replace(/^Open, Classified$/, 'Open Classified') ?? null,
    classification: text(r.classification),
    recalling_firm: text(r.recalling_firm),
    product_description: description,
    reason_for_recall: text(r.reason_for_recall),
    code_info: text(r.code_info),
    product_code: text(r.product_code) ?? list(o.product_code)[0] ?? null,
    device_name: list(o.device_name)[0] ?? null,
    k_numbers: list(r.k_numbers, o.k_number),
    ndc: list(o.product_ndc, o.package_ndc),
    brand_names: list(o.brand_name),
    generic_names: list(o.generic_name),
    manufacturer_names: list(o.manufacturer_name),
    initiation_date: dates.initiation_date ?? null,
    report_date: dates.report_date ?? null,
    termination_date: dates.termination_date ?? null,
    openfda: o,
    record: r,
  };
  const eventNumber = text(kind === 'device-recall' ? r.res_event_number : r.event_id);
  return { ok: true, kind: kind as FdaKind, key, eventNumber, row };
}
