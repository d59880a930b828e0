import type { Actor } from './actor.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler sees of the request: validated input and the caller, never Koa's context. */
export interface RouteRequest<B = unknown, Q = unknown, P = unknown> {
  body: B;
  query: Q;
  params: P;
  /** The signed-in caller; null only on public routes. */
  actor: Actor | null;
  /** IANA time zone from the `timezone` header (default UTC), for dates rendered in reports. */
  timezone: string;
  requestId: string;
  ip: string;
  userAgent: string;
  /** The raw Bearer token of the call, when one was sent. */
  accessToken: string | null;
  /** Files of a multipart body (routes with `multipart: true`), in the order sent. */
  files: { field: string; name: string; data: Buffer }[];
}

/** A file answer: a plain body with Content-Disposition, not an envelope. */
export interface FileResult {
  kind: 'file';
  filename: string;
  contentType: string;
  body: Buffer | NodeJS.ReadableStream | string;
  /** Shown in place (images, previews) rather than downloaded. */
  inline?: boolean;
}

/** A redirect answer (tracked links). */
export interface RedirectResult {
  kind: 'redirect';
  location: string;
}

/** A handler may answer with data (wrapped in the envelope), a file, or data plus a message for `m`. */
export interface MessageResult<T = unknown> {
  kind: 'message';
  message: string;
  data: T;
  status?: number;
}

export type HandlerResult = unknown;

/**
 * A route as data (STYLE §1): the BFF mounts it under /api, enforces `auth` and `permissions`
 * (any one suffices, spec §6), validates input with `schema`, and wraps what `handler` returns.
 */
export interface Route {
  method: HttpMethod;
  path: string;
  /**
   * 'public' needs no token; 'user' any signed-in user; 'operator' any signed-in user of the operator's organisation
   * (spec 000 §2 "any permission" on an operator page); a list needs one of those permissions.
   */
  access: 'public' | 'user' | 'operator' | readonly string[];
  summary: string;
  tags?: string[];
  schema?: { body?: object; query?: object; params?: object; response?: object };
  /** Accept multipart bodies (files) on this route. */
  multipart?: boolean;
  handler: (req: RouteRequest) => Promise<HandlerResult> | HandlerResult;
}

/** A route whose caller may be anyone: the actor is there only when a valid token came along. */
export type PublicRouteDefinition<B, Q, P> = Omit<Route, 'handler' | 'access'> & {
  access: 'public';
  handler: (req: RouteRequest<B, Q, P>) => Promise<HandlerResult> | HandlerResult;
};

/** A route for signed-in callers: the BFF refused anyone else, so the handler's actor is never null. */
export type SignedInRouteDefinition<B, Q, P> = Omit<Route, 'handler' | 'access'> & {
  access: 'user' | 'operator' | readonly string[];
  handler: (req: RouteRequest<B, Q, P> & { actor: Actor }) => Promise<HandlerResult> | HandlerResult;
};

/** Declares a route with typed input; the BFF has validated body, query and params against `schema` before the call. */
export function route<B = unknown, Q = unknown, P = Record<string, string>>(
  definition: PublicRouteDefinition<B, Q, P>,
): Route;
export function route<B = unknown, Q = unknown, P = Record<string, string>>(
  definition: SignedInRouteDefinition<B, Q, P>,
): Route;
export function route(
  definition: PublicRouteDefinition<unknown, unknown, unknown> | SignedInRouteDefinition<unknown, unknown, unknown>,
): Route {
  return definition as unknown as Route;
}

export function fileResult(filename: string, contentType: string, body: FileResult['body']): FileResult {
  return { kind: 'file', filename, contentType, body };
}

export function messageResult<T>(message: string, data: T, status?: number): MessageResult<T> {
  return { kind: 'message', message, data, status };
}

/** What every module factory receives from the BFF (or the CLI, or a test). */
export interface ModuleDeps {
  db: import('knex').Knex;
  config: import('./config.js').Config;
  logger: import('./logger.js').Logger;
  /** Asks the sender to drain the outbox soon after a commit that queued mail. */
  mail: { kick(): void };
  files: import('./files.js').FileStore;
  /** Live updates across replicas (LISTEN/NOTIFY); the BFF provides it, a test may leave it out. */
  live?: import('./pubsub.js').LiveEvents;
  /**
   * The process's job queue, after a commit that added jobs: `wake(queue)` makes this process's workers take them at
   * once (other replicas find them at their next poll). A web replica has none.
   */
  jobs?: { wake(queue: string): void };
}

export interface PortalModule {
  name: string;
  routes: Route[];
}
