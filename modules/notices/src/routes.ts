import {
  idSchema,
  type LinkAccess,
  messageResult,
  type ModuleDeps,
  NotFoundError,
  type Route,
  route,
} from '@portal/core';
import { answerValueProps, communicationsSchemas, outputSchemas } from '@portal/communications';
import { getDocumentOfNotice } from '@portal/communications';
import { inboxSchemas } from '@portal/inbox';
import {
  acknowledge,
  answerAction,
  answerAll,
  answerUnits,
  deleteActionFile,
  findActionFile,
  listActionFiles,
  providerCommunicationHistory,
  noticeView,
  recipientLink,
  uploadActionFiles,
} from '@portal/communications';

const tags = ['public notice forms'];
const id = idSchema;
const text50 = { type: 'string', maxLength: 50 } as const;
const params = <const N extends readonly string[]>(...names: N) =>
  ({
    type: 'object',
    required: names,
    // Typed per name, so the route's `req.params` is inferred from this schema.
    properties: Object.fromEntries(names.map((n) => [n, n === 'type' || n === 'communicationType' ? text50 : id])) as {
      [K in N[number]]: K extends 'type' | 'communicationType' ? typeof text50 : typeof id;
    },
  }) as const;
/** Every public call carries the link's token, as `token` in the query (or in the body). */
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

