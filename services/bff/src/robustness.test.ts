/** Issue 9, robustness: each input the fuzzer found answers a 4xx envelope with a clear message and changes nothing. */
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, fileResult, LocalFileStore, MAX_ID, route, type ModuleDeps } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';
import { createApp } from './app.js';
import { answerClientError } from './envelope.js';

const HUGE_ID = '99999999999999999999';
let t: TestApp;
let supplier: string;
let provider: string;

beforeAll(async () => {
  t = await startTestApp();
  supplier = (await t.signIn('admin@acme.demo')).access_token;
  provider = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

/** A raw request whose body is sent exactly as written (a literal "__proto__" key, deep nesting). */
async function raw(method: string, path: string, text: string, token?: string) {
  return t.call(method, path, { raw: text, token, headers: { 'content-type': 'application/json' } });
}

async function draftWithLocations(): Promise<{ id: number; locations: number[] }> {
  const call = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: supplier, body });
  const locationIds: number[] = [];
  for (const n of [1, 2]) {
    const res = await call('POST', '/supplier/locations', {
      location_id: `ROB-${n}-${Math.random().toString(36).slice(2, 7)}`,
      location_name: `Dock ${n}`,
      email: `dock${n}@valley.test`,
    });
    locationIds.push(res.body.d.id as number);
  }
  const id = (
    await call('POST', '/supplier/communications/step0', {
      type: 'RECALL',
      name: 'Robustness',
      classification: 'CLASSII',
    })
  ).body.d.id as number;
  expect((await call('POST', '/supplier/communications/step3', { id, location_ids: locationIds })).status).toBe(200);
  const listed = await call('GET', `/supplier/communications/${id}/locations`);
  return { id, locations: (listed.body.d.items as { id: number }[]).map((l) => l.id) };
}

describe('ids too large for the database', () => {
  it("answers 404 NOT_FOUND for a path id beyond the id bound (it names no record), never the schema's words", async () => {
    const res = await t.call('GET', `/api/users/${HUGE_ID}`, { token: supplier });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, m: 'Not found.', error: { code: 'NOT_FOUND' } });
    expect(JSON.stringify(res.body)).not.toContain('must be');
    expect((await t.call('GET', `/api/users/${MAX_ID + 1}`, { token: supplier })).status).toBe(404);
    // The bound itself is a valid id that simply does not exist.
    expect((await t.call('GET', `/api/users/${MAX_ID}`, { token: supplier })).status).toBe(404);
  });

  it('answers 404 on the send-notification path and 400 for body ids', async () => {
    const send = await t.call('PUT', `/api/supplier/communications/${HUGE_ID}/send-notification/RECALL`, {
      token: supplier,
    });
    expect(send.status).toBe(404);
    const providerSend = await t.call('PUT', `/api/provider/communications/${HUGE_ID}/send-notification/1/0`, {
      token: provider,
      body: {},
    });
    expect(providerSend.status).toBe(404);
    const products = await raw(
      'POST',
      '/api/supplier/communications/step1/add-new-products',
      `{"id":${HUGE_ID},"products":[]}`,
      supplier,
    );
    expect(products.status).toBe(400);
    expect(products.body.m).toBe(`id must be <= ${MAX_ID}`);
    const history = await raw(
      'POST',
      '/api/provider/communications/change-history',
      `{"communicationId":${HUGE_ID},"providerCommunicationId":1}`,
      provider,
    );
    expect(history.status).toBe(400);
    expect(history.body.m).toBe(`communicationId must be <= ${MAX_ID}`);
  });

  it('answers 400 for a paper-response form field', async () => {
    const form = new FormData();
    form.append('communicationId', HUGE_ID);
    form.append('providerCommunicationId', '1');
    form.append('responderName', 'Pat');
    form.append('responseDate', '2026-11-01');
    const res = await t.call('POST', '/api/supplier/communications/paper', { token: supplier, form });
    expect(res.status).toBe(400);
    expect(res.body.m).toBe(`communicationId must be <= ${MAX_ID}`);
  });

  it('answers 400 for an id filter beyond the bound', async () => {
    const filterModel = encodeURIComponent(JSON.stringify({ fileId: { filter: HUGE_ID } }));
    const res = await t.call('GET', `/api/supplier/locations?filterModel=${filterModel}`, { token: supplier });
    expect(res.status).toBe(400);
    expect(res.body.m).toBe('fileId must be a positive integer.');
  });
});

