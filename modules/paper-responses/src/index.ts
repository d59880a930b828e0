import type { ModuleDeps, PortalModule } from '@portal/core';
import { paperResponseRoutes } from './routes.js';

/** Paper responses: answers that came back on paper, keyed in or imported by the supplier. */
export function createPaperResponsesModule(deps: ModuleDeps): PortalModule {
  return { name: 'paper-responses', routes: paperResponseRoutes(deps) };
}
