import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit, transaction } from '@portal/core';
import { responseConformance, sendCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';
import { appendHistory } from './services/history.js';
import { verifyAuditTrail } from './services/audit-trail.js';

let t: TestApp;
let w: World;
let operator: string;
let sent: Awaited<ReturnType<typeof sendCommunication>>;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  operator = (await t.signIn('admin@operator.demo')).access_token;
  sent = await sendCommunication(t, w, 'Chained recall', { providers: [w.riverside] });
}, 60_000);
afterAll(() => t.close());

const verify = (query = '', token = operator) => t.call('GET', `/api/notisphere/audit/verify${query}`, { token });

/** Edits one entry as the owner would, with its append-only trigger switched off for the moment. */
async function tamper(table: 'audit_events' | 'communication_history', id: number, sql: string) {
  await t.ownerDb.transaction(async (trx) => {
    await trx.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_append_only`);
    await trx.raw(`UPDATE ${table} SET ${sql} WHERE id = ?`, [id]);
    await trx.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_append_only`);
  });
}

describe('the audit trail is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on audit_events and communication_history', async () => {
    for (const table of ['audit_events', 'communication_history']) {
      const row = (await t.db(table).orderBy('id').first('id')) as { id: number };
      expect(row, table).toBeTruthy();
      // The trigger refuses even the tables' owner ...
      await expect(t.ownerDb(table).where({ id: row.id }).update({ action: 'X' })).rejects.toThrow(
        `${table} entries are never edited or deleted`,
      );
      await expect(t.ownerDb(table).where({ id: row.id }).delete()).rejects.toThrow('never edited or deleted');
      await expect(t.ownerDb.raw(`TRUNCATE ${table} CASCADE`)).rejects.toThrow('never edited or deleted');
      // ... and the application's role is not even granted the change.
      await expect(t.db(table).where({ id: row.id }).update({ action: 'X' })).rejects.toThrow('permission denied');
      await expect(t.db(table).where({ id: row.id }).delete()).rejects.toThrow('permission denied');
      expect(await t.db(table).where({ id: row.id }).first('action')).not.toEqual({ action: 'X' });
    }
  });

  it('keeps an event’s history when the event is deleted: soft delete keeps it, a hard delete is refused', async () => {
    const before = Number(
      (await t.db('communication_history').where({ communication_id: sent.id }).count('* as n'))[0]!.n,
    );
    expect(before).toBeGreaterThan(0);
    await expect(t.db('communications').where({ id: sent.id }).delete()).rejects.toThrow(/foreign key/);
    // A user with entries is not nulled out of them either.
    const actor = (await t.db('communication_history').whereNotNull('actor_user_id').first('actor_user_id')) as {
      actor_user_id: number;
    };
    await expect(t.db('users').where({ id: actor.actor_user_id }).delete()).rejects.toThrow(/foreign key/);
    // The operator deletes a draft (soft): its entries stay, and the delete is one more entry.
    const draft = (
      await t.call('POST', '/api/supplier/communications/step0', {
        token: w.supplierToken,
        body: { type: 'RECALL', name: 'Soon deleted', classification: 'CLASSI' },
      })
    ).body.d.id as number;
    const del = await t.call('PUT', `/api/notisphere/communications/${draft}/delete/supplier/${w.acme}`, {
      token: operator,
    });
    expect(del.status, del.body.m).toBe(200);
    expect(await t.db('communication_history').where({ communication_id: draft }).count('* as n')).not.toEqual([
      { n: '0' },
    ]);
    expect(
      Number((await t.db('communication_history').where({ communication_id: sent.id }).count('* as n'))[0]!.n),
    ).toBe(before);
  });
});

