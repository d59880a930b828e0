/**
 * Schema-driven fuzzing of every operation of /api/openapi.json: requests generated with fast-check from the
 * operation's own schemas, mixed with hostile values (huge, negative and fractional ids, "__proto__"/"constructor" keys,
 * deep nesting, long strings, NUL, wrong types, bad sort and filter fields, garbage multipart bodies), sent anonymously
 * and as the identities the operation's permissions admit (an administrator of each organisation type, a provider
 * Responder). Any 5xx, any answer that is neither an envelope nor a complete file, fails the test with the requests
 * that caused it.
 *
 * Bounded: a fixed seed (FUZZ_SEED) and FUZZ_RUNS generated requests per operation (default 4, about a minute),
 * plus a fixed list of hostile requests per operation. Then each write operation gets FUZZ_BURSTS valid requests
 * (default 1), each sent FUZZ_BURST_SIZE times at once (default 5): identical writes racing each other.
 *
 * Last, every list is walked page by page over what the fuzzer left behind (LIST_WALK_VARIANTS sorts per list, default
 * 6): no row twice, the total is the rows walked, pages agree across page sizes, rows are in the order asked for, and a
 * filter on a row's own value finds it and only matching rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seedDemoCommunications } from '@portal/communications';
import { startTestApp, type TestApp } from '@portal/testing';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** FUZZ_FULL_LISTS=1 also sends every list of objects at its maxItems (slow: thousands of rows written per request). */
const FULL_LISTS = process.env.FUZZ_FULL_LISTS === '1';
/** FUZZ_BURSTS valid requests per write operation, each sent FUZZ_BURST_SIZE times at once. */
const BURSTS = Number(process.env.FUZZ_BURSTS ?? 1);
const BURST_SIZE = Number(process.env.FUZZ_BURST_SIZE ?? 5);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | Schema;
};
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  security: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/** What the fuzzer sends: a path already filled in, a query string, and a body as raw text or a multipart form. */
interface FuzzRequest {
  who: Identity;
  path: string;
  query: string;
  /** The `timezone` header, which dates in reports are rendered in. */
  timezone?: string;
  /** Other headers, as sent (an Accept-Encoding no coding satisfies, headers past Node's size limit). */
  headers?: Record<string, string>;
  /** A method other than the operation's (one no router knows). */
  method?: string;
  body?:
    | { kind: 'json'; text: string }
    | { kind: 'form'; parts: FormPart[] }
    | { kind: 'raw'; contentType: string; text: string };
}
type FormPart = { name: string; value: string } | { name: string; file: string; filename: string };
type Identity = 'anonymous' | 'supplier' | 'provider' | 'responder' | 'operator';
const SIGN_INS: Record<Exclude<Identity, 'anonymous'>, string> = {
  supplier: 'admin@acme.demo',
  provider: 'admin@riverside.demo',
  responder: 'responder@riverside.demo',
  operator: 'admin@operator.demo',
};

// ---- hostile values ----

const HUGE_ID = '99999999999999999999';
const BUILT_INS = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__proto__',
  'prototype',
  '__defineGetter__',
];
const hostileScalar = fc.constantFrom<unknown>(
  HUGE_ID,
  '9223372036854775808',
  '9007199254740993',
  -1,
  0,
  1.5,
  1e308,
  '1e400',
  'NaN',
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'x'.repeat(10_001),
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '2026-02-30',
  '🩺',
  ...BUILT_INS,
  true,
  null,
  [],
  {},
  [HUGE_ID],
  JSON.parse('{"__proto__":{"polluted":1}}'),
);
/** JSON text of objects nested `levels` deep (as text: JSON.stringify itself overflows the stack long before 5,000). */
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

// ---- schema → arbitrary ----

/** Ids of the demo world's rows (events, notices, locations, users, ...) each identity can see, read once the app is up. */
const knownIds: Record<Identity, number[]> = { anonymous: [], supplier: [], provider: [], responder: [], operator: [] };
const ID_TABLES = [
  'communications',
  'provider_communications',
  'communication_actions',
  'communication_affected_customers',
  'communication_affected_locations',
  'communication_documents',
  'organizations',
  'users',
  'roles',
  'supplier_locations',
  'sales_representatives',
  'distribution_lists',
  'template_actions',
  'provider_responses',
  'paper_responses',
  'provider_communication_notes',
  'provider_internal_actions',
  'outbox_emails',
];

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return ['string'];
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('admin@acme.demo', 'a@b.co'));
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000));
    } catch {
      // a pattern fast-check cannot generate from: plain strings
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

/** Values valid for `schema` most of the time, hostile sometimes (at every level, so deep fields get them too). */
function arbitraryOf(schema: Schema, hostile: boolean, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  return hostile
    ? fc.oneof({ weight: 5, arbitrary: validOf(schema, hostile, ids, depth) }, { weight: 1, arbitrary: hostileScalar })
    : validOf(schema, hostile, ids, depth);
}

function validOf(schema: Schema, hostile: boolean, ids: number[], depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  return fc.oneof(
    ...typesOf(schema).map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'integer': {
          const min = schema.minimum ?? -1000;
          const max = schema.maximum ?? 1_000_000;
          // Ids of rows that exist reach the services; the bounds themselves are where off-by-one errors live.
          const known = ids.filter((n) => n >= min && n <= max);
          return fc.oneof(
            ...(known.length ? [fc.constantFrom(...known)] : []),
            fc.constantFrom(min, max),
            fc.integer({ min, max }),
          );
        }
        case 'number':
          return fc.double({ noNaN: true, noDefaultInfinity: true });
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          if (depth > 4) return fc.constant([]);
          const maxLength = Math.min(schema.maxItems ?? 3, 3);
          return fc.array(arbitraryOf(schema.items ?? {}, hostile, ids, depth + 1), {
            minLength: Math.min(schema.minItems ?? 0, maxLength),
            maxLength,
          });
        }
        case 'object': {
          if (depth > 4) return fc.constant({});
          const props = schema.properties ?? {};
          const required = (schema.required ?? []).filter((k) => k in props);
          return fc.record(
            Object.fromEntries(Object.entries(props).map(([k, s]) => [k, arbitraryOf(s, hostile, ids, depth + 1)])),
            { requiredKeys: required },
          );
        }
        default:
          return stringOf(schema);
      }
    }),
  );
}

