import { createAuthModule } from '@portal/auth';
import { createCommunicationsModule } from '@portal/communications';
import type { ModuleDeps, PortalModule } from '@portal/core';
import { createNotificationsModule } from '@portal/notifications';
import { createOrganisationsModule } from '@portal/organisations';

/** Every domain module the BFF mounts, in one place. */
export function createModules(deps: ModuleDeps): PortalModule[] {
  return [createAuthModule(deps), createOrganisationsModule(deps), createNotificationsModule(deps), createCommunicationsModule(deps)];
}