describe('the hash chains', () => {
  it('link each entry to the previous one of its organisation, and verify', async () => {
    const rows = (await t
      .db('communication_history')
      .where({ organization_id: w.acme })
      .orderBy('chain_seq')
      .select('chain_seq', 'prev_hash', 'hash')) as { chain_seq: string; prev_hash: Buffer | null; hash: Buffer }[];
    expect(rows.length).toBeGreaterThan(3);
    rows.forEach((r, i) => {
      expect(Number(r.chain_seq)).toBe(i + 1);
      expect(r.hash).toHaveLength(32);
      if (i === 0) expect(r.prev_hash).toBeNull();
      else expect(r.prev_hash!.equals(rows[i - 1]!.hash)).toBe(true);
    });
    const res = await verify();
    expect(res.status, res.body.m).toBe(200);
    expect(res.body.d).toMatchObject({ ok: true, broken: null });
    expect(res.body.d.checked).toBeGreaterThan(rows.length);
  });

  it('stay whole under concurrent appends from several transactions', async () => {
    const appendOne = (i: number) =>
      transaction(t.db, async (trx) => {
        await recordAudit(trx, null, {
          organizationId: w.acme,
          action: 'CHAIN_TEST',
          entityType: 'test',
          entityId: i,
          after: { i },
        });
        await appendHistory(trx, null, {
          communicationId: sent.id,
          organizationId: w.acme,
          action: 'CHAIN_TEST',
          entityType: 'test',
          entityId: i,
          after: { i },
        });
        await trx.raw('SELECT pg_sleep(0.005)');
      });
    await Promise.all(Array.from({ length: 24 }, (_, i) => appendOne(i)));
    const check = await verifyAuditTrail(t.db, w.acme);
    expect(check).toMatchObject({ ok: true, broken: null });
    for (const table of ['audit_events', 'communication_history']) {
      const seqs = (await t.db(table).where({ organization_id: w.acme }).orderBy('chain_seq').pluck('chain_seq')).map(
        Number,
      );
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
  });

  it('extend one entry at a time in a bulk insert of 10,000 rows', async () => {
    const started = Date.now();
    await t.db.raw(
      `INSERT INTO communication_history (communication_id, organization_id, action, entity_type, entity_id)
       SELECT ?::bigint, ?::bigint, 'BULK_TEST', 'test', g::text FROM generate_series(1, 10000) g`,
      [sent.id, w.acme],
    );
    const ms = Date.now() - started;
    expect(ms).toBeLessThan(10_000);
    expect((await verifyAuditTrail(t.db, w.acme)).ok).toBe(true);
  });

  it('name the first edited entry (table, id, organisation), also to the operator; one organisation at a time', async () => {
    const history = (await t
      .db('communication_history')
      .where({ organization_id: w.acme, action: 'CHAIN_TEST' })
      .orderBy('chain_seq')
      .offset(3)
      .first('id')) as { id: number };
    const later = (await t
      .db('communication_history')
      .where({ organization_id: w.acme, action: 'CHAIN_TEST' })
      .orderBy('chain_seq')
      .offset(6)
      .first('id')) as { id: number };
    await tamper('communication_history', later.id, `after = '{"i": 99}'`);
    await tamper('communication_history', history.id, `actor_email = 'someone@else.demo'`);
    const path = '/api/notisphere/audit/verify';
    const check = responseConformance(t);
    await check.conforms('get', path, `${path}?organizationId=${w.riverside}`, operator);
    const res = await verify();
    expect(res.status, res.body.m).toBe(200);
    // The broken answer conforms to the declared schema too.
    await check.conforms('get', path, path, operator);
    expect(res.body.d).toEqual({
      ok: false,
      checked: expect.any(Number),
      broken: {
        table: 'communication_history',
        id: Number(history.id),
        organization_id: w.acme,
        organization_name: 'Acme Medical Devices',
      },
    });
    // Another organisation's chains are whole.
    expect((await verify(`?organizationId=${w.riverside}`)).body.d).toMatchObject({ ok: true, broken: null });

    const audit = (await t
      .db('audit_events')
      .where({ organization_id: w.acme, action: 'CHAIN_TEST' })
      .orderBy('chain_seq')
      .offset(2)
      .first('id', 'chain_seq')) as { id: number; chain_seq: string };
    const next = (await t
      .db('audit_events')
      .where({ organization_id: w.acme, chain_seq: Number(audit.chain_seq) + 1 })
      .first('id')) as { id: number };
    // An edit that also recomputes the entry's own hash still breaks the link to the next entry.
    await tamper('audit_events', audit.id, `entity_id = 'forged'`);
    await tamper(
      'audit_events',
      audit.id,
      `hash = sha256(coalesce(prev_hash, ''::bytea) || convert_to(audit_events_chain_content(audit_events), 'UTF8'))`,
    );
    expect((await verifyAuditTrail(t.db, w.acme)).broken).toEqual({
      table: 'audit_events',
      id: Number(next.id),
      organization_id: w.acme,
      organization_name: 'Acme Medical Devices',
    });
  });

  it('answers the operator only, and 404 for an unknown organisation', async () => {
    expect((await verify('', w.supplierToken)).status).toBe(403);
    expect((await t.call('GET', '/api/notisphere/audit/verify')).status).toBe(401);
    const unknown = await verify('?organizationId=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('ORGANIZATION_NOT_FOUND');
    expect((await verify('?organizationId=abc')).status).toBe(400);
  });
});
