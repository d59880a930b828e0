import { Model } from 'objection';

/**
 * Base of every objection model. Properties keep the columns' snake_case names because the wire uses the same
 * names (full_name, profile_photo, organization_id): one name from table to client, no mapping layer.
 */
export class BaseModel extends Model {
  declare updated_at?: Date;

  override $beforeUpdate(): void {
    this.updated_at = new Date();
  }
}
