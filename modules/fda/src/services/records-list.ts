import type { Knex } from 'knex';
import {
  applyListFilters,
  applyListPage,
  COUNT_CAP,
  type FileResult,
  type ListPage,
  type ListSpec,
  NotFoundError,
  pagedBatches,
  parseListQuery,
  type ReportColumn,
  reportFile,
  type RowOf,
  runList,
  sheet,
  ValidationError,
} from '@portal/core';
import type { FdaListQuery, fdaListRowSchema, fdaRowSchema } from '../schemas.js';
import { DEVICE_STATUSES, DRUG_STATUSES, NOT_CLASSIFIED } from './records.js';

/** The operator's grids: device recalls, device enforcement reports (a tab of the devices page), drug enforcement reports. */
export type FdaList = 'devices' | 'device-enforcement' | 'drugs';

export type FdaRecordRow = RowOf<typeof fdaRowSchema>;
export type FdaListRow = RowOf<typeof fdaListRowSchema>;

export interface FdaRecord extends FdaRecordRow {
  record: Record<string, unknown>;
  openfda: Record<string, unknown>;
  enforcement?: Record<string, unknown> | null;
}

/**
 * Where each list reads: the devices page lists device recalls and (its second tab) device enforcement reports; the
 * drugs page drug enforcement reports. Both enforcement lists are the one table by `kind`.
 */
const SOURCES = {
  devices: {
    table: 'fda_device_recalls',
    key: 'product_res_number',
    event: 'res_event_number',
    count: 'device-recall',
  },
  'device-enforcement': {
    table: 'fda_enforcement_reports',
    key: 'recall_number',
    event: 'event_id',
    count: 'device-enforcement',
    kind: 'device',
  },
  drugs: {
    table: 'fda_enforcement_reports',
    key: 'recall_number',
    event: 'event_id',
    count: 'drug-enforcement',
    kind: 'drug',
  },
} as const;

function listSpec(list: FdaList): ListSpec {
  const { key } = SOURCES[list];
  return {
    fields: {
      recall_number: `r.${key}`,
      status: 'r.status',
      classification: 'r.classification',
      recalling_firm: 'r.recalling_firm',
      product_code: 'r.product_code',
      product_description: 'r.product_description',
      code_info: 'r.code_info',
      initiation_date: 'r.initiation_date',
      report_date: 'r.report_date',
      termination_date: 'r.termination_date',
    },
    // The search is applied by applySearch (word prefixes on a tsvector, substrings on a trigram index), not here.
    searchColumns: [],
    defaultSort: [{ column: 'r.initiation_date', direction: 'desc' }],
    indexedSorts: ['initiation_date:desc', 'initiation_date:asc', 'recall_number:asc', 'recalling_firm:asc'],
  };
}

function base(db: Knex, list: FdaList): Knex.QueryBuilder {
  const source = SOURCES[list];
  const qb = db(`${source.table} as r`);
  return 'kind' in source ? qb.where('r.kind', source.kind) : qb;
}

/** A list row's long texts are cut to this many characters (with "…"); the record view has them whole. */
export const LIST_TEXT_CHARS = 300;

/**
 * What a list page sends (issue 36 item 12): only the columns the grids show, the long ones cut, so one record with a
 * 2 MB reason does not ride in every page that lists it. The record (`getFda`) and the downloads read `selectRow`.
 */
function selectListRow(db: Knex, list: FdaList) {
  const { key } = SOURCES[list];
  const kind = list === 'devices' ? db.raw(`'device-recall' AS kind`) : db.raw(`r.kind || '-enforcement' AS kind`);
  const cut = (column: string) =>
    db.raw(
      `CASE WHEN length(r.${column}) > ${LIST_TEXT_CHARS} THEN left(r.${column}, ${LIST_TEXT_CHARS}) || '…' ELSE r.${column} END AS ${column}`,
    );
  return (qb: Knex.QueryBuilder) =>
    qb.select(
      'r.id',
      `r.${key} as recall_number`,
      kind,
      'r.status',
      'r.classification',
      'r.recalling_firm',
      cut('product_description'),
      cut('code_info'),
      'r.product_code',
      'r.device_name',
      'r.brand_names',
      'r.initiation_date',
    );
}

function selectRow(db: Knex, list: FdaList) {
  const { key, event } = SOURCES[list];
  const kind = list === 'devices' ? db.raw(`'device-recall' AS kind`) : db.raw(`r.kind || '-enforcement' AS kind`);
  return (qb: Knex.QueryBuilder) =>
    qb.select(
      'r.id',
      `r.${key} as recall_number`,
      kind,
      `r.${event} as event_number`,
      'r.status',
      'r.classification',
      'r.recalling_firm',
      'r.product_description',
      'r.reason_for_recall',
      'r.code_info',
      'r.product_code',
      'r.device_name',
      'r.k_numbers',
      'r.ndc',
      'r.brand_names',
      'r.generic_names',
      'r.manufacturer_names',
      'r.initiation_date',
      'r.report_date',
      'r.termination_date',
      'r.updated_at',
    );
}

