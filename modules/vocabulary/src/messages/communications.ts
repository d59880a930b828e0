/**
 * Messages of recalls and supply advisories: authoring, approval, recipients, sending, answers, documents, product
 * fields and custom content (the communications module, and the inbox where it writes the same rules). English as
 * the wire sends it; `{status}` is an event status code.
 */
export const COMMUNICATION_MESSAGES = {
  COMMUNICATION_NOT_FOUND: 'Communication not found.',
  PROVIDER_COMMUNICATION_NOT_FOUND: 'Provider communication not found.',
  ACTION_NOT_FOUND: 'Action not found.',
  INTERNAL_ACTION_NOT_FOUND: 'Internal action not found.',
  DOCUMENT_NOT_FOUND: 'Document not found.',
  ROW_NOT_FOUND: 'Row not found.',
  PRODUCT_FIELD_NOT_FOUND: 'Product field not found.',
  PROVIDER_ORGANIZATION_NOT_FOUND: 'Provider organization not found: {ids}',
  NOTICE_NOT_OPEN: 'This notice is not open.',

  // ---- the wizard ----
  CLASSIFICATION_REQUIRED: 'classification is required for a recall.',
  SUBTYPE_REQUIRED: 'subtype is required for a supply advisory.',
  END_BEFORE_START: 'end_date cannot be before event_date.',
  TYPE_CHANGE: 'The event type cannot change once created.',
  TOO_MANY_PRODUCTS: 'An event holds at most {max} products.',
  ACTION_PER_UNIT_NEEDS_CUSTOM_CONTENT: 'Action {n}: only an event with custom content has per-unit actions.',
  ACTION_PER_UNIT_TYPE: 'Action {n}: a per-unit action is a Text, Numeric or Yes / No action.',
  /** `type`: an action type code (Checkbox, MultipleChoice). */
  ACTION_NEEDS_OPTION: 'Action {n}: a {type} action needs at least one option.',
  ACTION_OPTIONS_DUPLICATE: 'Action {n}: options must be different from each other.',
  NOT_DRAFT:
    'This event has been approved: its details, products and actions can only be changed with a post-approval update.',

  // ---- approval and the event's life ----
  'NOT_DRAFT.approve': 'Only a draft can be approved; this event is {status}.',
  /** `missing`: what the draft lacks, in English ("at least one product, at least one action"). */
  INCOMPLETE: 'The event cannot be approved yet: it needs {missing}.',
  NOT_APPROVED: 'A draft cannot be closed; approve it or delete it.',
  'NOT_APPROVED.edit': 'A draft is edited through its steps, not with a post-approval update.',
  NOT_DELETABLE: 'An {status} event cannot be deleted; close it instead.',
  'NOT_DELETABLE.operator':
    'This event has been approved and sent ({status}); it cannot be deleted. The supplier can close it instead.',
  INVALID_TRANSITION: 'An event cannot go from {from} to {to}.',
  FROZEN_AFTER_APPROVAL: '{fields} cannot be changed after approval.',
  EVENT_CLOSED: 'This event is closed and can no longer be answered.',
  'EVENT_CLOSED.edit': 'This event is closed and can no longer be edited.',
  EVENT_COMPLETED: 'A completed event cannot be edited.',
  /** A reminder plan's name, or an action's title, given twice. */
  LISTED_TWICE: '"{title}" is listed twice.',

  // ---- recipients and sending ----
  CLOSED: 'A closed event takes no new recipients; reopen it first.',
  NO_RECIPIENT: '{name} has no user who can receive this event type.',
  'NO_RECIPIENT.colleague': 'Nobody else in this organisation can receive this event type.',
  LOCATIONS_REQUIRED: 'Select at least one location.',
  LOCATION_FILE_NO_ACTIVE: 'The location file holds no active location.',
  LOCATIONS_NONE_ACTIVE: 'Your location list holds no active location.',
  RECIPIENTS_REQUIRED: 'Add at least one provider or recipient.',
  ALREADY_NOTIFIED: 'A customer who has been notified cannot be removed.',
  NOT_OPEN: 'Approve the event before sending it.',
  'NOT_OPEN.closed': 'A closed event cannot be sent; reopen it first.',
  'NOT_OPEN.salesReps': 'Approve the advisory before sending it to sales representatives.',
  SALES_REPS_ADVISORY_ONLY: 'Sales representatives follow supply advisories only.',
  NO_ACTIVE_SALES_REP: 'There is no active sales representative to notify.',

  // ---- answers ----
  ACTION_DISABLED: 'This action is disabled and cannot be edited.',
  ACTION_TAKES_NO_FILES: 'This action does not take files.',
  ACTION_TYPE_UNKNOWN: 'Unknown action type',
  /** `key`: the answer's field (valueText, valueYesNo, ...). */
  ANSWER_NOT_TEXT: '{key} must be text',
  ANSWER_NOT_BOOLEAN: '{key} must be true or false',
  ANSWER_NOT_YES_NO: '{key} must be Yes or No',
  ANSWER_OPTION_UNKNOWN: '{key} must be chosen from: {options}',
  ANSWER_OPTION_TWICE: '{key} lists an option twice',
  ANSWER_FILE_UNKNOWN: '{key} names a file that was not uploaded to this action',
  NOT_PER_UNIT: 'This action is answered once, not per unit.',
  ROW_ANSWERED_TWICE: 'Answer each row once.',
  ANSWERED_ELECTRONICALLY: '"{title}" has already been answered electronically; a paper response cannot overwrite it.',
  'ANSWERED_ELECTRONICALLY.unit':
    '"{title}" has already been answered electronically for this unit; a paper response cannot overwrite it.',

  // ---- product fields and custom content ----
  /** `problem`: one of the VALUE_… messages below. */
  PRODUCT_CUSTOM_FIELD_INVALID: 'Product {row}: {name} {problem}',
  PRODUCT_CUSTOM_FIELD_UNKNOWN: 'Product {row}: unknown custom field {field}',
  VALUE_MUST_BE_TEXT: 'must be text',
  VALUE_LONGER_THAN: 'is longer than {max} characters',
  VALUE_MUST_BE_NUMBER: 'must be a number',
  VALUE_MUST_BE_DATE: 'must be a date (YYYY-MM-DD)',
  VALUE_MUST_BE_YES_NO: 'must be Yes or No',
  VALUE_MUST_BE_BOOLEAN: 'must be true or false',
  VALUE_MUST_BE_ONE_OF: 'must be one of {options}',
  VALUE_MUST_BE_LIST_OF: 'must be a list of {options}',
  VALUE_TYPE_UNKNOWN: 'has an unknown type',
  VALUE_REQUIRED: 'is required',
  FIELD_OPTIONS_NOT_LIST: 'Only list fields (one or several choices) have options.',
  LIST_FIELD_NEEDS_OPTION: 'A list field needs at least one option.',
  LIST_FIELD_OPTIONS_NOT_UNIQUE: 'The options of a list field must be different from each other.',
  PRODUCT_FIELD_NAME_TAKEN: 'A product field named "{name}" already exists.',
  'PRODUCT_FIELD_NAME_TAKEN.supplier': 'A supplier already has a product field named "{name}".',
  PRODUCT_FIELD_TYPE_LOCKED:
    'Products already hold values of this field, so its type cannot change. Inactivate it and add a new field.',
  PRODUCT_FILE_REQUIRED: 'Choose a product file to upload (field `file`).',
  /** `reason`: the reader's own words (English). */
  PRODUCT_FILE_UNREADABLE: 'The product file could not be read: {reason}',
  PRODUCT_FILE_TOO_LONG: 'A product file holds at most {max} products; this one has {count}.',
  PRODUCT_FILE_HAS_ERRORS: 'The product file has errors; nothing was saved.',
  CUSTOM_CONTENT_OFF: 'Turn on custom content for this event before uploading customer rows.',
  CUSTOM_ROWS_TOO_MANY: 'A custom product file holds at most {max} rows; this one has {count}.',
  ROWS_SENT: 'The notices of this event have been sent: its customer rows can no longer change.',

  // ---- the answer files' zip ----
  FILES_ZIP_TOO_MANY: 'This event has more than {max} answer files, too many for one download.',
  FILES_ZIP_TOO_LARGE: 'The answer files of this event add up to more than {max} MB, too much for one download.',
} as const;
