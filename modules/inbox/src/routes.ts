import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import {
  providerAcknowledge,
  providerActionFiles,
  providerActions,
  providerAnswer,
  providerAnswerAll,
  providerAnswerUnits,
  providerDeleteActionFile,
  providerUploadActionFiles,
} from './services/answers.js';
import { assertAccessOrDeny, communicationDetails, requestAccess } from './services/access-requests.js';
import {
  addReportHistory,
  changeHistory,
  changeStatus,
  histories,
  isSite,
  listProviderCommunications,
  metaSites,
  providerMeta,
  providerRecall,
  type ProviderListQuery,
  reportHistory,
  responseDetails,
  searchMeta,
  sendInternalNotification,
  summary,
  supplierContact,
  supplierNameList,
  supportingDocuments,
  switchSite,
  updateNotification,
  validDomain,
} from './services/communications.js';
import {
  type CreatedAction,
  type CreatedEventInfo,
  type CreatedProduct,
  createProviderEvent,
  providerEdit,
  updateEventHistory,
  updateProviderEvent,
} from './services/created-events.js';
import {
  createDelegation,
  delegatedActions,
  delegateEmailList,
  listDelegates,
  providerEmailList,
  resendDelegateMail,
} from './services/delegates.js';
import { providerInfoMail, providerMailEvents, providerMails } from './services/mails.js';
import {
  providerAffectedLocationsReport,
  providerAffectedProductsReport,
  providerChangeHistoryReport,
  providerCustomContentCsv,
  providerCustomizedContentReport,
  providerDelegateSummaryReport,
  providerRecallSummaryReport,
} from './services/provider-reports.js';
import { deleteResponseRow } from './services/response-rows.js';
import * as s from './schemas.js';
import { PROVIDER_EVENT_PERMISSIONS, PROVIDER_LIST_PERMISSIONS } from './services/scope.js';
import {
  deleteProviderDocument,
  getNote,
  getNoteDocument,
  getProviderDocument,
  getResponseFile,
  type InternalActionInput,
  listInternalActions,
  listNotes,
  listProviderDocuments,
  saveInternalAction,
  saveNote,
  uploadProviderDocuments,
} from './services/workspace.js';
import { type AnswerInput, outputSchemas, type UnitAnswerInput } from '@portal/communications';

const tags = ['provider communications'];
const access = PROVIDER_EVENT_PERMISSIONS;
type P = Record<string, number>;

/**
 * Provider communications (001 §7.6), provider notes (§7.7) and the access-request calls of the shell (000 §7 /auth rows).
 * Paths keep the spec's spelling; the meaning of each segment is documented in docs/api-provider.md. Routes with fixed
 * segments come before those with parameters in the same position (the router answers with the first match).
 */
