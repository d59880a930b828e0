import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, ForbiddenError, NotFoundError, messageText } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';
import { getDistributionListMembers } from './services/distribution-lists.js';
import { loadActor } from './services/members.js';
import { getSalesRepresentatives } from './services/sales-reps.js';
import { getTemplateActions } from './services/template-actions.js';

let t: TestApp;
let admin: string;
let recalls: string;
let sourcing: string;
let borealis: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin@acme.demo')).access_token;
  recalls = (await t.signIn('recalls@acme.demo')).access_token;
  sourcing = (await t.signIn('sourcing@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
});
afterAll(() => t.close());

async function actorOf(email: string, orgName: string): Promise<Actor> {
  const org = (await t.db('organizations').where({ name: orgName }).first('id')) as { id: number };
  const user = (await t.db('users').where({ email }).first('id')) as { id: number };
  return (await loadActor(t.db, user.id, org.id))!;
}

const action = (extra: object = {}) => ({
  communication_type: 'RECALL',
  title: 'Acknowledge receipt',
  action_type: 'Acknowledge',
  is_required: true,
  ...extra,
});

describe('template actions', () => {
  const ids: number[] = [];

  it('creates actions in order, lists them by communication type, updates, reorders, inactivates and deletes', async () => {
    for (const body of [
      action(),
      action({ title: 'Quantity on hand', action_type: 'Numeric' }),
      action({
        title: 'What did you do?',
        action_type: 'MultipleChoice',
        options: ['Destroyed', ' Returned ', 'None'],
        is_required: false,
      }),
    ]) {
      const res = await t.call('POST', '/api/supplier/template-actions', { token: recalls, body });
      expect(res.status).toBe(200);
      ids.push(res.body.d.id);
    }
    const advisory = await t.call('POST', '/api/supplier/template-actions', {
      token: sourcing,
      body: action({ communication_type: 'PRODUCT DISRUPTION', title: 'Confirm allocation' }),
    });
    expect(advisory.body.d).toMatchObject({ communication_type: 'PRODUCT DISRUPTION', sort_order: 1 });

    const list = await t.call('GET', '/api/supplier/template-actions?communicationType=RECALL', { token: recalls });
    expect(list.body.d.items.map((a: { title: string; sort_order: number }) => [a.title, a.sort_order])).toEqual([
      ['Acknowledge receipt', 1],
      ['Quantity on hand', 2],
      ['What did you do?', 3],
    ]);
    expect(list.body.d.items[2].options).toEqual(['Destroyed', 'Returned', 'None']);
    expect(list.body.d.items[1].options).toEqual([]);

    const updated = await t.call('PUT', `/api/supplier/template-actions/${ids[1]}`, {
      token: recalls,
      body: { title: 'Units on hand', action_type: 'Numeric', description: 'Count every lot' },
    });
    expect(updated.body.d).toMatchObject({
      title: 'Units on hand',
      description: 'Count every lot',
      is_required: false,
      communication_type: 'RECALL',
    });
    expect(await t.db('audit_events').where({ action: 'TEMPLATE_ACTION_UPDATED' }).first()).toMatchObject({
      before: { title: 'Quantity on hand' },
      after: { title: 'Units on hand' },
    });

    const reordered = await t.call('PUT', '/api/supplier/template-actions/reorder', {
      token: recalls,
      body: { communication_type: 'RECALL', ids: [ids[2], ids[0]] },
    });
    expect(reordered.body.d.map((a: { id: number }) => a.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(reordered.body.d.map((a: { sort_order: number }) => a.sort_order)).toEqual([1, 2, 3]);

    expect(
      (await t.call('PUT', `/api/supplier/template-actions/${ids[1]}/inactivate`, { token: recalls })).body.d.status,
    ).toBe('INACTIVE');
    expect(
      (
        await t.call('PUT', `/api/supplier/template-actions/${ids[1]}`, {
          token: recalls,
          body: { title: 'X', action_type: 'Text' },
        })
      ).status,
    ).toBe(409);
    const filterModel = encodeURIComponent(JSON.stringify({ status: { filter: 'ACTIVE' } }));
    expect(
      (
        await t.call('GET', `/api/supplier/template-actions?communicationType=RECALL&filterModel=${filterModel}`, {
          token: recalls,
        })
      ).body.d.total,
    ).toBe(2);
    const del = await t.call('DELETE', `/api/supplier/template-actions/${ids[0]}`, { token: recalls });
    expect(del.body.d.status).toBe('DELETED');
    expect((await t.call('GET', `/api/supplier/template-actions/${ids[0]}`, { token: recalls })).status).toBe(404);

    // What the communications module reads: active ones, in order.
    const active = await getTemplateActions(t.db, await actorOf('recalls@acme.demo', 'Acme Medical Devices'), 'RECALL');
    expect(active.map((a) => a.title)).toEqual(['What did you do?']);
    for (const a of [
      'TEMPLATE_ACTION_CREATED',
      'TEMPLATE_ACTIONS_REORDERED',
      'TEMPLATE_ACTION_INACTIVATED',
      'TEMPLATE_ACTION_DELETED',
    ]) {
      expect(await t.db('audit_events').where({ action: a }).first(), a).toBeTruthy();
    }
  });

  it('validates action bodies', async () => {
    const cases: [object, string][] = [
      [action({ action_type: 'Checkbox' }), messageText('ACTION_OPTIONS_REQUIRED')],
      [action({ action_type: 'MultipleChoice', options: [' ', ''] }), messageText('ACTION_OPTIONS_REQUIRED')],
      [action({ action_type: 'Checkbox', options: ['A', 'a'] }), messageText('ACTION_OPTIONS_NOT_UNIQUE')],
      [
        action({ action_type: 'Dance' }),
        'action_type must be one of Acknowledge, Text, Numeric, YesNo, Checkbox, MultipleChoice, Image, Document',
      ],
      [action({ communication_type: 'MEMO' }), 'communication_type must be one of RECALL, PRODUCT DISRUPTION'],
      [action({ title: '  ' }), 'title is required'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/api/supplier/template-actions', { token: admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body.m).toBe(message);
    }
    expect((await t.call('GET', '/api/supplier/template-actions', { token: admin })).body.m).toBe(
      'communicationType is required',
    );
    const reorder = await t.call('PUT', '/api/supplier/template-actions/reorder', {
      token: admin,
      body: { communication_type: 'RECALL', ids: [ids[2], ids[2]] },
    });
    expect(reorder.body.m).toBe(messageText('TEMPLATE_ACTION_ORDER_INVALID'));
  });

  it('checks the permission of each communication type (403)', async () => {
    // A Recall Coordinator cannot touch advisory templates, a Sourcing Coordinator not recall ones.
    expect(
      (await t.call('GET', '/api/supplier/template-actions?communicationType=PRODUCT%20DISRUPTION', { token: recalls }))
        .status,
    ).toBe(403);
    expect((await t.call('POST', '/api/supplier/template-actions', { token: sourcing, body: action() })).status).toBe(
      403,
    );
    expect(
      (await t.call('GET', '/api/supplier/template-actions?communicationType=RECALL', { token: sourcing })).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/supplier/template-actions/${ids[2]}`, {
          token: sourcing,
          body: { title: 'Mine', action_type: 'Text' },
        })
      ).status,
    ).toBe(403);
    // A status change checks the communication type too, and changes nothing when refused.
    expect(
      (await t.call('PUT', `/api/supplier/template-actions/${ids[2]}/inactivate`, { token: sourcing })).status,
    ).toBe(403);
    expect((await t.db('template_actions').where({ id: ids[2] }).first('status')).status).toBe('ACTIVE');
    expect(
      (
        await t.call('PUT', '/api/supplier/template-actions/reorder', {
          token: sourcing,
          body: { communication_type: 'RECALL', ids: [ids[2]] },
        })
      ).status,
    ).toBe(403);
    await expect(
      getTemplateActions(t.db, await actorOf('sourcing@acme.demo', 'Acme Medical Devices'), 'RECALL'),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    expect(
      (await t.call('GET', '/api/supplier/template-actions?communicationType=RECALL', { token: responder })).status,
    ).toBe(403);
    // The Administrator holds both.
    expect(
      (await t.call('GET', '/api/supplier/template-actions?communicationType=PRODUCT%20DISRUPTION', { token: admin }))
        .body.d.total,
    ).toBe(1);
  });

  it("answers 404 for another supplier's template actions", async () => {
    for (const [method, path, body] of [
      ['GET', `/api/supplier/template-actions/${ids[2]}`, undefined],
      ['PUT', `/api/supplier/template-actions/${ids[2]}`, { title: 'Mine', action_type: 'Text' }],
      ['PUT', `/api/supplier/template-actions/${ids[2]}/inactivate`, undefined],
      ['DELETE', `/api/supplier/template-actions/${ids[2]}`, undefined],
      ['PUT', '/api/supplier/template-actions/reorder', { communication_type: 'RECALL', ids: [ids[2]] }],
    ] as const) {
      const res = await t.call(method, path, { token: borealis, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.m).toBe(messageText('TEMPLATE_ACTION_NOT_FOUND'));
    }
    expect(
      (await t.call('GET', '/api/supplier/template-actions?communicationType=RECALL', { token: borealis })).body.d
        .total,
    ).toBe(0);
  });
});

describe('distribution lists', () => {
  let listId = 0;
  let locationId = 0;

  it('creates a list, adds members by email, provider organisation and supplier location, and counts them', async () => {
    const created = await t.call('POST', '/api/supplier/distribution-lists', {
      token: recalls,
      body: { communication_type: 'RECALL', name: 'West coast hospitals', description: 'Class I recalls' },
    });
    expect(created.body.d).toMatchObject({ name: 'West coast hospitals', status: 'ACTIVE', member_count: 0 });
    listId = created.body.d.id;
    const riverside = (await t.db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number };
    const loc = await t.call('POST', '/api/supplier/locations', {
      token: admin,
      body: {
        location_id: 'SHIP-9',
        location_name: 'Riverside North Dock',
        email: 'dock@riverside.demo',
        zip: '95815',
      },
    });
    locationId = loc.body.d.id;
    const add = (body: object) =>
      t.call('POST', `/api/supplier/distribution-lists/${listId}/members`, { token: recalls, body });
    expect((await add({ email: 'Pharmacy@Lakeshore.demo', name: 'Lakeshore pharmacy' })).body.d).toMatchObject({
      email: 'pharmacy@lakeshore.demo',
      name: 'Lakeshore pharmacy',
    });
    expect((await add({ provider_organization_id: riverside.id })).body.d).toMatchObject({
      provider_organization_id: riverside.id,
      name: 'Riverside Health',
    });
    expect((await add({ supplier_location_id: locationId })).body.d).toMatchObject({
      supplier_location_id: locationId,
      name: 'Riverside North Dock',
      email: 'dock@riverside.demo',
    });

    const dup = await add({ email: 'pharmacy@lakeshore.demo' });
    expect(dup.status).toBe(409);
    expect(dup.body.m).toBe(messageText('DUPLICATE_MEMBER'));
    expect((await add({ email: 'a@b.org', provider_organization_id: riverside.id })).body.m).toBe(
      messageText('MEMBER_SOURCE_REQUIRED'),
    );
    expect((await add({})).body.m).toBe(messageText('MEMBER_SOURCE_REQUIRED'));
    expect((await add({ email: 'nope' })).body.m).toBe('Email not valid');
    const acme = (await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number };
    expect((await add({ provider_organization_id: acme.id })).status).toBe(404);

    const lists = await t.call(
      'GET',
      '/api/supplier/distribution-lists?communicationType=RECALL&sortField=member_count&sortDirection=desc',
      { token: recalls },
    );
    expect(lists.body.d.items).toEqual([expect.objectContaining({ id: listId, member_count: 3 })]);
    const members = await t.call('GET', `/api/supplier/distribution-lists/${listId}/members?sortField=name`, {
      token: recalls,
    });
    expect(members.body.d.items.map((m: { name: string }) => m.name)).toEqual([
      'Lakeshore pharmacy',
      'Riverside Health',
      'Riverside North Dock',
    ]);
    expect(await t.db('audit_events').where({ action: 'DISTRIBUTION_LIST_MEMBER_ADDED' })).toHaveLength(3);
  });

  it('updates, removes members, inactivates and deletes lists', async () => {
    const renamed = await t.call('PUT', `/api/supplier/distribution-lists/${listId}`, {
      token: recalls,
      body: { name: 'Pacific hospitals' },
    });
    expect(renamed.body.d).toMatchObject({ name: 'Pacific hospitals', description: null, member_count: 3 });
    const other = await t.call('POST', '/api/supplier/distribution-lists', {
      token: recalls,
      body: { communication_type: 'RECALL', name: 'pacific HOSPITALS' },
    });
    expect(other.status).toBe(409);
    expect(other.body.m).toBe(messageText('LIST_NAME_TAKEN'));
    // The same name is free for advisories.
    expect(
      (
        await t.call('POST', '/api/supplier/distribution-lists', {
          token: sourcing,
          body: { communication_type: 'PRODUCT DISRUPTION', name: 'Pacific hospitals' },
        })
      ).status,
    ).toBe(200);

    const members = (await t.call('GET', `/api/supplier/distribution-lists/${listId}/members`, { token: recalls })).body
      .d.items as { id: number }[];
    expect(
      (
        await t.call('DELETE', `/api/supplier/distribution-lists/${listId}/members/${members[0]!.id}`, {
          token: recalls,
        })
      ).body.d,
    ).toEqual({ id: members[0]!.id });
    expect(
      (
        await t.call('DELETE', `/api/supplier/distribution-lists/${listId}/members/${members[0]!.id}`, {
          token: recalls,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/supplier/distribution-lists/${listId}`, { token: recalls })).body.d.member_count,
    ).toBe(2);

    const recallsActor = await actorOf('recalls@acme.demo', 'Acme Medical Devices');
    expect((await getDistributionListMembers(t.db, recallsActor, listId)).map((m) => m.email).sort()).toEqual([
      'dock@riverside.demo',
      null,
    ]);

    expect(
      (await t.call('PUT', `/api/supplier/distribution-lists/${listId}/inactivate`, { token: recalls })).body.d.status,
    ).toBe('INACTIVE');
    expect(
      (
        await t.call('POST', `/api/supplier/distribution-lists/${listId}/members`, {
          token: recalls,
          body: { email: 'x@y.org' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await t.call('PUT', `/api/supplier/distribution-lists/${listId}/activate`, { token: recalls })).body.d.status,
    ).toBe('ACTIVE');
    const tmp = await t.call('POST', '/api/supplier/distribution-lists', {
      token: recalls,
      body: { communication_type: 'RECALL', name: 'Temporary' },
    });
    expect(
      (await t.call('DELETE', `/api/supplier/distribution-lists/${tmp.body.d.id}`, { token: recalls })).body.d.status,
    ).toBe('DELETED');
    expect((await t.call('GET', `/api/supplier/distribution-lists/${tmp.body.d.id}`, { token: recalls })).status).toBe(
      404,
    );
    expect(
      (
        await t.call('POST', '/api/supplier/distribution-lists', {
          token: recalls,
          body: { communication_type: 'RECALL', name: '' },
        })
      ).body.m,
    ).toBe('name is required');
  });

  it('checks the permission of each communication type and keeps lists to their supplier', async () => {
    expect((await t.call('GET', `/api/supplier/distribution-lists/${listId}`, { token: sourcing })).status).toBe(403);
    expect(
      (
        await t.call('POST', `/api/supplier/distribution-lists/${listId}/members`, {
          token: sourcing,
          body: { email: 'x@y.org' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('GET', '/api/supplier/distribution-lists?communicationType=RECALL', { token: sourcing })).status,
    ).toBe(403);
    await expect(
      getDistributionListMembers(t.db, await actorOf('sourcing@acme.demo', 'Acme Medical Devices'), listId),
    ).rejects.toBeInstanceOf(ForbiddenError);

    const members = (await t.call('GET', `/api/supplier/distribution-lists/${listId}/members`, { token: recalls })).body
      .d.items as { id: number }[];
    for (const [method, path, body] of [
      ['GET', `/api/supplier/distribution-lists/${listId}`, undefined],
      ['PUT', `/api/supplier/distribution-lists/${listId}`, { name: 'Mine' }],
      ['PUT', `/api/supplier/distribution-lists/${listId}/inactivate`, undefined],
      ['DELETE', `/api/supplier/distribution-lists/${listId}`, undefined],
      ['GET', `/api/supplier/distribution-lists/${listId}/members`, undefined],
      ['POST', `/api/supplier/distribution-lists/${listId}/members`, { email: 'x@y.org' }],
      ['DELETE', `/api/supplier/distribution-lists/${listId}/members/${members[0]!.id}`, undefined],
    ] as const) {
      const res = await t.call(method, path, { token: borealis, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.m).toBe(messageText('DISTRIBUTION_LIST_NOT_FOUND'));
    }
    // Another supplier cannot add this supplier's location to its own list either.
    const own = await t.call('POST', '/api/supplier/distribution-lists', {
      token: borealis,
      body: { communication_type: 'RECALL', name: 'Borealis list' },
    });
    const steal = await t.call('POST', `/api/supplier/distribution-lists/${own.body.d.id}/members`, {
      token: borealis,
      body: { supplier_location_id: locationId },
    });
    expect(steal.status).toBe(404);
    expect(steal.body.m).toBe(messageText('LOCATION_NOT_FOUND'));
    const borealisActor = await actorOf('admin@borealis.demo', 'Borealis Pharma');
    await expect(getDistributionListMembers(t.db, borealisActor, listId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await getSalesRepresentatives(t.db, borealisActor)).toEqual([]);
  });
});

describe('provider recall settings', () => {
  it('gives providers the same template actions and distribution lists under /provider, each side only its own', async () => {
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    const created = await t.call('POST', '/api/provider/template-actions', {
      token: provider,
      body: action({ title: 'Quarantine stock', action_type: 'YesNo' }),
    });
    expect(created.body.d).toMatchObject({ title: 'Quarantine stock', sort_order: 1, communication_type: 'RECALL' });
    expect(
      (await t.call('GET', '/api/provider/template-actions?communicationType=RECALL', { token: provider })).body.d
        .total,
    ).toBe(1);
    const list = await t.call('POST', '/api/provider/distribution-lists', {
      token: provider,
      body: { communication_type: 'RECALL', name: 'Unit managers' },
    });
    expect(
      (
        await t.call('POST', `/api/provider/distribution-lists/${list.body.d.id}/members`, {
          token: provider,
          body: { email: 'icu@riverside.demo' },
        })
      ).body.d.email,
    ).toBe('icu@riverside.demo');

    // Each side's paths need that side's permissions; records stay with their organisation.
    expect(
      (await t.call('GET', '/api/provider/template-actions?communicationType=RECALL', { token: admin })).status,
    ).toBe(403);
    expect(
      (await t.call('GET', '/api/supplier/template-actions?communicationType=RECALL', { token: provider })).status,
    ).toBe(403);
    expect(
      (
        await t.call('GET', `/api/provider/template-actions/${created.body.d.id}`, {
          token: (await t.signIn('admin@lakeshore.demo')).access_token,
        })
      ).status,
    ).toBe(404);
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    expect(
      (await t.call('GET', '/api/provider/distribution-lists?communicationType=RECALL', { token: responder })).status,
    ).toBe(403);
    // Riverside's Recall Coordinator manages recall settings, not advisory ones.
    const riverside = (await t.db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number };
    const coordinator = (await t.signIn('multi@riverside.demo', { orgId: riverside.id })).access_token;
    expect(
      (await t.call('GET', '/api/provider/template-actions?communicationType=RECALL', { token: coordinator })).body.d
        .total,
    ).toBe(1);
    expect(
      (
        await t.call('POST', '/api/provider/template-actions', {
          token: coordinator,
          body: action({ communication_type: 'PRODUCT DISRUPTION' }),
        })
      ).status,
    ).toBe(403);
  });
});
