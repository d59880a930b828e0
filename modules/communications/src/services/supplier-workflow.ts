import type { Knex } from 'knex';
import { type Actor, type Config, ConflictError, NotFoundError, ValidationError, transaction } from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { recordDelegate } from './delegate-port.js';
import { DELEGATE_LINK_DAYS, issueDelegateLink } from './delegate-links.js';
import { loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import { loadProviderCommunication } from './provider-communications.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InternalActionInput {
  id?: number;
  provider_communication_id?: number | null;
  title: string;
  description?: string | null;
  assignee_email?: string | null;
  due_date?: string | null;
  status?: 'OPEN' | 'COMPLETED' | 'DELETED';
}

/** Creates or updates one of the supplier's own follow-up tasks on an event (internal action). */
export async function saveInternalAction(db: Knex, actor: Actor, communicationId: number, input: InternalActionInput) {
  if (input.assignee_email && !EMAIL.test(input.assignee_email.trim()))
    throw ValidationError.field('assignee_email', 'EMAIL_INVALID');
  return transaction(db, async (trx) => {
    await loadOwnCommunication(trx, actor, communicationId);
    if (input.provider_communication_id)
      await loadProviderCommunication(trx, input.provider_communication_id, { communicationId });
    const values = {
      provider_communication_id: input.provider_communication_id ?? null,
      title: input.title.trim(),
      description: input.description ?? null,
      assignee_email: input.assignee_email?.trim().toLowerCase() || null,
      due_date: input.due_date ?? null,
      status: input.status ?? 'OPEN',
    };
    let row: Record<string, unknown>;
    if (input.id) {
      const before = await trx('supplier_internal_actions')
        .where({ id: input.id, organization_id: actor.organizationId, communication_id: communicationId })
        .forUpdate()
        .first();
      if (!before) throw new NotFoundError('INTERNAL_ACTION_NOT_FOUND');
      [row] = await trx('supplier_internal_actions')
        .where({ id: input.id })
        .update({ ...values, updated_at: trx.fn.now() })
        .returning('*');
      await appendHistory(trx, actor, {
        communicationId,
        organizationId: actor.organizationId,
        action: 'INTERNAL_ACTION_UPDATED',
        entityType: 'internal_action',
        entityId: input.id,
        before,
        after: values,
      });
    } else {
      [row] = await trx('supplier_internal_actions')
        .insert({
          ...values,
          organization_id: actor.organizationId,
          communication_id: communicationId,
          created_by: actor.userId,
        })
        .returning('*');
      await appendHistory(trx, actor, {
        communicationId,
        organizationId: actor.organizationId,
        action: 'INTERNAL_ACTION_CREATED',
        entityType: 'internal_action',
        entityId: row.id as number,
        after: values,
      });
    }
    return row;
  });
}

export async function listInternalActions(db: Knex, actor: Actor, communicationId: number) {
  await loadOwnCommunication(db, actor, communicationId);
  return db('supplier_internal_actions')
    .where({ organization_id: actor.organizationId, communication_id: communicationId })
    .whereNot({ status: 'DELETED' })
    .orderBy([{ column: 'due_date', order: 'asc', nulls: 'last' }, { column: 'id' }]);
}

/**
 * Delegate submit (supplier side): the supplier asks someone (a sales rep, a customer's buyer) to answer a provider
 * communication's actions, or one of them, through the supplier-delegate form. Same delegate links as providers use.
 */
export async function supplierDelegate(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  input: { provider_communication_id: number; email: string; action_id?: number | null; message?: string | null },
) {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw ValidationError.field('email', 'EMAIL_INVALID');
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, communicationId);
    const { pc } = await loadProviderCommunication(trx, input.provider_communication_id, {
      communicationId,
      forUpdate: true,
    });
    if (pc.supplier_organization_id !== actor.organizationId) throw new NotFoundError('NOT_FOUND');
    if (event.status !== 'OPEN' || pc.status !== 'OPEN') throw new ConflictError('EVENT_CLOSED');
    let title: string | null = null;
    if (input.action_id) {
      const action = (await trx('communication_actions')
        .where({ id: input.action_id, communication_id: communicationId })
        .first('title')) as { title: string } | undefined;
      if (!action) throw new NotFoundError('ACTION_NOT_FOUND');
      title = action.title;
    }
    const link = await issueDelegateLink(trx, {
      providerCommunicationId: pc.id,
      organizationId: actor.organizationId,
      email,
    });
    const delegate = {
      id: await recordDelegate(trx, {
        organizationId: pc.provider_organization_id ?? actor.organizationId,
        providerCommunicationId: pc.id,
        communicationId,
        actionId: input.action_id ?? null,
        email,
        message: input.message ?? null,
        createdBy: actor.userId,
        noticeLinkId: link.id,
      }),
    };
    const url = `${config.appUrl}/supplier-delegate-webform?token=${link.token}`;
    await enqueueEmail(trx, {
      organizationId: actor.organizationId,
      kind: 'DELEGATE',
      to: email,
      referenceType: 'provider_delegate',
      referenceId: delegate.id,
      template: {
        key: 'SUPPLIER_DELEGATE_REQUEST',
        values: {
          sender_email: actor.email,
          action_title: title,
          event_name: event.name,
          message: input.message,
          link: url,
          days: DELEGATE_LINK_DAYS,
        },
      },
    });
    await appendHistory(trx, actor, {
      communicationId,
      organizationId: actor.organizationId,
      providerCommunicationId: pc.id,
      action: 'DELEGATED',
      entityType: title ? 'action' : 'provider_communication',
      entityId: input.action_id ?? pc.id,
      after: { email, by: 'supplier' },
    });
    return { id: delegate.id, email, action_id: input.action_id ?? null };
  });
}
