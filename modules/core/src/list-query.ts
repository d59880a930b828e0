import type { Knex } from 'knex';
import { ValidationError } from './errors.js';
import { MAX_INT4, nullableDateTimeSchema } from './validation.js';

/** The query every list accepts (DESIGN §2). */
export interface ListQuery {
  pageNumber: number;
  pageSize: number;
  sort: { field: string; direction: 'asc' | 'desc' }[];
  search: string;
  filters: { field: string; contains: string }[];
}

/** Per list: which client fields may be sorted/filtered and the SQL column each maps to; searchable columns. */
export interface ListSpec {
  fields: Record<string, string>;
  searchColumns: string[];
  defaultSort: { column: string; direction: 'asc' | 'desc' }[];
  /** Deep offsets are bounded: beyond this, a client must narrow the query. */
  maxOffset?: number;
  /**
   * Sorts an index serves (`field:asc` / `field:desc`, one field). Any other sort of more than SORT_CAP rows orders only
   * the first SORT_CAP rows of the default order (`sortCapped`), so no page sorts a whole table.
   */
  indexedSorts?: string[];
  /**
   * Whether a search with few matches reads their ids first and pins its page to them (`FEW_MATCHES`; default true).
   * Only for a tiebreaker PostgreSQL can look rows up by (a primary key), not one computed per row.
   */
  pinFewMatches?: boolean;
}

/** A filtered or searched list counts at most this many rows; past it, the total is a lower bound (`totalCapped`). */
export const COUNT_CAP = 10_000;
/** A sort no index serves orders at most this many rows (the first of the default order) (`sortCapped`). */
export const SORT_CAP = 10_000;

/** A searched or filtered list with at most this many matches reads their ids first, then its page among them (`fewMatchesPage`). */
export const FEW_MATCHES = 1_000;

/**
 * What a list knows cheaper than scanning. `total` and `latest` are subqueries (one row, one column) that runList sends
 * in one statement with the other; `firstRows` answers in JS.
 */
export interface ListShortcuts {
  /** The unfiltered list's exact total (e.g. a sum over counters kept by triggers). */
  total?: Knex.QueryBuilder | Knex.Raw;
  /** The unfiltered list's newest change ("last updated"), e.g. the first entry of an index. */
  latest?: Knex.QueryBuilder | Knex.Raw;
  /** The first `cap` rows of the unfiltered list in the default order, as values of `column` (an index walk). */
  firstRows?: { column: string; ids: (cap: number) => Promise<unknown[]> };
  /**
   * The unfiltered list in an indexed order reads `total` and `latest` in its page's statement (`withSummary`), one round
   * trip instead of two. Only for a page statement that is a plain SELECT (no UNION at its top).
   */
  summaryInPage?: boolean;
  /**
   * Wraps the cut page (order, limit and offset applied) to read more for its rows only, in the same statement: e.g.
   * `SELECT p.*, t.* FROM (page) p LEFT JOIN LATERAL (...) t ON true`. Joined into the page itself, a deep page would
   * read them for every row it skips. A LATERAL join runs as a nested loop driven by `p`, which keeps the page's order.
   */
  perPageRow?: (page: Knex.QueryBuilder) => Knex.QueryBuilder;
}

/** The page-row columns `withSummary` adds; `takeSummary` takes them off again. */
interface SummaryColumns {
  list_total: string | number | null;
  list_last_updated: Date | null;
}

/**
 * Adds a list's total and "last updated" (subqueries of one row and one column each: counters, an index's first entry)
 * to its page's statement as two columns. PostgreSQL runs each once for the statement (an InitPlan), and the call saves
 * the round trip of a statement of their own.
 */
export function withSummary(
  page: Knex.QueryBuilder,
  total: Knex.QueryBuilder | Knex.Raw,
  latest: Knex.QueryBuilder | Knex.Raw,
): Knex.QueryBuilder {
  return page.select(
    page.client.raw('(?) AS list_total', [total]) as Knex.Raw,
    page.client.raw('(?) AS list_last_updated', [latest]) as Knex.Raw,
  );
}

/**
 * The page's rows without `withSummary`'s columns, and the summary they carried; null for an empty page, which carries
 * none (the summary then needs its own statement: an empty list, or a page past the end).
 */
