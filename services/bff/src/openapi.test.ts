import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { type ModuleDeps, type Route, route } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';
import { createModules } from './modules.js';
import { buildOpenApi, downloadMediaTypes } from './openapi.js';

/**
 * Issue 36 item 8: the OpenAPI document tells the truth (files as files, every refusal with the error envelope, a
 * licence, no two paths of one shape), passes @redocly/openapi-core's recommended rules without an error, and is
 * readable at /api/docs under the product's content security policy.
 */

/** The module factories only declare routes: nothing of the deps is touched while the document is built. */
function routeTables(): Route[] {
  const unused = new Proxy(
    {},
    {
      get: () => {
        throw new Error('not available while building the OpenAPI document');
      },
    },
  );
  return createModules({
    db: unused,
    config: unused,
    logger: unused,
    mail: unused,
    files: unused,
  } as ModuleDeps).flatMap((m) => m.routes);
}

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; description?: string }[];
  requestBody?: object;
  security: object[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: object }>; headers?: object }>;
};
type Doc = {
  info: { license?: { name: string; identifier?: string } };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; responses: Record<string, { content: object }> };
};

const routes = routeTables();
const doc = buildOpenApi(routes, '1.0.0') as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, op]) => ({ path, method, op })),
);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the OpenAPI document', () => {
  it('passes the recommended rules of @redocly/openapi-core without an error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('fails the validator when it is not valid (the check can fail)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const broken = structuredClone(doc) as { paths: Record<string, unknown> };
    broken.paths['/api/broken/{a}'] = { get: { responses: { 200: { description: 'x' } }, summary: 1 } };
    const problems = await lintFromString({ source: JSON.stringify(broken), absoluteRef: '/openapi.json', config });
    expect(problems.some((p) => p.severity === 'error')).toBe(true);
  }, 60_000);

  it('declares the CSV, XLSX and zip downloads as files with Content-Disposition, not the JSON envelope', () => {
    const downloads = routes.filter((r) => r.download);
    expect(downloads.length).toBeGreaterThanOrEqual(32);
    for (const r of downloads) {
      const op = operations.find(
        (o) => o.op.operationId.toLowerCase() === `${r.method}${r.path}`.replace(/[^\w]/g, '').toLowerCase(),
      );
      expect(op, r.path).toBeDefined();
      const ok = op!.op.responses['200']!;
      expect(Object.keys(ok.content ?? {}), r.path).toEqual([...downloadMediaTypes(r.download!)]);
      for (const media of Object.values(ok.content ?? {}))
        expect(media.schema).toEqual({ type: 'string', format: 'binary' });
      expect(ok.headers, r.path).toEqual({
        'Content-Disposition': { $ref: '#/components/headers/ContentDisposition' },
      });
    }
    const media = (path: string) => Object.keys(doc.paths[path]!.get!.responses['200']!.content!);
    expect(media('/api/users/csv-download')).toEqual(['text/csv']);
    expect(media('/api/notisphere/fda/drugs/xlsx-download')).toEqual([XLSX]);
    expect(media('/api/notisphere/communications/{type}/summary')).toEqual(['text/csv', XLSX]);
    expect(media('/api/supplier/communications/{id}/files.zip')).toEqual(['application/zip']);
    expect(media('/api/notisphere/fda/drugs')).toEqual(['application/json']);
  });

  it('declares every route whose name or path says it answers a CSV or XLSX file as a download', () => {
    const looksLikeFile = (r: Route) =>
      r.method === 'GET' &&
      !r.schema?.response &&
      (/(csv|xlsx|xlxs)(-download)?$|download(csv|xlsx)|\.zip$|template$/i.test(r.path) ||
        /\((csv|xlsx)\)|as (csv|xlsx)|\.xlsx|\.csv/i.test(r.summary));
    const undeclared = routes.filter((r) => looksLikeFile(r) && !r.download).map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it('lists the 4xx answers of every operation with the one error envelope', () => {
    expect(doc.components.schemas.Failure).toBeDefined();
    for (const name of Object.keys(doc.components.responses))
      expect(JSON.stringify(doc.components.responses[name]!.content), name).toContain('#/components/schemas/Failure');
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^4\d\d$/.test(s)),
        where,
      ).toBe(true);
      for (const s of statuses.filter((x) => /^4/.test(x)))
        expect(op.responses[s]!.$ref, `${where} ${s}`).toMatch(/^#\/components\/responses\/\w+$/);
      if (op.security.length) expect(statuses, where).toEqual(expect.arrayContaining(['401', '403']));
      if (path.includes('{')) expect(statuses, where).toContain('404');
      if (op.requestBody) expect(statuses, where).toEqual(expect.arrayContaining(['400', '413', '415']));
      expect(op.responses.default?.$ref, where).toBe('#/components/responses/Failure');
    }
    const auth = doc.paths['/api/auth/token']!.post!;
    expect(Object.keys(auth.responses)).toEqual(expect.arrayContaining(['400', '401', '429']));
  });

  it('sets info.license from the root package.json (MIT without one)', () => {
    expect(doc.info.license?.name).toMatch(/^[\w.+-]+$/);
    expect(doc.info.license?.identifier).toBe(doc.info.license?.name);
  });

  it('has no two paths of one shape: segments named differently by routes get one name, the wire is unchanged', () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{\w+\}/g, '{}'));
    expect(shapes.length).toBe(new Set(shapes).size);
    const notices =
      doc.paths[
        '/api/provider/communication-notices/{orgIdOrCommunicationId}/{communicationIdOrCommunicationType}/actions/{actionId}/file/{pcIdOrFileId}'
      ];
    expect(Object.keys(notices ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    // Each operation says which of the names is its own, and keeps its operation id (the web's types use it).
    const post = notices!.post!;
    expect(post.operationId).toBe(
      'postProviderCommunicationNoticesCommunicationIdCommunicationTypeActionsActionIdFilePcId',
    );
    expect(post.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.description])).toEqual([
      ['orgIdOrCommunicationId', "This operation's `communicationId`"],
      ['communicationIdOrCommunicationType', "This operation's `communicationType`"],
      ['actionId', undefined],
      ['pcIdOrFileId', "This operation's `pcId`"],
    ]);
  });

  it('names a segment alike when two routes of one shape differ (a unit check of the rule)', () => {
    const handler = () => null;
    const two = [
      route({ method: 'GET', path: '/x/:a/y', access: 'public', summary: 'one', handler }),
      route({ method: 'PUT', path: '/x/:b/y', access: 'public', summary: 'two', handler }),
    ];
    const small = buildOpenApi(two, '1') as Doc;
    expect(Object.keys(small.paths)).toEqual(['/api/x/{aOrB}/y']);
  });
});

