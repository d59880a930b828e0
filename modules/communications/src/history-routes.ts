import { idSchema, messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import {
  communicationDocumentSchema,
  communicationDocumentsSchema,
  historyEntriesSchema,
} from './communication-history-output-schemas.js';
import * as schema from './schemas.js';
import { loadOwnCommunication } from './services/access.js';
import { deleteDocument, getDocument, listDocuments, uploadDocuments } from './services/documents.js';
import { listHistory } from './services/history.js';
import { addChangeNote } from './services/tracking.js';

const tags = ['supplier communications'];
const access = SUPPLIER_EVENT_PERMISSIONS;

/** An event's change history and documents. */
export function historyRoutes({ db, config, files }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  return [
    route({
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
    route({
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
    route({
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
    route({
      method: 'POST',
      path: `${base}/:id/documents`,
      access,
      tags,
      multipart: true,
      summary: 'Upload notice or supporting documents (multipart field `file`)',
      schema: { params: schema.idParams, query: schema.uploadQuery, response: communicationDocumentsSchema },
      // Another supplier's event answers its 404 before the upload is read.
      owner: ({ actor, params }) => loadOwnCommunication(db, actor, params.id),
      handler: async ({ actor, params, query, files: uploads }) =>
        uploadDocuments(db, files, config.jwtSecret, actor, params.id, uploads, query.kind),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/documents`,
      access,
      tags,
      summary: "The event's documents with signed links",
      schema: { params: schema.idParams, query: schema.uploadQuery, response: communicationDocumentsSchema },
      handler: ({ actor, params, query }) => listDocuments(db, config.jwtSecret, actor, params.id, query.kind),
    }),
    route({
      method: 'GET',
      path: `${base}/document/:id`,
      access,
      tags,
      summary: 'One document with signed links (signed_url, signed_url_review)',
      schema: { params: schema.idParams, response: communicationDocumentSchema },
      handler: ({ actor, params }) => getDocument(db, config.jwtSecret, actor, params.id),
    }),
    route({
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
