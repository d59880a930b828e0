import { idSchema, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from '@portal/communications';
import { listSupplierDelegates, revokeSupplierDelegate } from './services/supplier-delegates.js';

const tags = ['supplier communications'];
const access = SUPPLIER_EVENT_PERMISSIONS;
const nullableText = { type: ['string', 'null'] } as const;
const nullableId = { type: ['integer', 'null'], minimum: 1 } as const;

/** One supplier delegate: whom the supplier asked to answer a customer's notice (or one action of it). */
const supplierDelegateSchema = {
  type: 'object',
  required: [
    'id',
    'provider_communication_id',
    'customer_name',
    'action_id',
    'action_title',
    'email',
    'message',
    'status',
    'response_status',
    'created_at',
    'last_sent_at',
  ],
  properties: {
    id: idSchema,
    provider_communication_id: idSchema,
    customer_name: nullableText,
    /** Null: the whole notice is delegated. */
    action_id: nullableId,
    action_title: nullableText,
    email: { type: 'string' },
    message: nullableText,
    status: { type: 'string', enum: ['ACTIVE', 'REVOKED'] },
    /** The delegated action's answer (the customer's progress for a whole-notice delegate), NA before any. */
    response_status: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    last_sent_at: { type: 'string', format: 'date-time' },
  },
} as const;

/**
 * Issue 33: the supplier's delegates on its event (POST /supplier/communications/{id}/delegate adds one): the list
 * and revoking one. They live here because the delegates (provider_delegates) are this module's.
 */
export function supplierDelegateRoutes({ db }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  return [
    route({
      method: 'GET',
      path: `${base}/:id/delegates`,
      access,
      tags,
      summary: "The supplier's delegates on this event, newest first (revoked ones included)",
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idSchema } },
        response: { type: 'array', items: supplierDelegateSchema },
      },
      handler: ({ actor, params }) => listSupplierDelegates(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/delegates/:delegateId/revoke`,
      access,
      tags,
      summary:
        "Revoke one of the supplier's delegates: its link stops working at once; an already revoked one answers 404",
      schema: {
        params: {
          type: 'object',
          required: ['id', 'delegateId'],
          properties: { id: idSchema, delegateId: idSchema },
        },
        response: {
          type: 'object',
          required: ['id', 'status'],
          properties: { id: idSchema, status: { type: 'string', enum: ['REVOKED'] } },
        },
      },
      handler: ({ actor, params }) => revokeSupplierDelegate(db, actor, params.id, params.delegateId),
    }),
  ];
}
