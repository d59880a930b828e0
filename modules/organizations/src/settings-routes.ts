import { type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import {
  addDistributionListMember,
  changeDistributionListStatus,
  createDistributionList,
  getDistributionList,
  listDistributionListMembers,
  listDistributionLists,
  removeDistributionListMember,
  updateDistributionList,
} from './services/distribution-lists.js';
import {
  changeTemplateActionStatus,
  createTemplateAction,
  getTemplateAction,
  listTemplateActions,
  reorderTemplateActions,
  updateTemplateAction,
} from './services/template-actions.js';
import { statusRoutes } from './status-routes.js';
import type { Knex } from 'knex';

/**
 * Template actions and distribution lists under `prefix` (/supplier or /provider). The route admits either
 * permission of the side; the service then checks the one of the communication type (403 otherwise).
 */
export function settingsRoutes(db: Knex, prefix: string, access: string[]): Route[] {
  const org = ['organisations'];
  return [
    // ---- template actions ----
    route({
      method: 'GET',
      path: `${prefix}/template-actions`,
      access,
      summary: 'Template actions of one communication type',
      tags: org,
      schema: { query: schema.typedListQuery, response: schema.templateActionPageSchema },
      handler: ({ actor, query }) => listTemplateActions(db, actor, query.communicationType, query),
    }),
    route({
      method: 'PUT',
      path: `${prefix}/template-actions/reorder`,
      access,
      summary: 'Reorder the template actions of one communication type',
      tags: org,
      schema: { body: schema.reorderBody, response: { type: 'array', items: schema.templateActionSchema } },
      handler: ({ actor, body }) => reorderTemplateActions(db, actor, body.communication_type, body.ids),
    }),
    route({
      method: 'GET',
      path: `${prefix}/template-actions/:id`,
      access,
      summary: 'One template action',
      tags: org,
      schema: { params: schema.idParams, response: schema.templateActionSchema },
      handler: ({ actor, params }) => getTemplateAction(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: `${prefix}/template-actions`,
      access,
      summary: 'Create a template action (appended last)',
      tags: org,
      schema: { body: schema.newTemplateActionBody, response: schema.templateActionSchema },
      handler: ({ actor, body }) => createTemplateAction(db, actor, body.communication_type, body),
    }),
    route({
      method: 'PUT',
      path: `${prefix}/template-actions/:id`,
      access,
      summary: 'Update a template action',
      tags: org,
      schema: { params: schema.idParams, body: schema.templateActionBody, response: schema.templateActionSchema },
      handler: ({ actor, params, body }) => updateTemplateAction(db, actor, params.id, body),
    }),
    ...statusRoutes(`${prefix}/template-actions`, 'template action', access, org, (actor, id, action) =>
      changeTemplateActionStatus(db, actor, id, action),
    ),

    // ---- distribution lists (same permissions per type) ----
    route({
      method: 'GET',
      path: `${prefix}/distribution-lists`,
      access,
      summary: 'Distribution lists of one communication type, with member counts',
      tags: org,
      schema: { query: schema.typedListQuery, response: schema.distributionListPageSchema },
      handler: ({ actor, query }) => listDistributionLists(db, actor, query.communicationType, query),
    }),
    route({
      method: 'GET',
      path: `${prefix}/distribution-lists/:id`,
      access,
      summary: 'One distribution list',
      tags: org,
      schema: { params: schema.idParams, response: schema.distributionListSchema },
      handler: ({ actor, params }) => getDistributionList(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: `${prefix}/distribution-lists`,
      access,
      summary: 'Create a distribution list',
      tags: org,
      schema: { body: schema.newDistributionListBody, response: schema.distributionListSchema },
      handler: ({ actor, body }) => createDistributionList(db, actor, body.communication_type, body),
    }),
    route({
      method: 'PUT',
      path: `${prefix}/distribution-lists/:id`,
      access,
      summary: 'Rename or describe a distribution list',
      tags: org,
      schema: { params: schema.idParams, body: schema.distributionListBody, response: schema.distributionListSchema },
      handler: ({ actor, params, body }) => updateDistributionList(db, actor, params.id, body),
    }),
    ...statusRoutes(`${prefix}/distribution-lists`, 'distribution list', access, org, (actor, id, action) =>
      changeDistributionListStatus(db, actor, id, action),
    ),
    route({
      method: 'GET',
      path: `${prefix}/distribution-lists/:id/members`,
      access,
      summary: 'Members of a distribution list',
      tags: org,
      schema: { params: schema.idParams, query: schema.listQuery, response: schema.distributionListMemberPageSchema },
      handler: ({ actor, params, query }) => listDistributionListMembers(db, actor, params.id, query),
    }),
    route({
      method: 'POST',
      path: `${prefix}/distribution-lists/:id/members`,
      access,
      summary: 'Add a member by email, by provider organisation or by supplier location',
      tags: org,
      schema: { params: schema.idParams, body: schema.memberBody, response: schema.distributionListMemberSchema },
      handler: ({ actor, params, body }) => addDistributionListMember(db, actor, params.id, body),
    }),
    route({
      method: 'DELETE',
      path: `${prefix}/distribution-lists/:id/members/:memberId`,
      access,
      summary: 'Remove a member from a list',
      tags: org,
      schema: { params: schema.memberParams, response: schema.idAnswer },
      handler: ({ actor, params }) => removeDistributionListMember(db, actor, params.id, params.memberId),
    }),
  ];
}