export function takeSummary<T>(
  rows: (T & SummaryColumns)[],
): { items: T[]; total: number; lastUpdated: string | null } | null {
  const first = rows[0];
  if (!first) return null;
  return {
    items: rows.map(({ list_total: _total, list_last_updated: _latest, ...row }) => row as T),
    total: Number(first.list_total ?? 0),
    lastUpdated: first.list_last_updated ? new Date(first.list_last_updated).toISOString() : null,
  };
}

export interface ListPage<T> {
  items: T[];
  total: number;
  /** True when `total` is a lower bound: the filtered list has more than COUNT_CAP rows ("more than N"). */
  totalCapped?: boolean;
  /** True when the sort ordered only the first SORT_CAP rows of the default order (a sort no index serves). */
  sortCapped?: boolean;
  pageNumber: number;
  pageSize: number;
  lastUpdated: string | null;
}

/**
 * The schema of a ListPage of `item` (OpenAPI and the web's types; answers are never validated at runtime). Optional
 * flags stay optional: the list sends them only when true.
 */
export function listPageSchema(item: object) {
  return {
    type: 'object',
    required: ['items', 'total', 'pageNumber', 'pageSize', 'lastUpdated'],
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer', minimum: 0 },
      totalCapped: { type: 'boolean' },
      sortCapped: { type: 'boolean' },
      pageNumber: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1 },
      lastUpdated: nullableDateTimeSchema,
    },
  } as const;
}

export const listQuerySchema = {
  type: 'object',
  properties: {
    pageNumber: { type: 'integer', minimum: 1, maximum: MAX_INT4, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
    sortField: { type: 'string', maxLength: 500 },
    sortDirection: { type: 'string', maxLength: 200 },
    search: { type: 'string', maxLength: 200 },
    filterModel: { type: 'string', maxLength: 5000 },
  },
} as const;

type RawListQuery = {
  pageNumber?: number;
  pageSize?: number;
  sortField?: string;
  sortDirection?: string;
  search?: string;
  filterModel?: string;
};

function parseFilterModel(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  for (const candidate of [raw, safeDecode(raw)]) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // try the decoded form next
    }
  }
  throw new ValidationError('filterModel must be a JSON object.');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The text of one filterModel entry; an object is a 400 (String() of `{"toString":1}` would even throw). */
export function filterText(entry: unknown, field: string): string {
  const filter = (entry as { filter?: unknown } | null)?.filter;
  if (filter === undefined || filter === null) return '';
  if (typeof filter === 'object') throw new ValidationError(`The filter of ${field} must be text.`);
  return String(filter).trim();
}

