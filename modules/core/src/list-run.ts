import type { Knex } from 'knex';
import { ValidationError } from './errors.js';
import {
  applyListFilters,
  applyListPage,
  COUNT_CAP,
  FEW_MATCHES,
  type ListPage,
  type ListQuery,
  type ListShortcuts,
  type ListSpec,
  SORT_CAP,
  sortIsIndexed,
} from './list-query.js';

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
      throw new ValidationError('PAGE_TOO_DEEP_FOR_SORT', { max: SORT_CAP });
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
