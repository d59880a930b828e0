import { msg } from '@lingui/core/macro';
import type { Translations } from './types';

/** The recall and advisory messages (`@portal/vocabulary`'s COMMUNICATION_MESSAGES) in the reader's language. */
export const COMMUNICATION_TEXT = {
  COMMUNICATION_NOT_FOUND: () => msg`Communication not found.`,
  PROVIDER_COMMUNICATION_NOT_FOUND: () => msg`Provider communication not found.`,
  ACTION_NOT_FOUND: () => msg`Action not found.`,
  INTERNAL_ACTION_NOT_FOUND: () => msg`Internal action not found.`,
  DOCUMENT_NOT_FOUND: () => msg`Document not found.`,
  ROW_NOT_FOUND: () => msg`Row not found.`,
  PRODUCT_FIELD_NOT_FOUND: () => msg`Product field not found.`,
  PROVIDER_ORGANIZATION_NOT_FOUND: ({ ids }) => msg`Provider organization not found: ${ids}`,
  NOTICE_NOT_OPEN: () => msg`This notice is not open.`,
  CLASSIFICATION_REQUIRED: () => msg`classification is required for a recall.`,
  SUBTYPE_REQUIRED: () => msg`subtype is required for a supply advisory.`,
  END_BEFORE_START: () => msg`end_date cannot be before event_date.`,
  TYPE_CHANGE: () => msg`The event type cannot change once created.`,
  TOO_MANY_PRODUCTS: ({ max }) => msg`An event holds at most ${max} products.`,
  ACTION_PER_UNIT_NEEDS_CUSTOM_CONTENT: ({ n }) =>
    msg`Action ${n}: only an event with custom content has per-unit actions.`,
  ACTION_PER_UNIT_TYPE: ({ n }) => msg`Action ${n}: a per-unit action is a Text, Numeric or Yes / No action.`,
  ACTION_NEEDS_OPTION: ({ n, type: code }, say) => {
    const type = say.actionType(code);
    return msg`Action ${n}: a ${type} action needs at least one option.`;
  },
  ACTION_OPTIONS_DUPLICATE: ({ n }) => msg`Action ${n}: options must be different from each other.`,
  NOT_DRAFT: () =>
    msg`This event has been approved: its details, products and actions can only be changed with a post-approval update.`,
  'NOT_DRAFT.approve': ({ status: code }, say) => {
    const status = say.status(code);
    return msg`Only a draft can be approved; this event is ${status}.`;
  },
  INCOMPLETE: ({ missing }) => msg`The event cannot be approved yet: it needs ${missing}.`,
  NOT_APPROVED: () => msg`A draft cannot be closed; approve it or delete it.`,
  'NOT_APPROVED.edit': () => msg`A draft is edited through its steps, not with a post-approval update.`,
  NOT_DELETABLE: ({ status: code }, say) => {
    const status = say.status(code);
    return msg`An ${status} event cannot be deleted; close it instead.`;
  },
  'NOT_DELETABLE.operator': ({ status: code }, say) => {
    const status = say.status(code);
    return msg`This event has been approved and sent (${status}); it cannot be deleted. The supplier can close it instead.`;
  },
  INVALID_TRANSITION: (values, say) => {
    const from = say.status(values.from);
    const to = say.status(values.to);
    return msg`An event cannot go from ${from} to ${to}.`;
  },
  FROZEN_AFTER_APPROVAL: ({ fields }) => msg`${fields} cannot be changed after approval.`,
  EVENT_CLOSED: () => msg`This event is closed and can no longer be answered.`,
  'EVENT_CLOSED.edit': () => msg`This event is closed and can no longer be edited.`,
  EVENT_COMPLETED: () => msg`A completed event cannot be edited.`,
  LISTED_TWICE: ({ title }) => msg`"${title}" is listed twice.`,
  CLOSED: () => msg`A closed event takes no new recipients; reopen it first.`,
  NO_RECIPIENT: ({ name }) => msg`${name} has no user who can receive this event type.`,
  'NO_RECIPIENT.colleague': () => msg`Nobody else in this organisation can receive this event type.`,
  LOCATIONS_REQUIRED: () => msg`Select at least one location.`,
  LOCATION_FILE_NO_ACTIVE: () => msg`The location file holds no active location.`,
  LOCATIONS_NONE_ACTIVE: () => msg`Your location list holds no active location.`,
  RECIPIENTS_REQUIRED: () => msg`Add at least one provider or recipient.`,
  ALREADY_NOTIFIED: () => msg`A customer who has been notified cannot be removed.`,
  NOT_OPEN: () => msg`Approve the event before sending it.`,
  'NOT_OPEN.closed': () => msg`A closed event cannot be sent; reopen it first.`,
  'NOT_OPEN.salesReps': () => msg`Approve the advisory before sending it to sales representatives.`,
  SALES_REPS_ADVISORY_ONLY: () => msg`Sales representatives follow supply advisories only.`,
  NO_ACTIVE_SALES_REP: () => msg`There is no active sales representative to notify.`,
  ACTION_DISABLED: () => msg`This action is disabled and cannot be edited.`,
  ACTION_TAKES_NO_FILES: () => msg`This action does not take files.`,
  ACTION_TYPE_UNKNOWN: () => msg`Unknown action type`,
  ANSWER_NOT_TEXT: ({ key }) => msg`${key} must be text`,
  ANSWER_NOT_BOOLEAN: ({ key }) => msg`${key} must be true or false`,
  ANSWER_NOT_YES_NO: ({ key }) => msg`${key} must be Yes or No`,
  ANSWER_OPTION_UNKNOWN: ({ key, options }) => msg`${key} must be chosen from: ${options}`,
  ANSWER_OPTION_TWICE: ({ key }) => msg`${key} lists an option twice`,
  ANSWER_FILE_UNKNOWN: ({ key }) => msg`${key} names a file that was not uploaded to this action`,
  NOT_PER_UNIT: () => msg`This action is answered once, not per unit.`,
  ROW_ANSWERED_TWICE: () => msg`Answer each row once.`,
  ANSWERED_ELECTRONICALLY: ({ title }) =>
    msg`"${title}" has already been answered electronically; a paper response cannot overwrite it.`,
  'ANSWERED_ELECTRONICALLY.unit': ({ title }) =>
    msg`"${title}" has already been answered electronically for this unit; a paper response cannot overwrite it.`,
  PRODUCT_CUSTOM_FIELD_INVALID: ({ row, name, problem }) => msg`Product ${row}: ${name} ${problem}`,
  PRODUCT_CUSTOM_FIELD_UNKNOWN: ({ row, field }) => msg`Product ${row}: unknown custom field ${field}`,
  VALUE_MUST_BE_TEXT: () => msg`must be text`,
  VALUE_LONGER_THAN: ({ max }) => msg`is longer than ${max} characters`,
  VALUE_MUST_BE_NUMBER: () => msg`must be a number`,
  VALUE_MUST_BE_DATE: () => msg`must be a date (YYYY-MM-DD)`,
  VALUE_MUST_BE_YES_NO: () => msg`must be Yes or No`,
  VALUE_MUST_BE_BOOLEAN: () => msg`must be true or false`,
  VALUE_MUST_BE_ONE_OF: ({ options }) => msg`must be one of ${options}`,
  VALUE_MUST_BE_LIST_OF: ({ options }) => msg`must be a list of ${options}`,
  VALUE_TYPE_UNKNOWN: () => msg`has an unknown type`,
  VALUE_REQUIRED: () => msg`is required`,
  FIELD_OPTIONS_NOT_LIST: () => msg`Only list fields (one or several choices) have options.`,
  LIST_FIELD_NEEDS_OPTION: () => msg`A list field needs at least one option.`,
  LIST_FIELD_OPTIONS_NOT_UNIQUE: () => msg`The options of a list field must be different from each other.`,
  PRODUCT_FIELD_NAME_TAKEN: ({ name }) => msg`A product field named "${name}" already exists.`,
  'PRODUCT_FIELD_NAME_TAKEN.supplier': ({ name }) => msg`A supplier already has a product field named "${name}".`,
  PRODUCT_FIELD_TYPE_LOCKED: () =>
    msg`Products already hold values of this field, so its type cannot change. Inactivate it and add a new field.`,
  PRODUCT_FILE_REQUIRED: () => msg`Choose a product file to upload (field \`file\`).`,
  PRODUCT_FILE_UNREADABLE: ({ reason }) => msg`The product file could not be read: ${reason}`,
  PRODUCT_FILE_TOO_LONG: ({ max, count }) => msg`A product file holds at most ${max} products; this one has ${count}.`,
  PRODUCT_FILE_HAS_ERRORS: () => msg`The product file has errors; nothing was saved.`,
  CUSTOM_CONTENT_OFF: () => msg`Turn on custom content for this event before uploading customer rows.`,
  CUSTOM_ROWS_TOO_MANY: ({ max, count }) =>
    msg`A custom product file holds at most ${max} rows; this one has ${count}.`,
  ROWS_SENT: () => msg`The notices of this event have been sent: its customer rows can no longer change.`,
  FILES_ZIP_TOO_MANY: ({ max }) => msg`This event has more than ${max} answer files, too many for one download.`,
  FILES_ZIP_TOO_LARGE: ({ max }) =>
    msg`The answer files of this event add up to more than ${max} MB, too much for one download.`,
} satisfies Translations<'communications'>;
