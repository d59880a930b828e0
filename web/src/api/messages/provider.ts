import { msg } from '@lingui/core/macro';
import type { Translations } from './types';

/** The provider-side, paper response and conversation messages (`@portal/vocabulary`'s PROVIDER_MESSAGES) in the reader's language. */
export const PROVIDER_TEXT = {
  DELEGATE_NOT_FOUND: () => msg`Delegate not found.`,
  EMAIL_NOT_FOUND: () => msg`Email not found.`,
  NOTE_NOT_FOUND: () => msg`Note not found.`,
  RESPONSE_NOT_FOUND: () => msg`Response not found.`,
  PAPER_RESPONSE_NOT_FOUND: () => msg`Paper response not found.`,
  CONVERSATION_NOT_FOUND: () => msg`Conversation not found.`,
  ALREADY_ALLOWED: () => msg`You already have access to this event.`,
  NO_ADMINISTRATOR: () => msg`Your organisation has no active administrator to ask.`,
  EVENT_TYPE_FIXED: () => msg`The type of an event cannot change.`,
  ACTIONS_ANSWERED: () => msg`The actions have answers already and can no longer be replaced.`,
  CUSTOM_REPORT_XLSX_ONLY: () => msg`This event has no custom content; its Customized Content Report is XLSX only.`,
  RESPONSE_INCOMPLETE: () => msg`Every required action must be answered before the event can be marked completed.`,
  OWN_RESPONSE_ONLY: () => msg`You can only delete your own response.`,
  NOTE_ONE_FILE: () => msg`A note takes one file.`,
  OWNER_NOT_ELIGIBLE: () =>
    msg`This user cannot own this notice: owners are active users of your organisation or its sites who may manage its type.`,
  ALREADY_ANSWERED: () => msg`This notice has been answered already, so it cannot be marked not affected.`,
  SELECTION_CLOSED: () =>
    msg`Some of the selected notices are closed and can no longer be changed. Nothing was changed.`,
  RECIPIENT_NOT_ELIGIBLE: ({ email }) =>
    msg`${email} cannot be notified: recipients are active colleagues of your organisation or its sites who may see this notice.`,
  NOT_SENT: () => msg`Paper responses can only be recorded for an event that has been sent.`,
  PAPER_RESPONSE_EXISTS: () => msg`This customer already has a paper response; edit that one instead.`,
  PAPER_CUSTOMER_FIXED: () => msg`The customer of a paper response cannot be changed; delete it and record a new one.`,
  LOCATION_NOT_AFFECTED: () => msg`This location is not an affected location of the customer.`,
  RESPONSE_BEFORE_NOTIFIED: () => msg`The response date cannot be before the notified date.`,
  PAPER_NO_DOCUMENT: () => msg`This paper response has no document.`,
  NOTIFIED_DATE_INVALID: () => msg`notifiedDate must be a date (YYYY-MM-DD).`,
  COMMUNICATION_ID_REQUIRED: () => msg`communicationId is required for a new paper response.`,
  ACTION_NOT_IN_EVENT: ({ id }) => msg`Action ${id} is not an action of this event.`,
  ACTION_NO_FILES: ({ title }) => msg`"${title}" does not take files.`,
  ACTION_ANSWERED_ONCE: ({ title }) => msg`"${title}" is answered once, not per unit.`,
  UNEXPECTED_FILE_FIELD: ({ field }) => msg`Unexpected file field "${field}": send each file as file_<actionId>.`,
  PAPER_TEMPLATE_REQUIRED: () => msg`Choose the filled Paper Response Template (.xlsx) to upload.`,
  NOT_PAPER_TEMPLATE: () =>
    msg`This is not a Paper Response Template: download the template of this event and fill it in.`,
  IMPORT_ROWS_INVALID: ({ details }) => msg`The file was not imported: ${details}`,
  PAPER_FILE_EMPTY: () =>
    msg`The file holds no paper responses: fill in a Responder Name or an answer on a customer's row.`,
  MESSAGE_TEXT_REQUIRED: () => msg`Field required.`,
  CONVERSATION_CLOSED: () => msg`This conversation is closed. Reopen it to write.`,
  NO_SUPPLIER: () => msg`This event has no supplier to write to.`,
  TOO_MANY_ATTACHMENTS: ({ max }) => msg`At most ${max} files can be attached to one message.`,
  INVENTORY_IMPORT_NOT_FOUND: () => msg`Import not found.`,
  INVENTORY_FILE_REQUIRED: () => msg`Choose a .csv or .xlsx file to import.`,
  INVENTORY_FILE_EMPTY: () => msg`The file has no rows.`,
  INVENTORY_HEADER_ROW_MISSING: ({ row }) => msg`The file has no row ${row} to read the headers from.`,
  INVENTORY_MAPPING_NO_IDENTIFIER: () => msg`Map at least one of GTIN or UDI-DI, UDI, catalogue number or model.`,
  INVENTORY_MAPPING_COLUMN: ({ column }) => msg`Column ${column} is not in the header row.`,
  INVENTORY_MAPPING_TWICE: ({ column }) => msg`Column ${column} is mapped to two fields.`,
  INVENTORY_IMPORT_STARTED: () => msg`This import has started already.`,
  'INVENTORY_ROW.noIdentifier': () => msg`No GTIN, UDI, catalogue number or model.`,
  'INVENTORY_ROW.gtinCheckDigit': ({ value, expected }) =>
    msg`GTIN ${value} has a wrong check digit (expected ${expected}).`,
  'INVENTORY_ROW.gtinInvalid': ({ value }) => msg`GTIN ${value} is not 8 to 14 digits.`,
  'INVENTORY_ROW.udiInvalid': ({ value, problem }) => msg`UDI ${value} cannot be read (${problem}).`,
  'INVENTORY_ROW.badDate': ({ column, value }) => msg`${column}: ${value} is not a date.`,
  'INVENTORY_ROW.badQuantity': ({ value }) => msg`Quantity ${value} is not a whole number from 0 to 2147483647.`,
  'INVENTORY_ROW.tooLong': ({ column, max }) => msg`${column} is longer than ${max} characters.`,
  'INVENTORY_ROW.duplicate': ({ row }) => msg`Same item as row ${row}.`,
  INVENTORY_NOT_CHECKED: () =>
    msg`This notice has not been checked against your current item master yet. Try again shortly.`,
  INVENTORY_MATCHES_FOUND: () =>
    msg`Your item master holds products this notice names, so it cannot be answered not affected in one step.`,
} satisfies Translations<'provider'>;
