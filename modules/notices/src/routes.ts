import {
  idSchema,
  messageResult,
  type ModuleDeps,
  NotFoundError,
  type Route,
  route,
  type RouteRequest,
} from '@portal/core';
import { answerValueProps, communicationsSchemas, outputSchemas } from '@portal/communications';
import { getDocumentOfNotice } from '@portal/communications';
import { inboxSchemas } from '@portal/inbox';
import {
  acknowledge,
  type AnswerInput,
  answerAction,
  answerAll,
  answerUnits,
  deleteActionFile,
  findActionFile,
  listActionFiles,
  loadProviderCommunication,
  providerCommunicationHistory,
  noticeView,
  resolveNoticeLink,
  type Respondent,
  type UnitAnswerInput,
  uploadActionFiles,
} from '@portal/communications';

const tags = ['public notice forms'];
const id = idSchema;
const params = (...names: string[]) => ({
  type: 'object',
  required: names,
  properties: Object.fromEntries(
    names.map((n) => [n, n === 'type' || n === 'communicationType' ? { type: 'string', maxLength: 50 } : id]),
  ),
});
/** Every public call carries the link's token, as `token` in the query (or body) or the `x-notice-token` header. */
const tokenQuery = {
  type: 'object',
  properties: {
    token: { type: 'string', maxLength: 200 },
    communicationType: { type: 'string', maxLength: 50 },
    email: { type: 'string', maxLength: 254 },
    communicationAffectedCustomerId: idSchema,
    actionType: { type: 'string', maxLength: 50 },
  },
} as const;

type TokenQuery = { token?: string; communicationAffectedCustomerId?: number };

