import type { Knex } from 'knex';
import {
  type Actor,
  cleanRichTextOrNull,
  ConflictError,
  NotFoundError,
  ValidationError,
  transaction,
  type FromSchema,
} from '@portal/core';
import { findOrganizationCard } from '@portal/organizations';
import type { CommunicationType } from '@portal/communications';
import {
  appendHistory,
  insertSelfAddressedCommunication,
  listHistory,
  replaceCommunicationProducts,
  replaceSelfAddressedActions,
  touchCommunication,
  updateCommunicationInfo,
} from '@portal/communications';
import { assertLookupCodes } from '@portal/lookups';
import {
  communicationActionRows,
  communicationProductRows,
  providerCommunicationHasAnswers,
} from './communication-reads.js';
import { assertProviderType, loadScopedProviderCommunication, scopeIds } from './scope.js';
import type { step0Body } from '../schemas.js';

/**
 * Provider-created events (isProviderCreated): a provider's own internal recall or advisory. The communication row is owned
 * by the provider (organization_id = provider), with one provider communication addressed to itself, so viewing, answering,
 * delegating, notes and histories work exactly as for a supplier's event. It is OPEN at once (nothing is sent outside).
 */

export interface CreatedCommunicationInfo {
  type: CommunicationType;
  name: string;
  subtype?: string | null;
  event_id?: string | null;
  classification?: string | null;
  reason?: string | null;
  description?: string | null;
  disposition?: string | null;
  lead_time?: string | null;
  event_date?: string | null;
  end_date?: string | null;
  contact_name?: string | null;
  contact_email?: string | null;
  contact_phone?: string | null;
  supplier_name?: string | null;
  supplier_organization_id?: number | null;
}

export interface CreatedProduct {
  product_name: string;
  catalog_number?: string | null;
  lot_number?: string | null;
  udi?: string | null;
  description?: string | null;
  expiration_date?: string | null;
  quantity?: number | null;
}
export type CreatedAction = FromSchema<(typeof step0Body)['properties']['actions']['items']>;

const INFO_COLUMNS = [
  'name',
  'subtype',
  'event_id',
  'classification',
  'reason',
  'description',
  'disposition',
  'lead_time',
  'event_date',
  'end_date',
  'contact_name',
  'contact_email',
  'contact_phone',
] as const;

function infoValues(info: Partial<CreatedCommunicationInfo>): Record<string, unknown> {
  if (info.event_date && info.end_date && info.end_date < info.event_date)
    throw new ValidationError('END_BEFORE_START');
  return Object.fromEntries(
    INFO_COLUMNS.filter((c) => info[c] !== undefined).map((c) => [
      c,
      // The description is rich text: stored cleaned with the browser's allow-list (issue 36).
      c === 'description'
        ? cleanRichTextOrNull(info.description)
        : typeof info[c] === 'string'
          ? (info[c] as string).trim()
          : info[c],
    ]),
  );
}

async function supplierOf(
  trx: Knex.Transaction,
  info: Partial<CreatedCommunicationInfo>,
): Promise<{ supplier_organization_id: number | null; supplier_name: string | null }> {
  if (info.supplier_organization_id) {
    const card = await findOrganizationCard(trx, info.supplier_organization_id);
    const s = card?.type === 'SUPPLIER' ? card : undefined;
    if (!s) throw new NotFoundError('SUPPLIER_NOT_FOUND');
    return { supplier_organization_id: Number(s.id), supplier_name: s.name };
  }
  return { supplier_organization_id: null, supplier_name: info.supplier_name?.trim() || null };
}

/** The event's action rows (communications adds the event). */
function actionRows(organizationId: number, actions: CreatedAction[]) {
  return actions.map((a, i) => {
    const choice = a.action_type === 'Checkbox' || a.action_type === 'MultipleChoice';
    const options = choice ? (a.options ?? []).map((o) => o.trim()).filter(Boolean) : [];
    if (choice && !options.length) throw new ValidationError('ACTION_NEEDS_OPTION', { n: i + 1, type: a.action_type });
    return {
      organization_id: organizationId,
      sort_order: i,
      action_type: a.action_type,
      title: a.title.trim(),
      description: a.description ?? null,
      options: JSON.stringify(options),
      is_required: a.is_required ?? true,
    };
  });
}

/** The event's product rows (communications adds the event). */
function productRows(organizationId: number, products: CreatedProduct[]) {
  return products.map((p, i) => ({
    organization_id: organizationId,
    sort_order: i,
    ...p,
    product_name: p.product_name.trim(),
  }));
}

/** POST /step0: creates a provider-created event (with optional products and actions) addressed to the provider itself. */
export async function createProviderCreatedCommunication(
  db: Knex,
  actor: Actor,
  info: CreatedCommunicationInfo & { products?: CreatedProduct[]; actions?: CreatedAction[] },
) {
  assertProviderType(actor, info.type);
  await scopeIds(db, actor);
  await assertLookupCodes(db, actor.organizationId, info.type, info);
  return transaction(db, async (trx) => {
    const supplier = await supplierOf(trx, info);
    const org = (await findOrganizationCard(trx, actor.organizationId))!;
    const values = infoValues(info);
    const products = productRows(actor.organizationId, info.products ?? []);
    const actions = actionRows(actor.organizationId, info.actions ?? []);
    const { id, providerCommunicationId: pcId } = await insertSelfAddressedCommunication(trx, {
      organizationId: actor.organizationId,
      organizationName: org.name,
      email: actor.email,
      userId: actor.userId,
      type: info.type,
      info: values,
      responseStatus: (info.actions ?? []).some((a) => a.is_required !== false) ? 'NOTCOMPLETED' : 'COMPLETED',
      products,
      actions,
    });
    await trx('provider_created_events').insert({
      communication_id: id,
      organization_id: actor.organizationId,
      provider_communication_id: pcId,
      ...supplier,
      created_by: actor.userId,
    });
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      providerCommunicationId: pcId,
      action: 'CREATED',
      entityType: 'communication',
      entityId: id,
      after: { ...infoValues(info), type: info.type, ...supplier, isProviderCreated: true },
    });
    return { id, provider_communication_id: pcId, isProviderCreated: true };
  });
}

