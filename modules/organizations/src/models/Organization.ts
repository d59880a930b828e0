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
  /** Computed from `two_factor` (a generated column): any second factor at all. */
  declare requires_second_factor: boolean;
  /** The second factor at sign-in: none, the emailed code, or an authenticator app (required). */
  declare two_factor: 'NONE' | 'EMAIL_CODE' | 'TOTP';
  declare is_notisphere_managed: boolean;
  declare created_at: Date;
}
