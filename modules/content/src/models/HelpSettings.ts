import { BaseModel } from '@portal/core';

/** The one row (id 1) of contact information and help links shown at /contact-us. */
export class HelpSettings extends BaseModel {
  static override tableName = 'help_settings';

  declare id: number;
  declare contact_email: string | null;
  declare contact_phone: string | null;
  declare contact_address: string | null;
  declare contact_hours: string | null;
  declare knowledge_base_url: string | null;
  declare faq_url: string | null;
  declare contact_url: string | null;
  declare updated_by: number | null;
  declare updated_at: Date;
}
