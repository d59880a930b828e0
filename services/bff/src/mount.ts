import { readFile, rm } from 'node:fs/promises';
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { authenticate } from '@portal/auth';
import { readBody } from './body.js';
import { readBesideLookup } from './read-beside.js';
import {
  type Actor,
  assertSafeInput,
  ForbiddenError,
  hasAnyPermission,
  isFileResult,
  linkParameterNames,
  type HandlerResult,
  type MessageResult,
  type ModuleDeps,
  NotFoundError,
  type RedirectResult,
  type RequestHttp,
  resolveLinkAccess,
  type Route,
  UnauthorizedError,
  validate,
  ValidationError,
} from '@portal/core';

/** Dynamic answers from this size up go out compressed when the client accepts it (below it, headers outweigh the gain). */
export const COMPRESS_THRESHOLD = 1024;

const isRedirect = (v: unknown): v is RedirectResult =>
  typeof v === 'object' && v !== null && (v as RedirectResult).kind === 'redirect';

const isMessage = (v: unknown): v is MessageResult =>
  typeof v === 'object' && v !== null && (v as MessageResult).kind === 'message';

function bearer(ctx: Context): string | null {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1]!.trim() : null;
}

// Building an Intl.DateTimeFormat to test a zone costs ~0.3 ms of CPU, on every call: remember the answers. Bounded,
// because the header is the client's to choose.
const timezones = new Map<string, string>();

function validTimezone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  const known = timezones.get(tz);
  if (known) return known;
  const valid = isZone(tz) ? tz : 'UTC';
  if (timezones.size < 1000) timezones.set(tz, valid);
  return valid;
}

function isZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The envelope as JSON text, compressed in one call when the client accepts br or gzip: a JSON answer is whole in
 * memory, and a one-shot compression at the fastest level (with the size known) costs a fraction of a compressing
 * stream per response (the CPU of a list call). Streams (downloads) are left to koa-compress.
 */
function sendJson(ctx: Context, envelope: unknown): void {
  ctx.type = 'application/json';
  const text = JSON.stringify(envelope);
  if (text.length < COMPRESS_THRESHOLD) {
    ctx.body = text;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') {
    ctx.body = text;
    return;
  }
  const raw = Buffer.from(text);
  ctx.vary('Accept-Encoding');
  ctx.set('Content-Encoding', encoding);
  ctx.body =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : gzipSync(raw, { level: 1 });
}

/**
 * What a route sees of the request's HTTP side (routes.ts `RequestHttp`): its Origin, its own origin, https, and
 * cookies, set HttpOnly and SameSite=Strict, Secure over https (ctx.secure honours the trusted-proxy rules).
 */
function requestHttp(ctx: Context): RequestHttp {
  return {
    origin: ctx.get('origin'),
    ownOrigin: `${ctx.protocol}://${ctx.get('host')}`,
    secure: ctx.secure,
    cookie: (name) => ctx.cookies.get(name) || undefined,
    setCookie: ({ name, value, path, expires }) =>
      ctx.cookies.set(name, value ?? '', {
        path,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.secure,
        // The same name may be set once per path (the refresh cookie is): never drop an earlier one.
        overwrite: false,
        signed: false,
        ...(value === null ? { expires: new Date(0) } : expires ? { expires } : {}),
      }),
  };
}

/** RFC 5987 Content-Disposition so the spec's file names (spaces, dates) arrive intact. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

interface FormidableFile {
  filepath: string;
  originalFilename: string | null;
  size: number;
}

/** Reads the multipart files koa-body left on disk, then removes the temporary copies. */
async function readUploads(ctx: Context): Promise<{ field: string; name: string; data: Buffer }[]> {
  const raw = (ctx.request as { files?: Record<string, FormidableFile | FormidableFile[]> }).files ?? {};
  const out: { field: string; name: string; data: Buffer }[] = [];
  for (const [field, value] of Object.entries(raw)) {
    for (const f of Array.isArray(value) ? value : [value]) {
      out.push({ field, name: f.originalFilename ?? 'file', data: await readFile(f.filepath) });
      await rm(f.filepath, { force: true });
    }
  }
  return out;
}

/**
 * A link rule on a route that cannot hold one is a programming error, refused when the route is mounted: a link route
 * is public (the link stands in for a sign-in), and each id it checks names one of its path or query parameters.
 */
function checkLinkRule(route: Route): void {
  if (!route.link) return;
  const where = `${route.method} ${route.path}`;
  if (route.access !== 'public') throw new Error(`${where}: a link route is public`);
  const names = linkParameterNames(route.path, route.schema?.query);
  for (const name of Object.values(route.link.ids ?? {}))
    if (!names.has(name)) throw new Error(`${where}: its link rule names ${name}, which is not one of its parameters`);
}

/**
 * Path parameters that fail their schema name no record (`/users/abc`, an id past the bound, a key of the wrong
 * form): the answer is the plain 404 NOT_FOUND a missing record gets, never the schema's words about the parameter.
 * A valid path is coerced in place, as `validate` does.
 */
