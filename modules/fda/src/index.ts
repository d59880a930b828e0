import type { ModuleDeps, PortalModule } from '@portal/core';
import { fdaRoutes } from './routes.js';

/** Public FDA device and drug recall records: import, search, and the records the portal's events link. */
export function createFdaModule(deps: ModuleDeps): PortalModule {
  return { name: 'fda', routes: fdaRoutes(deps) };
}

export { type ImportOptions, type ImportSummary, importFda, MAX_REFUSALS, type Refusal } from './services/import.js';
export { FDA_KINDS, type FdaKind, LINKABLE_RECALL_NUMBER } from './services/records.js';
export {
  type FdaList,
  type FdaListRow,
  type FdaRecord,
  type FdaRecordRow,
  type FirmScope,
  getFda,
  listFda,
} from './services/records-list.js';
export { type FdaListQuery, fdaPageSchema, listQuery as fdaListQuery } from './schemas.js';
export { FDA_IMPORT_QUEUE, fdaImportHandler, importDroppedFiles } from './services/import-job.js';
export { type LinkedFdaRecord, linkedFdaRecordSchema, linkedFdaRecords } from './services/linked.js';
export { type FdaMatchText, fdaMatchTexts } from './services/match-texts.js';
export {
  CLASS_ONE_DAYS,
  type ClassOneRecall,
  type ClassOneScope,
  classOneRecallsSchema,
  classOneRecord,
  recentClassOneRecalls,
} from './services/class-one.js';
export { fdaRecordSchema, recallNumberParams as fdaRecallNumberParams } from './schemas.js';