/** A value as it travels in a path segment or a query string. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

// ---- operations → requests ----

function queryString(entries: [string, string][]): string {
  return entries.length
    ? `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
    : '';
}

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
}

const isList = (op: Operation) => op.parameters.some((p) => p.name === 'sortField');

/** A JSON body text with a literal "__proto__" or "constructor" key, which JSON.stringify of a plain object cannot write. */
function withKey(bodyText: string, key: string, value: string): string {
  const trimmed = bodyText.trim();
  if (!trimmed.startsWith('{') || trimmed === '{}') return `{"${key}":${value}}`;
  return `{"${key}":${value},${trimmed.slice(1)}`;
}

/** Half the requests are valid for the schemas (to reach the services), half carry hostile values somewhere. */
function requestArbitrary(op: Operation, identities: Identity[]): fc.Arbitrary<FuzzRequest> {
  // Mostly as whoever the operation admits; sometimes without a token, which must stop at 401 whatever the input.
  const who = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...identities) },
    { weight: 1, arbitrary: fc.constant<Identity>('anonymous') },
  );
  return fc.tuple(who, fc.boolean()).chain(([w, hostile]) => requestOf(op, w, hostile));
}

function requestOf(op: Operation, who: Identity, hostile: boolean): fc.Arbitrary<FuzzRequest> {
  const ids = knownIds[who];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const bodyContent = op.requestBody?.content ?? {};
  const json = bodyContent['application/json']?.schema;
  const form = bodyContent['multipart/form-data']?.schema;
  const hostileSort = fc.constantFrom(...BUILT_INS, 'name,constructor', 'id;DROP', '"id"');
  const hostileFilter = fc
    .tuple(
      fc.constantFrom(...BUILT_INS, 'name', 'status', 'email', 'id'),
      fc.constantFrom<unknown>('a', { toString: 1 }, [1], null, 1),
    )
    .map(([k, filter]) => JSON.stringify({ [k]: { filterType: 'text', type: 'contains', filter } }));
  // A valid request leaves sorting and filtering to their defaults: a random field name is only ever a 400.
  const listControls = new Set(hostile ? [] : ['sortField', 'sortDirection', 'filterModel']);
  const query = fc
    .tuple(
      ...queryParams
        .filter((p) => !listControls.has(p.name))
        .map((p) =>
          fc
            .option(
              p.name === 'sortField'
                ? hostile
                  ? fc.oneof(arbitraryOf(p.schema, hostile, ids), hostileSort)
                  : arbitraryOf(p.schema, hostile, ids)
                : p.name === 'filterModel'
                  ? hostile
                    ? fc.oneof(hostileFilter, fc.constant('{"__proto__":{"filter":"a"}}'))
                    : fc.constant('{}')
                  : arbitraryOf(p.schema, hostile, ids),
              { freq: 2, nil: undefined },
            )
            .map((v) => (v === undefined ? null : ([p.name, text(v)] as [string, string]))),
        ),
    )
    .map((pairs) => pairs.filter((x): x is [string, string] => x !== null));
  const path = fc
    .tuple(...pathParams.map((p) => arbitraryOf(p.schema, hostile, ids).map((v) => [p.name, text(v)] as const)))
    .map((pairs) => fillPath(op.path, Object.fromEntries(pairs)));
  let body: fc.Arbitrary<FuzzRequest['body']> = fc.constant(undefined);
  if (json) {
    const valid = arbitraryOf(json, hostile, ids).map((v) => JSON.stringify(v) ?? 'null');
    body = !hostile
      ? valid.map((t) => ({ kind: 'json' as const, text: t }))
      : fc.oneof(
          { weight: 3, arbitrary: valid.map((t) => ({ kind: 'json' as const, text: t })) },
          {
            weight: 1,
            arbitrary: fc.tuple(valid, fc.constantFrom('__proto__', 'constructor')).map(([t, k]) => ({
              kind: 'json' as const,
              text: withKey(t, k, '{"prototype":{"polluted":1},"isAdmin":true}'),
            })),
          },
          {
            weight: 1,
            arbitrary: valid.map((t) => ({ kind: 'json' as const, text: withKey(t, 'unknown', deep(40)) })),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom('{"a":', '[]', '"text"', '1', 'null', '{"id":1e400}', `{"id":${HUGE_ID}}`)
              .map((t) => ({ kind: 'json' as const, text: t })),
          },
        );
  } else if (form) {
    const fields = arbitraryOf({ ...form, type: 'object' }, hostile, ids).map((v) =>
      Object.entries((v ?? {}) as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .map(([name, x]) => ({ name, value: text(x) })),
    );
    const files = fc.array(
      fc.record({
        name: fc.constantFrom('file', 'files', 'document', 'image', 'file_1'),
        file: fc.oneof(
          fc.constant(''),
          fc.string({ maxLength: 200 }),
          fc.constant('id,name\n1,a\n'),
          fc.constant('%PDF-1.4\n%garbage'),
          fc.constant('PK\u0003\u0004garbage'),
        ),
        filename: fc.constantFrom('a.csv', 'a.xlsx', 'a.pdf', 'a.png', '../../a.exe', '', 'ü.txt'),
      }),
      { maxLength: 3 },
    );
    body = fc.oneof(
      {
        weight: hostile ? 2 : 1,
        arbitrary: fc.tuple(fields, files).map(([f, fl]) => ({ kind: 'form' as const, parts: [...f, ...fl] })),
      },
      {
        weight: hostile ? 1 : 0,
        arbitrary: fc
          .constantFrom(
            'garbage',
            '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nid\n1',
            '--x--',
          )
          .map((t) => ({ kind: 'raw' as const, contentType: 'multipart/form-data; boundary=x', text: t })),
      },
    );
  }
  const timezone = fc.option(
    fc.constantFrom('Mars/Olympus_Mons', '../../etc/passwd', 'x'.repeat(2000), 'America/New_York', 'Etc/GMT+14', ''),
    { nil: undefined },
  );
  return fc.record({
    who: fc.constant(who),
    path,
    query: query.map(queryString),
    body,
    timezone: hostile ? timezone : fc.constant(undefined),
  });
}

/** The same hostile requests for every operation, so the issue's inputs are always sent, whatever the seed draws. */
function fixedRequests(op: Operation, who: Identity): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const pathNames = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const bodyContent = op.requestBody?.content ?? {};
  const multipart = Boolean(bodyContent['multipart/form-data']);
  for (const value of [HUGE_ID, '-1', '0', '1.5', 'constructor']) {
    if (pathNames.length)
      out.push({ who, path: fillPath(op.path, Object.fromEntries(pathNames.map((n) => [n, value]))), query: '' });
  }
  const path = fillPath(op.path, {});
  // HTTP itself: no acceptable coding at all (koa-compress failed on it), headers Node's parser refuses before any
  // middleware, a method no router knows.
  for (const coding of ['*;q=0', 'identity;q=0'])
    out.push({ who, path, query: '', headers: { 'accept-encoding': coding } });
  out.push({ who, path, query: '', headers: { 'x-padding': 'x'.repeat(17_000) } });
  out.push({ who, path, query: '', method: 'PROPFIND' });
  if (isList(op)) {
    // A filter whose value is an object with its own toString: String() of it throws.
    for (const field of ['name', 'status', 'email', 'id', 'fileId', 'type']) {
      out.push({
        who,
        path,
        query: queryString([
          ['filterModel', `{"${field}":{"filterType":"text","type":"contains","filter":{"toString":1,"valueOf":1}}}`],
        ]),
      });
    }
    for (const field of BUILT_INS) {
      out.push({ who, path, query: queryString([['sortField', field]]) });
      out.push({
        who,
        path,
        query: queryString([['filterModel', `{"${field}":{"filterType":"text","type":"contains","filter":"a"}}`]]),
      });
    }
  }
  for (const p of op.parameters.filter((x) => x.in === 'query' && x.name !== 'sortField'))
    out.push({ who, path, query: queryString([[p.name, HUGE_ID]]) });
  // A repeated parameter arrives as an array, where handlers expect one string.
  const names = [
    ...new Set([...op.parameters.filter((x) => x.in === 'query').map((x) => x.name), 'token', 'search', 'type']),
  ];
  out.push({
    who,
    path,
    query: queryString(
      names.flatMap(
        (n) =>
          [
            [n, '1'],
            [n, '2'],
          ] as [string, string][],
      ),
    ),
  });
  if (op.method !== 'get' && !multipart) {
    out.push({ who, path, query: '', body: { kind: 'json', text: '{"__proto__":{"isAdmin":true}}' } });
    // The same fields as a urlencoded form (nested keys, prototype keys) and as plain text.
    out.push({
      who,
      path,
      query: '',
      body: {
        kind: 'raw',
        contentType: 'application/x-www-form-urlencoded',
        text: `id=${HUGE_ID}&a[b][c][d][e][f][g]=1&__proto__[x]=1&constructor[prototype][y]=1&email=a@b.co`,
      },
    });
    out.push({ who, path, query: '', body: { kind: 'raw', contentType: 'text/plain', text: '{"id":1}' } });
    out.push({ who, path, query: '', body: { kind: 'json', text: `{"id":${HUGE_ID},"unknown":${deep(5000)}}` } });
    const schema = bodyContent['application/json']?.schema;
    // Wrong types under the names handlers commonly read, for the operations whose body no schema describes.
    if (!schema)
      out.push({
        who,
        path,
        query: '',
        body: {
          kind: 'json',
          text: '{"id":"x","ids":{},"message":{"a":1},"note":[1],"email":{"toString":1},"token":[],"status":{},"location_ids":"1"}',
        },
      });
    for (const [name, s] of Object.entries(schema?.properties ?? {})) {
      if (typesOf(s).includes('integer'))
        out.push({ who, path, query: '', body: { kind: 'json', text: `{"${name}":${HUGE_ID}}` } });
      if (typesOf(s).includes('array'))
        out.push({
          who,
          path,
          query: '',
          body: { kind: 'json', text: `{"${name}":[${Array.from({ length: 100_000 }, (_, i) => i + 1).join(',')}]}` },
        });
      if (FULL_LISTS && s.items && typesOf(s.items).includes('object') && s.maxItems) {
        // The largest list the schema admits, of the smallest valid item, beside valid values for the other fields.
        const item = {
          ...s.items,
          properties: Object.fromEntries((s.items.required ?? []).map((k) => [k, s.items!.properties![k]!])),
        };
        const [one] = fc.sample(validOf(item, false, knownIds[who], 0), { seed: SEED, numRuns: 1 });
        const [rest] = fc.sample(validOf(schema!, false, knownIds[who], 0), { seed: SEED, numRuns: 1 }) as Record<
          string,
          unknown
        >[];
        out.push({
          who,
          path,
          query: '',
          body: {
            kind: 'json',
            text: JSON.stringify({ ...rest, [name]: Array.from({ length: s.maxItems }, () => one) }),
          },
        });
      }
    }
  }
  if (multipart) {
    out.push({
      who,
      path,
      query: '',
      body: {
        kind: 'form',
        parts: Array.from({ length: 11 }, (_, i) => ({ name: 'file', file: 'id\n1', filename: `f${i}.csv` })),
      },
    });
    out.push({
      who,
      path,
      query: '',
      body: {
        kind: 'raw',
        contentType: 'multipart/form-data; boundary=x',
        text: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nid,na',
      },
    });
    out.push({ who, path, query: '', body: { kind: 'raw', contentType: 'multipart/form-data', text: 'garbage' } });
    const fields = Object.keys(bodyContent['multipart/form-data']?.schema.properties ?? {});
    out.push({
      who,
      path,
      query: '',
      body: {
        kind: 'form',
        parts: [
          ...fields.map((name) => ({ name, value: HUGE_ID })),
          { name: 'file', file: 'id\n1', filename: 'a.csv' },
        ],
      },
    });
  }
  return out;
}

