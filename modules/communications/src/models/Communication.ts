import { BaseModel } from '@portal/core';
import type { CommunicationType } from '../constants.js';

/** A supplier's event (recall or supply advisory), steps 0-3 and its lifecycle. */
export class Communication extends BaseModel {
  static override tableName = 'communications';

  declare id: number;
  declare organization_id: number;
  declare type: CommunicationType;
  declare status: 'DRAFT' | 'OPEN' | 'CLOSED' | 'DELETED';
  declare current_step: number;
  /** Each affected customer gets its own product rows (communication_custom_rows). */
  declare custom_content: boolean;
  declare subtype: string | null;
  declare name: string;
  declare event_id: string | null;
  declare classification: string | null;
  declare reason: string | null;
  declare description: string | null;
  declare disposition: string | null;
  declare lead_time: string | null;
  declare event_date: string | null;
  declare end_date: string | null;
  /** Issue 32: when the recipients should have answered (YYYY-MM-DD); set at send from the plan's days when empty. */
  declare response_due_date: string | null;
  declare contact_name: string | null;
  declare contact_email: string | null;
  declare contact_phone: string | null;
  /** Issue 15: the FDA recall numbers the event answers. */
  declare fda_recall_numbers: string[];
  /** The event's own reminder plan; null = its organisation's for its class, else the built-in one. */
  declare reminder_interval_hours: number | null;
  declare reminder_max: number | null;
  declare reminders_paused: boolean;
  declare created_by: number | null;
  declare approved_by: number | null;
  declare approved_at: Date | null;
  declare closed_at: Date | null;
  declare first_sent_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
}
