/**
 * Messages of the provider's side and the people without an account: received notices, answers, delegates, notes,
 * access requests, provider-created events (the inbox and notices modules), paper responses and conversations.
 * English as the wire sends it.
 */
export const PROVIDER_MESSAGES = {
  DELEGATE_NOT_FOUND: 'Delegate not found.',
  EMAIL_NOT_FOUND: 'Email not found.',
  NOTE_NOT_FOUND: 'Note not found.',
  RESPONSE_NOT_FOUND: 'Response not found.',
  PAPER_RESPONSE_NOT_FOUND: 'Paper response not found.',
  CONVERSATION_NOT_FOUND: 'Conversation not found.',

  // ---- the inbox ----
  ALREADY_ALLOWED: 'You already have access to this event.',
  NO_ADMINISTRATOR: 'Your organisation has no active administrator to ask.',
  EVENT_TYPE_FIXED: 'The type of an event cannot change.',
  ACTIONS_ANSWERED: 'The actions have answers already and can no longer be replaced.',
  CUSTOM_REPORT_XLSX_ONLY: 'This event has no custom content; its Customized Content Report is XLSX only.',
  RESPONSE_INCOMPLETE: 'Every required action must be answered before the event can be marked completed.',
  OWN_RESPONSE_ONLY: 'You can only delete your own response.',
  NOTE_ONE_FILE: 'A note takes one file.',
  // issue 32: owners, not affected, bulk actions
  OWNER_NOT_ELIGIBLE:
    'This user cannot own this notice: owners are active users of your organisation or its sites who may manage its type.',
  ALREADY_ANSWERED: 'This notice has been answered already, so it cannot be marked not affected.',
  SELECTION_CLOSED: 'Some of the selected notices are closed and can no longer be changed. Nothing was changed.',
  // issue 33: notifying chosen colleagues
  RECIPIENT_NOT_ELIGIBLE:
    '{email} cannot be notified: recipients are active colleagues of your organisation or its sites who may see this notice.',

  // ---- paper responses ----
  NOT_SENT: 'Paper responses can only be recorded for an event that has been sent.',
  PAPER_RESPONSE_EXISTS: 'This customer already has a paper response; edit that one instead.',
  PAPER_CUSTOMER_FIXED: 'The customer of a paper response cannot be changed; delete it and record a new one.',
  LOCATION_NOT_AFFECTED: 'This location is not an affected location of the customer.',
  RESPONSE_BEFORE_NOTIFIED: 'The response date cannot be before the notified date.',
  PAPER_NO_DOCUMENT: 'This paper response has no document.',
  NOTIFIED_DATE_INVALID: 'notifiedDate must be a date (YYYY-MM-DD).',
  COMMUNICATION_ID_REQUIRED: 'communicationId is required for a new paper response.',
  ACTION_NOT_IN_EVENT: 'Action {id} is not an action of this event.',
  ACTION_NO_FILES: '"{title}" does not take files.',
  ACTION_ANSWERED_ONCE: '"{title}" is answered once, not per unit.',
  UNEXPECTED_FILE_FIELD: 'Unexpected file field "{field}": send each file as file_<actionId>.',
  PAPER_TEMPLATE_REQUIRED: 'Choose the filled Paper Response Template (.xlsx) to upload.',
  NOT_PAPER_TEMPLATE: 'This is not a Paper Response Template: download the template of this event and fill it in.',
  /** `details`: each refused row's problems, in English ("row 3: Responder Name is required."). */
  IMPORT_ROWS_INVALID: 'The file was not imported: {details}',
  PAPER_FILE_EMPTY: "The file holds no paper responses: fill in a Responder Name or an answer on a customer's row.",

  // ---- conversations ----
  MESSAGE_TEXT_REQUIRED: 'Field required.',
  CONVERSATION_CLOSED: 'This conversation is closed. Reopen it to write.',
  NO_SUPPLIER: 'This event has no supplier to write to.',
  TOO_MANY_ATTACHMENTS: 'At most {max} files can be attached to one message.',

  // ---- issue 38: the item master (inventory) ----
  INVENTORY_IMPORT_NOT_FOUND: 'Import not found.',
  INVENTORY_FILE_REQUIRED: 'Choose a .csv or .xlsx file to import.',
  INVENTORY_FILE_EMPTY: 'The file has no rows.',
  INVENTORY_HEADER_ROW_MISSING: 'The file has no row {row} to read the headers from.',
  INVENTORY_MAPPING_NO_IDENTIFIER: 'Map at least one of GTIN or UDI-DI, UDI, catalogue number or model.',
  INVENTORY_MAPPING_COLUMN: 'Column {column} is not in the header row.',
  INVENTORY_MAPPING_TWICE: 'Column {column} is mapped to two fields.',
  INVENTORY_IMPORT_STARTED: 'This import has started already.',
  'INVENTORY_ROW.noIdentifier': 'No GTIN, UDI, catalogue number or model.',
  'INVENTORY_ROW.gtinCheckDigit': 'GTIN {value} has a wrong check digit (expected {expected}).',
  'INVENTORY_ROW.gtinInvalid': 'GTIN {value} is not 8 to 14 digits.',
  'INVENTORY_ROW.udiInvalid': 'UDI {value} cannot be read ({problem}).',
  'INVENTORY_ROW.badDate': '{column}: {value} is not a date.',
  'INVENTORY_ROW.badQuantity': 'Quantity {value} is not a whole number from 0 to 2147483647.',
  'INVENTORY_ROW.tooLong': '{column} is longer than {max} characters.',
  'INVENTORY_ROW.duplicate': 'Same item as row {row}.',
  // ---- issue 38: matching recalls against the item master ----
  INVENTORY_NOT_CHECKED: 'This notice has not been checked against your current item master yet. Try again shortly.',
  INVENTORY_MATCHES_FOUND:
    'Your item master holds products this notice names, so it cannot be answered not affected in one step.',
} as const;