// ---- sending ----

let t: TestApp;
const tokens: Partial<Record<Identity, string | null>> = {};
/** Sign-ins that failed mid-operation (the operation changed the identity): its later requests went out anonymously. */
const signInFailures: string[] = [];
let currentOperation = '';

async function tokenOf(who: Identity, fresh = false): Promise<string | null> {
  if (who === 'anonymous') return null;
  if (fresh || tokens[who] === undefined) {
    // The fuzzer may have changed the user or ended the session (logout): sign in again, or go on anonymously.
    tokens[who] = await t.signIn(SIGN_INS[who]).then(
      (s) => s.access_token,
      (e: Error) => {
        signInFailures.push(`${currentOperation}: ${e.message}`);
        return null;
      },
    );
  }
  return tokens[who] ?? null;
}

function describeRequest(method: string, r: FuzzRequest): string {
  const body = !r.body
    ? ''
    : r.body.kind === 'form'
      ? ` form[${r.body.parts.map((p) => ('file' in p ? `${p.name}=<file ${p.filename}>` : `${p.name}=${p.value.slice(0, 60)}`)).join(', ')}]`
      : ` ${r.body.kind === 'raw' ? r.body.contentType : 'json'} ${r.body.text.slice(0, 200)}${r.body.text.length > 200 ? '…' : ''}`;
  return `${(r.method ?? method).toUpperCase()} ${r.path}${r.query.slice(0, 300)} as ${r.who}${r.timezone === undefined ? '' : ` timezone ${r.timezone.slice(0, 40)}`}${
    r.headers
      ? ` headers ${Object.entries(r.headers)
          .map(([k, v]) => `${k}: ${v.slice(0, 40)}`)
          .join('; ')}`
      : ''
  }${body}`;
}

