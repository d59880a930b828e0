/**
 * Schemas of what the routes send back (the envelope's `d`), declared as a route's `schema.response`. They document
 * the API and type the web (schema.gen.ts); answers are never validated or stripped at runtime. API tests hold the
 * real answers to them (services/bff/src/response-schemas.test.ts). Objects stay open: a field added to an answer is
 * no drift, a renamed or retyped one is.
 */
export {
  answerId,
  communicationTypeSchema,
  dateTime,
  nullable,
  nullableDateTime,
} from './output-schema-parts.js';
export * from './notice-output-schemas.js';
export * from './list-output-schemas.js';
export * from './communication-output-schemas.js';
export * from './communication-progress-output-schemas.js';
export * from './communication-history-output-schemas.js';
