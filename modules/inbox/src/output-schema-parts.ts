import { outputSchemas } from '@portal/communications';

/** The building blocks of the answer schemas (provider-output-schemas.ts, answer-output-schemas.ts). */
export const { answerId, communicationTypeSchema, dateTime, nullable, nullableDateTime } = outputSchemas;

export const str = { type: 'string' } as const;
export const nullableString = nullable('string');
export const count = { type: 'integer', minimum: 0 } as const;
export const { noticeViewSchema, fileViewSchema } = outputSchemas;
