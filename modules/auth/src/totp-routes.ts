import { type ModuleDeps, messageResult, type Route, route } from '@portal/core';
import { twoFactorPolicy } from '@portal/organizations';
import * as schema from './schemas.js';
import { recordFailedSignIn } from './services/login.js';
import {
  confirmTotpEnrollment,
  disableTotp,
  renewRecoveryCodes,
  startTotpEnrollment,
  totpStatus,
} from './services/totp.js';

const tags = ['profile'];

/** The caller's authenticator app (TOTP) and its recovery codes: the account page's panel (issue 34, item 5c). */
export function totpRoutes({ db, config, mail }: Pick<ModuleDeps, 'db' | 'config' | 'mail'>): Route[] {
  const kick = () => mail.kick();
  // A wrong or replayed code on these calls counts toward the sign-in lockout, as at sign-in.
  const countWrong =
    (req: { actor: { userId: number; email: string }; ip: string; userAgent: string; requestId: string }) =>
    (reason: string) =>
      recordFailedSignIn(
        db,
        config,
        { id: req.actor.userId, email: req.actor.email },
        { ip: req.ip, userAgent: req.userAgent, requestId: req.requestId },
        kick,
        { factor: 'TOTP', reason },
      );

  return [
    route({
      method: 'GET',
      path: '/me/totp',
      access: 'user',
      tags,
      summary: "The caller's authenticator app: enabled or not, recovery codes left, required by the organisation",
      schema: { response: schema.totpStatusAnswer },
      handler: async ({ actor }) => totpStatus(db, actor, (await twoFactorPolicy(db, actor.organizationId)) === 'TOTP'),
    }),
    route({
      method: 'POST',
      path: '/me/totp/setup',
      access: 'user',
      tags,
      summary: 'Start enrolling an authenticator app: a new secret, confirmed by its first code (409 when enabled)',
      schema: { response: schema.totpEnrollmentAnswer },
      handler: ({ actor }) => startTotpEnrollment(db, config, actor),
    }),
    route({
      method: 'POST',
      path: '/me/totp/confirm',
      access: 'user',
      tags,
      summary: 'Confirm the authenticator with its first code; answers ten recovery codes, shown this once',
      schema: { body: schema.totpConfirmBody, response: schema.recoveryCodesAnswer },
      handler: ({ actor, body, requestId }) => confirmTotpEnrollment(db, config, actor, body.code, requestId),
    }),
    route({
      method: 'POST',
      path: '/me/totp/recovery-codes',
      access: 'user',
      tags,
      summary: 'Ten new recovery codes (the unused ones stop working), with a current code',
      schema: { body: schema.totpCodeBody, response: schema.recoveryCodesAnswer },
      handler: (req) => renewRecoveryCodes(db, config, req.actor, req.body.code, req.requestId, countWrong(req)),
    }),
    route({
      method: 'POST',
      path: '/me/totp/disable',
      access: 'user',
      tags,
      summary: 'Remove the authenticator and its recovery codes, with a current code or a recovery code',
      schema: { body: schema.totpCodeBody },
      handler: async (req) => {
        await disableTotp(db, config, req.actor, req.body.code, req.requestId, countWrong(req));
        return messageResult('The authenticator app has been removed.', null);
      },
    }),
  ];
}