function validatePath(schema: object, params: Record<string, unknown>): void {
  try {
    validate(schema, params, 'Path');
  } catch (err) {
    if (err instanceof ValidationError) throw new NotFoundError();
    throw err;
  }
}

/**
 * Mounts one route (STYLE §2): authenticate, check access, validate the path, check the owner, validate the query,
 * then read and validate the body, call, wrap in the envelope. Everything that can refuse the caller (401, 403, the
 * 404 of a path that names nothing of theirs, a link's 404 when its token is in the query) runs before the body is
 * read, so a refusal costs no parsing and no upload reaches the disk. A read-only route (Route.readOnly) may run beside
 * its caller lookup (read-beside.ts); its answer still waits for the lookup.
 */
export function mount(router: Router, route: Route, deps: ModuleDeps): void {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  checkLinkRule(route);
  checkReadOnlyRule(route);
  router[method](route.path, async (ctx) => {
    const token = bearer(ctx);
    const result =
      route.readOnly && token
        ? await readBesideLookup(deps, token, (actor) => callAs(ctx, route, deps, token, actor))
        : await callAs(ctx, route, deps, token, await callerOf(route, deps, token));
    send(ctx, result);
  });
}

/** A read-only route is a signed-in GET (the rule readBesideLookup relies on): anything else is a programming error. */
function checkReadOnlyRule(route: Route): void {
  if (route.readOnly && (route.method !== 'GET' || route.access === 'public' || route.multipart || route.link))
    throw new Error(`${route.method} ${route.path}: a read-only route is a signed-in GET`);
}

/** The caller: required on a signed-in route (401 without one), taken when a public route is given a valid token. */
async function callerOf(route: Route, deps: ModuleDeps, token: string | null): Promise<Actor | null> {
  if (route.access !== 'public') {
    if (!token) throw new UnauthorizedError();
    return (await authenticate(deps.db, deps.config, token)).actor;
  }
  if (!token) return null;
  return authenticate(deps.db, deps.config, token).then(
    (a) => a.actor,
    () => null,
  );
}

/** Everything the route does once its caller is known, up to the handler's answer. */
async function callAs(
  ctx: Context,
  route: Route,
  deps: ModuleDeps,
  token: string | null,
  actor: Actor | null,
): Promise<HandlerResult> {
  if (route.access !== 'public') {
    if (!actor) throw new UnauthorizedError();
    if (Array.isArray(route.access) && !hasAnyPermission(actor, route.access)) throw new ForbiddenError();
    if (route.access === 'operator' && actor.organizationType !== 'NOTISPHERE') throw new ForbiddenError();
  }
  const params = { ...ctx.params };
  const query = { ...(ctx.query as Record<string, unknown>) };
  assertSafeInput(params, 'The path');
  assertSafeInput(query, 'The query');
  if (route.schema?.params) validatePath(route.schema.params, params);
  if (route.owner && actor) await route.owner({ actor, params });
  if (route.schema?.query) validate(route.schema.query, query, 'Query');
  // A link route: the link decides which records the call may reach, before the body is read when its token is in
  // the query (every upload's is), else once the body is there.
  const early = route.link && query.token !== undefined;
  let link = early ? await resolveLinkAccess(route.link!, { params, query, body: undefined }) : undefined;
  await readBody(ctx, route.multipart === true);
  const body = (ctx.request as { body?: unknown }).body ?? {};
  const files = route.multipart ? await readUploads(ctx) : [];
  if (route.schema?.body) validate(route.schema.body, body, 'Body');
  if (route.link && !early) link = await resolveLinkAccess(route.link, { params, query, body });
  return route.handler({
    body,
    query,
    params,
    actor,
    accessToken: token,
    timezone: validTimezone(ctx.get('timezone') || undefined),
    requestId: ctx.state.requestId as string,
    ip: ctx.ip,
    userAgent: ctx.get('user-agent'),
    files,
    link,
    http: requestHttp(ctx),
  });
}

/** The handler's answer on the wire: a redirect, a file, a message or data in the envelope. */
function send(ctx: Context, result: HandlerResult): void {
  if (isRedirect(result)) {
    ctx.redirect(result.location);
    return;
  }
  if (isFileResult(result)) {
    ctx.set('Content-Disposition', result.inline ? 'inline' : contentDisposition(result.filename));
    ctx.type = result.contentType;
    ctx.body = result.body;
    // A stream that fails once its headers are out cuts the transfer, so the client never keeps a short file as
    // whole (Koa alone would leave it hanging, and a compressor between them would end it cleanly).
    const body = result.body;
    if (typeof body === 'object' && 'once' in body)
      body.once('error', (err: Error) => {
        if (ctx.res.headersSent) ctx.res.destroy(err);
      });
    return;
  }
  if (isMessage(result)) {
    ctx.status = result.status ?? 200;
    sendJson(ctx, { ok: true, m: result.message, d: result.data ?? null });
    return;
  }
  sendJson(ctx, { ok: true, m: '', d: result ?? null });
}
