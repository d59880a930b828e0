import type { ModuleDeps, PortalModule } from '@portal/core';
import { delegateRoutes } from './delegate-routes.js';
import { noticeRoutes } from './routes.js';

/** Public notices: the recipient's notice form and the delegate's form, opened by emailed links, without an account. */
export function createNoticesModule(deps: ModuleDeps): PortalModule {
  return { name: 'notices', routes: [...noticeRoutes(deps), ...delegateRoutes(deps)] };
}