/** Parses and whitelists a list query; an unknown sort or filter field is a 400, never SQL. */
export function parseListQuery(input: object, spec: ListSpec): ListQuery {
  const raw = input as RawListQuery;
  const fields = (raw.sortField ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const directions = (raw.sortDirection ?? '').split(',').map((s) => s.trim().toLowerCase());
  const sort = fields.map((field, i) => {
    if (!Object.hasOwn(spec.fields, field)) throw new ValidationError(`Unknown sort field: ${field}`);
    const direction = directions[i] || directions[0] || 'asc';
    if (direction !== 'asc' && direction !== 'desc')
      throw new ValidationError(`sortDirection must be asc or desc, got ${direction}`);
    return { field, direction: direction as 'asc' | 'desc' };
  });
  const filters = Object.entries(parseFilterModel(raw.filterModel))
    .map(([field, value]) => {
      if (!Object.hasOwn(spec.fields, field)) throw new ValidationError(`Unknown filter field: ${field}`);
      const v = value as { type?: string; filter?: unknown };
      if (v?.type !== undefined && v.type !== 'contains')
        throw new ValidationError(`Only "contains" filters are supported (${field}).`);
      return { field, contains: filterText(value, field) };
    })
    .filter((f) => f.contains !== '');
  const pageNumber = raw.pageNumber ?? 1;
  const pageSize = raw.pageSize ?? 50;
  const maxOffset = spec.maxOffset ?? 100_000;
  if ((pageNumber - 1) * pageSize > maxOffset) {
    throw new ValidationError(
      `Page too deep: narrow the list with search or filters (at most ${maxOffset} rows can be skipped).`,
    );
  }
  return { pageNumber, pageSize, sort, search: (raw.search ?? '').trim(), filters };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Applies search and filters (WHERE) to a query builder. */
export function applyListFilters(qb: Knex.QueryBuilder, query: ListQuery, spec: ListSpec): Knex.QueryBuilder {
  if (query.search && spec.searchColumns.length) {
    const pattern = `%${escapeLike(query.search)}%`;
    qb.where((w) => {
      for (const column of spec.searchColumns) w.orWhereRaw('??::text ILIKE ?', [column, pattern]);
    });
  }
  for (const f of query.filters)
    qb.whereRaw('??::text ILIKE ?', [spec.fields[f.field]!, `%${escapeLike(f.contains)}%`]);
  return qb;
}

/** Applies the list's order (ORDER BY) without a page: a download of every row orders them as the list does. */
export function applyListOrder(
  qb: Knex.QueryBuilder,
  query: ListQuery,
  spec: ListSpec,
  tiebreaker: string,
): Knex.QueryBuilder {
  const order = query.sort.length
    ? query.sort.map((s) => ({ column: spec.fields[s.field]!, order: s.direction }))
    : spec.defaultSort.map((s) => ({ column: s.column, order: s.direction }));
  for (const o of order) qb.orderByRaw(`?? ${o.order} NULLS LAST`, [o.column]);
  return qb.orderBy(tiebreaker, 'asc');
}

/** Applies order and page (ORDER BY, LIMIT, OFFSET); a unique tiebreaker keeps pages stable. */
export function applyListPage(
  qb: Knex.QueryBuilder,
  query: ListQuery,
  spec: ListSpec,
  tiebreaker: string,
): Knex.QueryBuilder {
  return applyListOrder(qb, query, spec, tiebreaker)
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
}

/** Whether a query's sort is the default order or one an index serves. */
export function sortIsIndexed(query: ListQuery, spec: ListSpec): boolean {
  if (!query.sort.length) return true;
  const [only] = query.sort;
  return query.sort.length === 1 && (spec.indexedSorts ?? []).includes(`${only!.field}:${only!.direction}`);
}

/**
 * `perPageRow`'s query, ordered again as the page is. It reads the cut page as a subquery, and SQL keeps no order
 * across one: PostgreSQL may turn the LATERAL read into a plain join and hash it either way round (CI met the page
 * reversed). The outer ORDER BY names the page's output columns, so every sort field (and the tiebreaker) must be
 * selected under its field name.
 */
function inPageOrder(
  perPageRow: (page: Knex.QueryBuilder) => Knex.QueryBuilder,
  query: ListQuery,
  spec: ListSpec,
  tiebreaker: string,
): (page: Knex.QueryBuilder) => Knex.QueryBuilder {
  const fieldOf = (column: string) => {
    const field = Object.keys(spec.fields).find((f) => spec.fields[f] === column);
    if (!field) throw new Error(`perPageRow: the sort column ${column} has no field name to order the page by`);
    return field;
  };
  const order = query.sort.length
    ? query.sort.map((s) => ({ field: s.field, direction: s.direction }))
    : spec.defaultSort.map((s) => ({ field: fieldOf(s.column), direction: s.direction }));
  const tie = fieldOf(tiebreaker);
  return (page) => {
    const outer = perPageRow(page);
    for (const o of order) outer.orderByRaw(`?? ${o.direction} NULLS LAST`, [o.field]);
    return outer.orderByRaw('?? asc', [tie]);
  };
}

/** Whether the list's order (the query's, else the default) starts with `column` newest first. */
function leadsNewestFirst(query: ListQuery, spec: ListSpec, column: string): boolean {
  const [first] = query.sort;
  const lead = first ? { column: spec.fields[first.field], direction: first.direction } : spec.defaultSort[0];
  return lead?.column === column && lead.direction === 'desc';
}

/** A filtered or searched count up to COUNT_CAP + 1 (reads at most that many rows), as a subquery. */
function cappedCountQuery(filtered: Knex.QueryBuilder): Knex.QueryBuilder {
  const rows = filtered
    .clone()
    .clearSelect()
    .clearOrder()
    .select(filtered.client.raw('1'))
    .limit(COUNT_CAP + 1);
  return filtered.client.queryBuilder().count({ count: '*' }).from(rows.as('capped'));
}

/**
 * The list's total and "last updated", in one statement of two scalar subqueries. The unfiltered total is `shortcuts.total`
 * when the list keeps counters, else an exact count; a filtered or searched total is capped at COUNT_CAP. "Last updated"
 * walks the list's index (ORDER BY <column> DESC LIMIT 1): max() beside count() would read every row.
 */
function summaryQueries(
  filtered: Knex.QueryBuilder,
  narrowed: boolean,
  shortcuts: ListShortcuts,
  lastUpdatedColumn?: string,
): { total: Knex.QueryBuilder | Knex.Raw; latest: Knex.QueryBuilder | Knex.Raw } {
  const total = narrowed
    ? cappedCountQuery(filtered)
    : (shortcuts.total ?? filtered.clone().clearSelect().clearOrder().count({ count: '*' }));
  const latest = !narrowed && shortcuts.latest ? shortcuts.latest : latestQuery(filtered, lastUpdatedColumn);
  return { total, latest };
}

/** The newest `lastUpdatedColumn` of `filtered`'s rows ("last updated"), as a subquery. */
function latestQuery(filtered: Knex.QueryBuilder, lastUpdatedColumn?: string): Knex.QueryBuilder | Knex.Raw {
  if (!lastUpdatedColumn) return filtered.client.raw('NULL::timestamptz', []) as Knex.Raw;
  return filtered
    .clone()
    .clearSelect()
    .clearOrder()
    .whereNotNull(lastUpdatedColumn)
    .orderBy(lastUpdatedColumn, 'desc')
    .limit(1)
    .select({ last_updated: lastUpdatedColumn });
}

/**
 * A search or filter in an indexed order with at most FEW_MATCHES matches: their ids first (unordered, so PostgreSQL
 * reads them off the search's own index), then the page and "last updated" among them, and the total is their number.
 * Left to the planner, the order's index may be walked newest first in the hope of meeting a page of matches early
 * (and "last updated" likewise): a '%word%' search is estimated from the column's 100-value histogram, one sampled
 * match makes a 7-row search look like 1,000 rows, and the walk reads the whole table (0.9 s at a million rows). Null
 * when there are more matches: dense enough for the walk to meet a page of them soon.
 */
async function fewMatchesPage<T>(
  filtered: Knex.QueryBuilder,
  query: ListQuery,
  spec: ListSpec,
  tiebreaker: string,
  select: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
  perPageRow: (page: Knex.QueryBuilder) => Knex.QueryBuilder,
  lastUpdatedColumn?: string,
): Promise<ListPage<T> | null> {
  const ids = (
    (await filtered
      .clone()
      .clearSelect()
      .clearOrder()
      .select({ id: tiebreaker })
      .limit(FEW_MATCHES + 1)) as { id: unknown }[]
  ).map((r) => r.id);
  if (ids.length > FEW_MATCHES) return null;
  const among = filtered.clone().whereRaw('?? = ANY(?)', [tiebreaker, ids as string[]]);
  const [latest, items] = await Promise.all([
    filtered.client
      .queryBuilder()
      .select(filtered.client.raw('(?) AS last_updated', [latestQuery(among, lastUpdatedColumn)])),
    perPageRow(applyListPage(select(among.clone()), query, spec, tiebreaker)) as Promise<T[]>,
  ]);
  const lastUpdated = (latest as { last_updated: Date | null }[])[0]?.last_updated;
  return {
    items,
    total: ids.length,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastUpdated: lastUpdated ? new Date(lastUpdated).toISOString() : null,
  };
}

async function listSummary(
  filtered: Knex.QueryBuilder,
  narrowed: boolean,
  shortcuts: ListShortcuts,
  lastUpdatedColumn?: string,
): Promise<{ total: number; capped: boolean; lastUpdated: string | null }> {
  const raw = (sql: string, bindings: readonly Knex.RawBinding[]) => filtered.client.raw(sql, bindings) as Knex.Raw;
  const { total, latest } = summaryQueries(filtered, narrowed, shortcuts, lastUpdatedColumn);
  const [row] = (await filtered.client
    .queryBuilder()
    .select(raw('(?) AS total', [total]), raw('(?) AS last_updated', [latest]))) as {
    total: string | number | null;
    last_updated: Date | null;
  }[];
  const n = Number(row?.total ?? 0);
  return {
    total: narrowed && n > COUNT_CAP ? COUNT_CAP : n,
    capped: narrowed && n > COUNT_CAP,
    lastUpdated: row?.last_updated ? new Date(row.last_updated).toISOString() : null,
  };
}

/**
 * Runs a list: `base` holds the scoping WHERE and joins; returns the page envelope of DESIGN §2: one statement for the
 * total and "last updated" (listSummary), one for the page. A sort no index serves, over more than SORT_CAP rows, orders
 * the first SORT_CAP rows of the default order (`sortCapped`) and refuses pages past them.
 */
export async function runList<T>(
  base: Knex.QueryBuilder,
  query: ListQuery,
  spec: ListSpec,
  tiebreaker: string,
  select: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
  lastUpdatedColumn?: string,
  shortcuts: ListShortcuts = {},
): Promise<ListPage<T>> {
  const filtered = applyListFilters(base.clone(), query, spec);
  const narrowed = query.search !== '' || query.filters.length > 0;
  const perPageRow = shortcuts.perPageRow
    ? inPageOrder(shortcuts.perPageRow, query, spec, tiebreaker)
    : (page: Knex.QueryBuilder) => page;
  if (shortcuts.summaryInPage && shortcuts.total && !narrowed && sortIsIndexed(query, spec)) {
    const { total, latest } = summaryQueries(filtered, narrowed, shortcuts, lastUpdatedColumn);
    // Page 1 in newest-change order starts with the list's newest change (`DESC NULLS LAST`: null only when every row's
    // is): "last updated" is its first row's own column, not a second walk of the index.
    const newestFirst =
      query.pageNumber === 1 && lastUpdatedColumn !== undefined && leadsNewestFirst(query, spec, lastUpdatedColumn);
    const rows = (await perPageRow(
      applyListPage(
        withSummary(
          select(filtered.clone()),
          total,
          newestFirst ? (filtered.client.raw('??', [lastUpdatedColumn]) as Knex.Raw) : latest,
        ),
        query,
        spec,
        tiebreaker,
      ),
    )) as (T & SummaryColumns)[];
    const taken = takeSummary<T>(rows);
    const summary = taken ?? { ...(await listSummary(filtered, narrowed, shortcuts, lastUpdatedColumn)), items: [] };
    return {
      items: summary.items,
      total: summary.total,
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      lastUpdated: summary.lastUpdated,
    };
  }
  if (narrowed && sortIsIndexed(query, spec) && spec.pinFewMatches !== false) {
    const few = await fewMatchesPage<T>(filtered, query, spec, tiebreaker, select, perPageRow, lastUpdatedColumn);
    if (few) return few;
  }
  const summarised = listSummary(filtered, narrowed, shortcuts, lastUpdatedColumn);
  const offset = (query.pageNumber - 1) * query.pageSize;
  const page = select(filtered.clone());
  let sortCapped = false;
  if (!sortIsIndexed(query, spec)) {
    const { total, capped } = await summarised;
    sortCapped = capped || total > SORT_CAP;
  }
  if (sortCapped) {
    if (offset + query.pageSize > SORT_CAP) {
      throw new ValidationError(
        `Page too deep for this sort: only the first ${SORT_CAP} rows are sorted; narrow the list with search or filters.`,
      );
    }
    const useShortcut = !narrowed && shortcuts.firstRows;
    const column = useShortcut ? shortcuts.firstRows!.column : tiebreaker;
    const ids = useShortcut
      ? await shortcuts.firstRows!.ids(SORT_CAP)
      : (
          (await applyListPage(
            filtered.clone().clearSelect().select({ id: tiebreaker }),
            { ...query, sort: [], pageNumber: 1, pageSize: SORT_CAP },
            spec,
            tiebreaker,
          )) as { id: unknown }[]
        ).map((r) => r.id);
    page.whereRaw('?? = ANY(?)', [column, ids as string[]]);
  }
  const [summary, items] = await Promise.all([
    summarised,
    perPageRow(applyListPage(page, query, spec, tiebreaker)) as Promise<T[]>,
  ]);
  return {
    items,
    total: summary.total,
    ...(summary.capped ? { totalCapped: true } : {}),
    ...(sortCapped ? { sortCapped: true } : {}),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastUpdated: summary.lastUpdated,
  };
}
