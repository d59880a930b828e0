export * from './dates.js';
export * from './writer.js';
