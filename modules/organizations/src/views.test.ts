import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { activeMembers, findUserCard, organizationsView, permittedMembers, usersView } from './services/views.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** The plan PostgreSQL would run, without costs (they differ by nothing but the rows, which are the same). */
async function plan(query: Knex.QueryBuilder): Promise<string> {
  const { sql, bindings } = query.toSQL();
  const { rows } = await t.db.raw(`EXPLAIN (COSTS OFF) ${sql}`, bindings);
  return (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
}

/** A direct join's plan with its aliases spelled as the pulled-up view's plan spells them (the table's name). */
function unaliased(text: string, aliases: Record<string, string>): string {
  let out = text;
  for (const [alias, table] of Object.entries(aliases)) {
    out = out
      .replace(new RegExp(`on ${table} ${alias}$`, 'gm'), `on ${table}`)
      .replace(new RegExp(`\\b${alias}\\.`, 'g'), `${table}.`);
  }
  return out;
}

describe('read views', () => {
  // Joining a view instead of the table must not change the plan: the view is pulled up into the outer query.
  it('plan a display join exactly like a join of the table (the provider status report)', async () => {
    const report = (po: string | Knex.AliasDict | Knex.QueryBuilder) =>
      t
        .db('provider_communications as pc')
        .join('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
        .leftJoin(po as string, 'po.id', 'pc.provider_organization_id')
        .where({ 'pc.supplier_organization_id': 1, 'pc.communication_id': 2 })
        .whereNot('pc.status', 'DELETED')
        .orderBy('pc.id')
        .select('pc.id', 'ac.name as customer_name', 'po.name as provider_name');
    const viaView = await plan(report(organizationsView(t.db).as('po')));
    expect(viaView).toBe(unaliased(await plan(report('organizations as po')), { po: 'organizations' }));
    expect(viaView).not.toContain('Subquery Scan');
  });

  it('plan a paged, sorted list joined to organisations and users like the direct join', async () => {
    const list = (o: string | Knex.QueryBuilder, u: string | Knex.QueryBuilder) =>
      t
        .db('communications as c')
        .join(o as string, 'o.id', 'c.organization_id')
        .leftJoin(u as string, 'u.id', 'c.created_by')
        .where('o.name', 'ilike', '%acme%')
        .orderBy([{ column: 'o.name' }, { column: 'c.id', order: 'desc' }])
        .limit(50)
        .select('c.id', 'o.name as supplier_name', 'u.email');
    const viaView = await plan(list(organizationsView(t.db).as('o'), usersView(t.db).as('u')));
    expect(viaView).toBe(
      unaliased(await plan(list('organizations as o', 'users as u')), { o: 'organizations', u: 'users' }),
    );
    expect(viaView).not.toContain('Subquery Scan');
  });

  it('pull up the member views, which join inside (no sub-query scan of their own)', async () => {
    const members = await plan(
      t.db
        .from(permittedMembers(t.db, 'Provider_ManageRecalls').as('pm'))
        .whereIn('pm.organization_id', [1, 2])
        .distinct('pm.organization_id', 'pm.email'),
    );
    const active = await plan(
      t.db.from(activeMembers(t.db).as('mv')).where('mv.organization_id', 1).orderBy('mv.email'),
    );
    expect(members).not.toContain('Subquery Scan');
    expect(active).not.toContain('Subquery Scan');
  });

  it('show no secrets: no password hash or sign-in counters in the users view', async () => {
    const [org] = await t.db('organizations').insert({ type: 'SUPPLIER', name: 'View Co' }).returning('id');
    const [user] = await t
      .db('users')
      .insert({ email: 'view@co.demo', first_name: 'Vi', last_name: 'Ew', password_hash: 'x', status: 'VERIFIED' })
      .returning('id');
    expect(await findUserCard(t.db, user.id)).toEqual({
      id: user.id,
      email: 'view@co.demo',
      first_name: 'Vi',
      last_name: 'Ew',
      status: 'VERIFIED',
    });
    expect(await findUserCard(t.db, user.id + 1000)).toBeUndefined();
    const card = await organizationsView(t.db).where({ id: org.id }).first();
    expect(card).toMatchObject({ id: org.id, name: 'View Co', type: 'SUPPLIER', parent_id: null });
    expect(card).not.toHaveProperty('self_registration_link');
  });
});
