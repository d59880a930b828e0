import { expect } from 'vitest';
import { schemaErrors } from '@portal/core';
import type { TestApp } from './app.js';

type Paths = Record<
  string,
  Record<string, { responses: { 200: { content: { 'application/json': { schema: object } } } } }>
>;

/**
 * Holds real answers to the response schemas the served /api/openapi.json declares (docs/decisions.md "Response
 * schemas"): `conforms` calls the API and checks the whole envelope with `schemaErrors` (no coercion, no defaults).
 */
export function responseConformance(t: TestApp) {
  let paths: Paths | null = null;
  const load = async (): Promise<Paths> => {
    paths ??= ((await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as { paths: Paths }).paths;
    return paths;
  };

  /** The 200 envelope schema the document declares for an operation; its `d` must be declared, not the empty default. */
  const envelopeOf = async (method: string, path: string): Promise<{ properties: { d: object } }> => {
    const schema = (await load())[path]?.[method]?.responses[200].content['application/json'].schema as {
      properties: { d: object };
    };
    expect(schema, `${method} ${path}`).toBeDefined();
    expect(Object.keys(schema.properties.d), `${method} ${path} declares its answer`).toContain('type');
    return schema;
  };

  /** Calls the API (path: the document's template, url: the real one) and answers `d` once it conforms. */
  const conforms = async (
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    url: string,
    token: string | null,
    body?: unknown,
  ): Promise<any> => {
    const res = await t.call(method.toUpperCase(), url, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
    expect(res.status, `${url}: ${res.body.m}`).toBe(200);
    expect(schemaErrors(await envelopeOf(method, path), res.body), url).toEqual([]);
    return res.body.d;
  };

  /** A multipart upload (POST), held to its declared answer like `conforms`; one that creates may answer 201. */
  const uploadConforms = async (path: string, url: string, token: string | null, form: FormData): Promise<any> => {
    const res = await t.call('POST', url, { ...(token ? { token } : {}), form });
    expect([200, 201], `${url}: ${res.status} ${res.body.m}`).toContain(res.status);
    expect(schemaErrors(await envelopeOf('post', path), res.body), url).toEqual([]);
    return res.body.d;
  };

  return { envelopeOf, conforms, uploadConforms };
}