async function loadCreated(db: Knex | Knex.Transaction, actor: Actor, communicationId: number, forUpdate = false) {
  const created = (await db('provider_created_events').where({ communication_id: communicationId }).first()) as
    | {
        communication_id: number;
        organization_id: number;
        provider_communication_id: number;
        supplier_name: string | null;
        supplier_organization_id: number | null;
      }
    | undefined;
  if (!created) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  const n = await loadScopedProviderCommunication(db, actor, Number(created.provider_communication_id), {
    communicationId,
    forUpdate,
  });
  return { created, n };
}

/** GET /provider-edit/:id: the provider-created event as its edit form needs it. */
export async function providerEdit(db: Knex, actor: Actor, communicationId: number) {
  const { created, n } = await loadCreated(db, actor, communicationId);
  const [products, actions, state] = await Promise.all([
    communicationProductRows(db, communicationId),
    communicationActionRows(db, communicationId),
    db('provider_communication_states').where({ provider_communication_id: n.pc.id }).first('status_provider'),
  ]);
  const statusProvider = (state as { status_provider?: string } | undefined)?.status_provider ?? 'OPEN';
  return {
    communication: {
      ...n.event,
      supplier_name: created.supplier_name,
      supplier_organization_id: created.supplier_organization_id,
    },
    provider_communication_id: n.pc.id,
    status_provider: statusProvider,
    isProviderCreated: true,
    editable: statusProvider !== 'COMPLETED' && n.event.status === 'OPEN',
    products,
    actions,
  };
}

/**
 * PUT /:id/update-recall/:a/:b: edits a provider-created event; a = its provider communication, b = the step (0 info,
 * 1 products, 2 actions). Refused once the provider marked it COMPLETED (spec §4: disabled Edit) and, for actions, once answered.
 */
export async function updateProviderCreatedCommunication(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  step: 0 | 1 | 2,
  body: Partial<CreatedCommunicationInfo> & { products?: CreatedProduct[]; actions?: CreatedAction[] },
) {
  await transaction(db, async (trx) => {
    const { created, n } = await loadCreated(trx, actor, communicationId, true);
    if (Number(created.provider_communication_id) !== pcId) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
    const state = (await trx('provider_communication_states')
      .where({ provider_communication_id: pcId })
      .first('status_provider')) as { status_provider: string } | undefined;
    if (state?.status_provider === 'COMPLETED') throw new ConflictError('EVENT_COMPLETED');
    if (n.event.status !== 'OPEN') throw new ConflictError('EVENT_CLOSED.edit');
    let before: unknown;
    let after: unknown;
    if (step === 0) {
      if (body.type && body.type !== n.event.type) throw new ValidationError('EVENT_TYPE_FIXED');
      await assertLookupCodes(
        db,
        actor.organizationId,
        n.event.type,
        body,
        n.event as unknown as Record<string, unknown>,
      );
      const values = infoValues({
        event_date: n.event.event_date ?? undefined,
        end_date: n.event.end_date ?? undefined,
        ...body,
      });
      before = Object.fromEntries(
        Object.keys(values).map((k) => [k, (n.event as unknown as Record<string, unknown>)[k]]),
      );
      await updateCommunicationInfo(trx, communicationId, values);
      if (body.supplier_name !== undefined || body.supplier_organization_id !== undefined) {
        await trx('provider_created_events')
          .where({ communication_id: communicationId })
          .update(await supplierOf(trx, body));
      }
      after = { ...values, supplier_name: body.supplier_name, supplier_organization_id: body.supplier_organization_id };
    } else if (step === 1) {
      if (!body.products) throw new ValidationError('PROPERTY_REQUIRED', { property: 'products' });
      before = await replaceCommunicationProducts(
        trx,
        communicationId,
        productRows(n.event.organization_id, body.products),
      );
      after = body.products.map((p) => p.product_name);
    } else {
      if (!body.actions) throw new ValidationError('PROPERTY_REQUIRED', { property: 'actions' });
      if (await providerCommunicationHasAnswers(trx, pcId)) throw new ConflictError('ACTIONS_ANSWERED');
      const rows = actionRows(n.event.organization_id, body.actions);
      before = await replaceSelfAddressedActions(trx, communicationId, pcId, rows);
      after = rows.map((r) => ({ action_type: r.action_type, title: r.title }));
    }
    await touchCommunication(trx, communicationId);
    await appendHistory(trx, actor, {
      communicationId,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: `STEP${step}_UPDATED`,
      entityType: 'communication',
      entityId: communicationId,
      before,
      after,
      isChange: true,
    });
  });
  return providerEdit(db, actor, communicationId);
}

/** GET /:id/update-event: the edits made to a provider-created event (its change history). */
export async function updateCommunicationHistory(db: Knex, actor: Actor, communicationId: number) {
  await loadCreated(db, actor, communicationId);
  return listHistory(db, communicationId, { changesOnly: true });
}
