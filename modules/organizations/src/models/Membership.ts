import { BaseModel } from '@portal/core';

export class Membership extends BaseModel {
  static override tableName = 'memberships';

  declare id: number;
  declare user_id: number;
  declare organization_id: number;
  declare role_id: number;
  declare status: 'ACTIVE' | 'INACTIVE' | 'DELETED' | 'PENDING';
  declare created_at: Date;
}
