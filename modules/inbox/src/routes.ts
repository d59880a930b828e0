import type { ModuleDeps, Route } from '@portal/core';
import { providerReportRoutes } from './provider-report-routes.js';
import { providerListRoutes } from './provider-list-routes.js';
import { providerWorklistRoutes } from './provider-worklist-routes.js';
import { providerFixedPathRoutes } from './provider-fixed-path-routes.js';
import { providerWorklistActionRoutes } from './provider-worklist-action-routes.js';
import { providerCommunicationRoutes } from './provider-communication-routes.js';
import { providerAnswerRoutes } from './provider-answer-routes.js';
import { providerNoteRoutes } from './provider-note-routes.js';
import { accessRequestRoutes } from './access-request-routes.js';

/**
 * Provider communications (001 §7.6), provider notes (§7.7) and the access-request calls of the shell (000 §7 /auth rows).
 * Paths keep the spec's spelling; the meaning of each segment is documented in docs/api-provider.md. Routes with fixed
 * segments come before those with parameters in the same position (the router answers with the first match).
 */
export function providerRoutes(deps: ModuleDeps): Route[] {
  return [
    ...providerReportRoutes(deps.db, deps.logger),
    ...providerListRoutes(deps),
    ...providerWorklistRoutes(deps),
    ...providerFixedPathRoutes(deps),
    ...providerWorklistActionRoutes(deps),
    ...providerCommunicationRoutes(deps),
    ...providerAnswerRoutes(deps),
    ...providerNoteRoutes(deps),
    ...accessRequestRoutes(deps),
  ];
}
