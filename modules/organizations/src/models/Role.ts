import { BaseModel } from '@portal/core';

export class Role extends BaseModel {
  static override tableName = 'roles';

  id!: number;
  organization_id!: number;
  name!: string;
  description!: string | null;
  status!: 'ACTIVE' | 'INACTIVE' | 'DELETED' | 'PENDING';
  is_system!: boolean;
  created_at!: Date;
}
