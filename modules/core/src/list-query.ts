import type { Knex } from 'knex';
import { ValidationError } from './errors.js';
import { MAX_INT4 } from './validation.js';

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
}

export interface ListPage<T> {
  items: T[];
  total: number;
  pageNumber: number;
  pageSize: number;
  lastUpdated: string | null;
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

type RawListQuery = { pageNumber?: number; pageSize?: number; sortField?: string; sortDirection?: string; search?: string; filterModel?: string };

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
  const fields = (raw.sortField ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const directions = (raw.sortDirection ?? '').split(',').map((s) => s.trim().toLowerCase());
  const sort = fields.map((field, i) => {
    if (!Object.hasOwn(spec.fields, field)) throw new ValidationError(`Unknown sort field: ${field}`);
    const direction = directions[i] || directions[0] || 'asc';
    if (direction !== 'asc' && direction !== 'desc') throw new ValidationError(`sortDirection must be asc or desc, got ${direction}`);
    return { field, direction: direction as 'asc' | 'desc' };
  });
  const filters = Object.entries(parseFilterModel(raw.filterModel)).map(([field, value]) => {
    if (!Object.hasOwn(spec.fields, field)) throw new ValidationError(`Unknown filter field: ${field}`);
    const v = value as { type?: string; filter?: unknown };
    if (v?.type !== undefined && v.type !== 'contains') throw new ValidationError(`Only "contains" filters are supported (${field}).`);
    return { field, contains: filterText(value, field) };
  }).filter((f) => f.contains !== '');
  const pageNumber = raw.pageNumber ?? 1;
  const pageSize = raw.pageSize ?? 50;
  const maxOffset = spec.maxOffset ?? 100_000;
  if ((pageNumber - 1) * pageSize > maxOffset) {
    throw new ValidationError(`Page too deep: narrow the list with search or filters (at most ${maxOffset} rows can be skipped).`);
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
  for (const f of query.filters) qb.whereRaw('??::text ILIKE ?', [spec.fields[f.field]!, `%${escapeLike(f.contains)}%`]);
  return qb;
}

/** Applies order and page (ORDER BY, LIMIT, OFFSET); a unique tiebreaker keeps pages stable. */
export function applyListPage(qb: Knex.QueryBuilder, query: ListQuery, spec: ListSpec, tiebreaker: string): Knex.QueryBuilder {
  const order = query.sort.length
    ? query.sort.map((s) => ({ column: spec.fields[s.field]!, order: s.direction }))
    : spec.defaultSort.map((s) => ({ column: s.column, order: s.direction }));
  for (const o of order) qb.orderByRaw(`?? ${o.order} NULLS LAST`, [o.column]);
  qb.orderBy(tiebreaker, 'asc');
  return qb.limit(query.pageSize).offset((query.pageNumber - 1) * query.pageSize);
}

/** Runs a list: `base` holds the scoping WHERE and joins; returns the page envelope of DESIGN §2. */
export async function runList<T>(base: Knex.QueryBuilder, query: ListQuery, spec: ListSpec, tiebreaker: string,
  select: (qb: Knex.QueryBuilder) => Knex.QueryBuilder, lastUpdatedColumn?: string): Promise<ListPage<T>> {
  const filtered = applyListFilters(base.clone(), query, spec);
  // Count and "last updated" are separate queries: max() beside count() forces a read of every row, while
  // ORDER BY <column> DESC LIMIT 1 walks the list's index and stops at the first row.
  const countQuery = filtered.clone().clearSelect().clearOrder().count<{ count: number }[]>({ count: '*' });
  const latestQuery = lastUpdatedColumn
    ? filtered.clone().clearSelect().clearOrder().whereNotNull(lastUpdatedColumn).orderBy(lastUpdatedColumn, 'desc').limit(1).select({ last_updated: lastUpdatedColumn })
    : null;
  const [[counted], latest] = await Promise.all([
    countQuery as unknown as Promise<{ count: number }[]>,
    latestQuery ? (latestQuery as unknown as Promise<{ last_updated: Date | null }[]>) : Promise.resolve([]),
  ]);
  const items = (await applyListPage(select(filtered.clone()), query, spec, tiebreaker)) as T[];
  return {
    items,
    total: Number(counted?.count ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastUpdated: latest[0]?.last_updated ? new Date(latest[0].last_updated).toISOString() : null,
  };
}
