import type { ModuleDeps, PortalModule } from '@portal/core';
import { contentRoutes } from './routes.js';

/** Platform content: news cards, FAQs and user guides per user type, and the contact information and help links. */
export function createContentModule(deps: ModuleDeps): PortalModule {
  return { name: 'content', routes: contentRoutes(deps) };
}