describe('a "__proto__" key in a JSON body', () => {
  const body = '{"__proto__":{"isAdmin":true},"email":"admin@acme.demo","password":"x","grant_type":"password"}';
  for (const path of [
    '/api/auth/token',
    '/api/auth/forgot-password',
    '/api/auth/SignUpUser',
    '/api/auth/refreshtoken',
    '/api/auth/reset-password',
  ]) {
    it(`answers 400 INVALID_BODY on ${path} without a token`, async () => {
      const res = await raw('POST', path, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        ok: false,
        m: 'The request body may not contain a "__proto__" or "constructor.prototype" key.',
        error: { code: 'INVALID_BODY', reason: 'prototypeKey' },
      });
    });
  }

  it('answers 400 when nested, on a signed-in route, and writes nothing', async () => {
    const before = await t.db('communications').count<{ n: string }[]>({ n: '*' });
    const res = await raw(
      'POST',
      '/api/supplier/communications/step0',
      '{"type":"RECALL","name":"P","classification":"CLASSII","x":{"y":[{"__proto__":{"a":1}}]}}',
      supplier,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_BODY');
    expect(await t.db('communications').count<{ n: string }[]>({ n: '*' })).toEqual(before);
  });
});

describe('built-in object names as sort or filter fields', () => {
  for (const field of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
    it(`refuses sortField=${field} and a filterModel key ${field}`, async () => {
      const sorted = await t.call('GET', `/api/users?sortField=${field}`, { token: supplier });
      expect(sorted.status).toBe(400);
      expect(sorted.body).toMatchObject({
        ok: false,
        m: `Unknown sort field: ${field}`,
        error: { code: 'UNKNOWN_SORT_FIELD', params: { field } },
      });
      const filterModel = encodeURIComponent(`{"${field}":{"filterType":"text","type":"contains","filter":"a"}}`);
      const filtered = await t.call('GET', `/api/supplier/communications?filterModel=${filterModel}`, {
        token: supplier,
      });
      expect(filtered.status).toBe(400);
      expect(filtered.body.m).toBe(`Unknown filter field: ${field}`);
    });
  }

  it('refuses a filter value that is an object (its own toString would make String() throw)', async () => {
    // email goes through the shared parser, status through the exact-match filters.
    for (const field of ['email', 'status']) {
      const filterModel = encodeURIComponent(
        `{"${field}":{"filterType":"text","type":"contains","filter":{"toString":1}}}`,
      );
      const res = await t.call('GET', `/api/supplier/sales-reps?filterModel=${filterModel}`, { token: supplier });
      expect(res.status, field).toBe(400);
      expect(res.body.m).toBe(`The filter of ${field} must be text.`);
    }
  });

  it('refuses a bad filter field on the lists whose filterModel takes exact filters out first', async () => {
    const filterModel = encodeURIComponent('{"__proto__":{"filter":"a"},"status":{"filter":"ACTIVE"}}');
    for (const path of ['/api/supplier/locations', '/api/supplier/sales-reps']) {
      const res = await t.call('GET', `${path}?filterModel=${filterModel}`, { token: supplier });
      expect(res.status, path).toBe(400);
      expect(res.body.m).toBe('Unknown filter field: __proto__');
    }
  });

  it('answers 400 before any header of the XLSX and CSV downloads', async () => {
    for (const path of ['/api/users', '/api/supplier/locations', '/api/supplier/sales-reps']) {
      for (const format of ['xlsx-download', 'csv-download']) {
        const res = await t.call('GET', `${path}/${format}?sortField=constructor`, { token: supplier });
        expect(res.status, `${path}/${format}`).toBe(400);
        expect(res.body).toMatchObject({
          ok: false,
          m: 'Unknown sort field: constructor',
          error: { code: 'UNKNOWN_SORT_FIELD' },
        });
        expect(res.headers.get('content-disposition')).toBeNull();
      }
    }
  });
});

