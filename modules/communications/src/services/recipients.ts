import type { Knex } from 'knex';
import {
  type Actor,
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  ValidationError,
  whereAnyOf,
  transaction,
  type FromSchema,
} from '@portal/core';
import {
  findProviderByDomain,
  getDistributionListMembers,
  getSupplierLocations,
  organizationsView,
  permittedMembers,
  type SupplierLocation,
} from '@portal/organizations';
import type { CommunicationType } from '../constants.js';
import { loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import type { customersBody, step3Body } from '../schemas.js';

/** The provider permission that receives each event type. */
const RECEIVING_PERMISSION: Record<CommunicationType, string> = {
  RECALL: 'Provider_ManageRecalls',
  'PRODUCT DISRUPTION': 'Provider_ManageDisruption',
};

export type CustomerInput = FromSchema<(typeof customersBody)['properties']['customers']['items']>;

interface CustomerDraft {
  customer_key: string;
  name: string;
  emails: string[];
  provider_organization_id: number | null;
  source: 'PROVIDER' | 'LOCATION' | 'DISTRIBUTION_LIST' | 'MANUAL';
}

const normaliseEmail = (e: string) => e.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Adds customers, merging recipient emails into an existing customer with the same key (provider or address). */
async function upsertCustomers(
  trx: Knex.Transaction,
  actor: Actor,
  communicationId: number,
  drafts: CustomerDraft[],
): Promise<number> {
  let added = 0;
  for (const d of drafts) {
    const existing = (await trx('communication_affected_customers')
      .where({ communication_id: communicationId, customer_key: d.customer_key })
      .forUpdate()
      .first()) as { id: number; emails: string[]; status: string } | undefined;
    if (existing) {
      const emails = [...new Set([...existing.emails, ...d.emails])];
      await trx('communication_affected_customers')
        .where({ id: existing.id })
        .update({ emails, status: 'ACTIVE', updated_at: trx.fn.now() });
    } else {
      await trx('communication_affected_customers').insert({
        ...d,
        communication_id: communicationId,
        organization_id: actor.organizationId,
      });
      added++;
    }
  }
  return added;
}

/**
 * Picked providers: each provider organisation becomes one customer whose recipients are its active users allowed to
 * receive this event type (plus the organisation's own email, if any).
 */
async function providerCustomers(
  trx: Knex.Transaction,
  type: CommunicationType,
  providerIds: number[],
  lenient = false,
): Promise<CustomerDraft[]> {
  if (!providerIds.length) return [];
  const orgs = (await trx
    .from(organizationsView(trx).as('o'))
    .whereIn('id', providerIds)
    .where({ type: 'PROVIDER' })
    .whereIn('status', ['ACTIVE', 'LINKED'])
    .select('id', 'name', 'email', 'parent_id')) as {
    id: number;
    name: string;
    email: string | null;
    parent_id: number | null;
  }[];
  const missing = providerIds.filter((id) => !orgs.some((o) => o.id === id));
  if (missing.length) throw new NotFoundError('PROVIDER_ORGANIZATION_NOT_FOUND', { ids: missing.join(', ') });
  // A site without users of its own is reached through its health system's users.
  const parents = orgs.map((o) => o.parent_id).filter((p): p is number => p !== null);
  const receivers = (await trx
    .from(permittedMembers(trx, RECEIVING_PERMISSION[type]).as('pm'))
    .whereIn('pm.organization_id', [...providerIds, ...parents])
    .distinct('pm.organization_id', 'pm.email')) as { organization_id: number; email: string }[];
  return orgs.map((o) => {
    let own = receivers.filter((r) => r.organization_id === o.id);
    if (!own.length && o.parent_id) own = receivers.filter((r) => r.organization_id === o.parent_id);
    const emails = [
      ...new Set([...own.map((r) => normaliseEmail(r.email)).sort(), ...(o.email ? [normaliseEmail(o.email)] : [])]),
    ];
    if (!emails.length && !lenient) throw new BusinessRuleError('NO_RECIPIENT', { name: o.name });
    return {
      customer_key: `org:${o.id}`,
      name: o.name,
      emails,
      provider_organization_id: o.id,
      source: 'PROVIDER' as const,
    };
  });
}

function manualCustomers(customers: CustomerInput[]): CustomerDraft[] {
  return customers.map((c, i) => {
    const email = normaliseEmail(c.email);
    if (!EMAIL.test(email)) throw ValidationError.field(`customers.${i}.email`, 'EMAIL_INVALID');
    return c.provider_organization_id
      ? {
          customer_key: `org:${c.provider_organization_id}`,
          name: c.name.trim(),
          emails: [email],
          provider_organization_id: c.provider_organization_id,
          source: 'MANUAL' as const,
        }
      : {
          customer_key: `email:${email}`,
          name: c.name.trim(),
          emails: [email],
          provider_organization_id: null,
          source: 'MANUAL' as const,
        };
  });
}

export type Step3Input = FromSchema<typeof step3Body>;

const splitEmails = (value: string | null) =>
  (value ?? '')
    .split(/[,;\s]+/)
    .map(normaliseEmail)
    .filter((e) => EMAIL.test(e));

/**
 * Affected locations from the supplier's location list: each is copied onto the event (it may change later in the
 * master list) and grouped into a customer: its matched provider organisation, else its own email address. A location
 * with neither cannot be notified and is kept as Unrecognized (UNABLE_PROCESSED).
 */
async function addLocations(
  trx: Knex.Transaction,
  actor: Actor,
  event: { id: number; type: CommunicationType },
  locations: SupplierLocation[],
): Promise<CustomerDraft[]> {
  const providerIds = [
    ...new Set(locations.map((l) => l.provider_organization_id).filter((x): x is number => x !== null)),
  ];
  const providers = new Map(
    (await providerCustomers(trx, event.type, providerIds, true)).map((c) => [c.provider_organization_id!, c]),
  );
  const drafts = new Map<string, CustomerDraft>();
  const rows = locations.map((l) => {
    const emails = splitEmails(l.email);
    let draft: CustomerDraft | undefined;
    if (l.provider_organization_id && providers.has(l.provider_organization_id)) {
      const p = providers.get(l.provider_organization_id)!;
      draft = drafts.get(p.customer_key) ?? { ...p, emails: [...p.emails], source: 'LOCATION' };
      draft.emails = [...new Set([...draft.emails, ...emails])];
    } else if (emails.length) {
      const key = `email:${emails[0]}`;
      draft = drafts.get(key) ?? {
        customer_key: key,
        name: l.location_name,
        emails: [],
        provider_organization_id: null,
        source: 'LOCATION',
      };
      draft.emails = [...new Set([...draft.emails, ...emails])];
    }
    if (draft && draft.emails.length) drafts.set(draft.customer_key, draft);
    else draft = undefined;
    return { location: l, key: draft?.customer_key ?? null };
  });
  await upsertCustomers(trx, actor, event.id, [...drafts.values()]);
  const keys = [...new Set(rows.map((r) => r.key).filter((k): k is string => k !== null))];
  const customerIds = new Map(
    (
      (await whereAnyOf(
        trx('communication_affected_customers').where({ communication_id: event.id }),
        'customer_key',
        keys,
      ).select('id', 'customer_key')) as { id: number; customer_key: string }[]
    ).map((c) => [c.customer_key, c.id]),
  );
  const already = new Set(
    (await whereAnyOf(
      trx('communication_affected_locations').where({ communication_id: event.id }),
      'supplier_location_id',
      locations.map((l) => l.id),
    ).pluck('supplier_location_id')) as number[],
  );
  const inserts = rows
    .filter((r) => !already.has(r.location.id))
    .map(({ location: l, key }) =>
      affectedLocationRow(event.id, actor, l, key ? (customerIds.get(key) ?? null) : null),
    );
  for (let i = 0; i < inserts.length; i += 1000)
    await trx('communication_affected_locations').insert(inserts.slice(i, i + 1000));
  return [...drafts.values()];
}

/** A supplier location copied onto the event as an affected location of a customer (Unrecognized without one). */
function affectedLocationRow(
  communicationId: number,
  actor: Actor,
  l: SupplierLocation,
  affectedCustomerId: number | null,
) {
  return {
    communication_id: communicationId,
    organization_id: actor.organizationId,
    affected_customer_id: affectedCustomerId,
    provider_organization_id: l.provider_organization_id,
    supplier_location_id: l.id,
    file_id: l.location_file_id,
    location_id: l.location_id,
    location_name: l.location_name,
    idn: l.idn,
    address1: l.address1,
    address2: l.address2,
    city: l.city,
    state: l.state,
    zip: l.zip,
    type: l.type,
    email: l.email,
    status: affectedCustomerId ? 'COVERED' : 'UNABLE_PROCESSED',
  };
}

/**
 * Issue 33: picked providers bring their known locations. The wizard offers the providers the supplier's locations
 * match; each of the supplier's active locations matched to a picked provider becomes an affected location of that
 * provider's customer (its recipients stay the provider's users: the location's own address is not added). Without
 * this, an event sent to known providers had an empty Affected Locations tab.
 */
async function addProviderLocations(
  trx: Knex.Transaction,
  actor: Actor,
  communicationId: number,
  providerIds: number[],
): Promise<void> {
  if (!providerIds.length) return;
  const locations = await getSupplierLocations(trx, actor, { providerOrganizationIds: providerIds });
  if (!locations.length) return;
  const customerIds = new Map(
    (
      (await whereAnyOf(
        trx('communication_affected_customers').where({ communication_id: communicationId }),
        'customer_key',
        providerIds.map((p) => `org:${p}`),
      ).select('id', 'provider_organization_id')) as { id: number; provider_organization_id: number }[]
    ).map((c) => [Number(c.provider_organization_id), Number(c.id)]),
  );
  const already = new Set(
    (
      (await whereAnyOf(
        trx('communication_affected_locations').where({ communication_id: communicationId }),
        'supplier_location_id',
        locations.map((l) => l.id),
      ).pluck('supplier_location_id')) as number[]
    ).map(Number),
  );
  const inserts = locations
    .filter((l) => !already.has(Number(l.id)))
    .map((l) =>
      affectedLocationRow(communicationId, actor, l, customerIds.get(Number(l.provider_organization_id)) ?? null),
    );
  for (let i = 0; i < inserts.length; i += 1000)
    await trx('communication_affected_locations').insert(inserts.slice(i, i + 1000));
}

/** Members of a distribution list: providers, supplier locations or plain addresses. */
async function addDistributionList(
  trx: Knex.Transaction,
  actor: Actor,
  event: { id: number; type: CommunicationType },
  listId: number,
): Promise<CustomerDraft[]> {
  const members = await getDistributionListMembers(trx, actor, listId);
  const providerIds = [
    ...new Set(members.map((m) => m.provider_organization_id).filter((x): x is number => x !== null)),
  ];
  const locationIds = members.map((m) => m.supplier_location_id).filter((x): x is number => x !== null);
  const drafts: CustomerDraft[] = (await providerCustomers(trx, event.type, providerIds)).map((d) => ({
    ...d,
    source: 'DISTRIBUTION_LIST' as const,
  }));
  drafts.push(
    ...members
      .filter((m) => !m.provider_organization_id && !m.supplier_location_id && m.email)
      .map((m) => {
        const email = normaliseEmail(m.email!);
        return {
          customer_key: `email:${email}`,
          name: m.name || email,
          emails: [email],
          provider_organization_id: null,
          source: 'DISTRIBUTION_LIST' as const,
        };
      }),
  );
  await upsertCustomers(trx, actor, event.id, drafts);
  if (locationIds.length)
    drafts.push(
      ...(await addLocations(trx, actor, event, await getSupplierLocations(trx, actor, { ids: locationIds }))),
    );
  return drafts;
}

/** Step 3: adds affected customers (picked providers and/or addresses). Allowed on drafts and open events (new recipients). */
export async function saveStep3(
  db: Knex,
  actor: Actor,
  input: Step3Input,
): Promise<{ added: number; customers_count: number }> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, input.id, { forUpdate: true });
    if (event.status === 'CLOSED') throw new ConflictError('CLOSED');
    for (const c of input.customers ?? []) {
      if (c.provider_organization_id) await providerCustomers(trx, event.type, [c.provider_organization_id]);
    }
    const before = await countCustomers(trx, event.id);
    const pickedProviders = [...new Set(input.provider_organization_ids ?? [])];
    const drafts = [
      ...(await providerCustomers(trx, event.type, pickedProviders)),
      ...manualCustomers(input.customers ?? []),
    ];
    await upsertCustomers(trx, actor, event.id, drafts);
    await addProviderLocations(trx, actor, event.id, pickedProviders);
    const byLocation = Boolean(input.location_ids?.length || input.location_file_id !== undefined);
    if (byLocation) {
      const locations = await getSupplierLocations(trx, actor, {
        ...(input.location_ids?.length ? { ids: input.location_ids } : {}),
        ...(input.location_file_id !== undefined ? { fileId: input.location_file_id } : {}),
      });
      if (input.location_ids?.length && locations.length !== new Set(input.location_ids).size)
        throw new NotFoundError('LOCATION_NOT_FOUND');
      if (!locations.length) throw new ValidationError('LOCATION_FILE_NO_ACTIVE');
      drafts.push(...(await addLocations(trx, actor, event, locations)));
    }
    // Every active location, a file's or typed in alone (a supplier may have no file at all).
    if (input.all_locations) {
      const locations = await getSupplierLocations(trx, actor);
      if (!locations.length) throw new ValidationError('LOCATIONS_NONE_ACTIVE');
      drafts.push(...(await addLocations(trx, actor, event, locations)));
    }
    if (input.distribution_list_id !== undefined)
      drafts.push(...(await addDistributionList(trx, actor, event, input.distribution_list_id)));
    if (!drafts.length && !byLocation && !input.all_locations) throw new ValidationError('RECIPIENTS_REQUIRED');
    const added = (await countCustomers(trx, event.id)) - before;
    if (event.status === 'DRAFT')
      await trx('communications').where({ id: event.id }).update({ current_step: 3, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: event.id,
      organizationId: actor.organizationId,
      action: 'RECIPIENTS_ADDED',
      entityType: 'customers',
      entityId: event.id,
      after: drafts.map((d) => ({ name: d.name, emails: d.emails })),
      isChange: event.status !== 'DRAFT',
    });
    return { added, customers_count: await countCustomers(trx, event.id) };
  });
}

