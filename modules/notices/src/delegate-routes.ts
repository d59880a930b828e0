import { messageResult, type ModuleDeps, type Route, route, type RouteRequest } from '@portal/core';
import {
  delegateAnswer,
  delegateAnswerUnits,
  delegateDeleteFile,
  delegateDocuments,
  delegateFile,
  delegateFiles,
  delegateAnswers,
  delegateUpload,
  delegateView,
  resolveDelegate,
} from '@portal/inbox';
import { inboxSchemas as s } from '@portal/inbox';
import type { AnswerInput, UnitAnswerInput } from '@portal/communications';

const tags = ['delegates'];
type P = Record<string, number>;
type Q = { token?: string };

/**
 * The delegate's public form (001 §7.8), reached ONLY with a DELEGATE link's token (query `token`). The token decides the
 * provider communication, the email and which actions; ids in the path must agree with it, or the answer is 404.
 */
export function delegateRoutes({ db, config, files }: ModuleDeps): Route[] {
  const base = '/delegate';
  const ctx = (req: RouteRequest<unknown, Q>, expect: { pcId?: number; communicationId?: number } = {}) =>
    resolveDelegate(db, req.query.token ?? (req.body as { token?: string } | undefined)?.token, expect);
  return [
    route<unknown, Q, P>({
      method: 'GET',
      path: `${base}/recall/:id`,
      access: 'public',
      tags,
      summary: 'The event (id = communication id) with the delegated actions',
      schema: { params: s.params(['id']), query: s.tokenQuery, response: s.delegateViewSchema },
      handler: async (req) => delegateView(db, config.jwtSecret, await ctx(req, { communicationId: req.params.id })),
    }),
    route<unknown, Q, P>({
      method: 'GET',
      path: `${base}/response/:id`,
      access: 'public',
      tags,
      summary: "The delegate's answers so far (id = provider communication id)",
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) => delegateAnswers(db, config.jwtSecret, await ctx(req, { pcId: req.params.id })),
    }),
    route<unknown, Q, P>({
      method: 'GET',
      path: `${base}/actions/:id`,
      access: 'public',
      tags,
      summary: 'The delegated actions (id = provider communication id)',
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) =>
        (await delegateView(db, config.jwtSecret, await ctx(req, { pcId: req.params.id }))).actions,
    }),
    route<unknown, Q, P>({
      method: 'GET',
      path: `${base}/document/:id`,
      access: 'public',
      tags,
      summary: 'One document of the event (signed links)',
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) => (await delegateDocuments(db, config.jwtSecret, await ctx(req), req.params.id))[0],
    }),
    route<unknown, Q, P>({
      method: 'GET',
      path: `${base}/delegatedocument/:id`,
      access: 'public',
      tags,
      summary: 'One answer file of a delegated action (signed links)',
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) => delegateFile(db, config.jwtSecret, await ctx(req), req.params.id!),
    }),
    route<unknown, Q, P>({
      method: 'GET',
      path: `${base}/static-documents/:id`,
      access: 'public',
      tags,
      summary: 'Documents of the event (id = communication id)',
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) =>
        delegateDocuments(db, config.jwtSecret, await ctx(req, { communicationId: req.params.id })),
    }),
    route<unknown, Q, P>({
      method: 'GET',
      path: `${base}/files/:id`,
      access: 'public',
      tags,
      summary: 'Files of delegated action id',
      schema: { params: s.params(['id']), query: s.tokenQuery, response: s.fileList },
      handler: async (req) => delegateFiles(db, config.jwtSecret, await ctx(req), req.params.id!),
    }),
    route<unknown, Q, P>({
      method: 'POST',
      path: `${base}/files/:id`,
      access: 'public',
      tags,
      multipart: true,
      summary: 'Upload files to delegated action id (form field file)',
      schema: { params: s.params(['id']), query: s.tokenQuery, response: s.fileList },
      handler: async (req) => delegateUpload(db, files, config.jwtSecret, await ctx(req), req.params.id!, req.files),
    }),
    route<unknown, Q, P>({
      method: 'DELETE',
      path: `${base}/files/:id`,
      access: 'public',
      tags,
      summary: 'Delete answer file id of a delegated action',
      schema: { params: s.params(['id']), query: s.tokenQuery },
      handler: async (req) => {
        await delegateDeleteFile(db, await ctx(req), req.params.id!);
        return messageResult('Successfully Deleted!', null);
      },
    }),
    route<AnswerInput, Q, P>({
      method: 'PUT',
      path: `${base}/update-delegate/:x`,
      access: 'public',
      tags,
      summary: 'Answer delegated action x (submit: false keeps a draft)',
      schema: { params: s.params(['x']), query: s.tokenQuery, body: s.answerBody, response: s.answerResult },
      handler: async (req) => delegateAnswer(db, await ctx(req), req.params.x!, req.body),
    }),
    route<{ answers: UnitAnswerInput[] }, Q, P>({
      method: 'PUT',
      path: `${base}/update-delegate/:x/units`,
      access: 'public',
      tags,
      summary:
        "Answer delegated per-unit action x for some of the provider's own rows (answers: [{ rowId, valueText | valueNumeric | valueYesNo }]); all rows answered submits the action",
      schema: { params: s.params(['x']), query: s.tokenQuery, body: s.unitAnswersBody, response: s.unitAnswerResult },
      handler: async (req) => delegateAnswerUnits(db, await ctx(req), req.params.x!, req.body.answers),
    }),
    route<unknown, Q, P>({
      method: 'GET',
      path: base,
      access: 'public',
      tags,
      summary: 'The delegated notice of the emailed link (query token alone)',
      schema: { query: s.tokenQuery, response: s.delegateViewSchema },
      handler: async (req) => delegateView(db, config.jwtSecret, await ctx(req)),
    }),
    route<unknown, Q, P>({
      method: 'GET',
      path: `${base}/:id`,
      access: 'public',
      tags,
      summary: 'The delegated notice (id = provider communication id): event, products, delegated actions, documents',
      schema: { params: s.params(['id']), query: s.tokenQuery, response: s.delegateViewSchema },
      handler: async (req) => delegateView(db, config.jwtSecret, await ctx(req, { pcId: req.params.id })),
    }),
  ];
}
