/**
 * Issue 33: a path whose parameters fail their schema names no record, so it answers the plain 404 NOT_FOUND a
 * missing record gets; the schema's words about the parameter (`key must match pattern "^[A-Z_]{1,64}$"`,
 * `id must be integer`) never reach the client, which would show them to a person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let operator: string;
let supplier: string;
let provider: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.signIn('admin@operator.demo')).access_token;
  supplier = (await t.signIn('admin@acme.demo')).access_token;
  provider = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

const NOT_FOUND = { ok: false, m: 'Not found.', error: { code: 'NOT_FOUND' } };

/** The answer carries none of ajv's words, nor the parameter's pattern or bound. */
function schemaFree(body: unknown) {
  const text = JSON.stringify(body);
  for (const word of ['must', 'pattern', 'integer', '^[A-Z_]', 'details']) expect(text).not.toContain(word);
}

describe('a path parameter that fails its schema', () => {
  it('answers 404 NOT_FOUND for a key of the wrong form, where a key of the right form that names nothing is 404 too', async () => {
    const wrongForm = await t.call('GET', '/api/provider/email-templates/not-a-key', { token: provider });
    expect(wrongForm.status).toBe(404);
    expect(wrongForm.body).toMatchObject(NOT_FOUND);
    schemaFree(wrongForm.body);
    const put = await t.call('PUT', '/api/provider/email-templates/lower', {
      token: provider,
      body: { subject_en: 'a', body_en: 'b', subject_vi: 'c', body_vi: 'd' },
    });
    expect(put.status).toBe(404);
    expect(put.body).toMatchObject(NOT_FOUND);
  });

  it('still opens the record when the parameter is valid (coerced from the path as before)', async () => {
    const list = await t.call('GET', '/api/provider/email-templates', { token: provider });
    expect(list.status).toBe(200);
    const key = list.body.d.data[0]?.key as string;
    expect(key).toMatch(/^[A-Z_]+$/);
    expect((await t.call('GET', `/api/provider/email-templates/${key}`, { token: provider })).status).toBe(200);
    const templates = await t.call('GET', '/api/notisphere/email-templates', { token: operator });
    const id = templates.body.d.data[0]?.id as number;
    const one = await t.call('GET', `/api/notisphere/email-templates/${id}`, { token: operator });
    expect(one.status).toBe(200);
    expect(one.body.d.id).toBe(id);
  });

  it.each([
    ['a word for an id', '/api/notisphere/email-templates/abc'],
    ['a fraction', '/api/notisphere/email-templates/1.5'],
    ['zero', '/api/notisphere/email-templates/0'],
    ['a negative id', '/api/notisphere/email-templates/-3'],
    ['an id past the bound', '/api/notisphere/email-templates/99999999999999999999'],
  ])('answers 404 NOT_FOUND for %s', async (_what, path) => {
    const res = await t.call('GET', path, { token: operator });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
    schemaFree(res.body);
  });

  it("answers 404 on a tenant's record routes and on writes, and changes nothing", async () => {
    const view = await t.call('GET', '/api/supplier/communications/abc', { token: supplier });
    expect(view.status).toBe(404);
    expect(view.body).toMatchObject(NOT_FOUND);
    const put = await t.call('PUT', '/api/users/abc', {
      token: supplier,
      body: { first_name: 'Changed', last_name: 'Nobody' },
    });
    expect(put.status).toBe(404);
    expect(put.body).toMatchObject(NOT_FOUND);
    schemaFree(put.body);
  });

  it('still checks access first: without a token it is 401, not a hint that the path is wrong', async () => {
    const res = await t.call('GET', '/api/provider/email-templates/not-a-key');
    expect(res.status).toBe(401);
  });

  it('leaves the query and the body to their own 400s, naming the field', async () => {
    const res = await t.call('GET', '/api/notisphere/email-templates?search=' + 'x'.repeat(300), { token: operator });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: { code: 'FIELD_TOO_LONG' } });
  });
});
