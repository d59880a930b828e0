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

const tags = ['auth'];

export function authRoutes({ db, config, mail }: ModuleDeps): Route[] {
  const kick = () => mail.kick();
  const meta = (req: { ip: string; userAgent: string; requestId: string }) => ({
    ip: req.ip,
    userAgent: req.userAgent,
    requestId: req.requestId,
  });
  const sessionOf = async (token: string | null) =>
    token ? (await verifyAccessToken(config, token, { ignoreExpiry: true }).catch(() => null))?.sid : undefined;

  return [
    route({
      method: 'POST',
      path: '/auth/token',
      access: 'public',
      tags,
      summary: 'Sign in (password grant) or refresh (refresh_token grant)',
      schema: { body: schema.tokenBody, response: schema.tokenAnswer },
      handler: (req) =>
        req.body.grant_type === 'refresh_token'
          ? refreshGrant(db, config, req.body.refresh_token, meta(req))
          : passwordGrant(db, config, req.body, meta(req), kick),
    }),
    route({
      method: 'POST',
      path: '/auth/refreshtoken',
      access: 'public',
      tags,
      summary: 'Rotate a refresh token',
      schema: { body: schema.refreshBody, response: schema.tokenAnswer },
      handler: (req) => refreshGrant(db, config, req.body.refresh_token, meta(req)),
    }),
    route({
      method: 'POST',
      path: '/auth/logout',
      access: 'public',
      tags,
      summary: 'End the session of the refresh token (or of the Bearer token)',
      schema: { body: schema.logoutBody },
      handler: async (req) => {
        await logout(db, req.actor, req.body.refresh_token, await sessionOf(req.accessToken), meta(req));
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
      summary: "The identity provider's logout address, when single sign-on is configured",
      handler: () => ({ logout_url: config.idpLogoutUrl ?? null }),
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
      path: '/me/organization',
      access: 'user',
      tags: ['profile'],
      summary: "The caller's organisation",
      schema: { response: schema.myOrganizationAnswer },
      handler: (req) => getMyOrganization(db, req.actor, config.jwtSecret),
    }),
  ];
}