async function send(
  method: string,
  r: FuzzRequest,
  token: string | null,
): Promise<{ status: number; problem: string | null }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (r.timezone !== undefined) headers.timezone = r.timezone;
  Object.assign(headers, r.headers);
  let body: string | FormData | undefined;
  if (r.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = r.body.text;
  } else if (r.body?.kind === 'raw') {
    headers['content-type'] = r.body.contentType;
    body = r.body.text;
  } else if (r.body?.kind === 'form') {
    const form = new FormData();
    for (const p of r.body.parts) {
      if ('file' in p) form.append(p.name, new Blob([p.file]), p.filename);
      else form.append(p.name, p.value);
    }
    body = form;
  }
  let res: Response;
  try {
    res = await fetch(`${t.baseUrl}${r.path}${r.query}`, {
      method: (r.method ?? method).toUpperCase(),
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    return { status: 0, problem: `no answer (${(error as Error).message}: ${String((error as Error).cause ?? '')})` };
  }
  let raw: Buffer;
  try {
    raw = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    return { status: res.status, problem: `the body was cut off (${(error as Error).message})` };
  }
  if (res.status >= 500) return { status: res.status, problem: `${res.status}: ${raw.toString('utf8').slice(0, 300)}` };
  if (res.status >= 300 && res.status < 400) return { status: res.status, problem: null };
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 200 && !type.includes('application/json')) return { status: res.status, problem: null };
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as { ok?: unknown; m?: unknown; error?: { code?: unknown } };
    const envelope =
      typeof parsed.ok === 'boolean' &&
      typeof parsed.m === 'string' &&
      (parsed.ok || typeof parsed.error?.code === 'string');
    return {
      status: res.status,
      problem: envelope ? null : `${res.status} not an envelope: ${raw.toString('utf8').slice(0, 200)}`,
    };
  } catch {
    return { status: res.status, problem: `${res.status} not JSON: ${raw.toString('utf8').slice(0, 200)}` };
  }
}

async function run(method: string, r: FuzzRequest): Promise<string | null> {
  let token = await tokenOf(r.who);
  let answer = await send(method, r, token);
  if (answer.status === 401 && r.who !== 'anonymous') {
    token = await tokenOf(r.who, true);
    answer = await send(method, r, token);
  }
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  return answer.problem ? `${describeRequest(method, r)}\n    → ${answer.problem}` : null;
}

