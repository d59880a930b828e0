import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type DownloadKind, type Route, repoRoot } from '@portal/core';

const envelope = (data: object = {}) => ({
  type: 'object',
  required: ['ok', 'm', 'd'],
  properties: { ok: { const: true }, m: { type: 'string' }, d: data },
});

/** The error envelope every refusal answers (docs/architecture.md §3 "Envelope and errors"): one component, by $ref. */
const failure = {
  type: 'object',
  required: ['ok', 'm', 'error'],
  properties: {
    ok: { const: false },
    m: { type: 'string' },
    error: {
      type: 'object',
      required: ['code'],
      properties: {
        // The message's key in @portal/vocabulary's catalogue is `code`, or `code.reason`; `params` fill it in.
        code: { type: 'string' },
        reason: { type: 'string' },
        params: { type: 'object', additionalProperties: {} },
        details: {},
      },
    },
  },
};

const FAILURE_REF = { $ref: '#/components/schemas/Failure' };

/** The refusals an operation may answer, each a component response holding the Failure envelope. */
const REFUSALS = {
  400: ['BadRequest', 'The query or body failed its schema or a rule of its values (error.code names which)'],
  401: ['Unauthorized', 'No valid Bearer token'],
  403: ['Forbidden', 'The caller lacks the permission (or the organisation type) the operation needs'],
  404: ['NotFound', "The path names no record the caller may reach (another tenant's id answers the same)"],
  409: ['Conflict', 'The record changed state, or the write would duplicate or orphan a record'],
  413: ['PayloadTooLarge', 'The body or an uploaded file is over its limit'],
  415: ['UnsupportedMediaType', 'The body or an uploaded file is not of a type the operation reads'],
  422: ['UnprocessableContent', 'A business rule refused the request'],
  429: ['TooManyRequests', 'Over the rate limit: retry after the Retry-After header'],
} as const;
type RefusalStatus = keyof typeof REFUSALS;

