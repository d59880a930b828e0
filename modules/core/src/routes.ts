import type { Actor } from './actor.js';
import type { LinkAccess, LinkOpened } from './link-access.js';
import type { FromSchema, JSONSchema } from './schema-types.js';

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
  /** What the call's emailed link opened, resolved by the BFF before the handler (routes with `link`). */
  link?: unknown;
  /**
   * The request's HTTP side for the few routes that keep state in a cookie (the session's refresh cookie): the BFF
   * always provides it; absent only where a route is called without HTTP (the CLI's reports).
   */
  http?: RequestHttp;
}

/** A cookie of the answer: always HttpOnly and SameSite=Strict; Secure when the request came over https. */
export interface AnswerCookie {
  name: string;
  /** null clears the cookie (expired at once). */
  value: string | null;
  path: string;
  expires?: Date;
}

export interface RequestHttp {
  /** The `Origin` header, '' when the request sent none. */
  origin: string;
  /** The origin the request was addressed to: its scheme (https behind a trusted proxy) and its `Host`. */
  ownOrigin: string;
  /** The request arrived over https (a TLS socket, or a trusted proxy's X-Forwarded-Proto). */
  secure: boolean;
  cookie(name: string): string | undefined;
  setCookie(cookie: AnswerCookie): void;
}

/** What a download route answers (`Route.download`). */
export type DownloadKind = 'csv' | 'xlsx' | 'csv-or-xlsx' | 'zip';

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
  schema?: RouteSchema;
  /** Accept multipart bodies (files) on this route. */
  multipart?: boolean;
  /**
   * The answer is a file (Content-Disposition), not the JSON envelope: CSV, XLSX, either (by a `format` query or the
   * stored file's type) or a zip. The OpenAPI document declares it so.
   */
  download?: DownloadKind;
  /** Opened by an emailed link (public routes only): the BFF resolves it, and checks the ids it names, first. */
  link?: LinkAccess;
  /**
   * The tenancy check of a signed-in route whose path names its record (an upload's target): the BFF runs it after the
   * access rule and the path's validation and before the body is read, so another tenant's id answers its 404 (a wrong
   * event type its 403) before an upload is parsed. It throws to refuse; the handler still checks in its transaction.
   */
  owner?: (req: OwnerRequest) => Promise<unknown>;
  /**
   * A signed-in GET that only reads (no write, no audit entry, no job): the BFF may start it beside the caller lookup,
   * as the caller this process last confirmed for the session, and answers only once the lookup confirms that same
   * caller (otherwise it runs again as the caller found, or refuses). Its answer waits one round trip less.
   */
  readOnly?: true;
  handler: (req: RouteRequest) => Promise<HandlerResult> | HandlerResult;
}

/** What a route's `owner` check sees: the caller and the validated path, nothing of the body. */
export interface OwnerRequest<P = Record<string, unknown>> {
  actor: Actor;
  params: P;
}

/** The schemas of a route: body, query and params are validated by the BFF; response only documents the answer. */
export interface RouteSchema {
  body?: object;
  query?: object;
  params?: object;
  response?: object;
}

/**
 * The type of what ajv let through for one part of the request, inferred from its schema (`FromSchema`), so the schema
 * is the only declaration. `Otherwise` where the route declares no schema for that part (or only a bare `object`).
 */
export type Validated<S, Otherwise = unknown> = [S] extends [undefined]
  ? Otherwise
  : object extends S
    ? Otherwise
    : S extends JSONSchema
      ? FromSchema<S>
      : SchemaNotInferred<S>;

/**
 * What a handler gets for a schema json-schema-to-ts cannot read (one not `as const`, or built by a function that
 * returns a wide type): unusable on purpose, so the schema is fixed rather than the handler cast.
 */
export interface SchemaNotInferred<S> {
  readonly schemaNotInferred: S;
}

/** The request a handler receives for the schemas `S` (params are path strings where no schema declares them). */
export type RequestFor<S extends RouteSchema> = RouteRequest<
  Validated<S['body']>,
  Validated<S['query']>,
  Validated<S['params'], Record<string, string>>
>;

type Definition<S extends RouteSchema> = Omit<Route, 'handler' | 'access' | 'schema' | 'link' | 'owner'> & {
  schema?: S;
};

/** A route whose caller may be anyone: the actor is there only when a valid token came along. */
export type PublicRouteDefinition<S extends RouteSchema> = Definition<S> & {
  access: 'public';
  handler: (req: RequestFor<S>) => Promise<HandlerResult> | HandlerResult;
};

/**
 * A public route opened by an emailed link (`link`, declared in the route table): the BFF resolved the link and checked
 * the ids its parameters name before the call, so the handler receives what the link opened as `req.link`.
 */
export type LinkRouteDefinition<S extends RouteSchema, A extends LinkAccess> = Definition<S> & {
  access: 'public';
  link: A;
  handler: (req: RequestFor<S> & { link: LinkOpened<A> }) => Promise<HandlerResult> | HandlerResult;
};

/** A route for signed-in callers: the BFF refused anyone else, so the handler's actor is never null. */
export type SignedInRouteDefinition<S extends RouteSchema> = Definition<S> & {
  access: 'user' | 'operator' | readonly string[];
  /** Checked before the body is read (see `Route.owner`), with the path typed from `schema.params`. */
  owner?: (req: OwnerRequest<Validated<S['params'], Record<string, string>>>) => Promise<unknown>;
  handler: (req: RequestFor<S> & { actor: Actor }) => Promise<HandlerResult> | HandlerResult;
};

/**
 * Declares a route; the BFF has validated body, query and params against `schema` before the call, and the handler's
 * `req.body`, `req.query` and `req.params` are typed from those same schemas (no hand-written request types).
 */
export function route<const S extends RouteSchema = Record<never, never>, A extends LinkAccess = LinkAccess>(
  definition: LinkRouteDefinition<S, A>,
): Route;
export function route<const S extends RouteSchema = Record<never, never>>(definition: PublicRouteDefinition<S>): Route;
export function route<const S extends RouteSchema = Record<never, never>>(
  definition: SignedInRouteDefinition<S>,
): Route;
export function route(definition: Definition<RouteSchema>): Route {
  return definition as unknown as Route;
}

export function fileResult(filename: string, contentType: string, body: FileResult['body']): FileResult {
  return { kind: 'file', filename, contentType, body };
}

/** Whether a handler answered with a file (`fileResult`). */
export function isFileResult(value: unknown): value is FileResult {
  return typeof value === 'object' && value !== null && (value as FileResult).kind === 'file';
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