/** Who can reach an operation's handler: its permissions name their organisation type; anyone signed in otherwise. */
function identitiesFor(op: Operation & { 'x-permissions'?: string[] }): Identity[] {
  if (!op.security.length) return ['anonymous', 'supplier'];
  const permissions = op['x-permissions'];
  if (!permissions) return ['supplier', 'provider', 'operator', 'responder'];
  const who = new Set<Identity>();
  for (const p of permissions) {
    if (/^supplier_/i.test(p)) who.add('supplier');
    else if (/^notisphere_/i.test(p)) who.add('operator');
    else if (p === 'Provider_ResponderRole') who.add('responder');
    else who.add('provider');
  }
  return [...who];
}

/**
 * Per identity, ids of rows of its own organisation (and its sites), so valid requests get past tenancy and reach the
 * services; the operator and anonymous callers draw from every organisation's rows.
 */
async function loadKnownIds(): Promise<void> {
  const orgOf = async (email: string) =>
    (
      (await t
        .db('memberships as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where('u.email', email)
        .pluck('m.organization_id')) as (number | string)[]
    ).map(Number);
  const withSites = async (orgIds: number[]) => [
    ...orgIds,
    ...((await t.db('organizations').whereIn('parent_id', orgIds).pluck('id')) as (number | string)[]).map(Number),
  ];
  const columns = (await t
    .db('information_schema.columns')
    .where({ table_schema: 'public' })
    .whereIn('column_name', ['organization_id', 'provider_organization_id'])
    .select('table_name', 'column_name')) as { table_name: string; column_name: string }[];
  const idsFor = async (orgIds: number[] | null) => {
    const lists = await Promise.all(
      ID_TABLES.map((table) => {
        const q = t.db(table).orderBy('id').limit(40);
        const owned = columns.filter((c) => c.table_name === table).map((c) => c.column_name);
        if (orgIds) {
          if (table === 'organizations') q.whereIn('id', orgIds);
          else if (table === 'users')
            q.whereIn('id', t.db('memberships').whereIn('organization_id', orgIds).select('user_id'));
          else if (owned.length)
            q.where((w) => {
              for (const c of owned) w.orWhereIn(c, orgIds);
            });
        }
        return q.pluck('id') as Promise<(number | string)[]>;
      }),
    );
    return [...new Set(lists.flat().map(Number))].sort((a, b) => a - b);
  };
  knownIds.anonymous = knownIds.operator = await idsFor(null);
  knownIds.supplier = await idsFor(await orgOf(SIGN_INS.supplier));
  knownIds.provider = knownIds.responder = await idsFor(await withSites(await orgOf(SIGN_INS.provider)));
}

let operations: Operation[] = [];
const statuses = new Map<number, number>();

/**
 * The signing-in identities' own rows as seeded, whole. An operation may deactivate, lock, demote, delete or re-password
 * them, or make their organisation ask for a second factor (the product working as it should); they are put back before
 * each operation, so every operation is still reached signed in (a run once deactivated the provider administrator
 * early and sent 1,108 provider requests anonymously; another turned on the supplier's second factor).
 */
type Rows = Record<string, unknown>[];
let seededIdentities: { users: Rows; memberships: Rows; roles: Rows; permissions: Rows; organizations: Rows };

async function snapshotIdentities(): Promise<void> {
  // Whole rows: a deleted membership, user or role is inserted again as it was.
  const users = await t.db('users').whereIn('email', Object.values(SIGN_INS)).select('*');
  const memberships = await t
    .db('memberships')
    .whereIn(
      'user_id',
      users.map((u) => u.id),
    )
    .select('*');
  const roleIds = [...new Set(memberships.map((m) => m.role_id))];
  seededIdentities = {
    users,
    memberships,
    roles: await t.db('roles').whereIn('id', roleIds).select('*'),
    permissions: await t.db('role_permissions').whereIn('role_id', roleIds).select('role_id', 'permission'),
    organizations: await t
      .db('organizations')
      .whereIn('id', [...new Set(memberships.map((m) => m.organization_id))])
      .select('*'),
  };
}

/** Every column of seeded rows but their id: what an upsert puts back. */
const columnsOf = (rows: Rows): string[] => Object.keys(rows[0] ?? {}).filter((c) => c !== 'id');

async function restoreIdentities(): Promise<void> {
  const { users, memberships, roles, permissions, organizations } = seededIdentities;
  await t.db.transaction(async (trx) => {
    // requires_second_factor is generated from two_factor: PostgreSQL refuses a value for it.
    for (const { id, requires_second_factor: _generated, ...row } of organizations)
      await trx('organizations').where({ id }).update(row);
    await trx('users').insert(users).onConflict('id').merge(columnsOf(users));
    await trx('roles').insert(roles).onConflict('id').merge(columnsOf(roles));
    await trx('memberships')
      .insert(memberships)
      .onConflict(['user_id', 'organization_id'])
      .merge(columnsOf(memberships).filter((c) => c !== 'user_id' && c !== 'organization_id'));
    await trx('role_permissions').insert(permissions).onConflict(['role_id', 'permission']).ignore();
    // A membership the fuzzer added (an invitation of an existing address) would make sign-in ask for an organisation.
    await trx('memberships')
      .whereIn(
        'user_id',
        users.map((u) => u.id as number),
      )
      .whereNotIn(
        'id',
        memberships.map((m) => m.id as number),
      )
      .update({ status: 'DELETED' });
  });
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoCommunications(t.db, t.config);
  await loadKnownIds();
  await snapshotIdentities();
  const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ ...op, method, path })),
  );
  // Sign-outs and deletions last, so the operations before them run with live sessions and data.
  const late = (op: Operation) => (/logout|revoke/i.test(op.path) ? 2 : op.method === 'delete' ? 1 : 0);
  operations.sort((a, b) => late(a) - late(b));
}, 120_000);
afterAll(() => t?.close());

