import { fn, Model } from 'objection';

/** A model's columns as plain data, for types that also describe rows read with knex. */
export type { ModelObject } from 'objection';

/**
 * Base of every objection model. Properties keep the columns' snake_case names because the wire uses the same
 * names (full_name, profile_photo, organization_id): one name from table to client, no mapping layer. Columns are
 * `declare`d so the class fields (ES2022) do not shadow the values objection sets.
 */
export class BaseModel extends Model {
  /** False for tables without an updated_at column (sessions, one-time codes). */
  static hasUpdatedAt = true;

  declare updated_at?: Date;

  /** The database's clock (the transaction's now()), as the knex updates write it: one clock for every updated_at. */
  override $beforeUpdate(): void {
    if ((this.constructor as typeof BaseModel).hasUpdatedAt) this.updated_at = fn.now() as unknown as Date;
  }
}