/**
 * The words of a search as a prefix query: every word must start a word of the record ("13F18G" finds lot
 * 13F18G0480; "arrow intern" finds Arrow International). Served by the generated `search_vector` (GIN).
 */
export function searchQuery(search: string): string | null {
  const words =
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 16) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * The searched text as one expression (recall number, firm, product description, reason, code info, and the drug's
 * brand and generic names), behind a pg_trgm GIN index; it must stay textually the migration's
 * (20261128053000_fda_classification) for the planner to use it.
 */
function searchText(key: string): string {
  return `(${key} || ' ' || coalesce(recalling_firm, '') || ' ' || coalesce(product_description, '') || ' ' ||
    coalesce(reason_for_recall, '') || ' ' || coalesce(code_info, '') || ' ' || fda_names_text(brand_names, generic_names))`;
}

/** A trigram index cannot narrow a pattern shorter than three characters: those searches stay word-prefix only. */
const MIN_SUBSTRING = 3;

/** `%` and `_` (and the escape itself) match literally in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The search: the record contains the text (case-insensitive substring, "0480" finds lot 13F18G0480; trigram index)
 * or every word of it starts a word of the record ("arrow intern" finds "Arrow International Inc"; tsvector index).
 */
function applySearch(list: FdaList, qb: Knex.QueryBuilder, search: string | undefined): boolean {
  const text = search?.trim() ?? '';
  const words = searchQuery(text);
  const substring = text.length >= MIN_SUBSTRING;
  if (!words && !substring) return false;
  const { table, key } = SOURCES[list];
  const branches: string[] = [];
  const bindings: string[] = [];
  if (words) {
    branches.push(`SELECT id FROM ${table} WHERE search_vector @@ to_tsquery('simple', ?)`);
    bindings.push(words);
  }
  if (substring) {
    branches.push(`SELECT id FROM ${table} WHERE ${searchText(key)} ILIKE ?`);
    bindings.push(likeContains(text));
  }
  // Each way off its own index, joined as a union (one `a OR b` scan was planned as a sequential scan before the table
  // had statistics); as a subquery of its own, the planner cannot walk the page's sort index testing every row until the
  // page fills, which for a rare lot number is the table.
  qb.whereRaw(`r.id IN (${branches.join(' UNION ALL ')})`, bindings);
  return true;
}

/** The page filters beside the shared query (status, classification, firm, product code, initiation-date range). */
function applyFilters(qb: Knex.QueryBuilder, list: FdaList, q: FdaListQuery): boolean {
  let narrowed = false;
  if (q.status) {
    // openFDA's enforcement reports (devices and drugs) share the statuses Ongoing, Completed, Terminated.
    const allowed: readonly string[] = list === 'devices' ? DEVICE_STATUSES : DRUG_STATUSES;
    if (!allowed.includes(q.status))
      throw new ValidationError('STATUS_FILTER_INVALID', { allowed: allowed.join(', ') });
    qb.where('r.status', q.status);
    narrowed = true;
  }
  if (q.classification === NOT_CLASSIFIED) {
    // Neither the record nor (a device recall) the enforcement report of its number has a classification.
    qb.whereNull('r.classification');
    narrowed = true;
  } else if (q.classification) {
    qb.where('r.classification', q.classification);
    narrowed = true;
  }
  const firm = q.firm?.trim();
  if (firm) {
    qb.where('r.recalling_firm', 'ilike', likeContains(firm));
    narrowed = true;
  }
  if (q.productCode?.trim()) {
    qb.where('r.product_code', q.productCode.trim().toUpperCase());
    narrowed = true;
  }
  if (q.initiatedFrom) {
    qb.where('r.initiation_date', '>=', q.initiatedFrom);
    narrowed = true;
  }
  if (q.initiatedTo) {
    qb.where('r.initiation_date', '<=', q.initiatedTo);
    narrowed = true;
  }
  return narrowed;
}

/**
 * GET /notisphere/fda/devices and /drugs. The unfiltered total is the import's counter (`fda_counts`); a filtered or
 * searched one counts up to COUNT_CAP, as every list.
 */
/** Narrows a list to recalls of the given firms (normalised names), leaving out the given recall numbers. */
export interface FirmScope {
  firms: string[];
  exclude: string[];
}

/** The firm as the supplier master normalises names (upper case, letters and digits, single spaces); indexed. */
export const NORMALIZED_FIRM = `upper(btrim(regexp_replace(coalesce(r.recalling_firm, ''), '[^[:alnum:]]+', ' ', 'g')))`;

