import type { ModuleDeps, PortalModule } from '@portal/core';
import { inventoryRoutes } from './routes.js';
import { matchingRoutes } from './matching-routes.js';
import { setUpMatching } from './services/matching-setup.js';

export {
  CANDIDATE_LIMIT,
  type CandidateKeys,
  type CandidateSource,
  findItemCandidates,
  type InventorySummary,
  inventoryItemsView,
  inventorySummary,
  type ItemCandidate,
  organizationsWithInventory,
  purchaseHistoryView,
} from './services/candidates.js';
export { IMPORT_BATCH, inventoryImportHandler, type RunOptions, runImport } from './services/import-job.js';
export {
  createImportFromFile,
  type ImportView,
  INVENTORY_IMPORT_QUEUE,
  previewRows,
  rememberedMapping,
  startImport,
  uploadImport,
} from './services/imports.js';
export { type Refusal, mapRow } from './services/rows.js';
export {
  type InventoryChange,
  type InventoryChangeListener,
  registerInventoryChangeListener,
} from './services/changes.js';

/**
 * The provider's item master and purchase history (issue 38, items 1-3): imports from CSV or XLSX as background jobs,
 * the searchable list and its downloads, and look-ups by identifier for matching recalls.
 */
export function createInventoryModule(deps: ModuleDeps): PortalModule {
  // Matching received recalls against the item master (match38): its triggers, then its routes before the list's.
  setUpMatching(deps);
  return { name: 'inventory', routes: [...matchingRoutes(deps), ...inventoryRoutes(deps)] };
}

// Matching received recalls against the item master (issue 38, items 4 and 5; match38).
export {
  enqueueEventMatching,
  enqueueOrganizationMatching,
  INVENTORY_MATCH_QUEUE,
  inventoryMatchHandler,
  matchEvent,
  matchOrganization,
  matchProviderCommunication,
  searchedOf,
} from './services/matching-runs.js';
export {
  type CandidateRow,
  LIKELY_AFFECTED,
  MATCH_REASONS,
  type MatchReason,
  matchRows,
  summarise,
} from './services/matching.js';
export { keysOfProduct, keysOfText, type MatchKeys } from './services/matching-keys.js';
