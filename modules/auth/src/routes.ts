import { type ModuleDeps, messageResult, type Route, route } from '@portal/core';
import { MESSAGES } from './messages.js';
import * as schema from './schemas.js';
import {
  forgotPassword,
  organizationById,
  organizationByLink,
  requestUnlock,
  resetPassword,
  signUp,
  unlockWithCode,
  userData,
  verifyEmail,
} from './services/account.js';
import { logout, passwordGrant, refreshGrant } from './services/login.js';
import { changePassword, getMyOrganization, getProfile, setLanguage, updateProfile } from './services/profile.js';
import { verifyAccessToken } from './services/tokens.js';
import { totpRoutes } from './totp-routes.js';
import * as ssoSchema from './sso-schemas.js';
import { ssoRoutes } from './sso-routes.js';
import { idpLogoutUrl, ssoBindingOf, ssoGrant } from './services/sso.js';
import { endOtherSessions, endSession, endUserSessions, listSessions } from './services/session-list.js';
import { checkOrigin, clearRefreshCookie, refreshCookieOf, sendTokens } from './session-cookie.js';

const tags = ['auth'];
const MANAGE_USERS = ['Notisphere_ManageUsers', 'Supplier_ManageUsers', 'Provider_ManageUsers'];

type RouteRequestMeta = { ip: string; userAgent: string; requestId: string };

