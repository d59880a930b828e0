import { BaseModel } from '@portal/core';
import type { ManagedVocabulary } from '@portal/vocabulary';

/** One managed lookup value: platform-wide (`organization_id` null) or a supplier's own. */
export class LookupValue extends BaseModel {
  static override tableName = 'lookup_values';

  declare id: number;
  declare vocabulary: ManagedVocabulary;
  declare code: string;
  declare label_en: string;
  declare label_vi: string;
  declare sort_order: number;
  declare status: 'ACTIVE' | 'INACTIVE';
  declare organization_id: number | null;
  declare created_by: number | null;
  declare updated_by: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
