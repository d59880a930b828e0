import { apiRequest, useApi } from './client';
import type { RequestBody, ResponseData } from './contract';

/** The caller's authenticator app (GET /me/totp). */
export type TotpStatus = ResponseData<'getMeTotp'>;
/** A new secret to add to the app: typed, or scanned as the otpauth:// address of a QR code. */
export type TotpEnrollment = ResponseData<'postMeTotpSetup'>;
export type RecoveryCodes = ResponseData<'postMeTotpConfirm'>;

export function useTotpStatus() {
  return useApi<TotpStatus>('/me/totp');
}

export function startTotpSetup(): Promise<TotpEnrollment> {
  return apiRequest<TotpEnrollment>('/me/totp/setup', { method: 'POST', errorModal: false });
}

export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>('/me/totp/confirm', {
    method: 'POST',
    body: { code } satisfies RequestBody<'postMeTotpConfirm'>,
    errorModal: false,
  });
}

export function renewRecoveryCodes(code: string): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>('/me/totp/recovery-codes', {
    method: 'POST',
    body: { code } satisfies RequestBody<'postMeTotpRecoveryCodes'>,
    errorModal: false,
  });
}

export function disableTotp(code: string): Promise<unknown> {
  return apiRequest('/me/totp/disable', {
    method: 'POST',
    body: { code } satisfies RequestBody<'postMeTotpDisable'>,
    errorModal: false,
  });
}
