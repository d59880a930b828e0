import type { Knex } from 'knex';
import {
  type Actor,
  type Config,
  ConflictError,
  type FileStore,
  type LinkKind,
  NotFoundError,
  signedUrls,
  ValidationError,
  transaction,
} from '@portal/core';
import { activeMembers, organizationsView, usersView } from '@portal/organizations';
import { enqueueEmail } from '@portal/notifications';
import type { CommunicationRow } from '@portal/communications';
import { appendHistory, type DelegateRecorder } from '@portal/communications';
import {
  type AnswerInput,
  answerAction,
  answerUnits,
  deleteActionFile,
  type FileView,
  listActionFiles,
  loadProviderCommunication,
  noticeView,
  type NoticeView,
  type ProviderCommunicationRow,
  type Respondent,
  type UnitAnswerInput,
  uploadActionFiles,
} from '@portal/communications';
import {
  actionsView,
  answersView,
  DELEGATE_LINK_DAYS,
  findDelegateLink,
  issueDelegateLink,
  markLinkUsed,
  revokeDelegateLink,
} from '@portal/communications';
import { communicationDocumentFiles, findAnswerFile, findCommunicationAction } from './communication-reads.js';
import { loadScopedProviderCommunication, scopeIds } from './scope.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface DelegateRow {
  id: number;
  organization_id: number;
  provider_communication_id: number;
  communication_id: number;
  action_id: number | null;
  email: string;
  message: string | null;
  notice_link_id: number | null;
  status: 'ACTIVE' | 'REVOKED';
  created_by: number | null;
  created_at: Date;
  last_sent_at: Date;
}

async function issueLink(
  trx: Knex.Transaction,
  config: Config,
  event: CommunicationRow,
  pc: ProviderCommunicationRow,
  email: string,
  delegate: { actionTitle: string | null; message: string | null; from: string; delegateId: number },
): Promise<number> {
  const link = await issueDelegateLink(trx, {
    providerCommunicationId: pc.id,
    organizationId: event.organization_id,
    email,
  });
  const url = `${config.appUrl}/delegate-webform?token=${link.token}`;
  const kind = event.type === 'RECALL' ? 'recall' : 'supply advisory';
  await enqueueEmail(trx, {
    organizationId: pc.provider_organization_id,
    kind: 'DELEGATE',
    to: email,
    referenceType: 'provider_delegate',
    referenceId: delegate.delegateId,
    template: {
      key: 'DELEGATE_REQUEST',
      overrideOrganizationId: pc.provider_organization_id,
      values: {
        sender_email: delegate.from,
        action_title: delegate.actionTitle,
        event_kind: kind,
        event_name: event.name,
        message: delegate.message,
        link: url,
        days: DELEGATE_LINK_DAYS,
      },
    },
  });
  return link.id;
}

/**
 * Delegates the whole event (actionId 0) or one action to an email (POST /:id/:x/:y): a DELEGATE link and one outbox email,
 * in one transaction. Delegating the same thing to the same email again revokes the earlier link.
 */
export async function createDelegation(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
  actionId: number,
  input: { email: string; message?: string | null },
) {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw ValidationError.field('email', 'EMAIL_INVALID');
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { communicationId, forUpdate: true });
    if (n.pc.status !== 'OPEN' || n.event.status !== 'OPEN') throw new ConflictError('EVENT_CLOSED');
    let title: string | null = null;
    if (actionId !== 0) {
      const action = await findCommunicationAction(trx, n.event.id, actionId);
      if (!action) throw new NotFoundError('ACTION_NOT_FOUND');
      title = action.title;
    }
    const earlier = (await trx('provider_delegates')
      .where({ provider_communication_id: pcId, email, status: 'ACTIVE' })
      .modify((q) => (actionId === 0 ? q.whereNull('action_id') : q.where({ action_id: actionId })))
      .select('id', 'notice_link_id')) as { id: number; notice_link_id: number | null }[];
    for (const e of earlier) {
      await trx('provider_delegates').where({ id: e.id }).update({ status: 'REVOKED' });
      await revokeDelegateLink(trx, e.notice_link_id);
    }
    const [row] = await trx('provider_delegates')
      .insert({
        organization_id: n.pc.provider_organization_id,
        provider_communication_id: pcId,
        communication_id: n.event.id,
        action_id: actionId === 0 ? null : actionId,
        email,
        message: input.message ?? null,
        created_by: actor.userId,
      })
      .returning('*');
    const delegate = row as DelegateRow;
    const linkId = await issueLink(trx, config, n.event, n.pc, email, {
      actionTitle: title,
      message: input.message ?? null,
      from: actor.email,
      delegateId: delegate.id,
    });
    await trx('provider_delegates').where({ id: delegate.id }).update({ notice_link_id: linkId });
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'DELEGATED',
      entityType: actionId === 0 ? 'provider_communication' : 'action',
      entityId: actionId === 0 ? pcId : actionId,
      after: { delegate_id: delegate.id, email },
    });
    return { id: delegate.id, email, action_id: delegate.action_id, status: 'ACTIVE' as const };
  });
}

