import { BaseModel, type OrganizationType } from '@portal/core';

export class Organization extends BaseModel {
  static override tableName = 'organizations';

  declare id: number;
  declare type: OrganizationType;
  declare parent_id: number | null;
  declare name: string;
  declare status: 'ACTIVE' | 'DEACTIVATED' | 'PENDING' | 'LINKED';
  declare notisphere_id: string | null;
  declare address1: string | null;
  declare address2: string | null;
  declare city: string | null;
  declare state: string | null;
  declare zip: string | null;
  declare country: string | null;
  declare phone: string | null;
  declare email: string | null;
  declare domain: string | null;
  declare is_sso: boolean;
  declare profile_photo: string | null;
  declare self_registration_link: string | null;
  declare self_registration_role_id: number | null;
  declare requires_second_factor: boolean;
  declare is_notisphere_managed: boolean;
  declare created_at: Date;
}