/** Where a request schema lacks a bound ("bounds everywhere"), as `path: what is missing`. */
function unbounded(schema: Schema, at: string): string[] {
  const out: string[] = [];
  const types = typesOf(schema);
  if (schema.enum || schema.const !== undefined) return out;
  if (
    types.includes('integer') &&
    (schema.maximum === undefined || schema.maximum > Number.MAX_SAFE_INTEGER || schema.minimum === undefined)
  )
    out.push(`${at}: integer without minimum and safe maximum`);
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    !['date', 'date-time'].includes(schema.format ?? '')
  )
    out.push(`${at}: string without maxLength`);
  if (types.includes('array')) {
    if (schema.maxItems === undefined) out.push(`${at}: array without maxItems`);
    if (schema.items) out.push(...unbounded(schema.items, `${at}[]`));
  }
  for (const [k, s] of Object.entries(schema.properties ?? {})) out.push(...unbounded(s, `${at}.${k}`));
  return out;
}

describe('the OpenAPI document', () => {
  it('bounds every integer, string and array a request may carry', () => {
    const problems = operations.flatMap((op) => [
      ...op.parameters.flatMap((p) => unbounded(p.schema, `${op.method.toUpperCase()} ${op.path} ${p.in} ${p.name}`)),
      ...Object.values(op.requestBody?.content ?? {}).flatMap((c) =>
        unbounded(c.schema, `${op.method.toUpperCase()} ${op.path} body`),
      ),
    ]);
    expect(problems).toEqual([]);
  });
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('never answers 5xx, a non-envelope or a cut-off file', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const [index, op] of operations.entries()) {
      await restoreIdentities();
      currentOperation = `${op.method.toUpperCase()} ${op.path}`;
      const identities = identitiesFor(op);
      const generated = fc.sample(requestArbitrary(op, identities), { seed: SEED + index, numRuns: RUNS });
      const fixed = fixedRequests(op, identities[0]!);
      for (const r of [...fixed, ...generated]) {
        const failure = await run(op.method, r);
        if (failure) failures.push(failure);
      }
    }
    console.info(
      `fuzz: ${operations.length} operations, answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ${signInFailures.length} failed sign-ins (${[...new Set(signInFailures)].join('; ')})`,
    );
    expect(failures, `${failures.length} failing requests:\n${failures.join('\n')}`).toEqual([]);
    // An operation that changes its own identity (deletes its membership, say) sends the rest of its requests
    // anonymously; more than a few such operations means restoreIdentities misses something the fuzzer changes.
    const lost = new Set(signInFailures.map((f) => f.slice(0, f.indexOf(': '))));
    expect(lost.size, [...lost].join('\n')).toBeLessThan(5);
  }, 900_000); // ~330 s on a busy 2-core machine; the bound is for a much busier one
});

