import { idSchema, type ModuleDeps, type Route, route } from '@portal/core';
import { verifyAuditTrail } from './services/audit-trail.js';

/** What `audit verify` found: entries checked and the first broken link, if any (issue 34 §2). */
export const auditVerifySchema = {
  type: 'object',
  required: ['ok', 'checked', 'broken'],
  properties: {
    ok: { type: 'boolean' },
    checked: { type: 'integer' },
    broken: {
      type: ['object', 'null'],
      required: ['table', 'id', 'organization_id'],
      properties: {
        table: { type: 'string', enum: ['audit_events', 'communication_history'] },
        id: { type: 'integer' },
        organization_id: { type: ['integer', 'null'] },
        organization_name: { type: ['string', 'null'] },
      },
    },
  },
} as const;

/**
 * The operator's check of the tamper-evident audit trail: recomputes the hash chains of the audit history and the
 * event histories (one organisation's, or all) and names the first broken link. Notisphere_ViewDashboard: the card
 * sits on the operator's dashboard.
 */
export function auditRoutes({ db }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/notisphere/audit/verify',
      access: ['Notisphere_ViewDashboard'],
      tags: ['audit'],
      summary:
        "Recompute the audit trail's hash chains (audit history and event histories; one organisation's with organizationId) and name the first broken link",
      schema: {
        query: { type: 'object', properties: { organizationId: idSchema } },
        response: auditVerifySchema,
      },
      handler: ({ query }) => verifyAuditTrail(db, query.organizationId ?? null),
    }),
  ];
}
