import { BaseModel } from '@portal/core';

/** One single-use recovery code of a user's authenticator; only its hash is stored. */
export class TotpRecoveryCode extends BaseModel {
  static override tableName = 'totp_recovery_codes';
  static override hasUpdatedAt = false;

  declare id: number;
  declare user_id: number;
  declare code_hash: string;
  declare used_at: Date | null;
  declare created_at: Date;
}