describe('the same valid write several times at once', () => {
  // A double click, a client's retry, two tabs: identical writes racing each other (the same answer, the same
  // acknowledgement, the same invitation) may conflict, but must never fail as the server's error.
  it('never answers 5xx, a non-envelope or a cut-off file', async () => {
    const failures: string[] = [];
    statuses.clear();
    for (const [index, op] of operations.entries()) {
      if (op.method === 'get') continue;
      await restoreIdentities();
      const who = identitiesFor(op)[0]!;
      for (const r of fc.sample(requestOf(op, who, false), { seed: SEED + 7919 + index, numRuns: BURSTS })) {
        const answers = await Promise.all(Array.from({ length: BURST_SIZE }, () => run(op.method, r)));
        failures.push(...answers.filter((a): a is string => a !== null));
      }
    }
    console.info(`bursts: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures, `${failures.length} failing requests:\n${failures.join('\n')}`).toEqual([]);
  }, 900_000);
});

// ---- lists walked page by page ----

const WALK_VARIANTS = Number(process.env.LIST_WALK_VARIANTS ?? 6);
/** Rows walked at most per query: past it, the walk checks what it read but not that it read everything. */
const WALK_ROWS = 400;
type Row = Record<string, unknown>;
interface Page {
  items: Row[];
  total: number;
  totalCapped?: boolean;
  sortCapped?: boolean;
}

/** The operation's list items' properties, if it answers a list page (items, total, lastUpdated). */
function listItemSchema(op: Operation): Record<string, Schema> | null {
  const d = op.responses?.['200']?.content?.['application/json']?.schema.properties?.d;
  if (op.method !== 'get' || !d?.properties?.items || !d.properties.lastUpdated) return null;
  return d.properties.items.items?.properties ?? null;
}

/**
 * What names a row of a list: the provider's lists carry a row key (an event may appear once per site), the users list
 * a membership (the operator sees a person once per organisation).
 */
const keyOf = (row: Row): string =>
  String(row.row_key ?? row.membership_id ?? row.id ?? row.provider_communication_id ?? JSON.stringify(row));

async function listPage(path: string, query: Record<string, string>, token: string | null): Promise<Page | string> {
  const res = await fetch(`${t.baseUrl}${path}?${new URLSearchParams(query)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json()) as { d?: Page; m?: string };
  return res.status === 200 && body.d ? body.d : `${res.status} ${body.m ?? ''}`;
}

/** Every row of a query, page by page (pageSize `size`), up to WALK_ROWS; what is wrong with the pages on the way. */
async function walk(
  path: string,
  query: Record<string, string>,
  size: number,
  token: string | null,
): Promise<{ rows: Row[]; first: Page; complete: boolean; problems: string[] }> {
  const problems: string[] = [];
  const rows: Row[] = [];
  let first: Page | null = null;
  for (let n = 1; ; n++) {
    const page = await listPage(path, { ...query, pageNumber: String(n), pageSize: String(size) }, token);
    if (typeof page === 'string') {
      problems.push(`page ${n}: ${page}`);
      break;
    }
    first ??= page;
    if (page.total !== first.total) problems.push(`page ${n}: total ${page.total}, page 1 said ${first.total}`);
    if (page.items.length > size) problems.push(`page ${n}: ${page.items.length} rows for a page of ${size}`);
    rows.push(...page.items);
    const expected = Math.max(0, Math.min(size, first.total - (n - 1) * size));
    if (!first.totalCapped && page.items.length !== expected)
      problems.push(`page ${n}: ${page.items.length} rows where the total ${first.total} leaves ${expected}`);
    if (page.items.length < size || rows.length >= first.total || rows.length >= WALK_ROWS) break;
  }
  const complete = !!first && !first.totalCapped && rows.length === first.total;
  const keys = rows.map(keyOf);
  const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
  if (twice.length) problems.push(`rows on two pages: ${[...new Set(twice)].slice(0, 5).join(', ')}`);
  if (first && !first.totalCapped && first.total <= WALK_ROWS && rows.length !== first.total)
    problems.push(`${rows.length} rows walked, the total says ${first.total}`);
  return { rows, first: first ?? { items: [], total: 0 }, complete, problems };
}

/** Columns that list several names ("A, B"), whose filter matches any one name (the operator's users' organisations). */
const LISTED_NAMES = new Set(['/api/notisphere/users organization_names']);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether `values` (a sort field's values, page after page) are in `direction`, as PostgreSQL orders them: numbers as
 * numbers, dates as instants, text in the database's collation; nulls last in both directions.
 */
async function inOrder(values: unknown[], direction: 'asc' | 'desc'): Promise<string | null> {
  const firstNull = values.findIndex((v) => v === null || v === undefined);
  if (firstNull >= 0 && values.slice(firstNull).some((v) => v !== null && v !== undefined))
    return `a value after an empty one (nulls come last): ${JSON.stringify(values.slice(firstNull, firstNull + 3))}`;
  const present = firstNull >= 0 ? values.slice(0, firstNull) : values;
  if (present.length < 2) return null;
  const kind = present.every((v) => typeof v === 'number')
    ? 'numeric'
    : present.every((v) => typeof v === 'boolean')
      ? 'boolean'
      : present.every((v) => typeof v === 'string' && ISO_DATE.test(v))
        ? 'timestamptz'
        : present.every((v) => typeof v === 'string')
          ? 'text'
          : null;
  if (!kind) return null;
  const { rows } = (await t.db.raw(
    `SELECT array_agg(v::text ORDER BY n) AS given, array_agg(v::text ORDER BY v ${direction}, n) AS sorted
     FROM unnest(?::text[]::${kind}[]) WITH ORDINALITY AS x(v, n)`,
    [present.map(String)],
  )) as { rows: { given: string[]; sorted: string[] }[] };
  const { given, sorted } = rows[0]!;
  const at = given.findIndex((v, i) => v !== sorted[i]);
  return at < 0 ? null : `out of order at row ${at + 1}: ${given.slice(Math.max(0, at - 1), at + 2).join(' | ')}`;
}

/** The list's base queries: each value of a communicationType enum, or none. */
function baseQueries(op: Operation): Record<string, string>[] {
  const type = op.parameters.find((p) => p.in === 'query' && p.name === 'communicationType');
  const values = (type?.schema.enum ?? []) as string[];
  return values.length ? values.map((v) => ({ communicationType: v })) : [{}];
}

/** A path for the list with ids that answer it, preferring the one with the most rows. */
async function listPath(op: Operation, who: Identity, query: Record<string, string>, token: string | null) {
  const params = op.parameters.filter((p) => p.in === 'path');
  if (!params.length)
    return typeof (await listPage(op.path, { ...query, pageSize: '1' }, token)) === 'string' ? null : op.path;
  let best: { path: string; total: number } | null = null;
  const candidates = fc.sample(fc.constantFrom(...knownIds[who]), { seed: SEED, numRuns: 60 });
  for (const id of candidates) {
    const path = fillPath(op.path, Object.fromEntries(params.map((p) => [p.name, String(id)])));
    const page = await listPage(path, { ...query, pageSize: '1' }, token);
    if (typeof page !== 'string' && page.total > (best?.total ?? -1)) best = { path, total: page.total };
  }
  return best?.path ?? null;
}

describe('every list walked page by page, over what the fuzzer left', () => {
  it('answers each row once, totals that count them, the order asked for and filters that find their rows', async () => {
    await restoreIdentities();
    // The rows the fuzzer made count too (a distribution list's members, say).
    await loadKnownIds();
    const problems: string[] = [];
    // Signed in again: a session the fuzzer ended or a password it changed must not leave a list unwalked.
    const walkTokens = new Map<Identity, string>();
    for (const who of Object.keys(SIGN_INS) as Exclude<Identity, 'anonymous'>[])
      await t.signIn(SIGN_INS[who]).then(
        (s) => walkTokens.set(who, s.access_token),
        (e: Error) => problems.push(e.message),
      );
    const empty: string[] = [];
    let walked = 0;
    const lists = operations.filter((op) => listItemSchema(op));
    expect(lists.length).toBeGreaterThan(30);
    for (const [index, op] of lists.entries()) {
      const item = listItemSchema(op)!;
      for (const base of baseQueries(op)) {
        // The first identity the list answers (an operation open to "any permission" may still be the operator's).
        let found: { who: Identity; token: string | null; path: string } | null = null;
        for (const who of identitiesFor(op).filter((w) => w !== 'anonymous')) {
          const token = walkTokens.get(who) ?? null;
          const path = await listPath(op, who, base, token);
          if (path) {
            found = { who, token, path };
            break;
          }
        }
        const name = `${op.path}${base.communicationType ? ` (${base.communicationType})` : ''}`;
        if (!found) {
          // No row to list it for (no id of its path answers): nothing to walk.
          empty.push(name);
          continue;
        }
        const { token, path } = found;
        const rng = fc.sample(fc.integer({ min: 2, max: 13 }), { seed: SEED + index, numRuns: 2 * WALK_VARIANTS + 1 });
        // The default order, walked with a small page, and the same rows as one page: pages cut one order.
        const plain = await walk(path, base, rng[0]!, token);
        problems.push(...plain.problems.map((p) => `${name}: ${p}`));
        const whole = await listPage(path, { ...base, pageSize: String(Math.min(500, WALK_ROWS)) }, token);
        if (typeof whole !== 'string') {
          const a = plain.rows.map(keyOf);
          const b = whole.items.slice(0, a.length).map(keyOf);
          if (a.join() !== b.join()) problems.push(`${name}: pages of ${rng[0]} differ from one page of 500`);
        }
        walked += plain.rows.length;
        // The sorts the list takes: item fields it does not refuse.
        const scalar = Object.entries(item)
          .filter(([, s]) => !typesOf(s).some((x) => x === 'array' || x === 'object'))
          .map(([k]) => k);
        const sortable: string[] = [];
        for (const field of scalar) {
          const page = await listPage(path, { ...base, sortField: field, sortDirection: 'asc', pageSize: '1' }, token);
          if (typeof page !== 'string') sortable.push(field);
        }
        const variants = fc
          .sample(fc.tuple(fc.constantFrom(...(sortable.length ? sortable : [''])), fc.boolean()), {
            seed: SEED + index,
            numRuns: WALK_VARIANTS,
          })
          .filter(([f, d], i, all) => all.findIndex(([g, e]) => g === f && e === d) === i);
        for (const [i, [field, desc]] of variants.entries()) {
          if (!field) continue;
          const direction = desc ? 'desc' : 'asc';
          const query = { ...base, sortField: field, sortDirection: direction };
          const sorted = await walk(path, query, rng[1 + i]!, token);
          walked += sorted.rows.length;
          problems.push(...sorted.problems.map((p) => `${name} by ${field} ${direction}: ${p}`));
          if (!sorted.first.sortCapped) {
            const order = await inOrder(
              sorted.rows.map((r) => r[field]),
              direction,
            );
            if (order) problems.push(`${name} by ${field} ${direction}: ${order}`);
          }
          if (
            plain.complete &&
            sorted.complete &&
            sorted.rows.map(keyOf).sort().join() !== plain.rows.map(keyOf).sort().join()
          )
            problems.push(`${name} by ${field} ${direction}: not the same rows as the default order`);
          // Filters: the row's whole value finds it (a "contains" filter, or an exact one such as a status), and part of
          // it finds only rows that have that part.
          const texts = sorted.rows.filter((r) => typeof r[field] === 'string' && !ISO_DATE.test(r[field] as string));
          if (!texts.length) continue;
          const row = texts[(i * 7919) % texts.length]!;
          const value = row[field] as string;
          const chars = [...value];
          const part = chars
            .slice(Math.floor(chars.length / 3), Math.floor(chars.length / 3) + 4)
            .join('')
            .trim();
          const filterOn = (text: string) => ({
            ...base,
            filterModel: JSON.stringify({ [field]: { filterType: 'text', type: 'contains', filter: text } }),
          });
          // A list of names filters on each name: the whole of one of them finds the row.
          const whole = (LISTED_NAMES.has(`${op.path} ${field}`) ? value.split(', ')[0]! : value).trim();
          if (whole && chars.length <= 200) {
            const byWhole = await walk(path, filterOn(whole), rng[1 + WALK_VARIANTS + i]!, token);
            problems.push(...byWhole.problems.map((p) => `${name} filtered on ${field} = its value: ${p}`));
            if (byWhole.complete && !byWhole.rows.some((r) => keyOf(r) === keyOf(row)))
              problems.push(`${name} filtered on ${field} "${value.slice(0, 60)}": its row ${keyOf(row)} is missing`);
          }
          if (!part) continue;
          const byPart = await walk(path, filterOn(part), rng[1 + WALK_VARIANTS + i]!, token);
          problems.push(...byPart.problems.map((p) => `${name} filtered on ${field} "${part}": ${p}`));
          const { rows: misses } = (await t.db.raw('SELECT v FROM unnest(?::text[]) AS v WHERE NOT v ILIKE ?', [
            byPart.rows.map((r) => String(r[field] ?? '')),
            `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
          ])) as { rows: { v: string }[] };
          if (misses.length)
            problems.push(
              `${name} filtered on ${field} "${part}": rows without it: ${misses
                .slice(0, 3)
                .map((m) => m.v.slice(0, 60))
                .join(' | ')}`,
            );
        }
      }
    }
    console.info(
      `list walk: ${lists.length} lists, ${walked} rows walked; nothing to walk in ${empty.join(', ') || 'none'}`,
    );
    expect(problems, `${problems.length} problems:\n${problems.join('\n')}`).toEqual([]);
  }, 900_000);
});