/** A new link for a delegate (POST /:id/resendmail/:a/:b); every earlier link of that delegate stops working. */
export async function resendDelegateMail(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
  delegateId: number,
) {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { communicationId, forUpdate: true });
    if (n.pc.status !== 'OPEN' || n.event.status !== 'OPEN') throw new ConflictError('EVENT_CLOSED');
    const d = (await trx('provider_delegates')
      .where({ id: delegateId, provider_communication_id: pcId, status: 'ACTIVE' })
      .first()) as DelegateRow | undefined;
    if (!d) throw new NotFoundError('DELEGATE_NOT_FOUND');
    await revokeDelegateLink(trx, d.notice_link_id, { providerCommunicationId: pcId, email: d.email });
    const title = d.action_id ? (await findCommunicationAction(trx, n.event.id, d.action_id))!.title : null;
    const linkId = await issueLink(trx, config, n.event, n.pc, d.email, {
      actionTitle: title,
      message: d.message,
      from: actor.email,
      delegateId: d.id,
    });
    await trx('provider_delegates').where({ id: d.id }).update({ notice_link_id: linkId, last_sent_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'DELEGATE_MAIL_RESENT',
      entityType: 'provider_delegate',
      entityId: d.id,
      after: { email: d.email },
    });
    return { id: d.id, email: d.email, resent: true };
  });
}

export async function listDelegates(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return db('provider_delegates as d')
    .leftJoin(actionsView(db).as('a'), 'a.id', 'd.action_id')
    .leftJoin(answersView(db).as('r'), function join() {
      this.on('r.action_id', '=', 'd.action_id').andOn(
        'r.provider_communication_id',
        '=',
        'd.provider_communication_id',
      );
    })
    .where('d.provider_communication_id', pcId)
    .orderBy('d.id')
    .select(
      'd.id',
      'd.email',
      'd.action_id',
      'a.title as action_title',
      'd.status',
      'd.created_at',
      'd.last_sent_at',
      db.raw(`coalesce(r.status, 'NA') as response_status`),
    );
}

/** The event's actions, each with the emails it is delegated to (whole-event delegates count for every action). */
export async function delegatedActions(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  const actions = (await db
    .from(actionsView(db).as('a'))
    .where({ communication_id: n.event.id })
    .orderBy(['sort_order', 'id'])
    .select('id', 'action_type', 'title')) as { id: number; action_type: string; title: string }[];
  const delegates = (await db('provider_delegates')
    .where({ provider_communication_id: pcId, status: 'ACTIVE' })
    .select('id', 'email', 'action_id')) as { id: number; email: string; action_id: number | null }[];
  return actions.map((a) => ({
    ...a,
    delegates: delegates
      .filter((d) => d.action_id === null || Number(d.action_id) === Number(a.id))
      .map((d) => ({ id: d.id, email: d.email, whole_event: d.action_id === null })),
  }));
}

/** Emails of delegates of a provider communication (flag 'active' or 'all'). */
export async function delegateEmailList(db: Knex, actor: Actor, pcId: number, flag: 'active' | 'all') {
  await loadScopedProviderCommunication(db, actor, pcId);
  const q = db('provider_delegates').where({ provider_communication_id: pcId }).distinct('email').orderBy('email');
  if (flag === 'active') q.where({ status: 'ACTIVE' });
  return ((await q) as { email: string }[]).map((r) => r.email);
}