export function noticeRoutes({ db, config, files }: ModuleDeps): Route[] {
  const base = '/provider/communication-notices';
  /**
   * The recipient's link opens every route here (resolved by the BFF before the handler): it decides which notice and
   * which email answers, and the ids a path names must be its notice's, else the same 404 as an unknown link.
   */
  const link = (ids: LinkAccess['ids'] = {}) => ({ link: recipientLink(db), ids });
  /** A path naming the notice's organisation (its supplier or provider), its event and the notice itself. */
  const notice = { organizationId: 'orgId', communicationId: 'communicationId', providerCommunicationId: 'pcId' };
  const event = { organizationId: 'orgId', communicationId: 'communicationId' };
  /** The affected customer a form may name in its query (`communicationAffectedCustomerId`). */
  const customer = { affectedCustomerId: 'communicationAffectedCustomerId' };

  return [
    route({
      method: 'GET',
      path: `${base}/:id/file/:fileId`,
      access: 'public',
      tags,
      summary: 'One answer file of the notice (signed links)',
      link: link({ providerCommunicationId: 'id' }),
      schema: { params: params('id', 'fileId'), query: tokenQuery },
      handler: async (req) => {
        const file = await findActionFile(db, config.jwtSecret, req.link.pc.id, req.params.fileId);
        if (!file) throw new NotFoundError('FILE_NOT_FOUND');
        return file;
      },
    }),
    route({
      method: 'GET',
      path: `${base}/:id/document/:docId`,
      access: 'public',
      tags,
      summary: 'One document of the notice (signed links)',
      link: link({ communicationId: 'id' }),
      schema: { params: params('id', 'docId'), query: tokenQuery },
      handler: (req) => getDocumentOfNotice(db, config.jwtSecret, req.link.event.id, req.params.docId),
    }),
    route({
      method: 'GET',
      path: `${base}/:orgId/:communicationId/histories/:pcId`,
      access: 'public',
      tags,
      summary: 'History of this notice',
      link: link(notice),
      schema: {
        params: params('orgId', 'communicationId', 'pcId'),
        query: tokenQuery,
        response: inboxSchemas.historyList,
      },
      handler: (req) => providerCommunicationHistory(db, req.link.pc.id),
    }),
    route({
      method: 'GET',
      path: `${base}/:orgId/:communicationId/actions/:actionId/file/:pcId`,
      access: 'public',
      tags,
      summary: 'Files of one action of this notice',
      link: link({ ...notice, ...customer }),
      schema: {
        params: params('orgId', 'communicationId', 'actionId', 'pcId'),
        query: tokenQuery,
        response: inboxSchemas.fileList,
      },
      handler: (req) => listActionFiles(db, config.jwtSecret, req.link.pc.id, req.params.actionId),
    }),
    route({
      method: 'POST',
      path: `${base}/:communicationId/:communicationType/actions/:actionId/file/:pcId`,
      access: 'public',
      tags,
      multipart: true,
      summary: 'Upload files to an Image or Document action (form fields actionType and file)',
      link: link({ communicationId: 'communicationId', providerCommunicationId: 'pcId' }),
      schema: {
        params: params('communicationId', 'communicationType', 'actionId', 'pcId'),
        query: tokenQuery,
        response: inboxSchemas.fileList,
      },
      handler: (req) =>
        uploadActionFiles(
          db,
          files,
          config.jwtSecret,
          req.link.pc.id,
          req.link.respondent,
          req.params.actionId,
          req.files,
        ),
    }),
    route({
      method: 'DELETE',
      path: `${base}/:orgId/:communicationId/actions/:actionId/file/:fileId`,
      access: 'public',
      tags,
      summary: 'Delete a file of an action',
      link: link(event),
      schema: { params: params('orgId', 'communicationId', 'actionId', 'fileId'), query: tokenQuery },
      handler: async (req) => {
        // The file must be one of the action's: a rule of the file, not of the link.
        await deleteActionFile(db, req.link.pc.id, req.link.respondent, req.params.fileId, {
          actionId: req.params.actionId,
        });
        return messageResult('Successfully Deleted!', null);
      },
    }),
    route({
      method: 'PUT',
      path: `${base}/:orgId/:communicationId/actions/:actionId`,
      access: 'public',
      tags,
      summary: 'Answer one action (submit: false keeps a draft)',
      link: link({ ...event, ...customer }),
      schema: {
        params: params('orgId', 'communicationId', 'actionId'),
        query: tokenQuery,
        body: { type: 'object', properties: { ...answerValueProps, token: { type: 'string', maxLength: 200 } } },
        response: inboxSchemas.answerResult,
      },
      handler: (req) => answerAction(db, req.link.pc.id, req.link.respondent, req.params.actionId, req.body),
    }),
    route({
      method: 'PUT',
      path: `${base}/:orgId/:communicationId/actions/:actionId/units`,
      access: 'public',
      tags,
      summary: "Answer a per-unit action for some of the notice's own rows (answers: [{ rowId, value… }])",
      link: link(event),
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
      handler: (req) => answerUnits(db, req.link.pc.id, req.link.respondent, req.params.actionId, req.body.answers),
    }),
    route({
      method: 'PUT',
      path: base,
      access: 'public',
      tags,
      summary: 'Answer several actions at once (all or nothing)',
      link: link(),
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
      handler: (req) => answerAll(db, req.link.pc.id, req.link.respondent, req.body.answers),
    }),
    route({
      method: 'PUT',
      path: `${base}/acknowledge/:orgId/:communicationId/:pcId/:type`,
      access: 'public',
      tags,
      summary: 'Acknowledge receipt of the notice',
      link: link(notice),
      schema: {
        params: params('orgId', 'communicationId', 'pcId', 'type'),
        query: tokenQuery,
        response: inboxSchemas.acknowledgement,
      },
      handler: async (req) => {
        const pc = await acknowledge(db, req.link.pc.id, req.link.respondent);
        return messageResult('The notice has been acknowledged.', {
          acknowledged_at: pc.acknowledged_at,
          acknowledged_by: pc.acknowledged_by,
        });
      },
    }),
    route({
      method: 'GET',
      path: `${base}/:orgId/:communicationId/:pcId/:type`,
      access: 'public',
      tags,
      summary: 'The notice (supply advisory form), with its answers so far',
      link: link(notice),
      schema: {
        params: params('orgId', 'communicationId', 'pcId', 'type'),
        query: tokenQuery,
        response: outputSchemas.noticeViewSchema,
      },
      handler: (req) => noticeView(db, config.jwtSecret, req.link),
    }),
    route({
      method: 'GET',
      path: `${base}/:orgId/:communicationId/:pcId`,
      access: 'public',
      tags,
      summary: 'The notice (recall form), with its answers so far',
      link: link(notice),
      schema: {
        params: params('orgId', 'communicationId', 'pcId'),
        query: tokenQuery,
        response: outputSchemas.noticeViewSchema,
      },
      handler: (req) => noticeView(db, config.jwtSecret, req.link),
    }),
    route({
      method: 'GET',
      path: `${base}/:id`,
      access: 'public',
      tags,
      summary: 'The notice of a link (query token); {id} is the communication id',
      link: link({ communicationId: 'id' }),
      schema: { params: params('id'), query: tokenQuery, response: outputSchemas.noticeViewSchema },
      handler: (req) => noticeView(db, config.jwtSecret, req.link),
    }),
    route({
      method: 'GET',
      path: base,
      access: 'public',
      tags,
      summary: 'The notice of a link (query token), whatever its ids',
      link: link(),
      schema: { query: tokenQuery, response: outputSchemas.noticeViewSchema },
      handler: (req) => noticeView(db, config.jwtSecret, req.link),
    }),
  ];
}
