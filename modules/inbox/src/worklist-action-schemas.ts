import { idSchema, nullableIdSchema } from '@portal/core';
import { COMMUNICATION_TYPES } from '@portal/communications';
import { answerId, count, nullable, nullableDateTime, nullableString, str } from './output-schema-parts.js';

/** ajv schemas of the provider's actions on received notices (issue 32): owners, not affected, bulk, revoking. */

/** The most provider communications one bulk call takes. */
export const BULK_MAX = 200;

const reason = { type: 'string', minLength: 1, maxLength: 2000, pattern: '\\S' } as const;
const message = { type: ['string', 'null'], maxLength: 2000 } as const;

export const ownerBody = {
  type: 'object',
  required: ['userId'],
  properties: {
    /** The new owner (a user id), or null to clear. */
    userId: nullableIdSchema,
    /** A note for the new owner, in the email. */
    message,
  },
} as const;

export const ownerCandidatesQuery = {
  type: 'object',
  properties: { type: { type: 'string', enum: [...COMMUNICATION_TYPES] } },
} as const;

export const notAffectedBody = { type: 'object', required: ['reason'], properties: { reason } } as const;

export const bulkBody = {
  type: 'object',
  required: ['action', 'ids'],
  properties: {
    action: { type: 'string', enum: ['ACKNOWLEDGE', 'ASSIGN', 'NOT_AFFECTED'] },
    ids: { type: 'array', minItems: 1, maxItems: BULK_MAX, items: idSchema },
    /** ASSIGN: the new owner, or null to clear. */
    userId: nullableIdSchema,
    /** ASSIGN: a note for the new owner. */
    message,
    /** NOT_AFFECTED: why. */
    reason,
  },
} as const;

// ---- answers (documentation and the web's types; never validated at runtime) ----

export const ownerResult = {
  type: 'object',
  required: ['id', 'owner_id', 'owner_name'],
  properties: { id: answerId, owner_id: nullable('integer'), owner_name: nullableString },
} as const;

export const ownerCandidateList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'email', 'organization_name'],
    properties: { id: answerId, name: str, email: str, organization_name: str },
  },
} as const;

/** A provider communication as "not affected" leaves it. */
export const notAffectedRow = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'provider_organization_id',
    'status',
    'response_status',
    'acknowledged_at',
    'acknowledged_by',
    'completed_at',
    'not_affected_reason',
    'not_affected_by',
    'not_affected_at',
  ],
  properties: {
    id: answerId,
    communication_id: answerId,
    provider_organization_id: nullable('integer'),
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    response_status: { type: 'string', enum: ['NOTCOMPLETED', 'COMPLETED'] },
    acknowledged_at: nullableDateTime,
    acknowledged_by: nullableString,
    completed_at: nullableDateTime,
    not_affected_reason: nullableString,
    not_affected_by: nullableString,
    not_affected_at: nullableDateTime,
  },
} as const;

export const bulkResult = {
  type: 'object',
  required: ['changed', 'unchanged'],
  properties: { changed: count, unchanged: count },
} as const;

export const delegateRevoked = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: answerId, status: { type: 'string', enum: ['REVOKED'] } },
} as const;