/** Active users of organisations of the caller's scope (all of it, or one organisation), for the delegate picker. */
export async function providerEmailList(
  db: Knex,
  actor: Actor,
  organizationIds: number[] | null,
  of?: { communicationId: number; pcId: number },
) {
  if (of) await loadScopedProviderCommunication(db, actor, of.pcId, { communicationId: of.communicationId });
  const scope = await scopeIds(db, actor);
  const orgs = organizationIds === null ? scope : organizationIds.filter((id) => scope.includes(id));
  if (!orgs.length) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  return db
    .from(activeMembers(db).as('u'))
    .join(organizationsView(db).as('o'), 'o.id', 'u.organization_id')
    .whereIn('u.organization_id', orgs)
    .orderBy('u.email')
    .select(
      'u.user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'o.id as organization_id',
      'o.name as organization_name',
    );
}

// ---------- the delegate's side (/delegate, reached only with the link's token) ----------

export interface DelegateContext {
  delegate: DelegateRow;
  pc: ProviderCommunicationRow;
  event: CommunicationRow;
  respondent: Respondent;
}

/**
 * Resolves a delegate token: unknown, expired, revoked or superseded links all answer the same 404, and so do path ids
 * (`expect`) that are not the link's provider communication or event.
 */
async function resolveDelegate(
  db: Knex,
  token: string | undefined,
  expect: { pcId?: number; communicationId?: number } = {},
): Promise<DelegateContext> {
  if (!token || token.length < 32 || token.length > 200) throw new NotFoundError('INVALID_LINK');
  const link = await findDelegateLink(db, token);
  if (!link) throw new NotFoundError('INVALID_LINK');
  const delegate = (await db('provider_delegates').where({ notice_link_id: link.id, status: 'ACTIVE' }).first()) as
    | DelegateRow
    | undefined;
  if (!delegate || Number(delegate.provider_communication_id) !== Number(link.provider_communication_id))
    throw new NotFoundError('INVALID_LINK');
  const { pc, event } = await loadProviderCommunication(db, Number(link.provider_communication_id));
  if (
    (expect.pcId !== undefined && expect.pcId !== Number(pc.id)) ||
    (expect.communicationId !== undefined && expect.communicationId !== Number(event.id))
  ) {
    throw new NotFoundError('INVALID_LINK');
  }
  await markLinkUsed(db, link.id);
  return { delegate, pc, event, respondent: { email: delegate.email, actor: null } };
}

/**
 * The delegate's emailed link as a route's link rule (`link: { link: delegateLink(db), ids }` in a route table): the
 * delegation with its provider communication and event; the ids a route's path names must be the link's.
 */
export function delegateLink(db: Knex): LinkKind<DelegateContext> {
  return {
    name: 'delegate',
    resolve: (token, expect) =>
      resolveDelegate(db, token, { pcId: expect.providerCommunicationId, communicationId: expect.communicationId }),
  };
}

const allowedAction = (ctx: DelegateContext, actionId: number) =>
  ctx.delegate.action_id === null || Number(ctx.delegate.action_id) === actionId;

function assertAction(ctx: DelegateContext, actionId: number): void {
  if (!allowedAction(ctx, actionId)) throw new NotFoundError('ACTION_NOT_FOUND');
}

export type DelegateView = NoticeView & {
  delegate: { id: number; email: string; whole_event: boolean };
  /** The delegator's words, as written (plain text), and who delegated ("Rita Riverside"; the email without a name). */
  message: string | null;
  from: string | null;
};

/** The notice as the delegate sees it: only the delegated action(s), with the delegator's message. */
export async function delegateView(db: Knex, secret: string, ctx: DelegateContext): Promise<DelegateView> {
  const view = await noticeView(db, secret, ctx);
  const by = (await db
    .from(usersView(db).as('u'))
    .where('u.id', ctx.delegate.created_by ?? 0)
    .first('u.first_name', 'u.last_name', 'u.email')) as
    | { first_name: string | null; last_name: string | null; email: string }
    | undefined;
  return {
    ...view,
    actions: view.actions.filter((a) => allowedAction(ctx, Number(a.id))),
    delegate: { id: ctx.delegate.id, email: ctx.delegate.email, whole_event: ctx.delegate.action_id === null },
    message: ctx.delegate.message?.trim() || null,
    from: by ? `${by.first_name ?? ''} ${by.last_name ?? ''}`.trim() || by.email : null,
  };
}

