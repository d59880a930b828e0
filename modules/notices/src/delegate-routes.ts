import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import {
  delegateAnswer,
  delegateAnswerUnits,
  delegateDeleteFile,
  delegateDocuments,
  delegateFile,
  delegateFiles,
  delegateAnswers,
  delegateUpload,
  delegateLink,
  delegateView,
} from '@portal/inbox';
import { inboxSchemas as s } from '@portal/inbox';

const tags = ['delegates'];

/**
 * The delegate's public form (001 §7.8), reached ONLY with a DELEGATE link's token (query `token`). The token decides the
 * provider communication, the email and which actions; ids in the path must agree with it, or the answer is 404.
 */
export function delegateRoutes({ db, config, files }: ModuleDeps): Route[] {
  const base = '/delegate';
  // The delegate's link opens every route here (resolved by the BFF before the handler, as `req.link`); an `id` the
  // path names as the event or the provider communication must be the link's.
  const delegate = { link: delegateLink(db) };
  const ofEvent = { ...delegate, ids: { communicationId: 'id' } };
  const ofNotice = { ...delegate, ids: { providerCommunicationId: 'id' } };
  return [
    route({
      method: 'GET',
      path: `${base}/recall/:id`,
      access: 'public',
      tags,
      summary: 'The event (id = communication id) with the delegated actions',
      link: ofEvent,
      schema: { params: s.params(['id']), query: s.tokenQuery, response: s.delegateViewSchema },
      handler: (req) => delegateView(db, config.jwtSecret, req.link),
    }),
    route({
      method: 'GET',
      path: `${base}/response/:id`,
      access: 'public',
      tags,
      summary: "The delegate's answers so far (id = provider communication id)",
      link: ofNotice,
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: (req) => delegateAnswers(db, config.jwtSecret, req.link),
    }),
    route({
      method: 'GET',
      path: `${base}/actions/:id`,
      access: 'public',
      tags,
      summary: 'The delegated actions (id = provider communication id)',
      link: ofNotice,
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) => (await delegateView(db, config.jwtSecret, req.link)).actions,
    }),
    route({
      method: 'GET',
      path: `${base}/document/:id`,
      access: 'public',
      tags,
      summary: 'One document of the event (signed links)',
      link: delegate,
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) => (await delegateDocuments(db, config.jwtSecret, req.link, req.params.id))[0],
    }),
    route({
      method: 'GET',
      path: `${base}/delegatedocument/:id`,
      access: 'public',
      tags,
      summary: 'One answer file of a delegated action (signed links)',
      link: delegate,
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: (req) => delegateFile(db, config.jwtSecret, req.link, req.params.id!),
    }),
    route({
      method: 'GET',
      path: `${base}/static-documents/:id`,
      access: 'public',
      tags,
      summary: 'Documents of the event (id = communication id)',
      link: ofEvent,
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) => delegateDocuments(db, config.jwtSecret, req.link),
    }),
    route({
      method: 'GET',
      path: `${base}/files/:id`,
      access: 'public',
      tags,
      summary: 'Files of delegated action id',
      link: delegate,
      schema: { params: s.params(['id']), query: s.tokenQuery, response: s.fileList },
      handler: (req) => delegateFiles(db, config.jwtSecret, req.link, req.params.id!),
    }),
    route({
      method: 'POST',
      path: `${base}/files/:id`,
      access: 'public',
      tags,
      multipart: true,
      summary: 'Upload files to delegated action id (form field file)',
      link: delegate,
      schema: { params: s.params(['id']), query: s.tokenQuery, response: s.fileList },
      handler: (req) => delegateUpload(db, files, config.jwtSecret, req.link, req.params.id!, req.files),
    }),
    route({
      method: 'DELETE',
      path: `${base}/files/:id`,
      access: 'public',
      tags,
      summary: 'Delete answer file id of a delegated action',
      link: delegate,
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) => {
        await delegateDeleteFile(db, req.link, req.params.id!);
        return messageResult('Successfully Deleted!', null);
      },
    }),
    route({
      method: 'PUT',
      path: `${base}/update-delegate/:x`,
      access: 'public',
      tags,
      summary: 'Answer delegated action x (submit: false keeps a draft)',
      link: delegate,
      schema: { params: s.params(['x']), query: s.tokenQuery, body: s.answerBody, response: s.answerResult },
      handler: (req) => delegateAnswer(db, req.link, req.params.x!, req.body),
    }),
    route({
      method: 'PUT',
      path: `${base}/update-delegate/:x/units`,
      access: 'public',
      tags,
      summary:
        "Answer delegated per-unit action x for some of the provider's own rows (answers: [{ rowId, valueText | valueNumeric | valueYesNo }]); all rows answered submits the action",
      link: delegate,
      schema: { params: s.params(['x']), query: s.tokenQuery, body: s.unitAnswersBody, response: s.unitAnswerResult },
      handler: (req) => delegateAnswerUnits(db, req.link, req.params.x!, req.body.answers),
    }),
    route({
      method: 'GET',
      path: base,
      access: 'public',
      tags,
      summary: 'The delegated notice of the emailed link (query token alone)',
      link: delegate,
      schema: { query: s.tokenQuery, response: s.delegateViewSchema },
      handler: (req) => delegateView(db, config.jwtSecret, req.link),
    }),
    route({
      method: 'GET',
      path: `${base}/:id`,
      access: 'public',
      tags,
      summary: 'The delegated notice (id = provider communication id): event, products, delegated actions, documents',
      link: ofNotice,
      schema: { params: s.params(['id']), query: s.tokenQuery, response: s.delegateViewSchema },
      handler: (req) => delegateView(db, config.jwtSecret, req.link),
    }),
  ];
}
