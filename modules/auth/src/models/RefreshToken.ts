import { BaseModel } from '@portal/core';

/** One refresh token of a session (its family); only the hash is stored. */
export class RefreshToken extends BaseModel {
  static override tableName = 'refresh_tokens';
  static override hasUpdatedAt = false;

  declare id: number;
  declare user_id: number;
  declare organization_id: number;
  declare family_id: string;
  declare token_hash: string;
  declare expires_at: Date;
  declare revoked_at: Date | null;
  declare revoked_reason: string | null;
  declare replaced_by_id: number | null;
  declare ip: string | null;
  declare user_agent: string | null;
  declare created_at: Date;
}