export function providerRoutes({ db, config, files, mail, logger }: ModuleDeps): Route[] {
  const base = '/provider/communications';
  const kick = <T>(value: T): T => {
    mail.kick();
    return value;
  };
  return [
    ...providerReportRoutes(db, logger),
    route<unknown, ProviderListQuery>({
      method: 'GET',
      path: base,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      schema: { query: s.listQuery, response: s.providerListPage },
      summary:
        'Provider communications received by the provider or its sites (paged; Responders see every row with allow_access)',
      handler: ({ actor, query }) => listProviderCommunications(db, actor, query),
    }),
    route({
      method: 'GET',
      path: `${base}/meta`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary: 'Vocabularies for provider lists and provider-created events',
      handler: ({ actor }) => providerMeta(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/meta-sites`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary: 'The provider and its sites',
      schema: { response: s.metaSites },
      handler: ({ actor }) => metaSites(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/is-site`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary: "Whether the caller's organisation is a site, and its parent",
      handler: ({ actor }) => isSite(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/search-meta`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary: 'Values the list filters offer (suppliers, sites, statuses)',
      handler: ({ actor }) => searchMeta(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/supplierNameList`,
      // The supplier contacts page picks its suppliers from this list too.
      access: [...access, 'Provider_ManageSupplierContacts'],
      tags,
      summary: 'Active suppliers (to name the supplier of a provider-created event)',
      schema: { response: s.namedList },
      handler: () => supplierNameList(db),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/suppliercontact/:id`,
      access,
      tags,
      summary: 'Supplier contact of an event received (id = communication id)',
      schema: { params: s.params(['id']), response: s.supplierContact },
      handler: ({ actor, params }) => supplierContact(db, actor, params.id!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/document/:id`,
      access,
      tags,
      summary: 'One provider-uploaded document (signed links)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => getProviderDocument(db, config, actor, params.id!),
    }),
    route<unknown, unknown, P>({
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
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/file/delegateAction/:id`,
      access,
      tags,
      summary: 'One answer file uploaded by a delegate (signed links)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => getResponseFile(db, config, actor, params.id!, true),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/file/:id`,
      access,
      tags,
      summary: 'One answer file (signed links)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => getResponseFile(db, config, actor, params.id!),
    }),
    route<unknown, unknown, { a: number; b: string }>({
      method: 'GET',
      path: `${base}/valid-domain/emailid/:a/:b`,
      access,
      tags,
      summary: 'Is the email (b) of the domain of organisation a (the provider or a site)?',
      schema: { params: s.params(['a', 'b'], { strings: { b: { type: 'string', minLength: 3, maxLength: 254 } } }) },
      handler: ({ actor, params }) => validDomain(db, actor, params.a, params.b),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/provider-edit/:id`,
      access,
      tags,
      summary: 'A provider-created event for its edit form (id = communication id)',
      schema: { params: s.params(['id']), response: s.providerEditData },
      handler: ({ actor, params }) => providerEdit(db, actor, params.id!),
    }),
    route<unknown, unknown, { id: number; flag: 'active' | 'all' }>({
      method: 'GET',
      path: `${base}/delegate/:id/:flag/emaillist`,
      access,
      tags,
      summary: 'Emails of the delegates of a provider communication (id); flag active or all',
      schema: { params: s.params(['id', 'flag'], { strings: { flag: { type: 'string', enum: ['active', 'all'] } } }) },
      handler: ({ actor, params }) => delegateEmailList(db, actor, params.id, params.flag),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/meta/:id/emaillist`,
      access,
      tags,
      summary: 'Active users of organisation id (the provider or one of its sites)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => providerEmailList(db, actor, [params.id!]),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/providerInfoMail/:id`,
      access,
      tags,
      summary: 'One email about a provider communication (bodies holding a personal link are withheld)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => providerInfoMail(db, actor, params.id!),
    }),
    route<unknown, unknown, { a: number; b: number; c: number; d: string }>({
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
    route<unknown, unknown, { a: number; b: number; c: string }>({
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
    route<CreatedEventInfo & { products?: CreatedProduct[]; actions?: CreatedAction[] }>({
      method: 'POST',
      path: `${base}/step0`,
      access,
      tags,
      summary: 'Create a provider-created (internal) recall or advisory',
      schema: { body: s.step0Body, response: s.providerEventCreated },
      handler: ({ actor, body }) => createProviderEvent(db, actor, body),
    }),
    route<InternalActionInput>({
      method: 'POST',
      path: `${base}/internalaction`,
      access,
      tags,
      summary: 'Create (no id) or update an internal follow-up action',
      schema: { body: s.internalActionBody },
      handler: ({ actor, body }) => saveInternalAction(db, actor, body),
    }),
    route<{ communicationId: number; providerCommunicationId: number }>({
      method: 'POST',
      path: `${base}/change-history`,
      access,
      tags,
      summary: 'Post-approval changes of an event received',
      schema: { body: s.communicationRefBody },
      handler: ({ actor, body }) => changeHistory(db, actor, body.communicationId, body.providerCommunicationId),
    }),
    route<{
      communicationId: number;
      providerCommunicationId: number;
      answers: (AnswerInput & { actionId: number })[];
    }>({
      method: 'PUT',
      path: `${base}/response`,
      access,
      tags,
      summary: 'Answer several actions at once (all or nothing)',
      schema: { body: s.responseBody, response: s.answerResult },
      handler: ({ actor, body }) =>
        providerAnswerAll(db, actor, body.communicationId, body.providerCommunicationId, body.answers),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/switch-sites/:x`,
      access,
      tags,
      summary: 'Move provider communication id to organisation x (the provider or one of its sites)',
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params }) => switchSite(db, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/summary/:x`,
      access,
      tags,
      summary: 'Progress summary (id = communication, x = provider communication)',
      schema: { params: s.params(['id', 'x']), response: s.providerSummary },
      handler: ({ actor, params }) => summary(db, config, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/response-details/:x`,
      access,
      tags,
      summary: 'Every action with its answer, responder and date',
      schema: { params: s.params(['id', 'x']), response: s.actionAnswerList },
      handler: ({ actor, params }) => responseDetails(db, config, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/provider-recall/:x`,
      access,
      tags,
      summary: 'The provider communication: event, products, actions with answers, documents, provider flags',
      schema: { params: s.params(['id', 'x']), response: outputSchemas.providerViewSchema },
      handler: ({ actor, params }) => providerRecall(db, config, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/update-event`,
      access,
      tags,
      summary: 'Edits made to a provider-created event',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => updateEventHistory(db, actor, params.id!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/supportingdoc`,
      access,
      tags,
      summary: 'Supporting documents of an event received (id = communication id)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => supportingDocuments(db, config, actor, params.id!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/actions/:x`,
      access,
      tags,
      summary: 'The actions with their answers and files',
      schema: { params: s.params(['id', 'x']), response: { type: 'array', items: outputSchemas.actionViewSchema } },
      handler: ({ actor, params }) => providerActions(db, config, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/histories/:x`,
      access,
      tags,
      summary: 'History of the provider communication',
      schema: { params: s.params(['id', 'x']), response: s.historyList },
      handler: ({ actor, params }) => histories(db, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/delegate/actions/:x`,
      access,
      tags,
      summary: 'Each action with the emails it is delegated to',
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params }) => delegatedActions(db, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/delegate/:x`,
      access,
      tags,
      summary: 'Delegates of the provider communication',
      schema: { params: s.params(['id', 'x']), response: s.delegateList },
      handler: ({ actor, params }) => listDelegates(db, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, { id: number; a: number; b: string }>({
      method: 'GET',
      path: `${base}/:id/report-history/:a/:b`,
      access,
      tags,
      summary: 'Reports run on the event (a = provider communication, b = report type or all)',
      schema: {
        params: s.params(['id', 'a', 'b'], {
          strings: { b: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[\\w-]+$' } },
        }),
      },
      handler: ({ actor, params }) => reportHistory(db, actor, params.id, params.a, params.b),
    }),
    route<unknown, unknown, { id: number; a: number; b: string }>({
      method: 'POST',
      path: `${base}/:id/add-report-history/:a/:b`,
      access,
      tags,
      summary: 'Record that a report (b) was run on the event',
      schema: {
        params: s.params(['id', 'a', 'b'], {
          strings: { b: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[\\w-]+$' } },
        }),
      },
      handler: ({ actor, params }) => addReportHistory(db, actor, params.id, params.a, params.b),
    }),
    route<unknown, unknown, P>({
      method: 'PUT',
      path: `${base}/:id/acknowledge/:x`,
      access,
      tags,
      summary: 'Acknowledge receipt',
      schema: { params: s.params(['id', 'x']), response: s.acknowledgement },
      handler: async ({ actor, params }) =>
        messageResult('The notice has been acknowledged.', await providerAcknowledge(db, actor, params.id!, params.x!)),
    }),
    route<{ status: 'OPEN' | 'COMPLETED' }, unknown, P>({
      method: 'PUT',
      path: `${base}/:id/change-status/:x`,
      access,
      tags,
      summary: "Set the provider's complete flag (status_provider OPEN or COMPLETED)",
      schema: { params: s.params(['id', 'x']), body: s.changeStatusBody },
      handler: ({ actor, params, body }) => changeStatus(db, actor, params.id!, params.x!, body.status),
    }),
    route<{ note?: string }, unknown, P>({
      method: 'PUT',
      path: `${base}/:id/update-notification/:x`,
      access,
      tags,
      summary: 'Record a notification-history entry (optional note); answers the history',
      schema: { params: s.params(['id', 'x']), body: s.notificationBody },
      handler: ({ actor, params, body }) => updateNotification(db, actor, params.id!, params.x!, body.note),
    }),
    route<{ message?: string }, unknown, P>({
      method: 'PUT',
      path: `${base}/:id/send-notification/:a/:b`,
      access,
      tags,
      summary: "Email the provider's own users about it (a = provider communication, b = organisation or 0 for all)",
      schema: { params: s.params(['id', 'a', 'b'], { zero: ['b'] }), body: s.notificationBody },
      handler: async ({ actor, params, body }) =>
        kick(await sendInternalNotification(db, config, actor, params.id!, params.a!, params.b!, body.message)),
    }),
    route<{ message?: string }, unknown, P>({
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
        body: s.notificationBody,
      },
      handler: async ({ actor, params, body }) =>
        kick(await sendInternalNotification(db, config, actor, params.a!, params.b!, params.c!, body.message)),
    }),
    route<CreatedEventInfo & { products?: CreatedProduct[]; actions?: CreatedAction[] }, unknown, P>({
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
        updateProviderEvent(db, actor, params.id!, params.a!, params.b as 0 | 1 | 2, body),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/file`,
      access,
      tags,
      summary: 'Provider-uploaded documents of provider communication id',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => listProviderDocuments(db, config, actor, params.id!),
    }),
    route<unknown, unknown, P>({
      method: 'POST',
      path: `${base}/:id/file`,
      access,
      tags,
      multipart: true,
      summary: 'Upload documents to provider communication id (form field file)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params, files: uploads }) =>
        uploadProviderDocuments(db, files, config, actor, params.id!, uploads),
    }),
    route<unknown, unknown, P>({
      method: 'POST',
      path: `${base}/:id/resendmail/:a/:b`,
      access,
      tags,
      summary: 'New link for delegate b of provider communication a (earlier links stop working)',
      schema: { params: s.params(['id', 'a', 'b']), response: s.delegateMailResent },
      handler: async ({ actor, params }) =>
        kick(await resendDelegateMail(db, config, actor, params.id!, params.a!, params.b!)),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/:x/provideremaillist`,
      access,
      tags,
      summary: 'Users of the provider and its sites, for delegating provider communication x',
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params }) =>
        providerEmailList(db, actor, null, { communicationId: params.id!, pcId: params.x! }),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/:x/internalaction/:y`,
      access,
      tags,
      summary: 'Internal actions of provider communication x (y = 0 for all, or one)',
      schema: { params: s.params(['id', 'x', 'y'], { zero: ['y'] }) },
      handler: ({ actor, params }) => listInternalActions(db, actor, params.id!, params.x!, params.y!),
    }),
    route<AnswerInput, unknown, P>({
      method: 'PUT',
      path: `${base}/:id/:x/actions/:y`,
      access,
      tags,
      summary: 'Answer action y (submit: false keeps a draft)',
      schema: { params: s.params(['id', 'x', 'y']), body: s.answerBody, response: s.answerResult },
      handler: ({ actor, params, body }) => providerAnswer(db, actor, params.id!, params.x!, params.y!, body),
    }),
    route<{ answers: UnitAnswerInput[] }, unknown, P>({
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
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/:x/actions/:y/file`,
      access,
      tags,
      summary: 'Files of action y',
      schema: { params: s.params(['id', 'x', 'y']), response: s.fileList },
      handler: ({ actor, params }) => providerActionFiles(db, config, actor, params.id!, params.x!, params.y!),
    }),
    route<unknown, unknown, P>({
      method: 'POST',
      path: `${base}/:id/:x/actions/:y/file`,
      access,
      tags,
      multipart: true,
      summary: 'Upload files to an Image or Document action (form field file)',
      schema: { params: s.params(['id', 'x', 'y']), response: s.fileList },
      handler: ({ actor, params, files: uploads }) =>
        providerUploadActionFiles(db, files, config, actor, params.id!, params.x!, params.y!, uploads),
    }),
    route<unknown, unknown, P>({
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
    route<unknown, unknown, P>({
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
    route<{ email: string; message?: string | null }, unknown, P>({
      method: 'POST',
      path: `${base}/:id/:x/:y`,
      access,
      tags,
      summary: 'Delegate provider communication x (y = 0) or its action y to an email',
      schema: { params: s.params(['id', 'x', 'y'], { zero: ['y'] }), body: s.delegateBody, response: s.delegationMade },
      handler: async ({ actor, params, body }) =>
        kick(await createDelegation(db, config, actor, params.id!, params.x!, params.y!, body)),
    }),

    // ---- provider notes (001 §7.7) ----
    route<{ note?: string; removeFile?: boolean }, unknown, P>({
      method: 'POST',
      path: '/provider/communication-notes/save-note/:a/:b/:c',
      access,
      tags: ['provider notes'],
      multipart: true,
      summary:
        'Save a note on provider communication b of event a (c = 0 creates, else updates note c); optional form field file',
      schema: {
        params: s.params(['a', 'b', 'c'], { zero: ['c'] }),
        body: {
          type: 'object',
          properties: { note: { type: 'string', maxLength: 10_000 }, removeFile: { type: 'boolean' } },
        },
      },
      handler: ({ actor, params, body, files: uploads }) =>
        saveNote(
          db,
          files,
          config,
          actor,
          params.a!,
          params.b!,
          params.c!,
          { note: body.note ?? '', removeFile: body.removeFile },
          uploads,
        ),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: '/provider/communication-notes/get-note/:id',
      access,
      tags: ['provider notes'],
      summary: 'One note',
      schema: { params: s.params(['id']), response: s.note },
      handler: ({ actor, params }) => getNote(db, config, actor, params.id!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: '/provider/communication-notes/document/:id',
      access,
      tags: ['provider notes'],
      summary: 'The attachment of note id (signed links)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => getNoteDocument(db, config, actor, params.id!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: '/provider/communication-notes/:a/:b',
      access,
      tags: ['provider notes'],
      summary: 'Notes of provider communication b of event a, newest first',
      schema: { params: s.params(['a', 'b']), response: { type: 'array', items: s.note } },
      handler: ({ actor, params }) => listNotes(db, config, actor, params.a!, params.b!),
    }),

    // ---- access requests and details (000 §7 /auth rows; 000 §3 permission-denied detail) ----
    route<unknown, unknown, P>({
      method: 'GET',
      path: '/auth/getcommunicationdetails/:id/view/:x',
      access: 'user',
      tags: ['access requests'],
      summary:
        'May the caller open event id / provider communication x? If not: type, supplier, provider and the administrator to ask',
      schema: { params: s.params(['id', 'x']), response: s.denialDetail },
      handler: ({ actor, params }) => communicationDetails(db, actor, params.id!, params.x!),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: '/auth/request/:id/access/:x',
      access: 'user',
      tags: ['access requests'],
      summary: "Email the organisation's administrator a request for access",
      schema: { params: s.params(['id', 'x']), response: s.denialDetail },
      handler: async ({ actor, params }) =>
        kick(
          messageResult('Your request has been sent.', await requestAccess(db, config, actor, params.id!, params.x!)),
        ),
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: '/auth/:id/summary/:x',
      access: 'user',
      tags: ['access requests'],
      summary: 'Summary, or 403 PERMISSION_DENIED with the denial detail',
      schema: { params: s.params(['id', 'x']), response: s.providerSummary },
      handler: async ({ actor, params }) => {
        await assertAccessOrDeny(db, actor, params.id!, params.x!);
        return summary(db, config, actor, params.id!, params.x!);
      },
    }),
    route<unknown, unknown, P>({
      method: 'GET',
      path: '/auth/:id/provider-recall/:x',
      access: 'user',
      tags: ['access requests'],
      summary: 'The provider communication, or 403 PERMISSION_DENIED with the denial detail',
      schema: { params: s.params(['id', 'x']), response: outputSchemas.providerViewSchema },
      handler: async ({ actor, params }) => {
        await assertAccessOrDeny(db, actor, params.id!, params.x!);
        return providerRecall(db, config, actor, params.id!, params.x!);
      },
    }),
  ];
}

/**
 * The provider's downloads (001 §7.4 "Provider-side downloads"). Listed before every route with a parameter in the same
 * place, so `providerRecallSummaryReport` is never read as an id.
 */
function providerReportRoutes(db: ModuleDeps['db'], logger: ModuleDeps['logger']): Route[] {
  const base = '/provider/communications';
  const reportTags = ['provider reports'];
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  type Make = typeof providerAffectedLocationsReport;
  const perEvent = (path: string, summary: string, make: Make): Route =>
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/${path}/:x`,
      access,
      tags: reportTags,
      summary: `${summary} (id = communication, x = provider communication)`,
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params, timezone }) => make({ db, actor, timeZone: timezone, onError }, params.id!, params.x!),
    });
  const formats = ['xlsx', 'csv'] as const;
  return [
    ...formats.map((format) =>
      route<unknown, ProviderListQuery>({
        method: 'GET',
        path: `${base}/providerRecallSummaryReport${format === 'csv' ? '/csv' : ''}`,
        access: PROVIDER_LIST_PERMISSIONS,
        tags: reportTags,
        summary: `Provider Recall Summary Report (${format}): every row of the provider list the query matches (responses=1: the eR responses rows)`,
        schema: { query: s.listQuery },
        handler: ({ actor, query, timezone }) =>
          providerRecallSummaryReport({ db, actor, timeZone: timezone, onError }, query, format),
      }),
    ),
    ...formats.map((format) =>
      route({
        method: 'GET',
        path: `${base}/providerAllDelegateSummaryReport${format === 'csv' ? '/csv' : ''}`,
        access,
        tags: reportTags,
        summary: `Delegate Summary Report (${format}): every delegate of the provider and its sites`,
        schema: { query: s.emptyQuery },
        handler: ({ actor, timezone }) =>
          providerDelegateSummaryReport({ db, actor, timeZone: timezone, onError }, format),
      }),
    ),
    perEvent(
      'provideraffectedlocation',
      "Affected Locations Report (xlsx): the locations of the provider's customer",
      providerAffectedLocationsReport,
    ),
    perEvent(
      'provideraffectedproducts',
      "Affected Products Report (xlsx): the event's products",
      providerAffectedProductsReport,
    ),
    perEvent(
      'customizedcontent',
      "Customized Content Report (xlsx): the provider's own rows and per-unit answers of a custom-content event, then its internal actions, notes and documents",
      providerCustomizedContentReport,
    ),
    route<unknown, unknown, P>({
      method: 'GET',
      path: `${base}/:id/customizedcontent/:x/csv`,
      access,
      tags: reportTags,
      summary:
        "Customized Content Report (csv): the provider's own rows and per-unit answers of a custom-content event (409 for another event)",
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params, timezone }) =>
        providerCustomContentCsv({ db, actor, timeZone: timezone, onError }, params.id!, params.x!),
    }),
    perEvent(
      'change-history-report',
      'Change History Report (xlsx): the changes after approval the provider sees',
      providerChangeHistoryReport,
    ),
  ];
}
