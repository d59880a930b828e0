import { msg } from '@lingui/core/macro';
import type { Translations } from './types';

/** The transport, database, validation, list and file messages (`@portal/vocabulary`'s COMMON_MESSAGES) in the reader's language. */
export const COMMON_TEXT = {
  'INVALID_BODY.json': () => msg`The request body is not valid JSON.`,
  'INVALID_BODY.prototypeKey': () =>
    msg`The request body may not contain a "__proto__" or "constructor.prototype" key.`,
  'INVALID_BODY.multipart': () => msg`The upload is not a complete multipart form.`,
  'INVALID_BODY.nul': ({ what: part }, say) => {
    const what = say.word(part);
    return msg`${what} may not contain NUL characters.`;
  },
  'INVALID_BODY.depth': ({ what: part, max }, say) => {
    const what = say.word(part);
    return msg`${what} is nested too deeply (at most ${max} levels).`;
  },
  PAYLOAD_TOO_LARGE: () => msg`The request body is too large.`,
  'PAYLOAD_TOO_LARGE.file': () => msg`The file is too large.`,
  TOO_MANY_FILES: ({ max }) => msg`At most ${max} files can be uploaded at once.`,
  UNSUPPORTED_MEDIA_TYPE: () => msg`Unsupported content type.`,
  HEADERS_TOO_LARGE: () => msg`The request line and headers are too large (16 kB at most).`,
  REQUEST_TIMEOUT: () => msg`The request took too long to arrive.`,
  MALFORMED_REQUEST: () => msg`The request is not valid HTTP.`,
  MISSING_HOST: () => msg`An HTTP/1.1 request must name its Host.`,
  EXPECTATION_FAILED: () => msg`Only "Expect: 100-continue" is supported.`,
  METHOD_NOT_ALLOWED: () => msg`Method not allowed.`,
  BAD_REQUEST: ({ text }) => msg`${text}`,
  NO_SUCH_PATH: ({ method, path }) => msg`No such API path: ${method} ${path}`,
  SERVICE_UNAVAILABLE: () => msg`The service is starting or stopping. Please try again.`,
  DB_UNAVAILABLE: () => msg`The database is not reachable.`,
  NOT_READY: () => msg`This replica is not ready.`,
  INTERNAL_ERROR: () => msg`Something went wrong. Please try again later.`,
  RATE_LIMITED: () => msg`Too many requests. Please try again later.`,
  UNAUTHORIZED: () => msg`Authentication required.`,
  FORBIDDEN: () => msg`You don't have permission to access.`,
  PERMISSION_DENIED: () => msg`You don't have permission to access.`,
  NOT_FOUND: () => msg`Not found.`,
  INVALID_LINK: () => msg`This link is invalid or has expired.`,
  DUPLICATE: () => msg`A record with the same values already exists.`,
  REFERENCE_CONFLICT: () => msg`The record is referenced by, or refers to, a record that does not exist.`,
  VALUE_OUT_OF_RANGE: () => msg`A number is out of range.`,
  VALUE_MISSING_OR_NOT_ALLOWED: () => msg`A value is missing or not allowed.`,
  VALUE_NOT_ALLOWED: () => msg`A value is not allowed.`,
  BUSY: () => msg`Others are changing the same records right now. Please try again.`,
  REQUEST_INVALID: ({ what: part, problems: english }, say) => {
    const what = say.word(part);
    const problems = say.problems('; ') || english;
    return msg`${what} is invalid: ${problems}`;
  },
  FIELDS_INVALID: ({ problems: english }, say) => {
    const problems = say.problems('; ', true) || english;
    return msg`Request is invalid: ${problems}`;
  },
  PROBLEMS: ({ problems: english }, say) => {
    const problems = say.problems('; ') || english;
    return msg`${problems}`;
  },
  PROPERTY_REQUIRED: ({ property }) => msg`${property} is required`,
  VALUE_NOT_IN_LIST: ({ field, allowed }) => msg`${field} must be one of ${allowed}`,
  // The schema's own wording (ajv's: "must NOT have", "<=", a type's or format's name, a pattern) is the server's `m`
  // only: on screen each says the same thing in words (SCHEMA_WORDED), and never shows a pattern.
  FIELD_TOO_LONG: ({ field, limit }) => msg`${field} must be at most ${limit} characters long`,
  FIELD_TOO_SHORT: ({ field, limit }) => msg`${field} must be at least ${limit} characters long`,
  TOO_MANY_ITEMS: ({ field, limit }) => msg`${field} must have at most ${limit} entries`,
  TOO_FEW_ITEMS: ({ field, limit }) => msg`${field} must have at least ${limit} entries`,
  NUMBER_OUT_OF_BOUNDS: ({ field, comparison, limit }, say) => {
    const bound = say.word(`bound ${comparison}`);
    return msg`${field} must be ${bound} ${limit}`;
  },
  WRONG_TYPE: ({ field, type }, say) => {
    const kind = String(type)
      .split(',')
      .map((one) => say.word(`type ${one}`))
      .join(' / ');
    return msg`${field} must be ${kind}`;
  },
  FORMAT_INVALID: ({ field }) => msg`${field} is not in the expected format`,
  PATTERN_MISMATCH: ({ field }) => msg`${field} is not in the expected format`,
  FIELD_INVALID: ({ field }) => msg`${field} is not valid`,
  VALUE_INVALID: () => msg`The request is not valid`,
  FIELD_REQUIRED: () => msg`Field required`,
  EMAIL_INVALID: () => msg`Email not valid`,
  PHONE_INVALID: () => msg`Invalid phone number`,
  DOMAIN_INVALID: () => msg`Invalid domain name.`,
  ZIP_INVALID: () => msg`Invalid ZIP code`,
  STATE_INVALID: () => msg`Invalid state`,
  NUMBER_REQUIRED: () => msg`Only numeric values are accepted.`,
  PASSWORD_TOO_WEAK: () =>
    msg`Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)`,
  PASSWORD_TOO_COMMON: () =>
    msg`This password is too common: it appears in lists of breached passwords. Choose one that is harder to guess, not a common word or name with numbers or symbols added.`,
  FLAG_INVALID: ({ flag }) => msg`${flag} must be true or false.`,
  POSITIVE_INTEGER_REQUIRED: ({ field }) => msg`${field} must be a positive integer.`,
  STATUS_FILTER_INVALID: ({ allowed }) => msg`status must be one of ${allowed}`,
  FILTER_MODEL_INVALID: () => msg`filterModel must be a JSON object.`,
  FILTER_NOT_TEXT: ({ field }) => msg`The filter of ${field} must be text.`,
  UNKNOWN_SORT_FIELD: ({ field }) => msg`Unknown sort field: ${field}`,
  SORT_DIRECTION_INVALID: ({ direction }) => msg`sortDirection must be asc or desc, got ${direction}`,
  UNKNOWN_FILTER_FIELD: ({ field }) => msg`Unknown filter field: ${field}`,
  FILTER_TYPE_UNSUPPORTED: ({ field }) => msg`Only "contains" filters are supported (${field}).`,
  PAGE_TOO_DEEP: ({ max }) =>
    msg`Page too deep: narrow the list with search or filters (at most ${max} rows can be skipped).`,
  PAGE_TOO_DEEP_FOR_SORT: ({ max }) =>
    msg`Page too deep for this sort: only the first ${max} rows are sorted; narrow the list with search or filters.`,
  FILE_KEY_INVALID: () => msg`Invalid file key.`,
  FILE_NOT_FOUND: () => msg`File not found.`,
  UPLOAD_FAILED: () => msg`Documented failed to upload. Please try again.`,
  FILE_REQUIRED: () => msg`Choose a file to upload.`,
  'UNSUPPORTED_FILE_TYPE.image': () => msg`The document types should be either of .png, .jpg`,
  'UNSUPPORTED_FILE_TYPE.document': () =>
    msg`The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4`,
  'UNSUPPORTED_FILE_TYPE.content': () => msg`The file content does not match its type.`,
  'UNSUPPORTED_FILE_TYPE.officeParts': ({ extension, part }) =>
    msg`The .${extension} file is a zip without the parts of an Office document: ${part} is missing.`,
  PREVIEW_NOT_SPREADSHEET: () => msg`Only .csv and .xlsx files have a row preview.`,
  'UNSUPPORTED_FILE_TYPE.spreadsheet': () => msg`The file must be a .csv or .xlsx file.`,
  'UNSUPPORTED_FILE_TYPE.locationFile': () => msg`The location file must be a .csv or .xlsx file.`,
  'UNSUPPORTED_FILE_TYPE.productFile': () => msg`The product file should be either .csv or .xlsx`,
  'UNSUPPORTED_FILE_TYPE.paperTemplate': () =>
    msg`The paper responses must be uploaded as the Paper Response Template (.xlsx).`,
  'UNSUPPORTED_FILE_TYPE.guide': () => msg`The user guide should be a .pdf or .mp4 file, or a link.`,
  FILE_UNREADABLE: () => msg`The file could not be read.`,
  SPREADSHEET_UNREADABLE: () => msg`The file could not be read as a spreadsheet.`,
  FILE_HAS_NO_ROWS: () => msg`The file has no rows.`,
  FILE_HOLDS_NO_ROWS: () => msg`The file holds no rows.`,
} satisfies Translations<'common'>;
