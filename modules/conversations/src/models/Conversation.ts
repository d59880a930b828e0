import { BaseModel } from '@portal/core';

/**
 * A conversation between a supplier and one provider communication (spec 001 §7.2). Its messages
 * (`conversation_messages`) and files (`conversation_files`) are append-only; only the status and the per-side read
 * markers of this row change.
 */
export class Conversation extends BaseModel {
  static override tableName = 'conversations';

  declare id: number;
  declare communication_id: number;
  declare provider_communication_id: number;
  declare supplier_organization_id: number;
  declare action_id: number | null;
  declare subject: string;
  declare status: 'OPEN' | 'CLOSED';
  declare started_by_side: 'SUPPLIER' | 'PROVIDER';
  declare started_by_user_id: number | null;
  declare supplier_read_message_id: number | null;
  declare provider_read_message_id: number | null;
  declare message_count: number;
  declare last_message_at: Date | null;
  declare closed_at: Date | null;
  declare closed_by_user_id: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
