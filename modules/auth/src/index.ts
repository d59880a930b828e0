import type { ModuleDeps, PortalModule } from '@portal/core';
import { authRoutes } from './routes.js';

export { authenticate } from './services/session.js';
export { endSessions, signAccessToken, verifyAccessToken, type AccessClaims } from './services/tokens.js';
export { issueSetPasswordLink } from './services/codes.js';
export { MESSAGES as AUTH_MESSAGES } from './messages.js';

export function createAuthModule(deps: ModuleDeps): PortalModule {
  return { name: 'auth', routes: authRoutes(deps) };
}
