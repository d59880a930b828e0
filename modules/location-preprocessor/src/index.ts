import type { ModuleDeps, PortalModule } from '@portal/core';
import { preprocessorRoutes } from './routes.js';

export { readInputRows, SUPPLIER_FIELDS, sheetExtension } from './services/input.js';
export { importKnownProviders, type ImportSummary, syncPortalProviders } from './services/known-providers.js';
export { type LocationInput, Matcher, type MatchResult } from './services/matcher.js';
export { createJob, resolveSupplier } from './services/jobs.js';
export { getJob } from './services/job-detail.js';
export { MATCH_COLUMNS, matchCsvLine, type MatchedRow, matchFileRows } from './services/match-file.js';
export {
  claimJob,
  MATCHING_QUEUE,
  matchingHandler,
  processJob,
  recoverMatching,
  runWorker,
  workerId,
} from './services/worker.js';
export { AUTO_THRESHOLD, REVIEW_THRESHOLD } from './services/score.js';

/**
 * The location pre-processor (spec 000 §7): known providers, supplier location files matched to them in
 * the background, the operator's review, and completion into the supplier's locations.
 */
export function createLocationPreprocessorModule(deps: ModuleDeps): PortalModule {
  // After an upload commits its job: this process's workers match it at once (a web replica's: the workers' poll).
  return {
    name: 'location-preprocessor',
    routes: preprocessorRoutes(deps, () => deps.jobs?.wake('location-preprocessor')),
  };
}
