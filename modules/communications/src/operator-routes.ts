import { idSchema, listQuerySchema, messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import { fdaListQuery, fdaPageSchema } from '@portal/fda';
import { COMMUNICATION_TYPES } from './constants.js';
import { fdaRecallsWithoutCommunication } from './services/fda-without-communication.js';
import { communicationDetailSchema } from './communication-output-schemas.js';
import {
  communicationDocumentSchema,
  historyEntriesSchema,
  operatorCommunicationDetailSchema,
} from './communication-history-output-schemas.js';
import { operatorCommunicationListPageSchema } from './list-output-schemas.js';
import * as schema from './schemas.js';
import {
  copyOperatorCommunication,
  deleteOperatorCommunication,
  EVENT_STATUSES,
  getOperatorCommunication,
  listOperatorCommunications,
  operatorDocument,
  operatorCommunicationHistories,
  PROVIDER_STATUSES,
  recallsReport,
} from './services/operator-communications.js';

const tags = ['operator communications'];
const access = ['Notisphere_ManageRecalls'];

/** The filters of the operator's list and downloads (spec 001 §7.10): event status, provider progress, supplier, type. */
export const operatorFilterProps = {
  status: { type: 'string', enum: [...EVENT_STATUSES] },
  statusProvider: { type: 'string', enum: [...PROVIDER_STATUSES] },
  organizationId: idSchema,
  category: { type: 'string', enum: [...COMMUNICATION_TYPES] },
} as const;

const downloadQuery = {
  type: 'object',
  properties: {
    ...operatorFilterProps,
    search: listQuerySchema.properties.search,
    filterModel: listQuerySchema.properties.filterModel,
  },
} as const;

/**
 * Every supplier's events for the operator (`/notisphere/communications`, Notisphere_ManageRecalls). Mounted after the
 * inbox module, whose `/notisphere/communications/responses` (the eR view) must not be taken for an event id.
 */
export function operatorCommunicationRoutes({ db, config, logger }: ModuleDeps): Route[] {
  const base = '/notisphere/communications';
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  const download = (format: 'csv' | 'xlsx'): Route =>
    route({
      method: 'GET',
      path: `${base}/download${format}`,
      download: format,
      access,
      tags,
      summary: `Recalls Report (${format}): every supplier's events matching the filters ("Recalls Report MM-DD-YYYY")`,
      schema: { query: downloadQuery },
      handler: ({ actor, query, timezone }) => recallsReport(db, actor, query, format, timezone, onError),
    });
  // Issue 15: FDA recalls of the portal's suppliers that none of their events names (Notisphere_ViewFDAInformation).
  const withoutEvent = (list: 'devices' | 'drugs'): Route =>
    route({
      method: 'GET',
      path: `/notisphere/fda/without-event/${list}`,
      access: ['Notisphere_ViewFDAInformation'],
      summary: `FDA ${list === 'devices' ? 'device' : 'drug'} recalls of portal suppliers (by supplier master name) without a portal event naming them (paged, the FDA list's filters)`,
      tags: ['fda'],
      schema: { query: fdaListQuery, response: fdaPageSchema },
      handler: ({ query }) => fdaRecallsWithoutCommunication(db, list, query),
    });
  return [
    withoutEvent('devices'),
    withoutEvent('drugs'),
    route({
      method: 'GET',
      path: base,
      access,
      tags,
      summary:
        "Every supplier's recalls and advisories (paged; communicationType, filterModel, search and the filters)",
      schema: {
        query: { type: 'object', properties: { ...schema.listQuery.properties, ...operatorFilterProps } },
        response: operatorCommunicationListPageSchema,
      },
      readOnly: true,
      handler: ({ actor, query }) => listOperatorCommunications(db, actor, query),
    }),
    download('csv'),
    download('xlsx'),
    route({
      method: 'GET',
      path: `${base}/document/:id`,
      access,
      tags,
      summary: "One document of any supplier's event with signed links (signed_url, signed_url_review)",
      schema: { params: schema.idParams, response: communicationDocumentSchema },
      handler: ({ actor, params }) => operatorDocument(db, config.jwtSecret, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/:id`,
      access,
      tags,
      summary: 'One event as its supplier sees it: products, actions, counts, supplier and documents (read-only)',
      schema: { params: schema.idParams, response: operatorCommunicationDetailSchema },
      handler: ({ actor, params }) => getOperatorCommunication(db, config.jwtSecret, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/histories`,
      access,
      tags,
      summary: 'Everything that happened to the event, newest first',
      schema: { params: schema.idParams, response: historyEntriesSchema },
      handler: ({ actor, params }) => operatorCommunicationHistories(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/copy`,
      access,
      tags,
      summary:
        'Copy the event into a new DRAFT of its supplier (information, products, actions; not recipients or documents); audited',
      schema: { params: schema.idParams, response: communicationDetailSchema },
      handler: async ({ actor, params, requestId }) =>
        messageResult(
          'The event has been copied to a new draft.',
          await copyOperatorCommunication(db, actor, params.id, requestId),
        ),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/delete/supplier/:supplierId`,
      access,
      tags,
      summary:
        "Delete a supplier's draft (soft, audited); an approved event is refused (409); supplierId must be the event's supplier",
      schema: {
        params: { type: 'object', required: ['id', 'supplierId'], properties: { id: idSchema, supplierId: idSchema } },
      },
      handler: async ({ actor, params, requestId }) => {
        await deleteOperatorCommunication(db, actor, params.id, params.supplierId, requestId);
        return messageResult('The event has been deleted.', null);
      },
    }),
  ];
}
