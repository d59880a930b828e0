import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { RateLimitError } from '@portal/core';

const WINDOW = `interval '60 seconds'`;

/**
 * Fixed-window limit per client address (the window starts at the address's first request), counted in PostgreSQL (table rate_limit_windows), so every replica draws
 * on one budget: behind N replicas an address still gets `limitPerMinute`, not N times it (issue 17). One upsert per
 * request; windows older than a few minutes are swept now and then by whichever replica counts.
 */
export function rateLimit(db: Knex, limitPerMinute: number, scope = 'auth'): Middleware {
  let counted = 0;
  return async (ctx, next) => {
    if (limitPerMinute > 0) {
      const { rows } = (await db.raw(
        `INSERT INTO rate_limit_windows AS w (key, window_start, count) VALUES (?, clock_timestamp(), 1)
         ON CONFLICT (key) DO UPDATE SET
           window_start = CASE WHEN w.window_start <= clock_timestamp() - ${WINDOW} THEN clock_timestamp() ELSE w.window_start END,
           count = CASE WHEN w.window_start <= clock_timestamp() - ${WINDOW} THEN 1 ELSE w.count + 1 END
         RETURNING count, ceil(extract(epoch FROM w.window_start + ${WINDOW} - clock_timestamp()))::int AS retry`,
        [`${scope}:${ctx.ip}`],
      )) as { rows: { count: number; retry: number }[] };
      const { count, retry } = rows[0]!;
      if (++counted % 1000 === 0)
        void db('rate_limit_windows')
          .where('window_start', '<', db.raw(`now() - interval '5 minutes'`))
          .delete()
          .catch(() => undefined);
      ctx.set('RateLimit-Limit', String(limitPerMinute));
      ctx.set('RateLimit-Remaining', String(Math.max(0, limitPerMinute - count)));
      if (count > limitPerMinute) {
        ctx.set('Retry-After', String(Math.max(1, retry)));
        throw new RateLimitError();
      }
    }
    await next();
  };
}
