import type { ModuleDeps, PortalModule } from '@portal/core';
import { authRoutes } from './routes.js';

export { authenticate, callerOfClaims } from './services/session.js';
export { endSessions, signAccessToken, verifyAccessToken, type AccessClaims } from './services/tokens.js';
export { issueSetPasswordLink } from './services/codes.js';
export { MESSAGES as AUTH_MESSAGES } from './messages.js';

export function createAuthModule(deps: ModuleDeps): PortalModule {
  // New password hashes (and the rehash of weaker ones at sign-in) take core's cost, 2^17: no setting lowers it in an
  // install; only the test app does (test/app.ts, setPasswordHashCost), before anything is hashed.
  return { name: 'auth', routes: authRoutes(deps) };
}
