import { BaseModel } from '@portal/core';

/** A user's authenticator (TOTP): its secret sealed with the encryption keys, pending until a first code confirms it. */
export class UserTotp extends BaseModel {
  static override tableName = 'user_totp';
  static override idColumn = 'user_id';

  declare user_id: number;
  declare secret_sealed: string;
  declare confirmed_at: Date | null;
  /** The newest time step (Unix time / 30 s) a code was accepted for: that step and older ones are refused. */
  declare last_step: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
