import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { RateLimitError } from '@portal/core';
import { readBody } from './body.js';

/**
 * Fixed-window counters per key (the window starts at the key's first hit), kept in PostgreSQL (table
 * rate_limit_windows), so every replica draws on one budget: behind N replicas an address still gets its limit, not
 * N times it. One upsert per counted request; windows older than an hour are swept now and then by whichever replica
 * counts.
 */
class Windows {
  private counted = 0;
  constructor(private readonly db: Knex) {}

  /** Counts one more for `key`; answers the window's count and the seconds until it ends. */
  async hit(key: string, seconds: number): Promise<{ count: number; retry: number }> {
    const window = `make_interval(secs => ${Number(seconds)})`;
    const { rows } = (await this.db.raw(
      `INSERT INTO rate_limit_windows AS w (key, window_start, count) VALUES (?, clock_timestamp(), 1)
       ON CONFLICT (key) DO UPDATE SET
         window_start = CASE WHEN w.window_start <= clock_timestamp() - ${window} THEN clock_timestamp() ELSE w.window_start END,
         count = CASE WHEN w.window_start <= clock_timestamp() - ${window} THEN 1 ELSE w.count + 1 END
       RETURNING count, ceil(extract(epoch FROM w.window_start + ${window} - clock_timestamp()))::int AS retry`,
      [key],
    )) as { rows: { count: number; retry: number }[] };
    if (++this.counted % 1000 === 0)
      void this.db('rate_limit_windows')
        .where('window_start', '<', this.db.raw(`now() - interval '1 hour'`))
        .delete()
        .catch(() => undefined);
    return rows[0]!;
  }

  /** The count of `key`'s current window, without counting (0 when its window has ended). */
  async peek(key: string, seconds: number): Promise<{ count: number; retry: number }> {
    const row = (await this.db('rate_limit_windows')
      .where({ key })
      .where('window_start', '>', this.db.raw('clock_timestamp() - make_interval(secs => ?)', [Number(seconds)]))
      .first(
        'count',
        this.db.raw(
          'ceil(extract(epoch FROM window_start + make_interval(secs => ?) - clock_timestamp()))::int AS retry',
          [Number(seconds)],
        ),
      )) as { count: number; retry: number } | undefined;
    return row ?? { count: 0, retry: 0 };
  }
}

export interface AuthLimits {
  /** Account mail and sign-up calls (forgot and reset password, verify, sign up, restore), per address and minute. */
  perMinute: number;
  /** Token refreshes, logouts and the session's user data, per address and minute. */
  refreshPerMinute: number;
  /** The public forms' calls (a notice's details and summary, access requests, registration links), per address and minute. */
  publicPerMinute: number;
  /** Failed sign-ins per address in ten minutes. Failures per account are the auth module's (MAX_FAILED_LOGINS, then locked). */
  failedSignInsPerAddress: number;
}

type Kind = 'signin' | 'refresh' | 'public' | 'account';

const REFRESH_PATHS = new Set([
  '/api/auth/refreshtoken',
  '/api/auth/logout',
  '/api/auth/idp/logout',
  '/api/auth/userdata',
]);
const ACCOUNT_PATHS = new Set([
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/verify-email',
  '/api/auth/SignUpUser',
  '/api/auth/restoreuser',
  // Single sign-on's domain routing and start (issue 35): a domain guesser draws on the account budget.
  '/api/auth/sso/discover',
  '/api/auth/sso/start',
]);
const SIGNIN_PATHS = new Set(['/api/auth/userlock', '/api/auth/userlockotp']);
const FAILURES_WINDOW_SECONDS = 600;

/** What an /api/auth call is, for its budget: the token call by its grant (its body is read first). */
function kindOf(ctx: Context): Kind {
  const path = ctx.path.replace(/\/$/, '');
  if (path === '/api/auth/token') {
    const grant = (ctx.request as { body?: { grant_type?: unknown } }).body?.grant_type;
    return grant === 'refresh_token' ? 'refresh' : 'signin';
  }
  if (REFRESH_PATHS.has(path)) return 'refresh';
  if (ACCOUNT_PATHS.has(path)) return 'account';
  if (SIGNIN_PATHS.has(path)) return 'signin';
  return 'public';
}

function refuse(ctx: Context, retry: number): never {
  ctx.set('Retry-After', String(Math.max(1, retry)));
  throw new RateLimitError();
}

/**
 * The limits of /api/auth/*, each with a budget of its own, so a hospital's staff behind one outgoing address is not
 * locked out by its own refreshes and public forms: a sign-in is refused only after `failedSignInsPerAddress` failed
 * sign-ins from its address in ten minutes (a guesser), and an account is locked after MAX_FAILED_LOGINS failures
 * whatever the address (the auth module). Refreshes, public-form calls and account mail are counted per address and
 * minute, each on its own. `perMinute` 0 turns every auth limit off (tests, benches).
 */
export function authRateLimit(db: Knex, limits: AuthLimits): Middleware {
  const windows = new Windows(db);
  const perMinute = async (ctx: Context, scope: string, limit: number) => {
    const { count, retry } = await windows.hit(`${scope}:${ctx.ip}`, 60);
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', String(Math.max(0, limit - count)));
    if (count > limit) refuse(ctx, retry);
  };
  return async (ctx, next) => {
    if (limits.perMinute <= 0 || !ctx.path.startsWith('/api/auth/')) return next();
    // The token call's grant is in its body (a public call: reading it first refuses nobody's check).
    if (ctx.path.replace(/\/$/, '') === '/api/auth/token') await readBody(ctx, false);
    const kind = kindOf(ctx);
    if (kind === 'refresh') await perMinute(ctx, 'refresh', limits.refreshPerMinute);
    else if (kind === 'public') await perMinute(ctx, 'public', limits.publicPerMinute);
    else if (kind === 'account') await perMinute(ctx, 'auth', limits.perMinute);
    else {
      const key = `signin-failures:${ctx.ip}`;
      const failed = await windows.peek(key, FAILURES_WINDOW_SECONDS);
      if (failed.count >= limits.failedSignInsPerAddress) refuse(ctx, failed.retry);
      try {
        await next();
      } catch (error) {
        // A refused password or code (400, 401) or a locked account (423) counts; a server failure does not.
        const status = (error as { status?: number }).status;
        if (status === 400 || status === 401 || status === 423) await windows.hit(key, FAILURES_WINDOW_SECONDS);
        throw error;
      }
      if ([400, 401, 423].includes(ctx.status)) await windows.hit(key, FAILURES_WINDOW_SECONDS);
      return;
    }
    await next();
  };
}
