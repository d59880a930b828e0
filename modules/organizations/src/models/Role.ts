import { BaseModel } from '@portal/core';

export class Role extends BaseModel {
  static override tableName = 'roles';

  declare id: number;
  declare organization_id: number;
  declare name: string;
  declare description: string | null;
  declare status: 'ACTIVE' | 'INACTIVE' | 'DELETED' | 'PENDING';
  declare is_system: boolean;
  declare created_at: Date;
}
