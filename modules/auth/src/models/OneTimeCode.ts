import { BaseModel } from '@portal/core';

/** A 6-digit code or a link token (hashed) for sign-in challenges, unlocking, email verification and resets. */
export class OneTimeCode extends BaseModel {
  static override tableName = 'one_time_codes';
  static override hasUpdatedAt = false;

  declare id: number;
  declare user_id: number;
  declare organization_id: number | null;
  declare purpose: 'LOGIN_CHALLENGE' | 'UNLOCK' | 'EMAIL_VERIFICATION' | 'PASSWORD_RESET';
  declare code_hash: string;
  declare attempts: number;
  declare expires_at: Date;
  declare consumed_at: Date | null;
  declare created_at: Date;
}