describe('malformed uploads', () => {
  const uploadDirs = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith(`portal-upload-${process.pid}-`));
  const multipart = (text: string, type = 'multipart/form-data; boundary=x') =>
    t.call('POST', '/api/supplier/location-files', { token: supplier, raw: text, headers: { 'content-type': type } });

  it('answers 413 for 11 files where the limit is 10', async () => {
    const form = new FormData();
    for (let i = 0; i < 11; i++) form.append('file', new Blob(['location_id,location_name\nA,B\n']), `f${i}.csv`);
    const res = await t.call('POST', '/api/supplier/location-files', { token: supplier, form });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      ok: false,
      m: 'At most 10 files can be uploaded at once.',
      error: { code: 'TOO_MANY_FILES', params: { max: 10 } },
    });
    expect(await t.db('supplier_location_files').count<{ n: number }[]>({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('answers 400 for a garbage or truncated multipart body', async () => {
    for (const [text, type] of [
      ['garbage', 'multipart/form-data; boundary=x'],
      ['garbage', 'multipart/form-data'],
      [
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nlocation_id,loc',
        'multipart/form-data; boundary=x',
      ],
    ] as const) {
      const res = await multipart(text, type);
      expect(res.status, text).toBe(400);
      expect(res.body).toEqual({
        ok: false,
        m: 'The upload is not a complete multipart form.',
        error: { code: 'INVALID_BODY', reason: 'multipart' },
      });
    }
  });

  it('removes the temporary files of every upload, refused or not', async () => {
    const form = new FormData();
    form.append('file', new Blob(['location_id,location_name\nA,B\n']), 'a.csv');
    expect((await t.call('POST', '/api/supplier/location-files', { form })).status).toBe(401);
    await multipart('--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nlocation_id,loc');
    expect(uploadDirs()).toEqual([]);
  });
});

describe('remove-locations', () => {
  it("takes 100,000 location ids (more than PostgreSQL's parameter limit) and removes those of the event", async () => {
    const { id, locations } = await draftWithLocations();
    const ids = Array.from({ length: 100_000 }, (_, i) => i + 1_000_000);
    ids[0] = locations[0]!;
    const res = await t.call('PUT', `/api/supplier/communications/${id}/remove-locations`, {
      token: supplier,
      body: { location_ids: ids },
    });
    expect(res.status).toBe(200);
    expect(res.body.d).toEqual({ removed_customers: 0, removed_locations: 1 });
    expect(
      (
        (await t.call('GET', `/api/supplier/communications/${id}/locations`, { token: supplier })).body.d.items as {
          id: number;
        }[]
      ).map((l) => l.id),
    ).toEqual([locations[1]]);
  });

  it('refuses 100,001 ids by its schema', async () => {
    const { id } = await draftWithLocations();
    const res = await t.call('PUT', `/api/supplier/communications/${id}/remove-locations`, {
      token: supplier,
      body: { location_ids: Array.from({ length: 100_001 }, (_, i) => i + 1) },
    });
    expect(res.status).toBe(400);
    expect(res.body.m).toBe('location_ids must NOT have more than 100000 items');
  });

  it('answers 400 for an unknown field nested 5,000 levels deep, and changes nothing', async () => {
    const { id, locations } = await draftWithLocations();
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await raw(
      'PUT',
      `/api/supplier/communications/${id}/remove-locations`,
      `{"location_ids":[${locations[0]}],"unknown":${deep}}`,
      supplier,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ok: false,
      m: 'The request body is nested too deeply (at most 32 levels).',
      error: { code: 'INVALID_BODY', reason: 'depth', params: { what: 'The request body', max: 32 } },
    });
    expect(
      (await t.call('GET', `/api/supplier/communications/${id}/locations`, { token: supplier })).body.d.total,
    ).toBe(2);
    // Only the known lists reach the history.
    const ok = await t.call('PUT', `/api/supplier/communications/${id}/remove-locations`, {
      token: supplier,
      body: { location_ids: [locations[0]], unknown: { a: 1 } },
    });
    expect(ok.status).toBe(200);
    const entry = await t
      .db('communication_history')
      .where({ communication_id: id, action: 'RECIPIENTS_REMOVED' })
      .first('before');
    expect(entry.before).toEqual({ customer_ids: [], location_ids: [locations[0]] });
  });
});

describe('the largest lists the schemas allow', () => {
  it('creates a provider event with 10,000 products (more values than one statement may bind)', async () => {
    const products = Array.from({ length: 10_000 }, (_, i) => ({
      product_name: `P${i}`,
      catalog_number: 'C',
      lot_number: 'L',
      udi: 'U',
    }));
    const res = await t.call('POST', '/api/provider/communications/step0', {
      token: provider,
      body: { type: 'RECALL', name: 'Big internal recall', classification: 'CLASSII', products },
    });
    expect(res.status, res.body.m).toBe(200);
    expect(
      await t
        .db('communication_products')
        .where({ communication_id: res.body.d.id })
        .count<{ n: number }[]>({ n: '*' }),
    ).toEqual([{ n: 10_000 }]);
  });
});

describe('other hostile input', () => {
  it('refuses NUL characters in bodies, queries and paths', async () => {
    const body = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'a\u0000@b.co' } });
    expect(body.status).toBe(400);
    expect(body.body.m).toBe('The request body may not contain NUL characters.');
    const query = await t.call('GET', '/api/users?search=%00', { token: supplier });
    expect(query.status).toBe(400);
    expect(query.body.m).toBe('The query may not contain NUL characters.');
  });

  it('answers 404 for a forged or garbage signed file link (a route outside the OpenAPI document)', async () => {
    for (const token of [
      'garbage',
      'a.b',
      `${Buffer.from('{"key":"../../etc/passwd","exp":99999999999}').toString('base64url')}.AAAA`,
    ]) {
      const res = await t.call('GET', `/api/files/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.body.error?.code).toBe('INVALID_LINK');
    }
  });

  it("answers an envelope for what Node's HTTP parser refuses before any middleware", async () => {
    // The fuzzer's case: a query string past the 16 kB header limit.
    const long = await fetch(`${t.baseUrl}/api/notisphere/organizations/suppliers?pageSize=${'x'.repeat(17_000)}`, {
      headers: { timezone: 'x'.repeat(40) },
    });
    expect(long.status).toBe(431);
    expect(long.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await long.json()).toEqual({
      ok: false,
      m: 'The request line and headers are too large (16 kB at most).',
      error: { code: 'HEADERS_TOO_LARGE' },
    });
    const garbage = await rawHttp('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(garbage.split('\r\n\r\n')[1]!)).toEqual({
      ok: false,
      m: 'The request is not valid HTTP.',
      error: { code: 'MALFORMED_REQUEST' },
    });
  });
});

describe('odd HTTP', () => {
  it('answers 405 for a method no route knows (PROPFIND, LOCK), not 501 or 500', async () => {
    for (const method of ['PROPFIND', 'LOCK']) {
      const res = await fetch(`${t.baseUrl}/api/users`, { method, headers: { authorization: `Bearer ${supplier}` } });
      expect(res.status, method).toBe(405);
      expect(await res.json()).toEqual({ ok: false, m: 'Method not allowed.', error: { code: 'METHOD_NOT_ALLOWED' } });
    }
  });

  it('answers uncompressed when the client accepts no coding at all, identity included', async () => {
    for (const acceptEncoding of ['*;q=0', 'identity;q=0', 'gzip;q=0, identity;q=0']) {
      const headers = { authorization: `Bearer ${supplier}`, 'accept-encoding': acceptEncoding };
      // A streamed download and the OpenAPI document: both over 1 kB, both compressed by koa-compress otherwise.
      const csv = await fetch(`${t.baseUrl}/api/users/csv-download`, { headers });
      expect(csv.status, acceptEncoding).toBe(200);
      expect(csv.headers.get('content-encoding')).toBeNull();
      expect(await csv.text()).toContain('admin@acme.demo');
      const doc = await fetch(`${t.baseUrl}/api/openapi.json`, { headers });
      expect(doc.status, acceptEncoding).toBe(200);
      expect(doc.headers.get('content-encoding')).toBeNull();
      expect(((await doc.json()) as { openapi: string }).openapi).toBe('3.1.0');
    }
  });

  it('answers envelopes where Node would answer by itself: an unknown Expect, an HTTP/1.1 request without Host', async () => {
    const expectation = await rawHttp(
      'POST /api/auth/forgot-password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: banana\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(expectation).toMatch(/^HTTP\/1\.1 417 Expectation Failed\r\n/);
    expect(expectation).toContain(
      '{"ok":false,"m":"Only \\"Expect: 100-continue\\" is supported.","error":{"code":"EXPECTATION_FAILED"}}',
    );
    const hostless = await rawHttp(
      `GET /api/me HTTP/1.1\r\nAuthorization: Bearer ${supplier}\r\nConnection: close\r\n\r\n`,
    );
    expect(hostless).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(hostless.split('\r\n\r\n')[1]!)).toEqual({
      ok: false,
      m: 'An HTTP/1.1 request must name its Host.',
      error: { code: 'MISSING_HOST' },
    });
    // HTTP/1.0 has no Host to require (old health checkers and load balancers): it is answered as usual.
    const old = await rawHttp(`GET /api/me HTTP/1.0\r\nAuthorization: Bearer ${supplier}\r\n\r\n`);
    expect(old).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('answers 400 for a body whose chunked encoding is broken', async () => {
    const answer = await rawHttp(
      'POST /api/auth/forgot-password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ ok: false, error: { code: 'MALFORMED_REQUEST' } });
  });

  it('answers 413 for a chunk whose extensions are over the parser limit', async () => {
    // A 20 kB chunk extension: Node's parser stops at 16 kB (HPE_CHUNK_EXTENSIONS_OVERFLOW) while the route waits for
    // the body, so no answer has begun.
    const answer = await rawHttp(
      'POST /api/auth/forgot-password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\n\r\n2;x=${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
      ok: false,
      m: 'The request body is too large.',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('answers 408 for a request whose headers never finish arriving', async () => {
    // Node checks its timeouts every 30 s by default: the product's handler on a server that checks every 50 ms (the
    // headers never end, so no request handler runs).
    const slow = createServer({ connectionsCheckingInterval: 50, headersTimeout: 200, requestTimeout: 200 }, (_q, r) =>
      r.end(),
    ).on('clientError', answerClientError);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await rawHttp('GET /api/me HTTP/1.1\r\nHost: x\r\nX-Slow: ', slow.address() as AddressInfo);
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
        ok: false,
        m: 'The request took too long to arrive.',
        error: { code: 'REQUEST_TIMEOUT' },
      });
    } finally {
      slow.close();
    }
  });
});

/** Writes `text` to the test server's socket as it is and reads the whole answer (the server closes after it). */
async function rawHttp(text: string, at?: AddressInfo): Promise<string> {
  const socket = connect(at?.port ?? Number(new URL(t.baseUrl).port), '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.write(text);
  await new Promise((resolve, reject) => socket.on('close', resolve).on('error', reject));
  return Buffer.concat(chunks).toString('utf8');
}

describe('safety nets behind the schemas', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const deps: ModuleDeps = {
      db: t.db,
      config: t.config,
      logger: createLogger('silent'),
      mail: { kick: () => undefined },
      files: new LocalFileStore(os.tmpdir()),
    };
    const routes = [
      route({
        method: 'GET',
        path: '/out-of-range',
        access: 'public',
        summary: 'a value no schema bounded',
        handler: () => t.db.raw("SELECT '99999999999999999999'::bigint"),
      }),
      route({
        method: 'GET',
        path: '/failing.csv',
        access: 'public',
        summary: 'fails mid-stream',
        handler: () => {
          const stream = new PassThrough();
          stream.write('id,name\n1,a\n');
          setTimeout(() => stream.destroy(new Error('the database went away')), 50);
          return fileResult('failing.csv', 'text/csv', stream);
        },
      }),
    ];
    server = createApp({ deps, modules: [{ name: 'nets', routes }] }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('cuts the connection of a download that fails after its headers were sent: an aborted transfer, never a short file under 200', async () => {
    const res = await fetch(`${base}/failing.csv`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it("answers a PostgreSQL data exception a schema missed as the client's 400, not 500", async () => {
    const res = await fetch(`${base}/out-of-range`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      m: 'A number is out of range.',
      error: { code: 'VALUE_OUT_OF_RANGE' },
    });
  });
});
