import { type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from '@portal/communications';
import * as s from './matching-schemas.js';
import {
  inventoryChecks,
  matchBadges,
  matchesReport,
  noticeMatches,
  notAffectedByItemMaster,
} from './services/matching-reads.js';

const tags = ['inventory matches'];
const read = ['Provider_ManageRecalls', 'Provider_ManageDisruption', 'Provider_ResponderRole'];
const answer = ['Provider_ManageRecalls', 'Provider_ManageDisruption'];

/**
 * Received recalls matched against the item master (issue 38, items 4 and 5): the provider's view of one notice, the
 * worklist's badges, the report, the one-step "not affected"; the supplier's per-customer aggregate.
 */
export function matchingRoutes({ db, logger }: ModuleDeps): Route[] {
  const base = '/provider/inventory/matches';
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  return [
    route({
      method: 'GET',
      path: base,
      access: read,
      tags,
      summary:
        'Per received notice (ids: up to 100 provider communication ids, comma-separated), whether the item master holds the recalled product: status, likely affected units, rows, departments and sites; notices not checked are left out',
      schema: { query: s.matchBadgesQuery, response: s.matchBadgesSchema },
      handler: ({ actor, query }) => matchBadges(db, actor, query.ids.split(',').map(Number)),
    }),
    route({
      method: 'GET',
      path: `${base}/:id`,
      access: read,
      tags,
      summary:
        'Provider communication id against the item master and purchase history: "likely affected: N units in D departments at S sites", the matched rows (most confident first, 200 at most) with their reasons, and what was searched',
      schema: { params: s.pcParams, response: s.noticeMatchesSchema },
      handler: ({ actor, params }) => noticeMatches(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/report`,
      download: 'csv-or-xlsx',
      access: read,
      tags,
      summary:
        'Item Master Matches MM-DD-YYYY.csv (or .xlsx with format=xlsx): every matched row of provider communication id',
      schema: { params: s.pcParams, query: s.reportQuery },
      handler: ({ actor, params, query, timezone }) =>
        matchesReport(db, actor, params.id, query.format ?? 'csv', timezone, onError),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/not-affected`,
      access: answer,
      tags,
      summary:
        'Answer provider communication id "not affected" in one step when the item master holds none of the product (409 INVENTORY_MATCHES_FOUND, INVENTORY_NOT_CHECKED otherwise); the evidence (item master date and size, what was searched) goes to the audit trail',
      schema: { params: s.pcParams, body: s.notAffectedBody, response: s.notAffectedAnswer },
      handler: ({ actor, params, body }) => notAffectedByItemMaster(db, actor, params.id, body.reason),
    }),
    route({
      method: 'GET',
      path: '/supplier/communications/:id/inventory-checks',
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags,
      summary:
        "Per customer of event id, whether the customer's own records (item master, purchase history) found the product: FOUND, NOT_FOUND or NOT_CHECKED; never the records themselves",
      schema: { params: s.pcParams, response: s.inventoryChecksSchema },
      handler: ({ actor, params }) => inventoryChecks(db, actor, params.id),
    }),
  ];
}
