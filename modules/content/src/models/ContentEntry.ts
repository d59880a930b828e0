import { BaseModel } from '@portal/core';

export type ContentKind = 'NEWS' | 'FAQ' | 'GUIDE';
export type UserType = 'NOTI' | 'PROV' | 'SUPP';

/** A news card, FAQ or user guide for one user type (see the migration for what each column means per kind). */
export class ContentEntry extends BaseModel {
  static override tableName = 'content_entries';

  declare id: number;
  declare kind: ContentKind;
  declare user_type: UserType;
  declare title: string;
  declare body: string | null;
  declare link_url: string | null;
  declare file_key: string | null;
  declare file_name: string | null;
  declare file_extension: string | null;
  declare file_mimetype: string | null;
  declare file_size: number | null;
  declare sort_order: number;
  declare status: 'ACTIVE' | 'INACTIVE';
  declare created_by: number | null;
  declare updated_by: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
