import type { ModuleDeps, PortalModule } from '@portal/core';
import { lookupRoutes } from './routes.js';
import { reloadLookups, wireLookupsBroadcast } from './services/cache.js';

const CHANNEL = 'lookup_values_changed';

export { activeCodes, assertLookupCodes, loadLookups, lookupOptions, refreshLookups } from './services/cache.js';
export { registerVocabularyUsage, type VocabularyUsage } from './services/lookups.js';

/**
 * Lookup values: the vocabularies of spec 000 §9 as records the operator (and a supplier, for its own)
 * manages. Other modules validate codes and read labels through this index (labels also through @portal/vocabulary,
 * which the cache fills).
 */
export function createLookupsModule(deps: ModuleDeps): PortalModule {
  const { live, db, logger } = deps;
  if (live) {
    // Several replicas keep a copy each: a write on one announces itself, and every other one reloads.
    wireLookupsBroadcast(db, () => live.publish(CHANNEL, {}));
    const reload = () => {
      reloadLookups(db).catch((err: unknown) => logger.error({ err }, 'lookup values reload failed'));
    };
    live
      .subscribe(CHANNEL, reload)
      .catch((err: unknown) => logger.error({ err }, 'lookup values: cannot listen for other replicas'));
    // An announcement sent while the listener's connection was down never arrives: reload once it is back.
    live.onReconnect(reload);
  }
  return { name: 'lookups', routes: lookupRoutes(deps) };
}
