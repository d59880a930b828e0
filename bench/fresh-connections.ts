import { CONNECTION_OPTIONS } from '../modules/core/src/index.js';
import { ms, ratio, type Stats, stats, table } from './harness.js';
import { pg } from './run-env.js';
import { beforeIssue37 } from './before-37.js';
import { type Captured, statementRole } from './throughput.js';

const RUNS_PER_CONNECTION = 25;

/**
 * Issue 37, item 2: a list statement on a fresh connection, after a given first statement, run again and again on
 * that connection (median of the runs after the first three): with PostgreSQL's defaults and the list first, with the
 * defaults and the caller lookup first (as the BFF's connections met it), and with the product's settings.
 */
export async function freshConnections(
  url: string,
  cases: Map<string, { call: Captured[] }>,
  names: readonly string[],
): Promise<string[]> {
  const rows: string[][] = [];
  const onFresh = async (options: string | undefined, first: Captured | null, list: Captured): Promise<Stats> => {
    const client = new pg.Client({ connectionString: url, ...(options ? { options } : {}) });
    await client.connect();
    try {
      if (first) await client.query(first.sql, first.bindings);
      const times: number[] = [];
      for (let i = 0; i < RUNS_PER_CONNECTION; i++) {
        const t0 = process.hrtime.bigint();
        await client.query(list.sql, list.bindings);
        if (i >= 3) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      return stats(times);
    } finally {
      await client.end();
    }
  };
  for (const name of names) {
    const call = cases.get(name)?.call;
    if (!call) continue;
    const caller = beforeIssue37(call).find((s) => statementRole(s.sql) === 'caller') ?? null;
    // The statement that reads the page (with its total when it carries it): the list statement of the call.
    const list = call.find((s) => statementRole(s.sql) === 'page');
    if (!list) continue;
    const listFirst = await onFresh(undefined, null, list);
    const callerFirst = await onFresh(undefined, caller, list);
    const product = await onFresh(CONNECTION_OPTIONS, null, list);
    const productCallerFirst = await onFresh(
      CONNECTION_OPTIONS,
      call.find((s) => statementRole(s.sql) === 'caller') ?? null,
      list,
    );
    rows.push([
      name,
      ms(listFirst.median),
      ms(callerFirst.median),
      ms(product.median),
      ms(productCallerFirst.median),
      ratio(listFirst.median, product.median),
    ]);
  }
  return [
    '## Fresh connections: the list statement by what the connection did first (issue 37, item 2)',
    '',
    `Each column is a new connection that ran one statement first (or none), then the call's list statement ${RUNS_PER_CONNECTION} times`,
    "(median of the runs after the first three). PostgreSQL's defaults have jit=on; the product's connections start with",
    "`-c jit=off` (core's CONNECTION_OPTIONS): with JIT on, the statements whose estimate passes `jit_above_cost` are",
    'compiled with LLVM on every execution.',
    '',
    table(
      [
        'case',
        'defaults, list first',
        'defaults, caller first',
        "product's settings, list first",
        "product's settings, caller first",
        'defaults/product (list first)',
      ],
      rows,
    ),
  ];
}