describe('served', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the downloads with the media type the document declares', async () => {
    const supplier = (await t.signIn('admin@acme.demo')).access_token;
    const served = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as Doc;
    for (const path of ['/api/users/csv-download', '/api/users/xlsx-download']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${supplier}` } });
      expect(res.status, path).toBe(200);
      const type = res.headers.get('content-type')!.split(';')[0]!;
      expect(Object.keys(served.paths[path]!.get!.responses['200']!.content!)).toContain(type);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
      await res.arrayBuffer();
    }
  });

  it('serves a readable reference at /api/docs from the same document, its files from node_modules, under the CSP', async () => {
    const api = await fetch(`${t.baseUrl}/api/health/live`);
    const csp = api.headers.get('content-security-policy');
    expect(csp).toContain("script-src 'self'");
    for (const address of ['/api/docs', '/api/docs/']) {
      const page = await fetch(`${t.baseUrl}${address}`);
      expect(page.status, address).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      // The product's policy, unchanged: no inline script, nothing from elsewhere.
      expect(page.headers.get('content-security-policy')).toBe(csp);
      const html = await page.text();
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBe(2);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/src="\/api\/docs\/[\w.-]+\.js"/);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/https?:\/\//);
      const assets = [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets).toEqual(
        expect.arrayContaining(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']),
      );
      for (const asset of assets) {
        const res = await fetch(`${t.baseUrl}${asset}`);
        expect(res.status, asset).toBe(200);
        const type = res.headers.get('content-type') ?? '';
        if (asset.endsWith('.js')) expect(type, asset).toMatch(/javascript/);
        if (asset.endsWith('.css')) expect(type, asset).toMatch(/^text\/css/);
        const body = await res.text();
        expect(body.length, asset).toBeGreaterThan(100);
        if (asset.endsWith('init.js')) {
          expect(body).toContain("url: '/api/openapi.json'");
          expect(body).toContain('validatorUrl: null');
        }
      }
    }
    // Only the Swagger UI files the page needs: nothing else of node_modules is reachable.
    for (const other of ['/api/docs/package.json', '/api/docs/..%2Fpackage.json', '/api/docs/index.html'])
      expect((await fetch(`${t.baseUrl}${other}`)).status, other).toBe(404);
  });
});
