import {
  assertSafeInput,
  idOrZeroSchema,
  idSchema,
  messageResult,
  type ModuleDeps,
  nullableIdSchema,
  type Route,
  route,
  validate,
} from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from '@portal/communications';
import { communicationsSchemas as schema } from '@portal/communications';
import {
  notifiedDateSchema,
  paperActionsSchema,
  paperCustomersSchema,
  paperDeletedSchema,
  paperDocumentSchema,
  paperFileSchema,
  paperImportSchema,
  paperListPageSchema,
  paperLocationsSchema,
  paperResponseSchema,
} from './output-schemas.js';
import { createPaperResponse, deletePaperResponse, updatePaperResponse } from './services/paper-writes.js';
import {
  editLocationNames,
  getPaperActions,
  getPaperFile,
  listPaperResponses,
  locationNames,
  notifiedDate,
  paperDocument,
  providerNames,
} from './services/paper-reads.js';
import { importPaperResponses } from './services/paper-import.js';
import { type PaperAnswer, savePaperActions } from './services/paper-answers.js';
import { paperResponseTemplate } from './services/template.js';

const tags = ['supplier paper responses'];
const access = SUPPLIER_EVENT_PERMISSIONS;
const id = idSchema;
const zeroParams = { type: 'object', required: ['id'], properties: { id: idOrZeroSchema } } as const;

