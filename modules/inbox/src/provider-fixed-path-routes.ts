import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import { providerAnswerAll } from './services/answers.js';
import { validDomain } from './services/provider-workflow.js';
import { changeHistory, supplierContact } from './services/provider-communication.js';
import { createProviderCreatedCommunication, providerEdit } from './services/created-communications.js';
import { delegateEmailList, providerEmailList } from './services/delegates.js';
import { providerInfoMail, providerMailEvents, providerMails } from './services/mails.js';
import * as s from './schemas.js';
import { PROVIDER_EVENT_PERMISSIONS } from './services/scope.js';
import {
  deleteProviderDocument,
  getProviderDocument,
  getAnswerFile,
  saveInternalAction,
} from './services/workspace.js';

const tags = ['provider communications'];
const access = PROVIDER_EVENT_PERMISSIONS;

/**
 * Calls named by a fixed segment after the base (a supplier's contact, documents and files, email lists and mails,
 * the provider's own events, internal actions, answers to several actions): before the /:id routes, which would
 * otherwise take them.
 */
export function providerFixedPathRoutes({ db, config }: ModuleDeps): Route[] {
  const base = '/provider/communications';
  return [
    route({
      method: 'GET',
      path: `${base}/suppliercontact/:id`,
      access,
      tags,
      summary: 'Supplier contact of an event received (id = communication id)',
      schema: { params: s.params(['id']), response: s.supplierContact },
      handler: ({ actor, params }) => supplierContact(db, actor, params.id!),
    }),
    route({
      method: 'GET',
      path: `${base}/document/:id`,
      access,
      tags,
      summary: 'One provider-uploaded document (signed links)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => getProviderDocument(db, config, actor, params.id!),
    }),
    route({
      method: 'PUT',
      path: `${base}/document/:id`,
      access,
      tags,
      summary: 'Delete a provider-uploaded document',
      schema: { params: s.params(['id']) },
      handler: async ({ actor, params }) => {
        await deleteProviderDocument(db, actor, params.id!);
        return messageResult('Document deleted successfully.', null);
      },
    }),
    route({
      method: 'GET',
      path: `${base}/file/delegateAction/:id`,
      access,
      tags,
      summary: 'One answer file uploaded by a delegate (signed links)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => getAnswerFile(db, config, actor, params.id!, true),
    }),
    route({
      method: 'GET',
      path: `${base}/file/:id`,
      access,
      tags,
      summary: 'One answer file (signed links)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => getAnswerFile(db, config, actor, params.id!),
    }),
    route({
      method: 'GET',
      path: `${base}/valid-domain/emailid/:a/:b`,
      access,
      tags,
      summary: 'Is the email (b) of the domain of organisation a (the provider or a site)?',
      schema: { params: s.params(['a', 'b'], { strings: { b: { type: 'string', minLength: 3, maxLength: 254 } } }) },
      handler: ({ actor, params }) => validDomain(db, actor, params.a, params.b),
    }),
    route({
      method: 'GET',
      path: `${base}/provider-edit/:id`,
      access,
      tags,
      summary: 'A provider-created event for its edit form (id = communication id)',
      schema: { params: s.params(['id']), response: s.providerEditData },
      handler: ({ actor, params }) => providerEdit(db, actor, params.id!),
    }),
    route({
      method: 'GET',
      path: `${base}/delegate/:id/:flag/emaillist`,
      access,
      tags,
      summary: 'Emails of the delegates of a provider communication (id); flag active or all',
      schema: { params: s.params(['id', 'flag'], { strings: { flag: { type: 'string', enum: ['active', 'all'] } } }) },
      handler: ({ actor, params }) => delegateEmailList(db, actor, params.id, params.flag),
    }),
    route({
      method: 'GET',
      path: `${base}/meta/:id/emaillist`,
      access,
      tags,
      summary: 'Active users of organisation id (the provider or one of its sites)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => providerEmailList(db, actor, [params.id!]),
    }),
    route({
      method: 'GET',
      path: `${base}/providerInfoMail/:id`,
      access,
      tags,
      summary: 'One email about a provider communication (bodies holding a personal link are withheld)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => providerInfoMail(db, actor, params.id!),
    }),
    route({
      method: 'GET',
      path: `${base}/providerMail/:a/infomail/:b/:c/:d`,
      access,
      tags,
      summary:
        'Delivery events (d: Opened, Click, Sent, Delivered, Error or all) of email c of provider communication b of event a',
      schema: {
        params: s.params(['a', 'b', 'c', 'd'], {
          strings: { d: { type: 'string', enum: ['Opened', 'Click', 'Sent', 'Delivered', 'Error', 'all'] } },
        }),
      },
      handler: ({ actor, params }) => providerMailEvents(db, actor, params.a, params.b, params.c, params.d),
    }),
    route({
      method: 'GET',
      path: `${base}/providerMail/:a/:b/:c`,
      access,
      tags,
      summary: 'Emails about provider communication b of event a (c = email kind or all)',
      schema: {
        params: s.params(['a', 'b', 'c'], {
          strings: { c: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z_]+$' } },
        }),
      },
      handler: ({ actor, params }) => providerMails(db, actor, params.a, params.b, params.c),
    }),
    route({
      method: 'POST',
      path: `${base}/step0`,
      access,
      tags,
      summary: 'Create a provider-created (internal) recall or advisory',
      schema: { body: s.step0Body, response: s.providerCreatedCommunication },
      handler: ({ actor, body }) => createProviderCreatedCommunication(db, actor, body),
    }),
    route({
      method: 'POST',
      path: `${base}/internalaction`,
      access,
      tags,
      summary: 'Create (no id) or update an internal follow-up action',
      schema: { body: s.internalActionBody },
      handler: ({ actor, body }) => saveInternalAction(db, actor, body),
    }),
    route({
      method: 'POST',
      path: `${base}/change-history`,
      access,
      tags,
      summary: 'Post-approval changes of an event received',
      schema: { body: s.communicationRefBody },
      handler: ({ actor, body }) => changeHistory(db, actor, body.communicationId, body.providerCommunicationId),
    }),
    route({
      method: 'PUT',
      path: `${base}/response`,
      access,
      tags,
      summary: 'Answer several actions at once (all or nothing)',
      schema: { body: s.responseBody, response: s.answerResult },
      handler: ({ actor, body }) =>
        providerAnswerAll(db, actor, body.communicationId, body.providerCommunicationId, body.answers),
    }),
  ];
}
