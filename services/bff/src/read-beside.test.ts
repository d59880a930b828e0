import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, FileResult } from '@portal/core';
import { sendCommunication, startTestApp, type TestApp, world, type World } from '@portal/testing';
import { confirmedCallers, readBesideLookup } from './read-beside.js';

/**
 * A read-only route starts beside its caller lookup, as the caller this process last confirmed for the session, and
 * answers only what the lookup confirms: the list of a caller whose role, session or account changed in between is
 * the list of the caller found, or a refusal, never the guess's.
 */
let t: TestApp;
let w: World;
let admin: string;
let sara: number;
const LIST = '/api/supplier/communications?pageSize=50&pageNumber=1';

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  await sendCommunication(t, w, 'Beside recall', { type: 'RECALL', providers: [w.riverside] });
  await sendCommunication(t, w, 'Beside disruption', { type: 'PRODUCT DISRUPTION', providers: [w.riverside] });
  admin = (await t.signIn('admin@acme.demo')).access_token;
  sara = Number((await t.ownerDb('users').where({ email: 'sourcing@acme.demo' }).first('id')).id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function saraAs(role: string): Promise<void> {
  const acme = (await t.ownerDb('organizations').where({ name: 'Acme Medical Devices' }).first('id')).id;
  const roleId = Number((await t.ownerDb('roles').where({ organization_id: acme, name: role }).first('id')).id);
  const res = await t.call('PUT', `/api/users/${sara}`, {
    token: admin,
    body: { first_name: 'Sara', last_name: 'Sourcing', phone: null, role_id: roleId },
  });
  expect(res.status).toBe(200);
}

/** The names on the list's first page, as `token` sees it. */
async function names(token: string): Promise<string[]> {
  const res = await t.call('GET', LIST, { token });
  expect(res.status).toBe(200);
  return (res.body.d as { items: { name: string }[] }).items.map((r) => r.name).filter((n) => n.startsWith('Beside'));
}

/** What the app's pool sent and heard, in order, while `run` ran. */
async function traffic(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  // The list's statements read "communications"; the app's own work meanwhile (the mailer's outbox) is left out.
  const kind = (sql: string) =>
    sql.includes('organizations_caller') ? 'caller' : /from "communications"/i.test(sql) ? 'list' : null;
  const sent = new Map<string, 'caller' | 'list'>();
  const onQuery = (q: { sql: string; __knexQueryUid: string }) => {
    const k = kind(q.sql);
    if (!k) return;
    sent.set(q.__knexQueryUid, k);
    seen.push(`sent ${k}`);
  };
  const onResponse = (_r: unknown, q: { __knexQueryUid: string }) => {
    const k = sent.get(q.__knexQueryUid);
    if (k) seen.push(`answered ${k}`);
  };
  t.db.on('query', onQuery);
  t.db.on('query-response', onResponse);
  try {
    await run();
  } finally {
    t.db.off('query', onQuery);
    t.db.off('query-response', onResponse);
  }
  return seen;
}

describe('a read-only route beside its caller lookup', () => {
  it('waits for the lookup on a session first seen, and reads beside it once the caller is known', async () => {
    const token = (await t.signIn('admin@acme.demo')).access_token;
    const first = await traffic(() => names(token));
    // Nothing of the list is sent before this session's caller is known.
    expect(first.indexOf('answered caller')).toBeGreaterThan(-1);
    expect(first.indexOf('sent list')).toBeGreaterThan(first.indexOf('answered caller'));
    const second = await traffic(() => names(token));
    // The list's statements leave before the caller lookup is answered: one round trip less.
    expect(second.indexOf('sent list')).toBeGreaterThan(-1);
    expect(second.indexOf('sent list')).toBeLessThan(second.indexOf('answered caller'));
  });

  it('answers as the caller found on this call when the role changed since the last one, both ways', async () => {
    const token = (await t.signIn('sourcing@acme.demo')).access_token;
    try {
      expect(await names(token)).toEqual(['Beside disruption']);
      expect((await t.call('GET', `${LIST}&communicationType=RECALL`, { token })).status).toBe(403);
      await saraAs('Administrator');
      // The guess (Sourcing Coordinator) would list the disruption alone and refuse the recalls.
      expect((await names(token)).sort()).toEqual(['Beside disruption', 'Beside recall']);
      expect((await t.call('GET', `${LIST}&communicationType=RECALL`, { token })).status).toBe(200);
      await saraAs('Sourcing Coordinator');
      // The guess (Administrator) would list both and allow the recalls.
      expect(await names(token)).toEqual(['Beside disruption']);
      expect((await t.call('GET', `${LIST}&communicationType=RECALL`, { token })).status).toBe(403);
    } finally {
      await saraAs('Sourcing Coordinator');
    }
  });

  it('refuses on the next call a session logged out or a user made inactive, and forgets the guess', async () => {
    const callers = confirmedCallers(t.db);
    const one = await t.signIn('sourcing@acme.demo');
    await names(one.access_token);
    await names(one.access_token);
    const before = callers.size;
    await t.logout(one.refresh_token, { token: one.access_token });
    const ended = await t.call('GET', LIST, { token: one.access_token });
    expect([ended.status, ended.body.error?.code]).toEqual([401, 'SESSION_ENDED']);
    expect(callers.size).toBe(before - 1);

    const two = (await t.signIn('sourcing@acme.demo')).access_token;
    await names(two);
    expect((await t.call('PUT', `/api/users/${sara}/inactivate`, { token: admin })).status).toBe(200);
    try {
      const inactive = await t.call('GET', LIST, { token: two });
      expect(inactive.status).toBe(401);
    } finally {
      expect((await t.call('PUT', `/api/users/${sara}/activate`, { token: admin })).status).toBe(200);
    }
  });

  it('closes the stream of a run whose caller was not confirmed, and answers the run as the caller found', async () => {
    const token = (await t.signIn('sourcing@acme.demo')).access_token;
    const deps = { db: t.db, config: t.config };
    const runs: { role: string; body: Readable }[] = [];
    const run = async (actor: Actor): Promise<FileResult> => {
      const body = Readable.from(['rows']);
      runs.push({ role: actor.roleName, body });
      return { kind: 'file', filename: 'x.csv', contentType: 'text/csv', body };
    };
    await readBesideLookup(deps, token, run);
    await saraAs('Administrator');
    try {
      const answer = (await readBesideLookup(deps, token, run)) as FileResult;
      expect(runs.map((r) => r.role)).toEqual(['Sourcing Coordinator', 'Sourcing Coordinator', 'Administrator']);
      expect(runs[1]!.body.destroyed).toBe(true);
      expect(answer.body).toBe(runs[2]!.body);
      expect(runs[2]!.body.destroyed).toBe(false);
    } finally {
      await saraAs('Sourcing Coordinator');
    }
  });

  it('keeps at most its limit of sessions, dropping the least recently confirmed', async () => {
    const { ConfirmedCallers } = await import('./read-beside.js');
    const callers = new ConfirmedCallers(2);
    const actor = (id: number) => ({ userId: id }) as Actor;
    callers.set('a', actor(1));
    callers.set('b', actor(2));
    callers.set('a', actor(1));
    callers.set('c', actor(3));
    expect([callers.get('a')?.userId, callers.get('b'), callers.get('c')?.userId]).toEqual([1, undefined, 3]);
  });
});
