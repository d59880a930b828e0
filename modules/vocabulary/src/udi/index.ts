/** UDI and barcode reading (issue 38, item 2): GS1 element strings and HIBCC, for the server and the web alike. */
export * from './normalise.js';
export { aiSpec, GS, gs1Date, gs1Year, parseGs1Hri, parseGs1Raw } from './gs1.js';
export { HIBC_CHARS, hibcCheckCharacter, parseHibcc } from './hibcc.js';
export { parseUdi, restoreSeparators, udiProblemText } from './parse.js';
export * from './types.js';
export * from './columns.js';
