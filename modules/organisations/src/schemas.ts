import { listQuerySchema } from '@portal/core';

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

export const listQuery = listQuerySchema;