async function countCustomers(trx: Knex.Transaction, communicationId: number): Promise<number> {
  const n = (await trx('communication_affected_customers')
    .where({ communication_id: communicationId, status: 'ACTIVE' })
    .count<{ n: number }[]>({ n: '*' })
    .first()) as { n: number };
  return Number(n.n);
}

/** Removes customers (not yet notified) and locations from an event. A notified customer stays: its notice exists. */
export async function removeRecipients(
  db: Knex,
  actor: Actor,
  id: number,
  input: { customer_ids?: number[]; location_ids?: number[] },
): Promise<{ removed_customers: number; removed_locations: number }> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    const customerIds = input.customer_ids ?? [];
    const notified = customerIds.length
      ? ((await whereAnyOf(
          trx('provider_communications').where({ communication_id: id }),
          'affected_customer_id',
          customerIds,
        ).pluck('affected_customer_id')) as number[])
      : [];
    if (notified.length) throw new ConflictError('ALREADY_NOTIFIED');
    const removedCustomers = customerIds.length
      ? await whereAnyOf(
          trx('communication_affected_customers').where({ communication_id: id }),
          'id',
          customerIds,
        ).update({ status: 'REMOVED', updated_at: trx.fn.now() })
      : 0;
    const removedLocations = (input.location_ids ?? []).length
      ? await whereAnyOf(
          trx('communication_affected_locations').where({ communication_id: id }),
          'id',
          input.location_ids!,
        ).delete()
      : 0;
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'RECIPIENTS_REMOVED',
      entityType: 'customers',
      entityId: id,
      // Only the known lists: the body may carry anything else, which has no place in the history.
      before: { customer_ids: customerIds, location_ids: input.location_ids ?? [] },
      isChange: event.status !== 'DRAFT',
    });
    return { removed_customers: removedCustomers, removed_locations: removedLocations };
  });
}

/** valid-domain: the provider organisation whose domain an address belongs to, if any. */
export async function providerOfEmail(
  db: Knex,
  email: string,
): Promise<{ valid: boolean; provider: { id: number; name: string } | null }> {
  const domain = email.split('@')[1]?.trim().toLowerCase() ?? '';
  const provider = domain ? await findProviderByDomain(db, domain) : undefined;
  return { valid: Boolean(provider), provider: provider ?? null };
}
