import type { Knex } from 'knex';
import { type Actor, type Config, ConflictError, NotFoundError, ValidationError, transaction } from '@portal/core';
import { activeMembers, organizationsView, permittedMembers, usersView } from '@portal/organizations';
import { enqueueEmail } from '@portal/notifications';
import {
  appendHistory,
  type CommunicationRow,
  type CommunicationType,
  type ProviderCommunicationRow,
} from '@portal/communications';
import { loadScopedProviderCommunication, PROVIDER_PERMISSION_OF_TYPE, scopeIds } from './scope.js';

/*
 * Owners (issue 32): one person of the provider answers for a received notice. Any user who may manage its type in the
 * provider's scope (a coordinator, or the owner) makes someone the owner, hands it on to someone else, or clears it;
 * the new owner is emailed. One row per provider communication in provider_communication_owners.
 */

export interface OwnerCandidate {
  id: number;
  name: string;
  email: string;
  organization_name: string;
}

const fullName = (u: { first_name: string | null; last_name: string | null; email: string }) =>
  `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || u.email;

/**
 * Active users of the caller's organisation and its sites who may manage events (of `type` when given, else of either
 * type), one row per person (the organisation named is the caller's own when the person is a member of it, else the
 * first site by name), by name.
 */
export async function ownerCandidates(db: Knex, actor: Actor, type?: CommunicationType): Promise<OwnerCandidate[]> {
  const scope = await scopeIds(db, actor);
  const permissions = type ? [PROVIDER_PERMISSION_OF_TYPE[type]] : Object.values(PROVIDER_PERMISSION_OF_TYPE);
  type Row = { id: number; first_name: string | null; last_name: string | null; email: string } & {
    organization_id: number;
    organization_name: string;
  };
  const rows: Row[] = [];
  for (const permission of permissions) {
    rows.push(
      ...((await db
        .from(permittedMembers(db, permission).as('pm'))
        .join(usersView(db).as('u'), 'u.id', 'pm.user_id')
        .join(organizationsView(db).as('o'), 'o.id', 'pm.organization_id')
        .whereIn('pm.organization_id', scope)
        .select(
          'pm.user_id as id',
          'u.first_name',
          'u.last_name',
          'u.email',
          'o.id as organization_id',
          'o.name as organization_name',
        )) as Row[]),
    );
  }
  // One row per person: the caller's own organisation first, else the first by name.
  const rank = (r: Row) => `${Number(r.organization_id) === actor.organizationId ? 0 : 1}${r.organization_name}`;
  const byUser = new Map<number, Row>();
  for (const r of rows) {
    const seen = byUser.get(Number(r.id));
    if (!seen || rank(r) < rank(seen)) byUser.set(Number(r.id), r);
  }
  return [...byUser.values()]
    .map((r) => ({ id: Number(r.id), name: fullName(r), email: r.email, organization_name: r.organization_name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * The person a caller may make the owner of notices of `type`: an active user of the caller's scope holding the type's
 * permission. Anyone outside the scope (another tenant's user, a deactivated one, a missing id) answers 404; a member
 * of the scope without that permission 400.
 */
async function eligibleOwner(
  trx: Knex.Transaction,
  scope: number[],
  type: CommunicationType,
  userId: number,
): Promise<{ id: number; name: string; email: string }> {
  const permitted = (await trx
    .from(permittedMembers(trx, PROVIDER_PERMISSION_OF_TYPE[type]).as('pm'))
    .whereIn('pm.organization_id', scope)
    .where('pm.user_id', userId)
    .first('pm.user_id')) as { user_id: number } | undefined;
  if (!permitted) {
    const member = await trx
      .from(activeMembers(trx).as('m'))
      .whereIn('m.organization_id', scope)
      .where('m.user_id', userId)
      .first('m.user_id');
    if (member) throw ValidationError.field('userId', 'OWNER_NOT_ELIGIBLE');
    throw new NotFoundError('USER_NOT_FOUND');
  }
  const user = (await trx.from(usersView(trx).as('u')).where('u.id', userId).first()) as {
    id: number;
    first_name: string | null;
    last_name: string | null;
    email: string;
  };
  return { id: Number(user.id), name: fullName(user), email: user.email };
}

const viewPath = (event: CommunicationRow, pcId: number) =>
  event.type === 'RECALL'
    ? `/provider/recalls/view/${event.id}/${pcId}`
    : `/provider/product-disruption/view/${event.id}/${pcId}`;

/** The caller's display name for the emails and the not-affected answer ("Rita Riverside"), its email without one. */
export async function actorName(db: Knex | Knex.Transaction, actor: Actor): Promise<string> {
  const user = (await db.from(usersView(db).as('u')).where('u.id', actor.userId).first()) as
    | { first_name: string | null; last_name: string | null; email: string }
    | undefined;
  return user ? fullName(user) : actor.email;
}

export interface OwnedNotice {
  pc: ProviderCommunicationRow;
  event: CommunicationRow;
}

/**
 * Sets (or with `userId` null clears) the owner of provider communications the caller has locked and checked (scope,
 * type), in the caller's transaction, in id order. Each change is one history entry (OWNER_ASSIGNED with the owner
 * before and after, or OWNER_CLEARED); the new owner, unless it is the caller, gets one email naming the first notice
 * and how many more. A notice of a closed event takes no new owner (409); clearing is always allowed. Answers the ids
 * changed (those that already had that owner are unchanged) and the owner.
 */
export async function setOwners(
  trx: Knex.Transaction,
  config: Config,
  actor: Actor,
  scope: number[],
  notices: readonly OwnedNotice[],
  input: { userId: number | null; message?: string | null },
): Promise<{ changed: number[]; owner: { id: number; name: string; email: string } | null }> {
  const sorted = [...notices].sort((a, b) => a.pc.id - b.pc.id);
  if (input.userId !== null && sorted.some((n) => n.pc.status !== 'OPEN' || n.event.status !== 'OPEN')) {
    throw sorted.length === 1 ? new ConflictError('EVENT_CLOSED') : new ConflictError('SELECTION_CLOSED');
  }
  let owner: { id: number; name: string; email: string } | null = null;
  if (input.userId !== null) {
    for (const type of new Set(sorted.map((n) => n.event.type))) {
      owner = await eligibleOwner(trx, scope, type, input.userId);
    }
  }
  const current = (await trx('provider_communication_owners')
    .whereIn(
      'provider_communication_id',
      sorted.map((n) => n.pc.id),
    )
    .select('provider_communication_id', 'user_id')) as { provider_communication_id: number; user_id: number }[];
  const before = new Map(current.map((c) => [Number(c.provider_communication_id), Number(c.user_id)]));
  const changed: OwnedNotice[] = [];
  for (const n of sorted) {
    const was = before.get(n.pc.id) ?? null;
    if (was === input.userId) continue;
    if (input.userId === null) {
      await trx('provider_communication_owners').where({ provider_communication_id: n.pc.id }).delete();
    } else {
      await trx('provider_communication_owners')
        .insert({
          provider_communication_id: n.pc.id,
          organization_id: n.pc.provider_organization_id,
          user_id: input.userId,
          assigned_by: actor.userId,
        })
        .onConflict('provider_communication_id')
        .merge({
          organization_id: n.pc.provider_organization_id,
          user_id: input.userId,
          assigned_by: actor.userId,
          assigned_at: trx.fn.now(),
        });
    }
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: n.pc.id,
      action: input.userId === null ? 'OWNER_CLEARED' : 'OWNER_ASSIGNED',
      entityType: 'provider_communication',
      entityId: n.pc.id,
      before: { owner_id: was },
      after: { owner_id: input.userId, owner_email: owner?.email ?? null },
    });
    changed.push(n);
  }
  const first = changed[0];
  if (owner && first && owner.id !== actor.userId) {
    const others = changed.slice(1);
    await enqueueEmail(trx, {
      organizationId: actor.organizationId,
      kind: 'OWNER_ASSIGNED',
      to: owner.email,
      referenceType: 'provider_communication',
      referenceId: first.pc.id,
      template: {
        key: 'OWNER_ASSIGNED',
        overrideOrganizationId: actor.organizationId,
        values: {
          sender_name: await actorName(trx, actor),
          event_kind: first.event.type === 'RECALL' ? 'recall' : 'supply advisory',
          event_name: first.event.name,
          message: input.message ?? null,
          link: `${config.appUrl}${viewPath(first.event, first.pc.id)}`,
          more: others.length ? others.length : null,
          others: others.map((n) => n.event.name).join('\n'),
        },
      },
    });
  }
  return { changed: changed.map((n) => n.pc.id), owner };
}

/**
 * PUT /provider/communications/:id/owner: makes `userId` the owner of provider communication `pcId` (or with null
 * clears it). Answers the owner as it now stands.
 */
export async function assignOwner(
  db: Knex,
  config: Config,
  actor: Actor,
  pcId: number,
  input: { userId: number | null; message?: string | null },
): Promise<{ id: number; owner_id: number | null; owner_name: string | null }> {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { forUpdate: true });
    const { owner } = await setOwners(trx, config, actor, n.scope, [n], input);
    return { id: pcId, owner_id: owner?.id ?? null, owner_name: owner?.name ?? null };
  });
}
