import { BaseModel } from '@portal/core';

/** An answer that came back on paper for one provider communication, keyed in or imported. */
export class PaperResponse extends BaseModel {
  static override tableName = 'paper_responses';

  declare id: number;
  declare communication_id: number;
  declare supplier_organization_id: number;
  declare provider_communication_id: number;
  declare affected_location_id: number | null;
  declare responder_name: string;
  declare response_date: string;
  declare notified_date: string | null;
  declare document_name: string | null;
  declare document_extension: string | null;
  declare document_mimetype: string | null;
  declare document_size: number | null;
  declare document_file_key: string | null;
  declare status: 'ACTIVE' | 'DELETED';
  declare created_by: number | null;
  declare updated_by: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
