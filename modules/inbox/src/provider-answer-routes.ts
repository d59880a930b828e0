import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import {
  providerActionFiles,
  providerAnswer,
  providerAnswerUnits,
  providerDeleteActionFile,
  providerUploadActionFiles,
} from './services/answers.js';
import { sendInternalNotification } from './services/provider-workflow.js';
import { updateProviderCreatedCommunication } from './services/created-communications.js';
import { createDelegation, providerEmailList, resendDelegateMail } from './services/delegates.js';
import { deleteResponseRow } from './services/response-rows.js';
import * as s from './schemas.js';
import {
  loadScopedProviderCommunication,
  PROVIDER_EVENT_PERMISSIONS,
  PROVIDER_LIST_PERMISSIONS,
} from './services/scope.js';
import { listInternalActions, listProviderDocuments, uploadProviderDocuments } from './services/workspace.js';
import { mailKicker } from './mail-kick.js';

const tags = ['provider communications'];
const access = PROVIDER_EVENT_PERMISSIONS;

/**
 * The provider's workflow mails, its edits of its own events and documents, and the answers, files, responses and
 * delegations of a provider communication's actions (/:id/:x/…).
 */
export function providerAnswerRoutes({ db, config, files, mail }: ModuleDeps): Route[] {
  const base = '/provider/communications';
  const kick = mailKicker(mail);
  return [
    route({
      // The spec shows the path only; we read it as the workflow form of send-notification: a = event, b = provider
      // communication, c = organisation of the scope (0 = the provider and all its sites), d = communication type.
      method: 'POST',
      path: `${base}/workflow/providerMail/:a/:b/:c/:d`,
      access,
      tags,
      summary:
        "Workflow email to the provider's own users (a = event, b = provider communication, c = organisation or 0 for all, d = type)",
      schema: {
        params: s.params(['a', 'b', 'c', 'd'], { zero: ['c'], strings: { d: { type: 'string', maxLength: 50 } } }),
        body: s.providerMailBody,
      },
      handler: async ({ actor, params, body }) =>
        kick(
          await sendInternalNotification(db, config, actor, params.a!, params.b!, params.c!, body.message, body.emails),
        ),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/update-recall/:a/:b`,
      access,
      tags,
      summary: 'Edit a provider-created event (a = provider communication, b = step 0 info, 1 products, 2 actions)',
      schema: {
        params: {
          ...s.params(['id', 'a', 'b']),
          properties: { id: s.id, a: s.id, b: { type: 'integer', enum: [0, 1, 2] } },
        },
        body: s.updateRecallBody,
        response: s.providerEditData,
      },
      handler: ({ actor, params, body }) =>
        updateProviderCreatedCommunication(db, actor, params.id!, params.a!, params.b as 0 | 1 | 2, body),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/file`,
      access,
      tags,
      summary: 'Provider-uploaded documents of provider communication id',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => listProviderDocuments(db, config, actor, params.id!),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/file`,
      access,
      tags,
      multipart: true,
      summary: 'Upload documents to provider communication id (form field file)',
      schema: { params: s.params(['id']) },
      // Another provider's communication answers its 404 before the upload is read.
      owner: ({ actor, params }) => loadScopedProviderCommunication(db, actor, params.id!),
      handler: ({ actor, params, files: uploads }) =>
        uploadProviderDocuments(db, files, config, actor, params.id!, uploads),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/resendmail/:a/:b`,
      access,
      tags,
      summary: 'New link for delegate b of provider communication a (earlier links stop working)',
      schema: { params: s.params(['id', 'a', 'b']), response: s.delegateMailResent },
      handler: async ({ actor, params }) =>
        kick(await resendDelegateMail(db, config, actor, params.id!, params.a!, params.b!)),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/:x/provideremaillist`,
      access,
      tags,
      summary: 'Users of the provider and its sites, for delegating provider communication x',
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params }) =>
        providerEmailList(db, actor, null, { communicationId: params.id!, pcId: params.x! }),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/:x/internalaction/:y`,
      access,
      tags,
      summary: 'Internal actions of provider communication x (y = 0 for all, or one)',
      schema: { params: s.params(['id', 'x', 'y'], { zero: ['y'] }) },
      handler: ({ actor, params }) => listInternalActions(db, actor, params.id!, params.x!, params.y!),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/:x/actions/:y`,
      access,
      tags,
      summary: 'Answer action y (submit: false keeps a draft)',
      schema: { params: s.params(['id', 'x', 'y']), body: s.answerBody, response: s.answerResult },
      handler: ({ actor, params, body }) => providerAnswer(db, actor, params.id!, params.x!, params.y!, body),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/:x/actions/:y/units`,
      access,
      tags,
      summary:
        'Answer per-unit action y for some of your own rows (answers: [{ rowId, valueText | valueNumeric | valueYesNo }]); all rows answered submits the action',
      schema: { params: s.params(['id', 'x', 'y']), body: s.unitAnswersBody, response: s.unitAnswerResult },
      handler: ({ actor, params, body }) =>
        providerAnswerUnits(db, actor, params.id!, params.x!, params.y!, body.answers),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/:x/actions/:y/file`,
      access,
      tags,
      summary: 'Files of action y',
      schema: { params: s.params(['id', 'x', 'y']), response: s.fileList },
      handler: ({ actor, params }) => providerActionFiles(db, config, actor, params.id!, params.x!, params.y!),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/:x/actions/:y/file`,
      access,
      tags,
      multipart: true,
      summary: 'Upload files to an Image or Document action (form field file)',
      schema: { params: s.params(['id', 'x', 'y']), response: s.fileList },
      owner: ({ actor, params }) =>
        loadScopedProviderCommunication(db, actor, params.x!, { communicationId: params.id! }),
      handler: ({ actor, params, files: uploads }) =>
        providerUploadActionFiles(db, files, config, actor, params.id!, params.x!, params.y!, uploads),
    }),
    route({
      method: 'DELETE',
      path: `${base}/:id/:x/actions/:y/file/:f`,
      access,
      tags,
      summary: 'Delete file f of action y',
      schema: { params: s.params(['id', 'x', 'y', 'f']) },
      handler: async ({ actor, params }) => {
        await providerDeleteActionFile(db, actor, params.id!, params.x!, params.y!, params.f!);
        return messageResult('Successfully Deleted!', null);
      },
    }),
    route({
      method: 'DELETE',
      path: `${base}/:id/:x/responses/:u`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary:
        "Delete the caller's own eR responses row (u = its user id): discards its drafts, or hides its submitted response from its list",
      schema: { params: s.params(['id', 'x', 'u']), response: s.responseRowDeleted },
      handler: async ({ actor, params }) => {
        const result = await deleteResponseRow(db, actor, params.id!, params.x!, params.u!);
        return messageResult(
          result.dismissed ? 'The response has been removed from your list.' : 'Your draft response has been deleted.',
          result,
        );
      },
    }),
    route({
      method: 'POST',
      path: `${base}/:id/:x/:y`,
      access,
      tags,
      summary: 'Delegate provider communication x (y = 0) or its action y to an email',
      schema: { params: s.params(['id', 'x', 'y'], { zero: ['y'] }), body: s.delegateBody, response: s.delegationMade },
      handler: async ({ actor, params, body }) =>
        kick(await createDelegation(db, config, actor, params.id!, params.x!, params.y!, body)),
    }),
  ];
}
