import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PNG, startTestApp, type TestApp } from '@portal/testing';
import { MAX_IMAGE_BYTES } from './services/quick-links.js';
import { messageText } from '@portal/core';

let t: TestApp;
let operator = '';
let provider = '';
let supplier = '';
let otherProvider = '';
const orgId = async (name: string) =>
  Number(((await t.db('organizations').where({ name }).first('id')) as { id: number }).id);

beforeAll(async () => {
  t = await startTestApp();
  const tokens = await Promise.all(
    ['admin@operator.demo', 'admin@riverside.demo', 'admin@acme.demo', 'admin@lakeshore.demo'].map(
      async (e) => (await t.signIn(e)).access_token,
    ),
  );
  [operator, provider, supplier, otherProvider] = tokens as [string, string, string, string];
});
afterAll(() => t.close());

function linkForm(fields: Record<string, string>, image: Buffer | null = IMAGE_PNG, name = 'logo.png'): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), name);
  return form;
}
const create = (fields: Record<string, string>, image?: Buffer | null, name?: string, token = operator) =>
  t.call('POST', '/api/notisphere/quickLinks/create', { token, form: linkForm(fields, image, name) });

describe('quick links (spec 001 §7.12)', () => {
  it('creates a link with an image for chosen organisations, audited; the target sees it, no one else does', async () => {
    const riverside = await orgId('Riverside Health');
    const acme = await orgId('Acme Medical Devices');
    const res = await create({ url: 'https://partner.example.com/r', organization_ids: `${riverside},${acme}` });
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({
      url: 'https://partner.example.com/r',
      status: 'ACTIVE',
      organizations: [
        { id: acme, name: 'Acme Medical Devices', type: 'SUPPLIER' },
        { id: riverside, name: 'Riverside Health', type: 'PROVIDER' },
      ],
    });
    const id = res.body.d.id as number;
    expect(await t.db('audit_events').where({ action: 'QUICK_LINK_CREATED', entity_id: String(id) })).toHaveLength(1);

    // The header's call: the provider and the supplier get it, as a signed image link and the URL.
    const mine = await t.call('GET', '/api/notisphere/quickLinks/account-links', { token: provider });
    expect(mine.status).toBe(200);
    expect(mine.body.d).toEqual([
      { id, path: expect.stringMatching(/^\/api\/files\//), url: 'https://partner.example.com/r' },
    ]);
    const image = await fetch(`${t.baseUrl}${mine.body.d[0].path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(IMAGE_PNG)).toBe(true);
    expect((await t.call('GET', '/api/notisphere/quickLinks/account-links', { token: supplier })).body.d).toHaveLength(
      1,
    );
    // Another provider (tenant) never sees it; nor does the operator's own header.
    expect((await t.call('GET', '/api/notisphere/quickLinks/account-links', { token: otherProvider })).body.d).toEqual(
      [],
    );
    expect((await t.call('GET', '/api/notisphere/quickLinks/account-links', { token: operator })).body.d).toEqual([]);
  });

  it("shows a provider's links to its sites' users too", async () => {
    const riverside = await orgId('Riverside Health');
    const north = await orgId('Riverside North Campus');
    // A user of the site: the Lakeshore administrator also joins Riverside North with the site's own Responder role.
    const role = (await t.db('roles').where({ organization_id: north }).first('id')) as { id: number };
    const user = (await t.db('users').where({ email: 'admin@lakeshore.demo' }).first('id')) as { id: number };
    await t.db('memberships').insert({ user_id: user.id, organization_id: north, role_id: role.id });
    const res = await create({ url: 'https://site.example.com', organization_ids: String(riverside) });
    const token = (await t.signIn('admin@lakeshore.demo', { orgId: north })).access_token;
    const links = (await t.call('GET', '/api/notisphere/quickLinks/account-links', { token })).body.d as {
      id: number;
    }[];
    expect(links.map((l) => l.id)).toContain(res.body.d.id);
  });

  it('lists with status and url filters (url also matches a targeted organisation), pages, reads one, edits, deletes', async () => {
    const lakeshore = await orgId('Lakeshore Medical Center');
    const created = await create({ url: 'https://lake.example.com', organization_ids: `[${lakeshore}]` });
    const id = created.body.d.id as number;

    const byName = await t.call('GET', '/api/notisphere/quickLinks?url=lakeshore&pageSize=50', { token: operator });
    expect(byName.status).toBe(200);
    expect(byName.body.d.items.map((l: { id: number }) => l.id)).toEqual([id]);
    expect(byName.body.d.total).toBe(1);
    const byUrl = await t.call('GET', '/api/notisphere/quickLinks?url=lake.example', { token: operator });
    expect(byUrl.body.d.items.map((l: { id: number }) => l.id)).toEqual([id]);

    const one = await t.call('GET', `/api/notisphere/quickLinks/${id}`, { token: operator });
    expect(one.body.d).toMatchObject({ id, url: 'https://lake.example.com', organizations: [{ id: lakeshore }] });

    // Edit without a new image keeps the image; targets are replaced.
    const riverside = await orgId('Riverside Health');
    const edited = await create(
      { id: String(id), url: 'https://lake2.example.com', organization_ids: String(riverside) },
      null,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.d).toMatchObject({ url: 'https://lake2.example.com', organizations: [{ id: riverside }] });
    expect(edited.body.d.image.name).toBe('logo.png');
    expect(await t.db('audit_events').where({ action: 'QUICK_LINK_UPDATED', entity_id: String(id) })).toHaveLength(1);

    const deleted = await t.call('PUT', `/api/notisphere/quickLinks/delete/${id}`, { token: operator });
    expect(deleted.status).toBe(200);
    expect(deleted.body.d.status).toBe('INACTIVE');
    expect(await t.db('audit_events').where({ action: 'QUICK_LINK_DELETED', entity_id: String(id) })).toHaveLength(1);
    const links = (await t.call('GET', '/api/notisphere/quickLinks/account-links', { token: provider })).body.d as {
      id: number;
    }[];
    expect(links.map((l) => l.id)).not.toContain(id);

    const inactive = await t.call('GET', '/api/notisphere/quickLinks?status=INACTIVE', { token: operator });
    expect(inactive.body.d.items.map((l: { id: number }) => l.id)).toContain(id);
    const active = await t.call('GET', '/api/notisphere/quickLinks?status=ACTIVE', { token: operator });
    expect(active.body.d.items.map((l: { id: number }) => l.id)).not.toContain(id);

    // Activate again (row action on an inactive link).
    const again = await create(
      { id: String(id), url: 'https://lake2.example.com', organization_ids: String(riverside), status: 'ACTIVE' },
      null,
    );
    expect(again.body.d.status).toBe('ACTIVE');

    expect((await t.call('GET', '/api/notisphere/quickLinks/999999', { token: operator })).status).toBe(404);
    expect((await t.call('PUT', '/api/notisphere/quickLinks/delete/999999', { token: operator })).status).toBe(404);
  });

  it('meta lists statuses and active providers and suppliers, never the operator', async () => {
    const res = await t.call('GET', '/api/notisphere/quickLinks/meta', { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.d.statuses).toEqual(['ACTIVE', 'INACTIVE']);
    const names = (res.body.d.organizations as { name: string; type: string }[]).map((o) => o.name);
    expect(names).toContain('Riverside Health');
    expect(names).toContain('Acme Medical Devices');
    expect(names).not.toContain('Notisphere Operations');
    const searched = await t.call('GET', '/api/notisphere/quickLinks/meta?search=acme', { token: operator });
    expect(searched.body.d.organizations.map((o: { name: string }) => o.name)).toEqual(['Acme Medical Devices']);
  });

  it('keeps management to the operator: providers and suppliers get 403 on every management call', async () => {
    const riverside = await orgId('Riverside Health');
    const id = (await create({ url: 'https://x.example.com', organization_ids: String(riverside) })).body.d.id;
    for (const token of [provider, supplier]) {
      expect((await t.call('GET', '/api/notisphere/quickLinks', { token })).status).toBe(403);
      expect((await t.call('GET', '/api/notisphere/quickLinks/meta', { token })).status).toBe(403);
      expect((await t.call('GET', `/api/notisphere/quickLinks/${id}`, { token })).status).toBe(403);
      expect((await t.call('PUT', `/api/notisphere/quickLinks/delete/${id}`, { token })).status).toBe(403);
      expect(
        (
          await create(
            { url: 'https://evil.example.com', organization_ids: String(riverside) },
            IMAGE_PNG,
            'a.png',
            token,
          )
        ).status,
      ).toBe(403);
    }
    expect((await t.call('GET', '/api/notisphere/quickLinks/account-links')).status).toBe(401);
  });

  it('checks the image by content and size, the URL and the targets', async () => {
    const riverside = await orgId('Riverside Health');
    const fields = { url: 'https://ok.example.com', organization_ids: String(riverside) };
    const fake = await create(fields, Buffer.from('GIF89a not a png at all'), 'fake.png');
    expect(fake.status).toBe(415);
    expect(fake.body.m).toBe('The file content does not match its type.');
    const big = Buffer.concat([IMAGE_PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const tooBig = await create(fields, big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect((await create(fields, IMAGE_PNG, 'logo.gif')).status).toBe(415);
    const none = await create(fields, null);
    expect(none.status).toBe(400);
    expect(none.body.m).toBe(messageText('IMAGE_REQUIRED'));
    expect((await create({ ...fields, url: 'javascript:alert(1)' })).status).toBe(400);
    const operatorOrg = await orgId('Notisphere Operations');
    const wrongTarget = await create({ ...fields, organization_ids: String(operatorOrg) });
    expect(wrongTarget.status).toBe(400);
    expect(wrongTarget.body.m).toBe(messageText('UNKNOWN_TARGETS', { ids: String(operatorOrg) }));
    expect((await create({ ...fields, organization_ids: 'x' })).status).toBe(400);
    // Nothing was stored by the refused calls.
    expect(await t.db('quick_links').where({ url: 'https://ok.example.com' })).toHaveLength(0);
  });
});
