import type { Knex } from 'knex';
import {
  addMembership,
  createOrganizationWithRoles,
  findOrCreateUser,
  type NewOrganization,
  normalizeSupplierName,
} from '@portal/organizations';

export interface DemoSignIn {
  email: string;
  organization: string;
  role: string;
}

interface DemoOrg extends NewOrganization {
  key: string;
  parentKey?: string;
  users: { email: string; first_name: string; last_name: string; role: string }[];
}

/** The demo world of DESIGN §6. Sites are provider organisations whose parent is the health system. */
const WORLD: DemoOrg[] = [
  {
    key: 'operator',
    type: 'NOTISPHERE',
    name: 'Notisphere Operations',
    // A new install's operator organisation requires an authenticator app (createOrganizationWithRoles). The demo
    // keeps the sign-in the spec describes (email and password, no second factor), so the demo operator, the tests
    // and anyone signing in from the spec alone get in as before (README "Second factor", architecture §4).
    two_factor: 'NONE',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
    users: [{ email: 'admin@operator.demo', first_name: 'Olivia', last_name: 'Operator', role: 'Administrator' }],
  },
  {
    key: 'acme',
    type: 'SUPPLIER',
    name: 'Acme Medical Devices',
    address1: '100 Innovation Way',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55401',
    domain: 'acme.demo',
    notisphere_id: 'SUP-0001',
    users: [
      { email: 'admin@acme.demo', first_name: 'Alice', last_name: 'Acme', role: 'Administrator' },
      { email: 'recalls@acme.demo', first_name: 'Rick', last_name: 'Recalls', role: 'Recall Coordinator' },
      { email: 'sourcing@acme.demo', first_name: 'Sara', last_name: 'Sourcing', role: 'Sourcing Coordinator' },
    ],
  },
  {
    key: 'borealis',
    type: 'SUPPLIER',
    name: 'Borealis Pharma',
    address1: '5 Aurora Park',
    city: 'Newark',
    state: 'NJ',
    zip: '07102',
    domain: 'borealis.demo',
    notisphere_id: 'SUP-0002',
    users: [{ email: 'admin@borealis.demo', first_name: 'Bjorn', last_name: 'Borealis', role: 'Administrator' }],
  },
  {
    key: 'riverside',
    type: 'PROVIDER',
    name: 'Riverside Health',
    address1: '1 River Road',
    city: 'Sacramento',
    state: 'CA',
    zip: '95814',
    domain: 'riverside.demo',
    notisphere_id: 'PRV-0001',
    self_registration_link: 'riverside-health',
    users: [
      { email: 'admin@riverside.demo', first_name: 'Rita', last_name: 'Riverside', role: 'Administrator' },
      { email: 'responder@riverside.demo', first_name: 'Ray', last_name: 'Responder', role: 'Responder' },
      { email: 'multi@riverside.demo', first_name: 'Morgan', last_name: 'Multi', role: 'Recall Coordinator' },
    ],
  },
  {
    key: 'riverside-north',
    parentKey: 'riverside',
    type: 'PROVIDER',
    name: 'Riverside North Campus',
    address1: '200 North Ave',
    city: 'Sacramento',
    state: 'CA',
    zip: '95815',
    notisphere_id: 'PRV-0001-01',
    users: [],
  },
  {
    key: 'riverside-south',
    parentKey: 'riverside',
    type: 'PROVIDER',
    name: 'Riverside South Clinic',
    address1: '300 South St',
    city: 'Elk Grove',
    state: 'CA',
    zip: '95624',
    notisphere_id: 'PRV-0001-02',
    users: [],
  },
  {
    key: 'lakeshore',
    type: 'PROVIDER',
    name: 'Lakeshore Medical Center',
    address1: '77 Lake Shore Dr',
    city: 'Chicago',
    state: 'IL',
    zip: '60611',
    domain: 'lakeshore.demo',
    notisphere_id: 'PRV-0002',
    users: [
      { email: 'admin@lakeshore.demo', first_name: 'Leo', last_name: 'Lakeshore', role: 'Administrator' },
      { email: 'multi@riverside.demo', first_name: 'Morgan', last_name: 'Multi', role: 'Responder' },
    ],
  },
];

const SUPPLIER_MASTER: [name: string, supplierKey: string | null][] = [
  ['ACME MED DEVICES INC', 'acme'],
  ['Acme Medical Devices', 'acme'],
  ['BOREALIS PHARMA LLC', 'borealis'],
  ['ZENITH SURGICAL SUPPLY CO', null],
];

export async function isDatabaseEmpty(db: Knex): Promise<boolean> {
  const row = (await db('organizations').count<{ count: number }[]>({ count: '*' }).first()) as
    | { count: number }
    | undefined;
  return Number(row?.count ?? 0) === 0;
}

/** Loads the demo world in one transaction; every password is `password`. Refuses a database that has organisations. */
export async function seedDemo(db: Knex, password: string): Promise<DemoSignIn[]> {
  return db.transaction(async (trx) => {
    if (!(await isDatabaseEmpty(trx)))
      throw new Error(
        'The database already holds organisations; the demo world is only loaded into an empty database (use `db reset` first).',
      );
    const ids: Record<string, number> = {};
    const signIns: DemoSignIn[] = [];
    for (const { key, parentKey, users, ...org } of WORLD) {
      const created = await createOrganizationWithRoles(trx, { ...org, parent_id: parentKey ? ids[parentKey] : null });
      ids[key] = created.id;
      if (org.self_registration_link) {
        await trx('organizations')
          .where({ id: created.id })
          .update({ self_registration_role_id: created.roles.Responder });
      }
      for (const u of users) {
        const user = await findOrCreateUser(trx, {
          email: u.email,
          password,
          first_name: u.first_name,
          last_name: u.last_name,
          status: 'VERIFIED',
        });
        await addMembership(trx, user.id, created.id, created.roles[u.role]!);
        signIns.push({ email: u.email, organization: org.name, role: u.role });
      }
    }
    // Supplier names as customers' files spell them (the supplier master), linked to the supplier they mean or pending.
    await trx('supplier_master').insert(
      SUPPLIER_MASTER.map(([name, key]) => ({
        name,
        normalized_name: normalizeSupplierName(name),
        organization_id: key ? ids[key] : null,
        status: key ? 'LINKED' : 'PENDING',
      })),
    );
    return signIns;
  });
}
