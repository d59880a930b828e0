import { type ModuleDeps, type Route, route } from '@portal/core';
import { listByRecall, recallSites } from './services/by-recall.js';
import { worklistCounts, worklistPage } from './services/worklist.js';
import { PROVIDER_EVENT_PERMISSIONS } from './services/scope.js';
import * as s from './schemas.js';
import * as w from './worklist-schemas.js';

const tags = ['provider communications'];
const access = PROVIDER_EVENT_PERMISSIONS;

/**
 * What needs the provider's attention (issue 32): the worklist's sections and counts, and the recalls one row per event
 * across the organisation and its sites. Only the event types the caller manages appear. The by-recall paths are fixed
 * segments after the base: mounted before the /:id routes.
 */
export function providerWorklistRoutes({ db }: ModuleDeps): Route[] {
  const base = '/provider/communications';
  return [
    route({
      method: 'GET',
      path: '/provider/worklist',
      access,
      tags,
      summary:
        'A worklist section of the notices received by the provider and its sites (unacknowledged, awaiting answers, overdue, delegated and waiting, assigned to the caller), Class I first, then the nearest due date (paged; total and pages up to 1,000)',
      schema: { query: w.worklistQuery, response: w.worklistPage },
      readOnly: true,
      handler: ({ actor, query }) => worklistPage(db, actor, query),
    }),
    route({
      method: 'GET',
      path: '/provider/worklist/counts',
      access,
      tags,
      summary: 'The size of each worklist section (each up to 1,000; `capped` names those past it)',
      schema: { query: s.emptyQuery, response: w.worklistCounts },
      readOnly: true,
      handler: ({ actor }) => worklistCounts(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/by-recall`,
      access,
      tags,
      summary:
        "Events received by the provider or its sites, one row per event with its notices counted by state (the list's filters and search pick the events; paged up to 1,000 events, sorted by sent_at, due_date or name)",
      schema: { query: w.byRecallQuery, response: w.byRecallPage },
      readOnly: true,
      handler: ({ actor, query }) => listByRecall(db, actor, query),
    }),
    route({
      method: 'GET',
      path: `${base}/by-recall/:communicationId/sites`,
      access,
      tags,
      summary: "How the provider and each of its sites stand on one event (its notices in the caller's scope)",
      schema: { params: s.params(['communicationId']), response: w.recallSiteList },
      handler: ({ actor, params }) => recallSites(db, actor, params.communicationId),
    }),
  ];
}
