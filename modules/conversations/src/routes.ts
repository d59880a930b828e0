import { type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from '@portal/communications';
import * as s from './schemas.js';
import { getFile, getThread, listConversations } from './services/conversation-reads.js';
import { postMessage, setConversationStatus, startConversation } from './services/conversation-writes.js';
import { providerParty, supplierParty } from './services/conversations.js';

const tags = ['conversations'];
/**
 * Every provider role passes the BFF (a Responder too), so that the service answers a user whose role may not see the
 * event's type with 404 rather than 403: its conversations are not there for that user.
 */
const PROVIDER_EVENT_PERMISSIONS = ['Provider_ManageRecalls', 'Provider_ManageDisruption', 'Provider_ResponderRole'];

/**
 * Spec 001 §7.2. Supplier: under `/supplier/communications/:id/conversations` (id = the event). Provider: under
 * `/provider/communications/:id/:x/conversations` (id = the event, x = the provider communication). The module is
 * mounted before communications and inbox, whose `/:id/:x/:y` routes would otherwise take these paths.
 */
export function conversationRoutes({ db, config, files, mail }: ModuleDeps): Route[] {
  const sup = '/supplier/communications/:id/conversations';
  const prov = '/provider/communications/:id/:x/conversations';
  const kick = <T>(value: T): T => {
    mail.kick();
    return value;
  };
  return [
    // ---- supplier ----
    route({
      method: 'GET',
      path: sup,
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags,
      summary: "The event's conversations, newest activity first, with unread counts",
      schema: { params: s.params(['id']), response: s.listSchema },
      handler: async ({ actor, params }) => listConversations(db, await supplierParty(db, actor, params.id!)),
    }),
    route({
      method: 'GET',
      path: `${sup}/:cid`,
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags,
      summary: 'One conversation with its messages (opening it marks it read for the supplier)',
      schema: { params: s.params(['id', 'cid']), response: s.threadSchema },
      handler: async ({ actor, params }) =>
        getThread(db, config, await supplierParty(db, actor, params.id!), params.cid!),
    }),
    route({
      method: 'PUT',
      path: `${sup}/:cid`,
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags,
      summary: 'Close or reopen a conversation (status OPEN or CLOSED)',
      schema: { params: s.params(['id', 'cid']), body: s.statusBody, response: s.threadSchema },
      handler: async ({ actor, params, body }) =>
        setConversationStatus(db, config, await supplierParty(db, actor, params.id!), params.cid!, body.status),
    }),
    route({
      method: 'POST',
      path: `${sup}/:cid/message`,
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags,
      multipart: true,
      summary: 'Add a message (multipart: text in `message`, files in any part; JSON without files also works)',
      schema: { params: s.params(['id', 'cid']), body: s.messageBody, response: s.threadSchema },
      handler: async ({ actor, params, body, files: uploads }) =>
        kick(
          await postMessage(db, files, config, await supplierParty(db, actor, params.id!), params.cid!, body, uploads),
        ),
    }),
    route({
      method: 'GET',
      path: `${sup}/:cid/file/:fileId`,
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags,
      summary: 'One file of the conversation (signed download and preview links)',
      schema: { params: s.params(['id', 'cid', 'fileId']), response: s.fileSchema },
      handler: async ({ actor, params }) =>
        getFile(db, config, await supplierParty(db, actor, params.id!), params.cid!, params.fileId!),
    }),
    route({
      method: 'POST',
      path: `${sup}/:a/:b/:c`,
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags,
      multipart: true,
      summary:
        'Start a conversation with provider communication a of the event, whose provider organisation is b, about action c (0: the whole notice); subject and first message (multipart, files as in a message)',
      schema: { params: s.params(['id', 'a', 'b', 'c'], ['c']), body: s.startBody, response: s.threadSchema },
      handler: async ({ actor, params, body, files: uploads }) =>
        kick(
          await startConversation(
            db,
            files,
            config,
            await supplierParty(db, actor, params.id!),
            { pcId: params.a!, providerOrganizationId: params.b!, actionId: params.c || undefined },
            body,
            uploads,
          ),
        ),
    }),

    // ---- provider ----
    route({
      method: 'GET',
      path: prov,
      access: PROVIDER_EVENT_PERMISSIONS,
      tags,
      summary: 'The conversations of provider communication x, newest activity first, with unread counts',
      schema: { params: s.params(['id', 'x']), response: s.listSchema },
      handler: async ({ actor, params }) =>
        listConversations(db, await providerParty(db, actor, params.id!, params.x!)),
    }),
    route({
      method: 'POST',
      path: prov,
      access: PROVIDER_EVENT_PERMISSIONS,
      tags,
      multipart: true,
      summary:
        "Start a conversation with the event's supplier: subject, first message, optional action_id (multipart, files as in a message)",
      schema: {
        params: s.params(['id', 'x']),
        body: { ...s.startBody, properties: { ...s.startBody.properties, action_id: s.params(['a']).properties.a } },
        response: s.threadSchema,
      },
      handler: async ({ actor, params, body, files: uploads }) => {
        const party = await providerParty(db, actor, params.id!, params.x!);
        return kick(
          await startConversation(
            db,
            files,
            config,
            party,
            { pcId: params.x!, actionId: body.action_id },
            body,
            uploads,
          ),
        );
      },
    }),
    route({
      method: 'GET',
      path: `${prov}/:cid`,
      access: PROVIDER_EVENT_PERMISSIONS,
      tags,
      summary: 'One conversation with its messages (opening it marks it read for the provider)',
      schema: { params: s.params(['id', 'x', 'cid']), response: s.threadSchema },
      handler: async ({ actor, params }) =>
        getThread(db, config, await providerParty(db, actor, params.id!, params.x!), params.cid!),
    }),
    route({
      method: 'PUT',
      path: `${prov}/:cid`,
      access: PROVIDER_EVENT_PERMISSIONS,
      tags,
      summary: 'Close or reopen a conversation (status OPEN or CLOSED)',
      schema: { params: s.params(['id', 'x', 'cid']), body: s.statusBody, response: s.threadSchema },
      handler: async ({ actor, params, body }) =>
        setConversationStatus(
          db,
          config,
          await providerParty(db, actor, params.id!, params.x!),
          params.cid!,
          body.status,
        ),
    }),
    route({
      method: 'POST',
      path: `${prov}/:cid/message`,
      access: PROVIDER_EVENT_PERMISSIONS,
      tags,
      multipart: true,
      summary: 'Add a message (multipart: text in `message`, files in any part)',
      schema: { params: s.params(['id', 'x', 'cid']), body: s.messageBody, response: s.threadSchema },
      handler: async ({ actor, params, body, files: uploads }) =>
        kick(
          await postMessage(
            db,
            files,
            config,
            await providerParty(db, actor, params.id!, params.x!),
            params.cid!,
            body,
            uploads,
          ),
        ),
    }),
    route({
      method: 'GET',
      path: `${prov}/:cid/file/:fileId`,
      access: PROVIDER_EVENT_PERMISSIONS,
      tags,
      summary: 'One file of the conversation (signed download and preview links)',
      schema: { params: s.params(['id', 'x', 'cid', 'fileId']), response: s.fileSchema },
      handler: async ({ actor, params }) =>
        getFile(db, config, await providerParty(db, actor, params.id!, params.x!), params.cid!, params.fileId!),
    }),
  ];
}
