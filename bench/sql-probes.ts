import type PgNamespace from 'pg';
import { CONNECTION_OPTIONS, type Db } from '../modules/core/src/index.js';
import { type Stats, stats } from './harness.js';
import { type Captured, lanesOf, queryOf, statementRole } from './throughput.js';
import { pg } from './run-env.js';

/**
 * The SQL instruments of a run, on the BFF's knex (`db`) and plain pg connections to the same database: the SQL time of a
 * call, the statements a call sends (to run them again with pg, as the BFF sent them), and PostgreSQL's own time for them.
 */
export function sqlProbes(db: Db, direct: PgNamespace.Client, url: string) {
  // Time spent waiting on PostgreSQL during one call (knex query → response), to split a call into SQL and the rest.
  let sqlClock: { started: Map<string, bigint>; ms: number; statements: number } | null = null;
  db.on('query', (q: { __knexQueryUid?: string }) => {
    if (sqlClock && q.__knexQueryUid) sqlClock.started.set(q.__knexQueryUid, process.hrtime.bigint());
  });
  const stopClock = (_r: unknown, q: { __knexQueryUid?: string }) => {
    const began = q.__knexQueryUid ? sqlClock?.started.get(q.__knexQueryUid) : undefined;
    if (sqlClock && began !== undefined) {
      sqlClock.ms += Number(process.hrtime.bigint() - began) / 1e6;
      sqlClock.statements += 1;
    }
  };
  db.on('query-response', stopClock);
  db.on('query-error', (_e: unknown, q: { __knexQueryUid?: string }) => stopClock(null, q));
  const withSqlClock = async <T>(fn: () => Promise<T>): Promise<{ result: T; sqlMs: number; statements: number }> => {
    sqlClock = { started: new Map(), ms: 0, statements: 0 };
    try {
      const result = await fn();
      return { result, sqlMs: sqlClock.ms, statements: sqlClock.statements };
    } finally {
      sqlClock = null;
    }
  };

  // Every statement knex sends during one call, to run the very same SQL with pg, with when it was sent and answered
  // (statements the BFF sends at once, on two connections, are replayed at once: see lanesOf).
  let captured: (Captured & { uid?: string })[] | null = null;
  db.on('query', (q: { sql: string; bindings?: unknown[]; options?: { name?: string }; __knexQueryUid?: string }) => {
    captured?.push({
      sql: q.sql,
      bindings: q.bindings ?? [],
      ...(q.options?.name ? { name: q.options.name } : {}),
      uid: q.__knexQueryUid,
      sent: Number(process.hrtime.bigint()) / 1e6,
      answered: Number.POSITIVE_INFINITY,
    });
  });
  db.on('query-response', (_r: unknown, q: { __knexQueryUid?: string }) => {
    const c = captured?.find((x) => x.uid === q.__knexQueryUid);
    if (c) c.answered = Number(process.hrtime.bigint()) / 1e6;
  });
  const captureSql = async (fn: () => Promise<unknown>): Promise<Captured[]> => {
    captured = [];
    await fn();
    const out = captured.map((q) => {
      const native =
        q.sql.includes('$1') || !q.bindings.length
          ? q
          : db
              .raw(q.sql, q.bindings as Parameters<Db['raw']>[1] & unknown[])
              .toSQL()
              .toNative();
      return {
        sql: native.sql,
        bindings: [...(native.bindings ?? [])] as unknown[],
        ...(q.name ? { name: q.name } : {}),
        sent: q.sent,
        answered: q.answered,
      };
    });
    captured = null;
    return out;
  };
  // More plain connections, for the statements a call sends at once: the product's (its connection options), and
  // connections with PostgreSQL's defaults for issue 37's "before" (bench/before-37.ts).
  const lanes = [direct];
  const defaultLanes: PgNamespace.Client[] = [];
  const laneClient = async (i: number, set: PgNamespace.Client[], options?: string) => {
    while (set.length <= i) {
      const c = new pg.Client({ connectionString: url, ...(options ? { options } : {}) });
      await c.connect();
      set.push(c);
    }
    return set[i]!;
  };
  /**
   * Replays statements as the BFF sent them: one after another on a lane, the lanes at once; `before` on connections
   * with PostgreSQL's default settings.
   */
  let replays = 0;
  const replay = async (statements: Captured[], o: { before?: boolean } = {}) => {
    // Before issue 37 every call waited for its caller lookup before sending anything else; a read-only list now sends
    // its statements beside the lookup, so `before` puts the lookup first again.
    if (o.before) {
      const client = await laneClient(0, defaultLanes);
      for (const s of statements.filter((st) => statementRole(st.sql) === 'caller')) await client.query(queryOf(s));
      statements = statements.filter((st) => statementRole(st.sql) !== 'caller');
    }
    const byLane = lanesOf(statements);
    // The lanes take their connections in turns, as a pool hands any connection to any statement: the server's
    // connections have all run caller lookups, and a connection that never did runs the provider's list slower
    // (the fresh-connection table), which a lane that only ever ran the page would measure.
    const turn = replays++;
    await Promise.all(
      byLane.map(async (lane, index) => {
        const i = (index + turn) % byLane.length;
        const client = o.before ? await laneClient(i, defaultLanes) : await laneClient(i, lanes, CONNECTION_OPTIONS);
        for (const s of lane) await client.query(queryOf(s));
      }),
    );
  };
  /** PostgreSQL's own time for statements (planning and execution, EXPLAIN ANALYZE without per-node timing): median. */
  const inPostgres = async (statements: Captured[]): Promise<Stats> => {
    const totals: number[] = [];
    for (let run = 0; run < 12; run++) {
      let total = 0;
      for (const s of statements) {
        const { rows } = await direct.query(
          `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON, COSTS OFF) ${s.sql}`,
          s.bindings,
        );
        for (const r of rows as Record<string, string>[]) {
          const m = /^(Planning|Execution) Time: ([\d.]+) ms/.exec(r['QUERY PLAN']!);
          if (m) total += Number(m[2]);
        }
      }
      if (run >= 2) totals.push(total);
    }
    return stats(totals);
  };
  const closeLanes = async () => {
    for (const c of [...lanes.slice(1), ...defaultLanes.splice(0)]) await c.end();
    lanes.splice(1);
  };
  return { withSqlClock, captureSql, replay, inPostgres, closeLanes };
}

export type SqlProbes = ReturnType<typeof sqlProbes>;
