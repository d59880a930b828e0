import type { ModuleDeps, PortalModule } from '@portal/core';
import { quickLinkRoutes } from './routes.js';

/** Quick links (spec 001 §7.12): images and URLs the operator shows in the header of chosen organisations. */
export function createQuickLinksModule(deps: ModuleDeps): PortalModule {
  return { name: 'quick-links', routes: quickLinkRoutes(deps) };
}
