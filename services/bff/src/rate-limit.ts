import type { Middleware } from 'koa';
import { RateLimitError } from '@portal/core';

/**
 * Fixed-window limit per client address. In memory, so per replica: behind N replicas the effective limit is
 * N times this (docs/decisions.md). Enough to stop password guessing from one address; lockout covers the rest.
 */
export function rateLimit(limitPerMinute: number): Middleware {
  const windows = new Map<string, { start: number; count: number }>();
  return async (ctx, next) => {
    if (limitPerMinute > 0) {
      const now = Date.now();
      const key = ctx.ip;
      let w = windows.get(key);
      if (!w || now - w.start >= 60_000) {
        w = { start: now, count: 0 };
        windows.set(key, w);
        if (windows.size > 10_000) for (const [k, v] of windows) if (now - v.start >= 60_000) windows.delete(k);
      }
      w.count++;
      ctx.set('RateLimit-Limit', String(limitPerMinute));
      ctx.set('RateLimit-Remaining', String(Math.max(0, limitPerMinute - w.count)));
      if (w.count > limitPerMinute) {
        ctx.set('Retry-After', String(Math.ceil((w.start + 60_000 - now) / 1000)));
        throw new RateLimitError();
      }
    }
    await next();
  };
}
