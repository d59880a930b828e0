/** Session watching rules (spec §4 "Session watching", §9). */

export const SESSION_CHECK_INTERVAL_MS = 10_000;
export const REFRESH_WINDOW_MS = 5 * 60_000;
export const ACTIVITY_THRESHOLD_MS = 15 * 60_000;

export interface SessionInput {
  nowMs: number;
  /** Expiry of the access token in seconds since the epoch, or null when no token is stored. */
  expSeconds: number | null;
  lastActivityMs: number;
}

export type SessionAction = 'none' | 'refresh' | 'logout';

export function decideSession({ nowMs, expSeconds, lastActivityMs }: SessionInput): SessionAction {
  if (expSeconds === null) return 'logout';
  const remaining = expSeconds * 1000 - nowMs;
  const active = nowMs - lastActivityMs <= ACTIVITY_THRESHOLD_MS;
  if (remaining <= REFRESH_WINDOW_MS && active) return 'refresh';
  if (remaining <= 0) return 'logout';
  return 'none';
}
