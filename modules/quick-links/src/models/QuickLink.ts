import { BaseModel } from '@portal/core';

/** An image and a URL shown in the header of the organisations it targets (`quick_link_organizations`). */
export class QuickLink extends BaseModel {
  static override tableName = 'quick_links';

  declare id: number;
  declare url: string;
  declare image_key: string;
  declare image_name: string;
  declare image_size: number;
  declare status: 'ACTIVE' | 'INACTIVE';
  declare created_by: number | null;
  declare updated_by: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
