/** Vocabularies of spec §9 and DESIGN §4 as [value, label] pairs: values travel, labels are shown. */
export const COMMUNICATION_TYPES = ['RECALL', 'PRODUCT DISRUPTION'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

export const DISRUPTION_SUBTYPES = [
  ['BACKORDER', 'Backorder'], ['SHORTAGE', 'Shortage'], ['DISCONTINUATION', 'Discontinuation'], ['MARKETEVENT', 'Market Event'],
  ['GENERALINFORMATION', 'General Information'], ['ALLOCATION', 'Allocation'], ['PRODUCTORKITCHANGE', 'Product or Kit change'],
] as const;
export const RECALL_SUBTYPES = [
  ['REMOVAL', 'Removal'], ['PRODUCTADVISORY', 'Product Advisory'], ['CORRECTION', 'Correction'], ['FIELDSAFETYNOTICE', 'Field Safety Notice'],
] as const;
export const CLASSIFICATIONS = [
  ['CLASSI', 'Class I'], ['CLASSII', 'Class II'], ['CLASSIII', 'Class III'], ['NOT_YET_CLASSIFIED', 'Not Yet Classified'],
] as const;
export const DISPOSITIONS = [['Destroyed', 'Destroyed'], ['None', 'None'], ['Returned', 'Returned']] as const;
export const LEAD_TIMES = [['< 2 weeks', '< 2 weeks'], ['2-4 weeks', '2-4 weeks'], ['> month', '> month'], ['> quarter', '> quarter']] as const;
export const REASONS = [
  ['Force de Majeure', 'Force de Majeure'], ['Plant closure', 'Plant closure'], ['Raw material shortage', 'Raw material shortage'],
  ['SKU rationalization', 'SKU rationalization'], ['Quality issue', 'Quality issue'],
] as const;
export const ACTION_TYPES = ['Acknowledge', 'Text', 'Numeric', 'YesNo', 'Checkbox', 'MultipleChoice', 'Image', 'Document'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const FIELD_TYPES = ['Text', 'Number', 'Date', 'YesNo', 'TrueFalse', 'ListSingle', 'ListMultiple'] as const;
export const LOCATION_STATUSES = [
  ['COVERED', 'Covered'], ['EMAILED', 'Emailed'], ['UNABLE_PROCESSED', 'Unrecognized'], ['NON_COVERED', 'Not Covered'], ['INVALID', 'Invalid'],
] as const;
export const RESPONSE_METHODS = [['Paper', 'Paper'], ['Electronic', 'Electronic']] as const;

/** The permission that governs each event type (spec 001 §6). */
export const PERMISSION_OF_TYPE: Record<CommunicationType, string> = {
  RECALL: 'Supplier_ManageRecalls',
  'PRODUCT DISRUPTION': 'Supplier_ManageDisruption',
};
export const SUPPLIER_EVENT_PERMISSIONS = ['Supplier_ManageRecalls', 'Supplier_ManageDisruption'];

export const values = <T extends readonly (readonly [string, string])[]>(pairs: T): string[] => pairs.map(([v]) => v);