export async function delegateAnswer(db: Knex, ctx: DelegateContext, actionId: number, input: AnswerInput) {
  assertAction(ctx, actionId);
  return answerAction(db, ctx.pc.id, ctx.respondent, actionId, input);
}

/** Answers a delegated per-unit action for some of the provider's own rows, by the recipient's rules. */
export async function delegateAnswerUnits(
  db: Knex,
  ctx: DelegateContext,
  actionId: number,
  answers: UnitAnswerInput[],
) {
  assertAction(ctx, actionId);
  return answerUnits(db, ctx.pc.id, ctx.respondent, actionId, answers, { communicationId: ctx.event.id });
}

export async function delegateFiles(
  db: Knex,
  secret: string,
  ctx: DelegateContext,
  actionId: number,
): Promise<FileView[]> {
  assertAction(ctx, actionId);
  return listActionFiles(db, secret, ctx.pc.id, actionId);
}

export async function delegateUpload(
  db: Knex,
  store: FileStore,
  secret: string,
  ctx: DelegateContext,
  actionId: number,
  uploads: { name: string; data: Buffer }[],
) {
  assertAction(ctx, actionId);
  return uploadActionFiles(db, store, secret, ctx.pc.id, ctx.respondent, actionId, uploads);
}

export async function delegateDeleteFile(db: Knex, ctx: DelegateContext, fileId: number): Promise<void> {
  const file = await findAnswerFile(db, ctx.pc.id, fileId);
  if (!file || !allowedAction(ctx, Number(file.action_id))) throw new NotFoundError('FILE_NOT_FOUND');
  await deleteActionFile(db, ctx.pc.id, ctx.respondent, fileId, { actionId: Number(file.action_id) });
}

/** One answer file of a delegated action (delegatedocument/:id). */
export async function delegateFile(db: Knex, secret: string, ctx: DelegateContext, fileId: number): Promise<FileView> {
  const file = await findAnswerFile(db, ctx.pc.id, fileId);
  if (!file || !allowedAction(ctx, Number(file.action_id))) throw new NotFoundError('FILE_NOT_FOUND');
  return {
    id: file.id,
    name: file.name,
    extension: file.extension,
    type: file.mimetype,
    size: Number(file.size),
    ...signedUrls(secret, file.file_key, file.name),
  };
}

/** The event's documents (static-documents) or one of them (document/:id). */
export async function delegateDocuments(
  db: Knex,
  secret: string,
  ctx: DelegateContext,
  documentId?: number,
): Promise<FileView[]> {
  const rows = await communicationDocumentFiles(db, ctx.event.id, { documentId });
  if (documentId !== undefined && !rows.length) throw new NotFoundError('DOCUMENT_NOT_FOUND');
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    extension: d.extension,
    type: d.mimetype,
    size: Number(d.size),
    ...signedUrls(secret, d.file_key, d.name),
  }));
}

/** The delegate's answers so far to the delegated action(s), and the notice's progress. */
export async function delegateAnswers(db: Knex, secret: string, ctx: DelegateContext) {
  const view = await delegateView(db, secret, ctx);
  return {
    response_status: ctx.pc.response_status,
    answers: view.actions.map((a) => ({
      action_id: a.id,
      title: a.title,
      action_type: a.action_type,
      status: a.response?.status ?? 'NA',
      value: a.response?.value ?? null,
      submitted_at: a.response?.submitted_at ?? null,
      // A per-unit action's answers by row of the provider's own.
      per_unit: a.per_unit,
      unit_answers: a.unit_answers,
    })),
  };
}

/** Records a delegate the supplier asked for (communications' delegates port; see its delegate-port.ts). */
export const recordSupplierDelegate: DelegateRecorder = async (trx, d) => {
  const [row] = await trx('provider_delegates')
    .insert({
      organization_id: d.organizationId,
      provider_communication_id: d.providerCommunicationId,
      communication_id: d.communicationId,
      action_id: d.actionId,
      email: d.email,
      message: d.message,
      created_by: d.createdBy,
      notice_link_id: d.noticeLinkId,
      by_supplier: true,
    })
    .returning('id');
  return Number((row as { id: number }).id);
};