export function noticeRoutes({ db, config, files }: ModuleDeps): Route[] {
  const base = '/provider/communication-notices';
  /** The link decides which notice and which email; path ids must agree with it. */
  const link = async (req: RouteRequest<unknown, TokenQuery>) => {
    const token = req.query.token ?? (req.body as { token?: string } | undefined)?.token ?? undefined;
    const found = await resolveNoticeLink(db, token);
    const respondent: Respondent = { email: found.email, actor: null };
    return { pcId: found.pcId, respondent };
  };
  const checkCustomer = async (pcId: number, customerId: number | undefined) => {
    if (customerId === undefined) return;
    const { pc } = await loadProviderCommunication(db, pcId);
    if (pc.affected_customer_id !== customerId) throw new NotFoundError('This link is invalid or has expired.');
  };
  const view = async (
    req: RouteRequest<unknown, TokenQuery>,
    expect: { communicationId?: number; organizationId?: number; pcId?: number },
  ) => {
    const { pcId, respondent } = await link(req);
    if (expect.pcId !== undefined && expect.pcId !== pcId)
      throw new NotFoundError('This link is invalid or has expired.');
    const { pc, event } = await loadProviderCommunication(db, pcId, expect);
    return noticeView(db, config.jwtSecret, { pc, event, respondent });
  };

  return [
    route<unknown, TokenQuery, { id: number; fileId: number }>({
      method: 'GET',
      path: `${base}/:id/file/:fileId`,
      access: 'public',
      tags,
      summary: 'One answer file of the notice (signed links)',
      schema: { params: params('id', 'fileId'), query: tokenQuery },
      handler: async (req) => {
        const { pcId } = await link(req);
        if (req.params.id !== pcId) throw new NotFoundError('This link is invalid or has expired.');
        const { pc } = await loadProviderCommunication(db, pcId);
        const file = await findActionFile(db, config.jwtSecret, pc.id, req.params.fileId);
        if (!file) throw new NotFoundError('File not found.');
        return file;
      },
    }),
    route<unknown, TokenQuery, { id: number; docId: number }>({
      method: 'GET',
      path: `${base}/:id/document/:docId`,
      access: 'public',
      tags,
      summary: 'One document of the notice (signed links)',
      schema: { params: params('id', 'docId'), query: tokenQuery },
      handler: async (req) => {
        const { pcId } = await link(req);
        const { event } = await loadProviderCommunication(db, pcId, { communicationId: req.params.id });
        return getDocumentOfNotice(db, config.jwtSecret, event.id, req.params.docId);
      },
    }),
    route<unknown, TokenQuery, { orgId: number; communicationId: number; pcId: number }>({
      method: 'GET',
      path: `${base}/:orgId/:communicationId/histories/:pcId`,
      access: 'public',
      tags,
      summary: 'History of this notice',
      schema: {
        params: params('orgId', 'communicationId', 'pcId'),
        query: tokenQuery,
        response: inboxSchemas.historyList,
      },
      handler: async (req) => {
        const { pcId } = await link(req);
        if (req.params.pcId !== pcId) throw new NotFoundError('This link is invalid or has expired.');
        await loadProviderCommunication(db, pcId, {
          communicationId: req.params.communicationId,
          organizationId: req.params.orgId,
        });
        return providerCommunicationHistory(db, pcId);
      },
    }),
    route<unknown, TokenQuery, { orgId: number; communicationId: number; actionId: number; pcId: number }>({
      method: 'GET',
      path: `${base}/:orgId/:communicationId/actions/:actionId/file/:pcId`,
      access: 'public',
      tags,
      summary: 'Files of one action of this notice',
      schema: {
        params: params('orgId', 'communicationId', 'actionId', 'pcId'),
        query: tokenQuery,
        response: inboxSchemas.fileList,
      },
      handler: async (req) => {
        const { pcId } = await link(req);
        if (req.params.pcId !== pcId) throw new NotFoundError('This link is invalid or has expired.');
        await loadProviderCommunication(db, pcId, {
          communicationId: req.params.communicationId,
          organizationId: req.params.orgId,
        });
        await checkCustomer(pcId, req.query.communicationAffectedCustomerId);
        return listActionFiles(db, config.jwtSecret, pcId, req.params.actionId);
      },
    }),
    route<unknown, TokenQuery, { communicationId: number; communicationType: string; actionId: number; pcId: number }>({
      method: 'POST',
      path: `${base}/:communicationId/:communicationType/actions/:actionId/file/:pcId`,
      access: 'public',
      tags,
      multipart: true,
      summary: 'Upload files to an Image or Document action (form fields actionType and file)',
      schema: {
        params: params('communicationId', 'communicationType', 'actionId', 'pcId'),
        query: tokenQuery,
        response: inboxSchemas.fileList,
      },
      handler: async (req) => {
        const { pcId, respondent } = await link(req);
        if (req.params.pcId !== pcId) throw new NotFoundError('This link is invalid or has expired.');
        return uploadActionFiles(db, files, config.jwtSecret, pcId, respondent, req.params.actionId, req.files, {
          communicationId: req.params.communicationId,
        });
      },
    }),
    route<unknown, TokenQuery, { orgId: number; communicationId: number; actionId: number; fileId: number }>({
      method: 'DELETE',
      path: `${base}/:orgId/:communicationId/actions/:actionId/file/:fileId`,
      access: 'public',
      tags,
      summary: 'Delete a file of an action',
      schema: { params: params('orgId', 'communicationId', 'actionId', 'fileId'), query: tokenQuery },
      handler: async (req) => {
        const { pcId, respondent } = await link(req);
        await deleteActionFile(db, pcId, respondent, req.params.fileId, {
          communicationId: req.params.communicationId,
          organizationId: req.params.orgId,
          actionId: req.params.actionId,
        });
        return messageResult('Successfully Deleted!', null);
      },
    }),
    route<AnswerInput, TokenQuery, { orgId: number; communicationId: number; actionId: number }>({
      method: 'PUT',
      path: `${base}/:orgId/:communicationId/actions/:actionId`,
      access: 'public',
      tags,
      summary: 'Answer one action (submit: false keeps a draft)',
      schema: {
        params: params('orgId', 'communicationId', 'actionId'),
        query: tokenQuery,
        body: { type: 'object', properties: { ...answerValueProps, token: { type: 'string', maxLength: 200 } } },
        response: inboxSchemas.answerResult,
      },
      handler: async (req) => {
        const { pcId, respondent } = await link(req);
        await checkCustomer(pcId, req.query.communicationAffectedCustomerId);
        return answerAction(db, pcId, respondent, req.params.actionId, req.body, {
          communicationId: req.params.communicationId,
          organizationId: req.params.orgId,
        });
      },
    }),
    route<
      { token?: string; answers: UnitAnswerInput[] },
      TokenQuery,
      { orgId: number; communicationId: number; actionId: number }
    >({
      method: 'PUT',
      path: `${base}/:orgId/:communicationId/actions/:actionId/units`,
      access: 'public',
      tags,
      summary: "Answer a per-unit action for some of the notice's own rows (answers: [{ rowId, value… }])",
      schema: {
        params: params('orgId', 'communicationId', 'actionId'),
        query: tokenQuery,
        body: {
          type: 'object',
          required: ['answers'],
          properties: {
            token: { type: 'string', maxLength: 200 },
            answers: { ...communicationsSchemas.unitAnswersSchema, minItems: 1 },
          },
        },
        response: inboxSchemas.unitAnswerResult,
      },
      handler: async (req) => {
        const { pcId, respondent } = await link(req);
        return answerUnits(db, pcId, respondent, req.params.actionId, req.body.answers, {
          communicationId: req.params.communicationId,
          organizationId: req.params.orgId,
        });
      },
    }),
    route<{ token?: string; answers: (AnswerInput & { actionId: number })[] }, TokenQuery>({
      method: 'PUT',
      path: base,
      access: 'public',
      tags,
      summary: 'Answer several actions at once (all or nothing)',
      schema: {
        query: tokenQuery,
        body: {
          type: 'object',
          required: ['answers'],
          properties: {
            token: { type: 'string', maxLength: 200 },
            answers: {
              type: 'array',
              minItems: 1,
              maxItems: 100,
              items: { type: 'object', required: ['actionId'], properties: { actionId: id, ...answerValueProps } },
            },
          },
        },
        response: inboxSchemas.answerResult,
      },
      handler: async (req) => {
        const { pcId, respondent } = await link(req);
        return answerAll(db, pcId, respondent, req.body.answers);
      },
    }),
    route<{ token?: string }, TokenQuery, { orgId: number; communicationId: number; pcId: number; type: string }>({
      method: 'PUT',
      path: `${base}/acknowledge/:orgId/:communicationId/:pcId/:type`,
      access: 'public',
      tags,
      summary: 'Acknowledge receipt of the notice',
      schema: {
        params: params('orgId', 'communicationId', 'pcId', 'type'),
        query: tokenQuery,
        response: inboxSchemas.acknowledgement,
      },
      handler: async (req) => {
        const { pcId, respondent } = await link(req);
        if (req.params.pcId !== pcId) throw new NotFoundError('This link is invalid or has expired.');
        const pc = await acknowledge(db, pcId, respondent, {
          communicationId: req.params.communicationId,
          organizationId: req.params.orgId,
        });
        return messageResult('The notice has been acknowledged.', {
          acknowledged_at: pc.acknowledged_at,
          acknowledged_by: pc.acknowledged_by,
        });
      },
    }),
    route<unknown, TokenQuery, { orgId: number; communicationId: number; pcId: number; type: string }>({
      method: 'GET',
      path: `${base}/:orgId/:communicationId/:pcId/:type`,
      access: 'public',
      tags,
      summary: 'The notice (supply advisory form), with its answers so far',
      schema: {
        params: params('orgId', 'communicationId', 'pcId', 'type'),
        query: tokenQuery,
        response: outputSchemas.noticeViewSchema,
      },
      handler: (req) =>
        view(req, {
          communicationId: req.params.communicationId,
          organizationId: req.params.orgId,
          pcId: req.params.pcId,
        }),
    }),
    route<unknown, TokenQuery, { orgId: number; communicationId: number; pcId: number }>({
      method: 'GET',
      path: `${base}/:orgId/:communicationId/:pcId`,
      access: 'public',
      tags,
      summary: 'The notice (recall form), with its answers so far',
      schema: {
        params: params('orgId', 'communicationId', 'pcId'),
        query: tokenQuery,
        response: outputSchemas.noticeViewSchema,
      },
      handler: (req) =>
        view(req, {
          communicationId: req.params.communicationId,
          organizationId: req.params.orgId,
          pcId: req.params.pcId,
        }),
    }),
    route<unknown, TokenQuery, { id: number }>({
      method: 'GET',
      path: `${base}/:id`,
      access: 'public',
      tags,
      summary: 'The notice of a link (query token); {id} is the communication id',
      schema: { params: params('id'), query: tokenQuery, response: outputSchemas.noticeViewSchema },
      handler: (req) => view(req, { communicationId: req.params.id }),
    }),
    route<unknown, TokenQuery>({
      method: 'GET',
      path: base,
      access: 'public',
      tags,
      summary: 'The notice of a link (query token), whatever its ids',
      schema: { query: tokenQuery, response: outputSchemas.noticeViewSchema },
      handler: (req) => view(req, {}),
    }),
  ];
}
