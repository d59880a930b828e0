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
export function listPageSchema<const T extends object>(item: T) {
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
  throw new ValidationError('FILTER_MODEL_INVALID');
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
  if (typeof filter === 'object') throw new ValidationError('FILTER_NOT_TEXT', { field });
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
    if (!Object.hasOwn(spec.fields, field)) throw new ValidationError('UNKNOWN_SORT_FIELD', { field });
    const direction = directions[i] || directions[0] || 'asc';
    if (direction !== 'asc' && direction !== 'desc') throw new ValidationError('SORT_DIRECTION_INVALID', { direction });
    return { field, direction: direction as 'asc' | 'desc' };
  });
  const filters = Object.entries(parseFilterModel(raw.filterModel))
    .map(([field, value]) => {
      if (!Object.hasOwn(spec.fields, field)) throw new ValidationError('UNKNOWN_FILTER_FIELD', { field });
      const v = value as { type?: string; filter?: unknown };
      if (v?.type !== undefined && v.type !== 'contains')
        throw new ValidationError('FILTER_TYPE_UNSUPPORTED', { field });
      return { field, contains: filterText(value, field) };
    })
    .filter((f) => f.contains !== '');
  const pageNumber = raw.pageNumber ?? 1;
  const pageSize = raw.pageSize ?? 50;
  const maxOffset = spec.maxOffset ?? 100_000;
  if ((pageNumber - 1) * pageSize > maxOffset) {
    throw new ValidationError('PAGE_TOO_DEEP', { max: maxOffset });
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
