import type { Knex } from 'knex';
import { findOrganizationCard, providerContactFor } from '@portal/organizations';
import { type Actor, type Config, NotFoundError, signedUrls } from '@portal/core';
import { listHistory } from '@portal/communications';
import { providerCommunicationHistory, noticeView, type NoticeView } from '@portal/communications';
import { communicationDocumentFiles, firstProviderCommunicationOf } from './communication-reads.js';
import { type LinkedFdaRecord, linkedFdaRecords } from '@portal/fda';
import { loadScopedProviderCommunication, mayManageType, scopeIds, type ScopedProviderCommunication } from './scope.js';

// ---------- one provider communication ----------

export type ProviderView = NoticeView & {
  status_provider: 'OPEN' | 'COMPLETED';
  isProviderCreated: boolean;
  allow_access: boolean;
  site: { id: number; name: string } | null;
  /** Issue 15: the FDA records the event names, as the supplier and the operator see them. */
  fda_records: LinkedFdaRecord[];
};

async function extras(db: Knex | Knex.Transaction, actor: Actor, n: ScopedProviderCommunication) {
  const [state, created, org] = await Promise.all([
    db('provider_communication_states').where({ provider_communication_id: n.pc.id }).first('status_provider'),
    db('provider_created_events').where({ communication_id: n.event.id }).first('supplier_name'),
    findOrganizationCard(db, n.pc.provider_organization_id!),
  ]);
  const o = org as { id: number; name: string };
  return {
    status_provider: ((state as { status_provider?: 'OPEN' | 'COMPLETED' } | undefined)?.status_provider ?? 'OPEN') as
      | 'OPEN'
      | 'COMPLETED',
    isProviderCreated: Boolean(created),
    supplier_name: (created as { supplier_name: string | null } | undefined)?.supplier_name ?? null,
    allow_access: mayManageType(actor, n.event.type),
    site: Number(o.id) === actor.organizationId ? null : { id: Number(o.id), name: o.name },
  };
}

/** The provider's view of a provider communication: the notice (reused) plus the provider's own flags. */
export async function providerRecall(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
): Promise<ProviderView> {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  const view = await noticeView(db, config.jwtSecret, n);
  const x = await extras(db, actor, n);
  if (x.isProviderCreated) view.communication.supplier_name = x.supplier_name ?? '';
  return {
    ...view,
    status_provider: x.status_provider,
    isProviderCreated: x.isProviderCreated,
    allow_access: x.allow_access,
    site: x.site,
    fda_records: await linkedFdaRecords(db, n.event.fda_recall_numbers ?? []),
  };
}

export async function summary(db: Knex, config: Config, actor: Actor, communicationId: number, pcId: number) {
  const view = await providerRecall(db, config, actor, communicationId, pcId);
  const required = view.actions.filter((a) => a.is_required && !a.is_disabled);
  const delegates = (await db('provider_delegates')
    .where({ provider_communication_id: pcId, status: 'ACTIVE' })
    .count<{ n: number }[]>({ n: '*' })
    .first()) as { n: number };
  return {
    communication: view.communication,
    provider_communication_id: pcId,
    status: view.provider_communication.status,
    response_status: view.provider_communication.response_status,
    response_label: view.provider_communication.response_label,
    status_provider: view.status_provider,
    isProviderCreated: view.isProviderCreated,
    acknowledged: view.provider_communication.acknowledged_at !== null,
    acknowledged_at: view.provider_communication.acknowledged_at,
    acknowledged_by: view.provider_communication.acknowledged_by,
    actions_total: view.actions.length,
    actions_required: required.length,
    actions_submitted: view.actions.filter((a) => a.response?.status === 'SUBMITTED').length,
    actions_draft: view.actions.filter((a) => a.response?.status === 'DRAFT').length,
    required_remaining: required.filter((a) => a.response?.status !== 'SUBMITTED').length,
    delegates: Number(delegates.n),
    documents: view.documents.length,
    site: view.site,
  };
}

/** Per action: its answer, who gave it and when (the response details tab). */
export async function responseDetails(db: Knex, config: Config, actor: Actor, communicationId: number, pcId: number) {
  return actionAnswers(await providerRecall(db, config, actor, communicationId, pcId));
}

/** The actions of a notice view with their answers (the response details; the operator's read-only detail). */
export function actionAnswers(view: NoticeView) {
  return view.actions.map((a) => ({
    action_id: a.id,
    action_type: a.action_type,
    title: a.title,
    is_required: a.is_required,
    status: a.response?.status ?? 'NA',
    value: a.response?.value ?? null,
    responder_email: a.response?.responder_email ?? null,
    submitted_at: a.response?.submitted_at ?? null,
    updated_at: a.response?.updated_at ?? null,
    files: a.files,
  }));
}

export async function histories(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return providerCommunicationHistory(db, pcId);
}

/** Change history (post-approval edits) of an event the provider received. */
export async function changeHistory(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return (await listHistory(db, communicationId, { changesOnly: true })).filter(
    (h) => h.provider_communication_id === null || Number(h.provider_communication_id) === pcId,
  );
}

/**
 * The supplier's contact for an event the provider received (or, for a provider-created event, of the supplier it
 * names). The contact the provider keeps for that supplier (/provider/supplier-contacts) wins over the event's.
 */
export async function supplierContact(db: Knex, actor: Actor, communicationId: number) {
  const scope = await scopeIds(db, actor);
  const pcId = await firstProviderCommunicationOf(db, communicationId, scope);
  if (pcId === undefined) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  const { pc } = n;
  const created = (await db('provider_created_events')
    .where({ communication_id: communicationId })
    .first('supplier_organization_id')) as { supplier_organization_id: number | null } | undefined;
  const supplierId = created ? created.supplier_organization_id : pc.supplier_organization_id;
  const card = supplierId ? await findOrganizationCard(db, supplierId) : undefined;
  const org = card
    ? (({ id, name, email, phone, address1, address2, city, state, zip }) => ({
        id,
        name,
        email,
        phone,
        address1,
        address2,
        city,
        state,
        zip,
      }))(card)
    : null;
  const own = supplierId ? await providerContactFor(db, Number(pc.provider_organization_id), supplierId) : undefined;
  return {
    supplier: org,
    contact_name: own ? own.name : n.event.contact_name,
    contact_email: own ? own.email : n.event.contact_email,
    contact_phone: own ? own.phone : n.event.contact_phone,
    contact_source: own ? 'PROVIDER' : 'EVENT',
  };
}

export async function supportingDocuments(db: Knex, config: Config, actor: Actor, communicationId: number) {
  const scope = await scopeIds(db, actor);
  const pcId = await firstProviderCommunicationOf(db, communicationId, scope);
  if (pcId === undefined) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  const rows = await communicationDocumentFiles(db, communicationId, { kind: 'SUPPORTING' });
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    extension: d.extension,
    type: d.mimetype,
    size: Number(d.size),
    ...signedUrls(config.jwtSecret, d.file_key, d.name),
  }));
}
