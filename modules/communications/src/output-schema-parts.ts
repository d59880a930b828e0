import { dateTimeSchema, nullableDateTimeSchema } from '@portal/core';
import { codes } from '@portal/vocabulary';
import { ACTION_TYPES, COMMUNICATION_TYPES } from './constants.js';

/** The building blocks of the answer schemas (output-schemas.ts). */
export const nullable = <const T extends 'string' | 'integer' | 'number' | 'boolean', const E extends object = object>(
  type: T,
  extra?: E,
) => ({ type: [type, 'null'], ...extra }) as { readonly type: readonly [T, 'null'] } & E;
export const dateTime = dateTimeSchema;
export const nullableDateTime = nullableDateTimeSchema;
export const answerId = { type: 'integer', minimum: 1 } as const;
export const id = answerId;
export const count = { type: 'integer', minimum: 0 } as const;
export const communicationTypeSchema = { type: 'string', enum: [...COMMUNICATION_TYPES] } as const;
export const communicationStatus = { type: 'string', enum: [...codes('communicationStatus')] } as const;

export const text = { type: 'string' } as const;
export const nullableText = nullable('string');
export const nullableId = nullable('integer');
export const actionType = { type: 'string', enum: [...ACTION_TYPES] } as const;
export const responseStatus = { type: 'string', enum: ['NOTCOMPLETED', 'COMPLETED'] } as const;
