import type { ModuleDeps, PortalModule } from '@portal/core';
import { lookupRoutes } from './routes.js';

export { activeCodes, assertLookupCodes, loadLookups, lookupOptions, refreshLookups } from './services/cache.js';

/**
 * Lookup values (issue 12): the vocabularies of spec 000 §9 as records the operator (and a supplier, for its own)
 * manages. Other modules validate codes and read labels through this index (labels also through @portal/vocabulary,
 * which the cache fills).
 */
export function createLookupsModule(deps: ModuleDeps): PortalModule {
  return { name: 'lookups', routes: lookupRoutes(deps) };
}
