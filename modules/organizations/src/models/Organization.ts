import { BaseModel, type OrganizationType } from '@portal/core';

export class Organization extends BaseModel {
  static override tableName = 'organizations';

  id!: number;
  type!: OrganizationType;
  parent_id!: number | null;
  name!: string;
  status!: 'ACTIVE' | 'DEACTIVATED' | 'PENDING' | 'LINKED';
  notisphere_id!: string | null;
  address1!: string | null;
  address2!: string | null;
  city!: string | null;
  state!: string | null;
  zip!: string | null;
  country!: string | null;
  phone!: string | null;
  email!: string | null;
  domain!: string | null;
  is_sso!: boolean;
  profile_photo!: string | null;
  self_registration_link!: string | null;
  self_registration_role_id!: number | null;
  requires_second_factor!: boolean;
  created_at!: Date;
}
