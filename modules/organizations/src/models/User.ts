import { BaseModel } from '@portal/core';

export type UserStatus = 'VERIFIED' | 'VERIFICATION' | 'NONVERIFIED' | 'DEACTIVATED' | 'LOCKED' | 'PENDING' | 'SSO';

export class User extends BaseModel {
  static override tableName = 'users';

  id!: number;
  email!: string;
  password_hash!: string | null;
  first_name!: string;
  last_name!: string;
  phone!: string | null;
  photo!: string | null;
  status!: UserStatus;
  failed_login_count!: number;
  locked_at!: Date | null;
  email_verified_at!: Date | null;
  last_login_at!: Date | null;
  password_changed_at!: Date | null;
  created_at!: Date;

  get full_name(): string {
    return `${this.first_name} ${this.last_name}`.trim();
  }

  /** The hash never leaves the model. */
  override $formatJson(json: Record<string, unknown>): Record<string, unknown> {
    const out = super.$formatJson(json);
    delete out.password_hash;
    delete out.failed_login_count;
    return { ...out, full_name: this.full_name };
  }
}
