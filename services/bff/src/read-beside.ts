import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import { callerOfClaims, verifyAccessToken } from '@portal/auth';
import { type Actor, type Config, type HandlerResult, isFileResult } from '@portal/core';

/**
 * The caller each session was last confirmed as, in this process. Only ever a guess: a read-only route (Route.readOnly)
 * starts as this caller beside the lookup, and its answer is used only when the lookup, made on the same call, finds
 * the same caller. A logout, a revoked session, a deactivated user or a changed role therefore takes effect on the very
 * next call, on every replica, with no invalidation to send: a wrong guess costs one more run, never a wrong answer.
 */
export class ConfirmedCallers {
  private readonly bySession = new Map<string, Actor>();

  constructor(private readonly limit = 10_000) {}

  get(key: string): Actor | undefined {
    return this.bySession.get(key);
  }

  set(key: string, actor: Actor): void {
    // Map keeps insertion order: delete first, so the oldest entry is the least recently confirmed one.
    this.bySession.delete(key);
    this.bySession.set(key, actor);
    if (this.bySession.size > this.limit) this.bySession.delete(this.bySession.keys().next().value!);
  }

  delete(key: string): void {
    this.bySession.delete(key);
  }

  get size(): number {
    return this.bySession.size;
  }
}

/** One per database: the apps of one process over one database (the tests' replicas) may share their guesses. */
const confirmedByDb = new WeakMap<Knex, ConfirmedCallers>();

export function confirmedCallers(db: Knex): ConfirmedCallers {
  let callers = confirmedByDb.get(db);
  if (!callers) {
    callers = new ConfirmedCallers();
    confirmedByDb.set(db, callers);
  }
  return callers;
}

/** A run whose answer is not used: a file's stream is closed, so its cursor gives back its connection. */
function discard(outcome: PromiseSettledResult<HandlerResult>): void {
  if (outcome.status !== 'fulfilled' || !isFileResult(outcome.value)) return;
  const { body } = outcome.value;
  if (typeof body === 'object' && 'destroy' in body && typeof body.destroy === 'function') body.destroy();
}

/**
 * Runs a read-only route for a bearer token: beside the caller lookup when this process has confirmed the session's
 * caller before, else after it. `run` is everything the route does once its caller is known (access rule, checks,
 * handler); it may run twice, so it must only read.
 */
export async function readBesideLookup(
  deps: { db: Knex; config: Config },
  token: string,
  run: (actor: Actor) => Promise<HandlerResult>,
): Promise<HandlerResult> {
  const claims = await verifyAccessToken(deps.config, token);
  const callers = confirmedCallers(deps.db);
  const key = `${claims.sid}\u0000${claims.sub}\u0000${claims.org_id}`;
  const guess = callers.get(key);
  const lookup = callerOfClaims(deps.db, deps.config, claims);
  if (!guess) {
    const actor = await lookup;
    callers.set(key, actor);
    return run(actor);
  }
  const [found, early] = await Promise.allSettled([lookup, run(guess)]);
  if (found.status === 'rejected') {
    callers.delete(key);
    discard(early);
    throw found.reason;
  }
  callers.set(key, found.value);
  if (isDeepStrictEqual(found.value, guess)) {
    if (early.status === 'rejected') throw early.reason;
    return early.value;
  }
  discard(early);
  return run(found.value);
}