export async function listFda(
  db: Knex,
  list: FdaList,
  raw: FdaListQuery,
  scope?: FirmScope,
): Promise<ListPage<FdaListRow>> {
  const spec = listSpec(list);
  const query = parseListQuery(raw, spec);
  const qb = base(db, list);
  if (scope) {
    qb.whereRaw(`${NORMALIZED_FIRM} = ANY(?)`, [scope.firms]);
    if (scope.exclude.length) qb.whereRaw(`NOT (r.${SOURCES[list].key} = ANY(?))`, [scope.exclude]);
  }
  const filtered = applyFilters(qb, list, raw);
  const searched = applySearch(list, qb, query.search);
  const narrowed = filtered || searched || scope !== undefined;
  // runList caps the count of a search or filterModel; the page's own filters are capped here the same way.
  const total = narrowed
    ? db.count({ count: '*' }).from(
        qb
          .clone()
          .clearSelect()
          .select(db.raw('1'))
          .limit(COUNT_CAP + 1)
          .as('capped'),
      )
    : db('fda_counts').where({ list: SOURCES[list].count }).select('total');
  // "Last updated" is the list's newest import, whatever the filters: walking the updated_at index for a rare match
  // would read the whole table.
  const latest = base(db, list).orderBy('r.updated_at', 'desc').limit(1).select('r.updated_at');
  const page = await runList<FdaListRow>(qb, query, spec, 'r.id', selectListRow(db, list), undefined, { total });
  const [newest] = (await latest) as { updated_at: Date }[];
  page.lastUpdated = newest ? new Date(newest.updated_at).toISOString() : null;
  if (narrowed && page.total > COUNT_CAP) return { ...page, total: COUNT_CAP, totalCapped: true };
  return page;
}

/** GET /notisphere/fda/devices/{recallNumber} and /drugs/{recallNumber}: one record with every field. */
export async function getFda(db: Knex, list: FdaList, recallNumber: string): Promise<FdaRecord> {
  const { key } = SOURCES[list];
  const one = (source: FdaList, qb: Knex.QueryBuilder) =>
    selectRow(db, source)(qb).select('r.record', 'r.openfda').first() as Promise<FdaRecord | undefined>;
  const row =
    (await one(list, base(db, list).where(`r.${key}`, recallNumber))) ??
    // A device known only by its enforcement report (no device recall file imported) still opens on the devices page.
    (list === 'devices'
      ? await one(
          'drugs',
          db('fda_enforcement_reports as r').where({ 'r.kind': 'device', 'r.recall_number': recallNumber }),
        )
      : undefined);
  if (!row) throw new NotFoundError('FDA_RECORD_NOT_FOUND');
  if (row.kind === 'device-recall') {
    const enforcement = (await db('fda_enforcement_reports').where({ recall_number: recallNumber }).first('record')) as
      | { record: Record<string, unknown> }
      | undefined;
    row.enforcement = enforcement?.record ?? null;
  }
  return row;
}

const columns = (list: FdaList): ReportColumn<FdaRecordRow>[] => [
  { header: 'Recall Number', value: (r) => r.recall_number, width: 16 },
  { header: 'Status', value: (r) => r.status, width: 16 },
  { header: 'Classification', value: (r) => r.classification, width: 14 },
  { header: 'Recalling Firm', value: (r) => r.recalling_firm, width: 30 },
  { header: 'Product Code', value: (r) => r.product_code, width: 12 },
  ...(list !== 'drugs'
    ? [{ header: 'Device Name', value: (r: FdaRecordRow) => r.device_name, width: 30 }]
    : [{ header: 'Brand Name', value: (r: FdaRecordRow) => r.brand_names.join(', '), width: 24 }]),
  { header: 'Product Description', value: (r) => r.product_description, width: 50 },
  { header: 'Reason for Recall', value: (r) => r.reason_for_recall, width: 50 },
  { header: 'Code Info', value: (r) => r.code_info, width: 40 },
  { header: 'Initiation Date', value: (r) => r.initiation_date, kind: 'date', width: 14 },
  { header: 'Report Date', value: (r) => r.report_date, kind: 'date', width: 14 },
  { header: 'Termination Date', value: (r) => r.termination_date, kind: 'date', width: 14 },
];

/** A download holds at most this many rows of the filtered list (the list narrows with its filters beyond). */
export const MAX_DOWNLOAD_ROWS = 100_000;

const TITLES: Record<FdaList, string> = {
  devices: 'FDA Device Recalls',
  'device-enforcement': 'FDA Device Enforcement Reports',
  drugs: 'FDA Drug Recalls',
};

/**
 * CSV and XLSX of the filtered list: "FDA Device Recalls MM-DD-YYYY.xlsx", "FDA Device Enforcement Reports …",
 * "FDA Drug Recalls …".
 */
export function downloadFda(
  db: Knex,
  list: FdaList,
  raw: FdaListQuery,
  format: 'csv' | 'xlsx',
  timezone: string,
  onError: (err: unknown) => void,
): FileResult {
  const spec = listSpec(list);
  const query = parseListQuery({ ...raw, pageNumber: 1, pageSize: 1 }, spec);
  const qb = base(db, list);
  applyFilters(qb, list, raw);
  applySearch(list, qb, query.search);
  const filtered = applyListFilters(qb, query, spec);
  const pages = async (offset: number, limit: number) =>
    (await applyListPage(selectRow(db, list)(filtered.clone()), { ...query, pageSize: limit }, spec, 'r.id').offset(
      offset,
    )) as FdaRecordRow[];
  const title = TITLES[list];
  return reportFile(
    title,
    format,
    [sheet({ name: title, columns: columns(list), rows: pagedBatches(pages, MAX_DOWNLOAD_ROWS) })],
    timezone,
    onError,
  );
}