export function authRoutes({ db, config, mail }: ModuleDeps): Route[] {
  const kick = () => mail.kick();
  const meta = (req: { ip: string; userAgent: string; requestId: string }) => ({
    ip: req.ip,
    userAgent: req.userAgent,
    requestId: req.requestId,
  });
  const sessionOf = async (token: string | null) =>
    token ? (await verifyAccessToken(config, token, { ignoreExpiry: true }).catch(() => null))?.sid : undefined;
  // A refused refresh clears the cookie too: the browser stops sending a token that will never work again.
  const refreshWithCookie = async (req: Parameters<typeof sendTokens>[0] & RouteRequestMeta) => {
    try {
      return sendTokens(req, await refreshGrant(db, config, refreshCookieOf(req), meta(req)));
    } catch (error) {
      clearRefreshCookie(req);
      throw error;
    }
  };

  return [
    route({
      method: 'POST',
      path: '/auth/token',
      access: 'public',
      tags,
      summary:
        'Sign in (password grant; the refresh token is set as the HttpOnly portal_refresh cookie, never in the body), ' +
        'or refresh (refresh_token grant, by that cookie; Origin checked)',
      schema: { body: schema.tokenBody, response: schema.tokenAnswer },
      handler: async (req) => {
        // Single sign-on's return leg (issue 35): the spec's login request with `auth_code` and `nonce`.
        if (req.body.grant_type === 'authorization_code' || (req.body.auth_code && req.body.grant_type === 'password'))
          return sendTokens(req, await ssoGrant(db, config, req.body, ssoBindingOf(req.http), meta(req)));
        if (req.body.grant_type !== 'refresh_token')
          return sendTokens(req, await passwordGrant(db, config, req.body, meta(req), kick));
        checkOrigin(req, config);
        return refreshWithCookie(req);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/refreshtoken',
      access: 'public',
      tags,
      summary:
        'Rotate the refresh token of the portal_refresh cookie: a new access token, a new cookie (Origin checked)',
      schema: { body: schema.refreshBody, response: schema.tokenAnswer },
      handler: (req) => {
        checkOrigin(req, config);
        return refreshWithCookie(req);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/logout',
      access: 'public',
      tags,
      summary:
        'End the session of the portal_refresh cookie (or of the Bearer token) and clear the cookie (Origin checked)',
      schema: { body: schema.logoutBody },
      handler: async (req) => {
        checkOrigin(req, config);
        await logout(db, req.actor, refreshCookieOf(req), await sessionOf(req.accessToken), meta(req));
        clearRefreshCookie(req);
        return messageResult('You have been signed out.', null);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/userlock',
      access: 'public',
      tags,
      summary: 'Email an unlock code to a locked account',
      schema: { body: schema.emailBody },
      handler: async (req) => {
        await requestUnlock(db, config, req.body.email, meta(req));
        kick();
        return messageResult(MESSAGES.unlockSent, null);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/userlockotp',
      access: 'public',
      tags,
      summary: 'Unlock an account with its emailed code',
      schema: { body: schema.unlockBody },
      handler: async (req) => {
        await unlockWithCode(
          db,
          req.body.email,
          req.body.code ?? req.body.verification_code ?? '',
          undefined,
          meta(req),
        );
        return messageResult(MESSAGES.unlocked, null);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/restoreuser',
      access: 'public',
      tags,
      summary: 'Unlock an account with its emailed code and set a new password',
      schema: { body: { ...schema.unlockBody, required: ['email', 'password'] } },
      handler: async (req) => {
        await unlockWithCode(
          db,
          req.body.email,
          req.body.code ?? req.body.verification_code ?? '',
          req.body.password,
          meta(req),
        );
        kick();
        return messageResult(MESSAGES.unlocked, null);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/userdata',
      access: 'public',
      tags,
      summary: 'Email verification by code: send (resend) or check a code',
      schema: { body: schema.userDataBody },
      handler: async (req) => {
        const result = await userData(db, config, req.body, meta(req), kick);
        return messageResult(result.message, { status: result.status });
      },
    }),
    route({
      method: 'POST',
      path: '/auth/forgot-password',
      access: 'public',
      tags,
      summary: 'Email a single-use password reset link',
      schema: { body: schema.forgotBody },
      handler: async (req) => {
        if (await forgotPassword(db, config, req.body.email, meta(req))) kick();
        return messageResult(MESSAGES.resetSent, null);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/reset-password',
      access: 'public',
      tags,
      summary: 'Set a new password from a reset link',
      schema: { body: schema.resetBody },
      handler: async (req) => {
        await resetPassword(db, req.body.token, req.body.password, meta(req));
        kick();
        return messageResult(MESSAGES.passwordReset, null);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/verify-email',
      access: 'public',
      tags,
      summary: 'Verify an email address from its link',
      schema: { body: schema.verifyEmailBody },
      handler: async (req) => {
        await verifyEmail(db, req.body.token, meta(req));
        return messageResult(MESSAGES.emailVerified, null);
      },
    }),
    route({
      method: 'GET',
      path: '/auth/organization-bylink',
      access: 'public',
      tags,
      summary: 'The organisation of a self-registration link',
      schema: { query: schema.byLinkQuery, response: schema.publicOrganizationAnswer },
      handler: (req) => organizationByLink(db, req.query.selfregistrationlink),
    }),
    route({
      method: 'GET',
      path: '/auth/organization-byId',
      access: 'public',
      tags,
      summary: 'Public name and logo of an organisation',
      schema: { query: schema.byIdQuery, response: schema.publicOrganizationAnswer },
      handler: (req) => organizationById(db, req.query.organizationId),
    }),
    route({
      method: 'POST',
      path: '/auth/SignUpUser',
      access: 'public',
      tags,
      summary: 'Self-registration by link (user PENDING until verified)',
      schema: { body: schema.signUpBody },
      handler: async (req) => {
        const user = await signUp(db, config, req.body, meta(req));
        kick();
        return messageResult(MESSAGES.signedUp, user, 201);
      },
    }),
    route({
      method: 'GET',
      path: '/auth/idp/logout',
      access: 'public',
      tags,
      summary:
        "The identity provider's end-session address for the Bearer token's single sign-on session (else IDP_LOGOUT_URL)",
      schema: { response: ssoSchema.idpLogoutAnswer },
      handler: async (req) => ({
        logout_url: await idpLogoutUrl(db, config, await sessionOf(req.accessToken)),
      }),
    }),
    route({
      method: 'GET',
      path: '/me',
      access: 'user',
      tags: ['profile'],
      summary: "The caller's profile",
      schema: { response: schema.profileAnswer },
      handler: (req) => getProfile(db, req.actor, config.jwtSecret),
    }),
    route({
      method: 'PUT',
      path: '/me',
      access: 'user',
      tags: ['profile'],
      summary: "Update the caller's profile",
      schema: { body: schema.profileBody, response: schema.profileAnswer },
      handler: (req) => updateProfile(db, req.actor, req.body, req.requestId, config.jwtSecret),
    }),
    route({
      method: 'PUT',
      path: '/me/language',
      access: 'user',
      tags: ['profile'],
      summary: "The caller's language: the product's and the caller's emails' (en or vi)",
      schema: { body: schema.languageBody, response: schema.profileAnswer },
      handler: (req) => setLanguage(db, req.actor, req.body.language, req.requestId, config.jwtSecret),
    }),
    route({
      method: 'PUT',
      path: '/me/change-password',
      access: 'user',
      tags: ['profile'],
      summary: "Change the caller's password (current password required)",
      schema: { body: schema.changePasswordBody },
      handler: async (req) => {
        await changePassword(db, req.actor, await sessionOf(req.accessToken), req.body, req.requestId);
        kick();
        return messageResult(MESSAGES.passwordChanged, null);
      },
    }),
    route({
      method: 'GET',
      path: '/me/sessions',
      access: 'user',
      tags: ['profile'],
      summary: "The caller's live sessions: device, address, started, last seen, this device marked",
      schema: { response: schema.sessionListAnswer },
      handler: async (req) => listSessions(db, config, req.actor, await sessionOf(req.accessToken)),
    }),
    route({
      method: 'DELETE',
      path: '/me/sessions/:id',
      access: 'user',
      tags: ['profile'],
      summary: "End one of the caller's sessions (its tokens stop working at once)",
      schema: { params: schema.sessionParams },
      handler: async (req) => {
        await endSession(db, req.actor, req.params.id, req.requestId);
        return messageResult('The session has been ended.', null);
      },
    }),
    route({
      method: 'POST',
      path: '/me/sessions/end-others',
      access: 'user',
      tags: ['profile'],
      summary: 'End every session of the caller but this one',
      schema: { response: schema.endedAnswer },
      handler: async (req) => endOtherSessions(db, req.actor, await sessionOf(req.accessToken), req.requestId),
    }),
    route({
      method: 'POST',
      path: '/users/:id/end-sessions',
      access: MANAGE_USERS,
      tags: ['organisations'],
      summary: "End every session of a user of the caller's organisation (the operator: of any user)",
      schema: { params: schema.userIdParams, response: schema.endedAnswer },
      handler: (req) => endUserSessions(db, req.actor, req.params.id, req.requestId),
    }),
    route({
      method: 'GET',
      path: '/me/organization',
      access: 'user',
      tags: ['profile'],
      summary: "The caller's organisation",
      schema: { response: schema.myOrganizationAnswer },
      handler: (req) => getMyOrganization(db, req.actor, config.jwtSecret),
    }),
    ...totpRoutes({ db, config, mail }),
    ...ssoRoutes({ db, config }),
  ];
}
