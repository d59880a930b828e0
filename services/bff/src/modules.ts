import { createAuthModule, endSessions, issueSetPasswordLink } from '@portal/auth';
import { createCommunicationsModule, createOperatorCommunicationsModule } from '@portal/communications';
import { createContentModule } from '@portal/content';
import { createConversationsModule } from '@portal/conversations';
import { createFilesModule, type ModuleDeps, type PortalModule } from '@portal/core';
import { createFdaModule } from '@portal/fda';
import { createInboxModule } from '@portal/inbox';
import { createInventoryModule } from '@portal/inventory';
import { createLocationPreprocessorModule } from '@portal/location-preprocessor';
import { createLookupsModule, loadLookups } from '@portal/lookups';
import { createMetricsModule } from '@portal/metrics';
import { createNoticesModule } from '@portal/notices';
import { createNotificationsModule } from '@portal/notifications';
import { createOrganizationsModule } from '@portal/organizations';
import { createPaperResponsesModule } from '@portal/paper-responses';
import { createQuickLinksModule } from '@portal/quick-links';
import { createReportsModule } from '@portal/reports';

/**
 * Every domain module the BFF mounts, in one place. Order matters where paths share a prefix: the supplier's
 * reports and paper responses are mounted before the events' own `/supplier/communications/:id/...` routes, and the
 * metrics' `/notisphere/organizations/kpi-meta/:id` before the organisations' own `/notisphere/organizations/...` routes.
 */
export function createModules(deps: ModuleDeps): PortalModule[] {
  return [
    createAuthModule(deps),
    createMetricsModule(deps),
    // Organisations end sessions on deactivation through auth's port: auth owns the sessions table.
    createOrganizationsModule({ ...deps, endSessions, issueSetPasswordLink }),
    createNotificationsModule(deps),
    // Before reports, communications and inbox: the inbox's POST /provider/communications/:id/:x/:y would take
    // POST /provider/communications/:id/:x/conversations.
    createConversationsModule(deps),
    createReportsModule(deps),
    createPaperResponsesModule(deps),
    createCommunicationsModule(deps),
    createNoticesModule(deps),
    createInboxModule(deps),
    // After the inbox: its /notisphere/communications/responses comes before the operator's /:id.
    createOperatorCommunicationsModule(deps),
    createContentModule(deps),
    createQuickLinksModule(deps),
    createLocationPreprocessorModule(deps),
    createFdaModule(deps),
    createLookupsModule(deps),
    // GET /files/{token}/preview: a signed file's first rows (the download itself is the BFF's /api/files/{token}).
    createFilesModule(deps),
    createInventoryModule(deps),
  ];
}

/**
 * Per-process caches read before the first request: the managed lookup values, which every server-side label
 * (emails, reports, downloads) reads synchronously through @portal/vocabulary. Writes refresh them.
 */
export async function warmModules(deps: ModuleDeps): Promise<void> {
  await loadLookups(deps.db);
}