const binary = { type: 'string', format: 'binary' } as const;
const MEDIA: Record<DownloadKind, string[]> = {
  csv: ['text/csv'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  'csv-or-xlsx': ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  zip: ['application/zip'],
};

/** The media types the 200 of a download route declares (for tests and the reference). */
export function downloadMediaTypes(kind: DownloadKind): readonly string[] {
  return MEDIA[kind];
}

/**
 * What a route can answer besides its success, from what the BFF does before and around the handler (mount.ts): the
 * access check (401, 403), the path's schema and links (404), the query and body (400, and 413/415 for a body), writes
 * (409 conflicts, 422 rules), and the rate limit of /auth/* (429).
 */
function refusalsOf(route: Route): RefusalStatus[] {
  const write = route.method !== 'GET';
  const statuses: RefusalStatus[] = [];
  // Every route checks its path and query for unsafe input (NUL, prototype keys) before anything else.
  statuses.push(400);
  if (route.access !== 'public') statuses.push(401, 403);
  // The sign-in calls refuse a wrong password, code or refresh token with 401.
  else if (route.path.startsWith('/auth/')) statuses.push(401);
  if (route.path.includes(':') || route.link) statuses.push(404);
  if (write) statuses.push(409);
  if (write || route.multipart) statuses.push(413, 415);
  if (write || route.download === 'zip') statuses.push(422);
  if (route.path.startsWith('/auth/')) statuses.push(429);
  return statuses;
}

/**
 * OpenAPI forbids templated paths of one shape with different parameter names (they are the same path). Where routes
 * share a shape but name a segment differently, the document names that segment by every name joined ("orgIdOr…"),
 * and each operation's parameter says which of them it is; the wire paths and operation ids do not change.
 */
function documentNames(routes: Route[]): Map<Route, string[]> {
  const names = (r: Route) => r.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? [];
  const byShape = new Map<string, Route[]>();
  for (const r of routes) {
    const shape = r.path.replace(/:\w+/g, ':');
    byShape.set(shape, [...(byShape.get(shape) ?? []), r]);
  }
  const out = new Map<Route, string[]>();
  for (const group of byShape.values()) {
    const lists = group.map(names);
    const merged = lists[0]!.map((_, i) => {
      const distinct = [...new Set(lists.map((l) => l[i]!))];
      return distinct.map((n, j) => (j === 0 ? n : n[0]!.toUpperCase() + n.slice(1))).join('Or');
    });
    for (const r of group) out.set(r, merged);
  }
  return out;
}

/** The product's licence: the root package.json's `license` (an SPDX id), else MIT. */
function license(): { name: string; identifier: string } {
  let id = 'MIT';
  try {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { license?: unknown };
    if (typeof pkg.license === 'string' && /^[\w.+-]+$/.test(pkg.license)) id = pkg.license;
  } catch {
    // Without a readable package.json the document still says MIT.
  }
  return { name: id, identifier: id };
}

/** OpenAPI 3.1 from the route tables (DESIGN §2): paths, parameters and bodies come from the routes' ajv schemas. */
export function buildOpenApi(routes: Route[], version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  const docNames = documentNames(routes);
  for (const route of routes) {
    const own = route.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? [];
    const named = docNames.get(route) ?? own;
    let position = 0;
    const path = `/api${route.path.replace(/:(\w+)/g, () => `{${named[position++]}}`)}`;
    const parameters: object[] = [];
    const paramProps = (route.schema?.params as { properties?: Record<string, object> } | undefined)?.properties ?? {};
    own.forEach((name, i) => {
      const documented = named[i] ?? name;
      parameters.push({
        name: documented,
        in: 'path',
        required: true,
        ...(documented !== name ? { description: `This operation's \`${name}\`` } : {}),
        schema: paramProps[name] ?? { type: 'string' },
      });
    });
    const query = route.schema?.query as { properties?: Record<string, object>; required?: string[] } | undefined;
    for (const [name, schema] of Object.entries(query?.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema });
    }
    const success = route.download
      ? {
          description: 'The file (a download, not the JSON envelope)',
          headers: { 'Content-Disposition': { $ref: '#/components/headers/ContentDisposition' } },
          content: Object.fromEntries(MEDIA[route.download].map((type) => [type, { schema: binary }])),
        }
      : {
          description: 'Success',
          content: { 'application/json': { schema: envelope(route.schema?.response ?? {}) } },
        };
    const refusals = Object.fromEntries(
      refusalsOf(route).map((status) => [status, { $ref: `#/components/responses/${REFUSALS[status][0]}` }]),
    );
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags ?? [],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^\w]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      parameters,
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      ...(Array.isArray(route.access) ? { 'x-permissions': route.access } : {}),
      ...(route.access === 'operator' ? { 'x-access': 'operator' } : {}),
      // Opened by an emailed link's token (the `token` parameter) rather than a sign-in: which kind of link.
      ...(route.link ? { 'x-link': route.link.link.name } : {}),
      responses: {
        200: success,
        ...refusals,
        default: { $ref: '#/components/responses/Failure' },
      },
    };
    if (route.schema?.body) {
      operation.requestBody = {
        required: true,
        content: { [route.multipart ? 'multipart/form-data' : 'application/json']: { schema: route.schema.body } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  const failureResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: FAILURE_REF } },
  });
  return withAjvKeywordsAsExtensions({
    openapi: '3.1.0',
    info: {
      title: 'Recall and supply advisory portal API',
      version,
      description:
        'Generated from the route tables. JSON answers are the envelope `{ ok, m, d }`; refusals `{ ok: false, m, error: { code } }` (component Failure); downloads are files with Content-Disposition.',
      license: license(),
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Failure: failure },
      headers: {
        ContentDisposition: {
          description: 'attachment, with the file name (RFC 6266, filename* for names beyond ASCII)',
          schema: { type: 'string' },
        },
      },
      responses: {
        ...Object.fromEntries(
          Object.values(REFUSALS).map(([name, description]) => [name, failureResponse(description)]),
        ),
        Failure: failureResponse('Any other failure (5xx: the server or its database; the body never holds internals)'),
      },
    },
    paths,
  });
}

/** ajv-formats' keywords, which JSON Schema does not define: kept in the document as extensions (`x-formatMinimum`). */
const AJV_KEYWORDS = ['formatMinimum', 'formatMaximum', 'formatExclusiveMinimum', 'formatExclusiveMaximum'];

function withAjvKeywordsAsExtensions<T extends object>(document: T): T {
  return JSON.parse(JSON.stringify(document), (_key, value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    if (!AJV_KEYWORDS.some((k) => Object.hasOwn(value, k))) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [AJV_KEYWORDS.includes(k) ? `x-${k}` : k, v] as const),
    );
  }) as T;
}
