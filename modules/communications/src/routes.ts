import { emailSchema, idSchema, messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import type { CommunicationType } from './constants.js';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import {
  actionAnswersSchema,
  actionCountsSchema,
  affectedLocationPageSchema,
  affectedLocationRowSchema,
  communicationDetailSchema,
  communicationListPageSchema,
  communicationMetaSchema,
  communicationRowSchema,
  customerPageSchema,
  eventDocumentSchema,
  eventDocumentsSchema,
  eventSalesRepsSchema,
  historyEntriesSchema,
  noticeViewSchema,
  providerProgressPageSchema,
  salesRepsNotifiedSchema,
} from './output-schemas.js';
import * as schema from './schemas.js';
import { loadOwnCommunication } from './services/access.js';
import { deleteDocument, getDocument, listDocuments, uploadDocuments } from './services/documents.js';
import {
  type ActionInput,
  approveCommunication,
  deleteCommunication,
  type CommunicationInfo,
  getCommunication,
  listCommunications,
  type ProductInput,
  saveStep0,
  saveStep1,
  saveStep2,
  toggleCloseOpen,
  updateStatus,
} from './services/communications.js';
import { listHistory } from './services/history.js';
import {
  allAffectedLocations,
  listAffectedLocations,
  locationsByFile,
  updateLocationStatus,
} from './services/locations.js';
import { getMeta } from './services/meta.js';
import {
  actionResponses,
  actionSummaries,
  addChangeNote,
  postUpdate,
  providerProgress,
  providerView,
  resendNotice,
} from './services/tracking.js';
import {
  type CustomerInput,
  listCustomers,
  removeRecipients,
  saveStep3,
  type Step3Input,
} from './services/recipients.js';
import { fanOutNotices, type SendOptions, sendNotifications } from './services/sending.js';
import { getSalesRepresentatives } from '@portal/organizations';
import { providerOfEmail } from './services/recipients.js';
import { notifySalesReps, salesRepView } from './services/sales-reps.js';
import {
  type InternalActionInput,
  listInternalActions,
  saveInternalAction,
  supplierDelegate,
} from './services/supplier-workflow.js';

const tags = ['supplier communications'];
const access = SUPPLIER_EVENT_PERMISSIONS;
const LOCATION_STATUSES = ['COVERED', 'EMAILED', 'NON_COVERED', 'UNABLE_PROCESSED', 'INVALID'];

export function supplierCommunicationRoutes({ db, config, mail, files, logger }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  return [
    route({
      method: 'GET',
      path: `${base}/meta`,
      access,
      tags,
      summary: 'Every list the recall wizard needs',
      schema: { response: communicationMetaSchema },
      handler: ({ actor }) => getMeta(db, actor),
    }),
    route<unknown, Record<string, unknown> & { communicationType?: CommunicationType }>({
      method: 'GET',
      path: base,
      access,
      tags,
      summary: "The supplier's recalls or advisories (paged)",
      schema: { query: schema.listQuery, response: communicationListPageSchema },
      handler: ({ actor, query }) => listCommunications(db, actor, query),
    }),
    route<CommunicationInfo & { id?: number }>({
      method: 'POST',
      path: `${base}/step0`,
      access,
      tags,
      summary: "Step 0: create or update a draft's information",
      schema: { body: schema.step0Body, response: communicationDetailSchema },
      handler: ({ actor, body }) => saveStep0(db, actor, body),
    }),
    route<{ id: number; products: ProductInput[] }>({
      method: 'POST',
      path: `${base}/step1`,
      access,
      tags,
      summary: "Step 1: the draft's products (replaces the list)",
      schema: { body: schema.step1Body, response: communicationDetailSchema },
      handler: ({ actor, body }) => saveStep1(db, actor, body.id, body.products),
    }),
    route<{ id: number; actions: ActionInput[] }>({
      method: 'POST',
      path: `${base}/step2`,
      access,
      tags,
      summary: "Step 2: the draft's ordered actions (replaces the list)",
      schema: { body: schema.step2Body, response: communicationDetailSchema },
      handler: ({ actor, body }) => saveStep2(db, actor, body.id, body.actions),
    }),
    route<Step3Input>({
      method: 'POST',
      path: `${base}/step3`,
      access,
      tags,
      summary: 'Step 3: add affected customers (picked providers, addresses)',
      schema: { body: schema.step3Body },
      handler: ({ actor, body }) => saveStep3(db, actor, body),
    }),
    route<{ id: number; customers: CustomerInput[] }>({
      method: 'POST',
      path: `${base}/step3/customers`,
      access,
      tags,
      summary: 'Step 3: add affected customers by name and email',
      schema: { body: schema.customersBody },
      handler: ({ actor, body }) => saveStep3(db, actor, body),
    }),
    route<unknown, { email: string }>({
      method: 'GET',
      path: `${base}/valid-domain`,
      access,
      tags,
      summary: "Whether an email address belongs to a known provider's domain (and which)",
      schema: {
        query: {
          type: 'object',
          required: ['email'],
          properties: { email: emailSchema },
        },
      },
      handler: ({ query }) => providerOfEmail(db, query.email),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/file/:id`,
      access,
      tags,
      summary: 'One document with signed links (same as document/{id})',
      schema: { params: schema.idParams, response: eventDocumentSchema },
      handler: ({ actor, params }) => getDocument(db, config.jwtSecret, actor, params.id),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/:id/salesreps`,
      access,
      tags,
      summary: "The supplier's active sales representatives for this event's sales-rep forms",
      schema: { params: schema.idParams, response: eventSalesRepsSchema },
      handler: async ({ actor, params }) => {
        await loadOwnCommunication(db, actor, params.id);
        return getSalesRepresentatives(db, actor);
      },
    }),
    route<{ sales_rep_ids?: number[] }, unknown, { id: number }>({
      method: 'POST',
      path: `${base}/:id/salesreps/notify`,
      access,
      tags,
      summary: 'Send a supply advisory to sales representatives (personal read-only links)',
      schema: {
        params: schema.idParams,
        body: { type: 'object', properties: { sales_rep_ids: { type: 'array', maxItems: 1000, items: idSchema } } },
        response: salesRepsNotifiedSchema,
      },
      handler: async ({ actor, params, body }) => {
        const result = await notifySalesReps(db, config, actor, params.id, body.sales_rep_ids);
        mail.kick();
        return messageResult(`${result.emails_queued} sales representative(s) notified.`, result);
      },
    }),
    route<unknown, { token?: string }>({
      method: 'GET',
      path: '/supplier/sales-rep/disruption-notice',
      access: 'public',
      tags: ['public notice forms'],
      summary:
        "The sales-rep disruption form: the advisory and its customers' progress (query token of the emailed link)",
      schema: {
        query: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
        response: schema.salesRepViewSchema,
      },
      handler: ({ query }) => salesRepView(db, query.token),
    }),
    route<InternalActionInput & { communication_id: number }>({
      method: 'POST',
      path: `${base}/internalaction`,
      access,
      tags,
      summary: 'Create (or, with id, update) a supplier follow-up task on an event',
      schema: { body: schema.internalActionBody },
      handler: ({ actor, body }) => saveInternalAction(db, actor, body.communication_id, body),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/:id/internalaction`,
      access,
      tags,
      summary: "The supplier's follow-up tasks on an event",
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => listInternalActions(db, actor, params.id),
    }),
    route<
      { provider_communication_id: number; email: string; action_id?: number | null; message?: string | null },
      unknown,
      { id: number }
    >({
      method: 'POST',
      path: `${base}/:id/delegate`,
      access,
      tags,
      summary:
        'Delegate submit: ask someone to answer a provider communication (or one action) through the supplier-delegate form',
      schema: { params: schema.idParams, body: schema.supplierDelegateBody },
      handler: async ({ actor, params, body }) => {
        const result = await supplierDelegate(db, config, actor, params.id, body);
        mail.kick();
        return messageResult('The delegate has been emailed a link.', result);
      },
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/:id`,
      access,
      tags,
      summary: 'One event with its products and actions',
      schema: { params: schema.idParams, response: communicationDetailSchema },
      handler: ({ actor, params }) => getCommunication(db, actor, params.id),
    }),
    route<unknown, Record<string, unknown>, { id: number }>({
      method: 'GET',
      path: `${base}/:id/customers`,
      access,
      tags,
      summary: 'Affected customers and their notice progress',
      schema: { params: schema.idParams, query: schema.listQuery, response: customerPageSchema },
      handler: ({ actor, params, query }) => listCustomers(db, actor, params.id, query),
    }),
    route<unknown, Record<string, unknown>, { id: number }>({
      method: 'GET',
      path: `${base}/:id/locations`,
      access,
      tags,
      summary: 'Affected locations (paged; filters of spec 001 §3)',
      schema: { params: schema.idParams, query: schema.listQuery, response: affectedLocationPageSchema },
      handler: ({ actor, params, query }) => listAffectedLocations(db, actor, params.id, query),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/:id/locations-all`,
      access,
      tags,
      summary: 'Every affected location of the event',
      schema: { params: schema.idParams, response: { type: 'array', items: affectedLocationRowSchema } },
      handler: async ({ actor, params }) => {
        const all = [];
        for await (const batch of allAffectedLocations(db, actor, params.id)) all.push(...batch);
        return all;
      },
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/:id/locations-by-file`,
      access,
      tags,
      summary: 'Affected locations counted by location file and status',
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => locationsByFile(db, actor, params.id),
    }),
    route<{ location_ids?: number[] }, unknown, { id: number; status: string }>({
      method: 'PUT',
      path: `${base}/:id/update-status/:status`,
      access,
      tags,
      summary:
        "With location_ids: set those affected locations' status (COVERED, EMAILED, NON_COVERED, UNABLE_PROCESSED, INVALID); otherwise move the event to DRAFT/OPEN/CLOSED/DELETED",
      schema: { params: schema.statusParams, body: schema.locationIdsBody },
      handler: async ({ actor, params, body }) => {
        if (LOCATION_STATUSES.includes(params.status))
          return updateLocationStatus(db, actor, params.id, body.location_ids ?? [], params.status);
        return updateStatus(db, actor, params.id, params.status);
      },
    }),
    route<{ customer_ids?: number[]; location_ids?: number[] }, unknown, { id: number }>({
      method: 'PUT',
      path: `${base}/:id/remove-locations`,
      access,
      tags,
      summary: 'Remove affected locations and not-yet-notified customers',
      schema: { params: schema.idParams, body: schema.removeBody },
      handler: ({ actor, params, body }) => removeRecipients(db, actor, params.id, body),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'PUT',
      path: `${base}/:id/close-open`,
      access,
      tags,
      summary: 'Close an open event, or reopen a closed one',
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => toggleCloseOpen(db, actor, params.id),
    }),
    route<unknown, unknown, { id: number; x: string }>({
      method: 'PUT',
      path: `${base}/:id/delete/:x`,
      access,
      tags,
      summary: 'Delete a draft (an approved event is refused with 409); {x} is accepted for client compatibility',
      schema: { params: schema.anySegmentParams('x') },
      handler: async ({ actor, params }) => {
        await deleteCommunication(db, actor, params.id);
        return messageResult('The event has been deleted.', null);
      },
    }),
    route<unknown, unknown, { id: number; a: string; b: string }>({
      method: 'PUT',
      path: `${base}/:id/approve-recall/:a/:b`,
      access,
      tags,
      summary: 'Approve a complete draft (DRAFT to OPEN); {a}/{b} are accepted for client compatibility',
      schema: {
        params: {
          ...schema.anySegmentParams('a'),
          required: ['id', 'a', 'b'],
          properties: { ...schema.anySegmentParams('a').properties, b: { type: 'string', maxLength: 50 } },
        },
        response: communicationRowSchema,
      },
      handler: ({ actor, params }) => approveCommunication(db, actor, params.id),
    }),
    route<unknown, SendOptions, { id: number; x: string }>({
      method: 'PUT',
      path: `${base}/:id/send-notification/:x`,
      access,
      tags,
      summary: 'Send the notices: one provider communication per customer, one email per recipient',
      schema: { params: schema.anySegmentParams('x'), query: schema.sendQuery },
      handler: async ({ actor, params, query }) => {
        const { fanOut, ...result } = await sendNotifications(db, config, actor, params.id, query);
        mail.kick();
        // The rest of a large send is queued after the answer, chunk by chunk (the notice-fanout job resumes it after
        // a restart).
        if (fanOut)
          void fanOutNotices(db, config, { mail }).catch((err: unknown) =>
            logger.error({ err, communicationId: params.id }, 'notice fan-out failed'),
          );
        return messageResult(`${result.emails_queued} notification email(s) queued.`, result);
      },
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/:id/actions`,
      access,
      tags,
      summary: "The event's actions with counts of answers",
      schema: { params: schema.idParams, response: actionCountsSchema },
      handler: ({ actor, params }) => actionSummaries(db, actor, params.id),
    }),
    route<unknown, Record<string, unknown>, { id: number }>({
      method: 'GET',
      path: `${base}/:id/actions/provider`,
      access,
      tags,
      summary: 'Progress of every provider communication (paged)',
      schema: { params: schema.idParams, query: schema.listQuery, response: providerProgressPageSchema },
      handler: ({ actor, params, query }) => providerProgress(db, actor, params.id, query),
    }),
    route<unknown, unknown, { id: number; a: number; b: string }>({
      method: 'GET',
      path: `${base}/:id/actions/provider/:a/:b`,
      access,
      tags,
      summary: 'One provider communication ({a}) with its answers; {b} is accepted for client compatibility',
      schema: {
        params: {
          type: 'object',
          required: ['id', 'a', 'b'],
          properties: { id: idSchema, a: idSchema, b: { type: 'string', maxLength: 50 } },
        },
        response: noticeViewSchema,
      },
      handler: ({ actor, params }) => providerView(db, config, actor, params.id, params.a),
    }),
    route<unknown, unknown, { id: number; a: number; b: string; c: string }>({
      method: 'GET',
      path: `${base}/:id/actions/provider/:a/:b/:c`,
      access,
      tags,
      summary: 'One provider communication ({a}) with its answers',
      schema: {
        params: {
          type: 'object',
          required: ['id', 'a', 'b', 'c'],
          properties: {
            id: idSchema,
            a: idSchema,
            b: { type: 'string', maxLength: 50 },
            c: { type: 'string', maxLength: 50 },
          },
        },
        response: noticeViewSchema,
      },
      handler: ({ actor, params }) => providerView(db, config, actor, params.id, params.a),
    }),
    route<unknown, unknown, { id: number; x: number }>({
      method: 'GET',
      path: `${base}/:id/actions/:x`,
      access,
      tags,
      summary: 'Every answer to one action',
      schema: {
        params: { type: 'object', required: ['id', 'x'], properties: { id: idSchema, x: idSchema } },
        response: actionAnswersSchema,
      },
      handler: ({ actor, params }) => actionResponses(db, actor, params.id, params.x),
    }),
    route<unknown, unknown, { id: number; pcId: number }>({
      method: 'GET',
      path: `${base}/:id/view/:pcId`,
      access,
      tags,
      summary: 'One provider communication as its recipient sees it',
      schema: {
        params: { type: 'object', required: ['id', 'pcId'], properties: { id: idSchema, pcId: idSchema } },
        response: noticeViewSchema,
      },
      handler: ({ actor, params }) => providerView(db, config, actor, params.id, params.pcId),
    }),
    route<{ email?: string }, unknown, { id: number; pcId: number }>({
      method: 'POST',
      path: `${base}/:id/resendmail/:pcId`,
      access,
      tags,
      summary: "Send a provider communication's notice again (older links stop working)",
      schema: {
        params: { type: 'object', required: ['id', 'pcId'], properties: { id: idSchema, pcId: idSchema } },
        body: { type: 'object', properties: { email: emailSchema } },
      },
      handler: async ({ actor, params, body }) => {
        const result = await resendNotice(db, config, actor, params.id, params.pcId, body.email);
        mail.kick();
        return messageResult('The notice has been sent again.', result);
      },
    }),
    route<{ changes: Record<string, string | null>; note?: string; notify?: boolean }, unknown, { id: number }>({
      method: 'POST',
      path: `${base}/:id/postupdate`,
      access,
      tags,
      summary: 'Change an approved event (recorded in the change history; optionally notify recipients)',
      schema: { params: schema.idParams, body: schema.postUpdateBody },
      handler: async ({ actor, params, body }) => {
        const result = await postUpdate(db, config, actor, params.id, body);
        if (result.emails_queued) mail.kick();
        return result;
      },
    }),
    route<{ communication_id: number; note: string }>({
      method: 'POST',
      path: `${base}/change-history`,
      access,
      tags,
      summary: "Add a note to an event's change history",
      schema: {
        body: {
          type: 'object',
          required: ['communication_id', 'note'],
          properties: {
            communication_id: idSchema,
            note: { type: 'string', minLength: 1, maxLength: 5000, pattern: '\\S' },
          },
        },
      },
      handler: async ({ actor, body }) => {
        await addChangeNote(db, actor, body.communication_id, body.note);
        return messageResult('The note has been added to the change history.', null);
      },
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/:id/histories`,
      access,
      tags,
      summary: 'Everything that happened to the event, newest first',
      schema: { params: schema.idParams, response: historyEntriesSchema },
      handler: async ({ actor, params }) => {
        await loadOwnCommunication(db, actor, params.id);
        return listHistory(db, params.id);
      },
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/:id/Audit`,
      access,
      tags,
      summary: 'Changes made after approval (the change history)',
      schema: { params: schema.idParams, response: historyEntriesSchema },
      handler: async ({ actor, params }) => {
        await loadOwnCommunication(db, actor, params.id);
        return listHistory(db, params.id, { changesOnly: true });
      },
    }),
    route<unknown, { kind: 'DOCUMENT' | 'SUPPORTING' }, { id: number }>({
      method: 'POST',
      path: `${base}/:id/documents`,
      access,
      tags,
      multipart: true,
      summary: 'Upload notice or supporting documents (multipart field `file`)',
      schema: { params: schema.idParams, query: schema.uploadQuery, response: eventDocumentsSchema },
      handler: async ({ actor, params, query, files: uploads }) =>
        uploadDocuments(db, files, config.jwtSecret, actor, params.id, uploads, query.kind),
    }),
    route<unknown, { kind?: string }, { id: number }>({
      method: 'GET',
      path: `${base}/:id/documents`,
      access,
      tags,
      summary: "The event's documents with signed links",
      schema: { params: schema.idParams, query: schema.uploadQuery, response: eventDocumentsSchema },
      handler: ({ actor, params, query }) => listDocuments(db, config.jwtSecret, actor, params.id, query.kind),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET',
      path: `${base}/document/:id`,
      access,
      tags,
      summary: 'One document with signed links (signed_url, signed_url_review)',
      schema: { params: schema.idParams, response: eventDocumentSchema },
      handler: ({ actor, params }) => getDocument(db, config.jwtSecret, actor, params.id),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'DELETE',
      path: `${base}/document/:id`,
      access,
      tags,
      summary: 'Delete a document',
      schema: { params: schema.idParams },
      handler: async ({ actor, params }) => {
        await deleteDocument(db, actor, params.id);
        return messageResult('Document deleted successfully.', null);
      },
    }),
  ];
}
