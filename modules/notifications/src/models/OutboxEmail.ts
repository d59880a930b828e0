import { BaseModel } from '@portal/core';

/** One queued email (DESIGN §5): written in the transaction that caused it, sent later by the drainer. */
export class OutboxEmail extends BaseModel {
  static override tableName = 'outbox_emails';

  declare id: number;
  declare organization_id: number | null;
  declare kind: string;
  declare to_email: string;
  declare subject: string;
  declare text_body: string;
  declare html_body: string | null;
  declare status: 'DRAFT' | 'DELIVERY' | 'SENT' | 'Bounce' | 'ERROR' | 'ERROR_MISSING_TEMPLATE';
  declare template_version_id: number | null;
  declare template_values: import('../templates/render.js').StoredContent | null;
  declare template_language: 'en' | 'vi' | null;
  declare attempts: number;
  declare next_attempt_at: Date;
  declare last_error: string | null;
  declare message_id: string | null;
  declare sent_at: Date | null;
  declare reference_type: string | null;
  declare reference_id: string | null;
  declare created_at: Date;
}
