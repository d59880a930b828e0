import { codes, vocabularyPairs } from '@portal/vocabulary';

/** Vocabularies of spec §9 and DESIGN §4 as [value, label] pairs: values travel, labels are shown. One source: @portal/vocabulary. */
export const COMMUNICATION_TYPES = codes('communicationType');
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

// The spec's seed of the managed lookup values. Pickers and validation read the managed values through
// @portal/lookups (`lookupOptions`, `assertLookupCodes`), not these constants.
export const DISRUPTION_SUBTYPES = vocabularyPairs('disruptionSubtype');
export const RECALL_SUBTYPES = vocabularyPairs('recallSubtype');
export const CLASSIFICATIONS = vocabularyPairs('classification');
export const DISPOSITIONS = vocabularyPairs('disposition');
export const LEAD_TIMES = vocabularyPairs('leadTime');
export const REASONS = vocabularyPairs('reason');
export const ACTION_TYPES = codes('actionType');
export type ActionType = (typeof ACTION_TYPES)[number];
export const FIELD_TYPES = ['Text', 'Number', 'Date', 'YesNo', 'TrueFalse', 'ListSingle', 'ListMultiple'] as const;
export const LOCATION_STATUSES = vocabularyPairs('locationStatus');
export const RESPONSE_METHODS = vocabularyPairs('responseMethod');

/** The permission that governs each event type (spec 001 §6). */
export const PERMISSION_OF_TYPE: Record<CommunicationType, string> = {
  RECALL: 'Supplier_ManageRecalls',
  'PRODUCT DISRUPTION': 'Supplier_ManageDisruption',
};
export const SUPPLIER_EVENT_PERMISSIONS = ['Supplier_ManageRecalls', 'Supplier_ManageDisruption'];

export const values = <T extends readonly (readonly [string, string])[]>(pairs: T): string[] => pairs.map(([v]) => v);
