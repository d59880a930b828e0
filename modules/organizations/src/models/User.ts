import { BaseModel } from '@portal/core';

export type UserStatus = 'VERIFIED' | 'VERIFICATION' | 'NONVERIFIED' | 'DEACTIVATED' | 'LOCKED' | 'PENDING' | 'SSO';

export class User extends BaseModel {
  static override tableName = 'users';

  declare id: number;
  declare email: string;
  declare password_hash: string | null;
  declare first_name: string;
  declare last_name: string;
  declare phone: string | null;
  /** The language the user reads the product and its emails in. */
  declare language: 'en' | 'vi';
  declare photo: string | null;
  declare status: UserStatus;
  declare failed_login_count: number;
  declare locked_at: Date | null;
  declare email_verified_at: Date | null;
  declare last_login_at: Date | null;
  declare password_changed_at: Date | null;
  /** The status a deactivated account had, given back when it is activated again. */
  declare status_before_deactivation: UserStatus | null;
  declare created_at: Date;

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
