import { BaseModel } from '@portal/core';

export class Membership extends BaseModel {
  static override tableName = 'memberships';

  id!: number;
  user_id!: number;
  organization_id!: number;
  role_id!: number;
  status!: 'ACTIVE' | 'INACTIVE' | 'DELETED' | 'PENDING';
  created_at!: Date;
}