const headerProps = {
  communicationId: id,
  providerCommunicationId: id,
  locationId: nullableIdSchema,
  responderName: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  responseDate: { type: 'string', format: 'date' },
  notifiedDate: { type: ['string', 'null'], maxLength: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' },
} as const;
const createBody = {
  type: 'object',
  required: ['communicationId', 'providerCommunicationId', 'responderName', 'responseDate'],
  properties: headerProps,
} as const;
const updateBody = {
  type: 'object',
  required: ['id', 'responderName', 'responseDate'],
  properties: { id, ...headerProps, removeDocument: { type: 'boolean' } },
} as const;
/** `actions` is an array in a JSON body, or that array as a JSON string in a multipart one (with files `file_<actionId>`). */
const actionsBody = {
  type: 'object',
  required: ['paperResponseId'],
  properties: { paperResponseId: id, actions: { type: ['array', 'string'], maxItems: 500, maxLength: 2_000_000 } },
} as const;
const answersSchema = {
  type: 'array',
  maxItems: 500,
  items: {
    type: 'object',
    required: ['actionId'],
    // A per-unit action's answers, for rows of the customer's own.
    properties: { actionId: id, ...schema.answerValueProps, units: schema.unitAnswersSchema },
  },
} as const;
const getActionsQuery = { type: 'object', properties: { communicationId: id, providerCommunicationId: id } } as const;

function parseAnswers(raw: unknown): PaperAnswer[] {
  let answers: unknown = raw ?? [];
  if (typeof answers === 'string') {
    try {
      answers = JSON.parse(answers) as unknown;
    } catch {
      answers = null;
    }
  }
  assertSafeInput(answers, 'actions');
  return validate<PaperAnswer[]>(answersSchema, answers, 'actions');
}

/** Paper responses (spec 001 §7.5, §7.3 /file/paper): answers that came back on paper, keyed in by the supplier. See docs/api-supplier-paper.md. */
export function paperResponseRoutes({ db, config, files, logger }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  const document = (uploads: { field: string; name: string; data: Buffer }[]) =>
    uploads.find((f) => f.field === 'document' || f.field === 'file');
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  return [
    route({
      method: 'GET',
      path: `${base}/:id/paper-response-template`,
      download: 'xlsx',
      access,
      tags: ['supplier reports'],
      summary: 'Paper Response Template MM-DD-YYYY.xlsx: one row per notified customer, one column per action',
      schema: { params: schema.idParams },
      handler: ({ actor, params, timezone }) =>
        paperResponseTemplate({ db, actor, timeZone: timezone, onError }, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/paper/:id/list`,
      access,
      tags,
      summary:
        'Paper responses of event id (paged; search customer, provider, location or responder name; sort customer_name, responder_name, response_date, ...)',
      schema: { params: schema.idParams, query: schema.listQuery, response: paperListPageSchema },
      handler: ({ actor, params, query }) => listPaperResponses(db, actor, params.id, query),
    }),
    route({
      method: 'GET',
      path: `${base}/paper/:id/providernames`,
      access,
      tags,
      summary:
        'Notified customers of event id: provider_communication_id, customer_name, provider_name, sent_at, response_status, paper_response_id (null when none)',
      schema: { params: schema.idParams, response: paperCustomersSchema },
      handler: ({ actor, params }) => providerNames(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/paper/:id/locationnames`,
      access,
      tags,
      summary:
        'Affected locations of provider communication id for a new paper response (empty once the customer has one)',
      schema: { params: schema.idParams, response: paperLocationsSchema },
      handler: ({ actor, params }) => locationNames(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/paper/:id/editlocationnames`,
      access,
      tags,
      summary: 'Affected locations paper response id may name',
      schema: { params: schema.idParams, response: paperLocationsSchema },
      handler: ({ actor, params }) => editLocationNames(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/paper/:id/notifieddate`,
      access,
      tags,
      summary:
        "When provider communication id was notified: sent_at and notified_date (YYYY-MM-DD in the caller's time zone)",
      schema: { params: schema.idParams, response: notifiedDateSchema },
      handler: ({ actor, params, timezone }) => notifiedDate(db, actor, params.id, timezone),
    }),
    route({
      method: 'GET',
      path: `${base}/paper/:id/doc`,
      access,
      tags,
      summary: 'The scanned paper form of paper response id (signed_url, signed_url_review)',
      schema: { params: schema.idParams, response: paperDocumentSchema },
      handler: ({ actor, params }) => paperDocument(db, config.jwtSecret, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/paper/:id/delete`,
      access,
      tags,
      summary:
        "Delete paper response id with its answers and files (GET, as the spec lists it); the customer's completion is recomputed",
      schema: { params: schema.idParams, response: paperDeletedSchema },
      handler: async ({ actor, params }) =>
        messageResult('The paper response has been deleted.', await deletePaperResponse(db, actor, params.id)),
    }),
    route({
      method: 'GET',
      path: `${base}/paper/:id/getactions`,
      access,
      tags,
      summary:
        "The event's actions with paper response id's values and files; id 0 with ?communicationId (and ?providerCommunicationId) for a new one",
      schema: { params: zeroParams, query: getActionsQuery, response: paperActionsSchema },
      handler: ({ actor, params, query }) => getPaperActions(db, config.jwtSecret, actor, params.id, query),
    }),
    route({
      method: 'POST',
      path: `${base}/paper`,
      access,
      tags,
      multipart: true,
      summary:
        'Record a paper response: communicationId, providerCommunicationId, locationId?, responderName, responseDate, notifiedDate? (default: sent date); optional file field `document`',
      schema: { body: createBody, response: paperResponseSchema },
      handler: async ({ actor, body, files: uploads, timezone }) =>
        messageResult(
          'The paper response has been saved.',
          await createPaperResponse(db, files, config.jwtSecret, actor, body, document(uploads), timezone),
        ),
    }),
    route({
      method: 'POST',
      path: `${base}/paper/update`,
      access,
      tags,
      multipart: true,
      summary:
        'Update paper response id: same fields as create (the customer cannot change); a new `document` replaces the old one, removeDocument drops it',
      schema: { body: updateBody, response: paperResponseSchema },
      handler: async ({ actor, body, files: uploads, timezone }) =>
        messageResult(
          'The paper response has been updated.',
          await updatePaperResponse(db, files, config.jwtSecret, actor, body, document(uploads), timezone),
        ),
    }),
    route({
      method: 'POST',
      path: `${base}/paper/supplieractions`,
      access,
      tags,
      multipart: true,
      summary:
        'Save the answers of paper response paperResponseId: actions [{ actionId, valueText | valueNumeric | ... }] (an empty value clears one), a per-unit action as { actionId, units: [{ rowId, valueText | valueNumeric | valueYesNo }] }; files as fields file_<actionId>',
      schema: { body: actionsBody, response: paperActionsSchema },
      handler: async ({ actor, body, files: uploads }) =>
        messageResult(
          'The paper response answers have been saved.',
          await savePaperActions(
            db,
            files,
            config.jwtSecret,
            actor,
            body.paperResponseId,
            parseAnswers(body.actions),
            uploads,
          ),
        ),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/paper-response-import`,
      access,
      tags,
      multipart: true,
      summary:
        'Import the filled Paper Response Template (.xlsx, field `file`): one paper response per filled row; any bad row rejects the file (422, rows in error.details)',
      schema: { params: schema.idParams, response: paperImportSchema },
      handler: async ({ actor, params, files: uploads, timezone }) => {
        const result = await importPaperResponses(
          db,
          files,
          actor,
          params.id,
          uploads.find((f) => f.field === 'file'),
          timezone,
        );
        return messageResult(`${result.created} paper response(s) imported.`, result);
      },
    }),
    route({
      method: 'GET',
      path: `${base}/file/paper/:id`,
      access,
      tags,
      summary:
        'One file of a paper response: id, name, extension, type, size, actionId, paperresponseid, signed_url, signed_url_review',
      schema: { params: schema.idParams, response: paperFileSchema },
      handler: ({ actor, params }) => getPaperFile(db, config.jwtSecret, actor, params.id),
    }),
  ];
}
