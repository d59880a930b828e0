/**
 * Messages of the transport, the database, request validation, lists and files: what any call may answer.
 * Values are the English the wire sends; `{name}` is a parameter (messages/index.ts).
 */
export const COMMON_MESSAGES = {
  // ---- the request itself (body parsers, Node's HTTP parser, the BFF) ----
  'INVALID_BODY.json': 'The request body is not valid JSON.',
  'INVALID_BODY.prototypeKey': 'The request body may not contain a "__proto__" or "constructor.prototype" key.',
  'INVALID_BODY.multipart': 'The upload is not a complete multipart form.',
  /** `what`: The request body, The path, The query, actions. */
  'INVALID_BODY.nul': '{what} may not contain NUL characters.',
  'INVALID_BODY.depth': '{what} is nested too deeply (at most {max} levels).',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  'PAYLOAD_TOO_LARGE.file': 'The file is too large.',
  TOO_MANY_FILES: 'At most {max} files can be uploaded at once.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
  HEADERS_TOO_LARGE: 'The request line and headers are too large (16 kB at most).',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  MALFORMED_REQUEST: 'The request is not valid HTTP.',
  MISSING_HOST: 'An HTTP/1.1 request must name its Host.',
  EXPECTATION_FAILED: 'Only "Expect: 100-continue" is supported.',
  METHOD_NOT_ALLOWED: 'Method not allowed.',
  /** What a Koa layer refused with its own words (`text`). */
  BAD_REQUEST: '{text}',
  NO_SUCH_PATH: 'No such API path: {method} {path}',
  SERVICE_UNAVAILABLE: 'The service is starting or stopping. Please try again.',
  DB_UNAVAILABLE: 'The database is not reachable.',
  NOT_READY: 'This replica is not ready.',
  INTERNAL_ERROR: 'Something went wrong. Please try again later.',
  RATE_LIMITED: 'Too many requests. Please try again later.',

  // ---- who may call ----
  UNAUTHORIZED: 'Authentication required.',
  FORBIDDEN: "You don't have permission to access.",
  PERMISSION_DENIED: "You don't have permission to access.",
  NOT_FOUND: 'Not found.',
  INVALID_LINK: 'This link is invalid or has expired.',

  // ---- the database's refusals ----
  DUPLICATE: 'A record with the same values already exists.',
  REFERENCE_CONFLICT: 'The record is referenced by, or refers to, a record that does not exist.',
  VALUE_OUT_OF_RANGE: 'A number is out of range.',
  VALUE_MISSING_OR_NOT_ALLOWED: 'A value is missing or not allowed.',
  VALUE_NOT_ALLOWED: 'A value is not allowed.',
  BUSY: 'Others are changing the same records right now. Please try again.',

  // ---- request validation: the schemas (ajv) and the field rules of spec §5 ----
  /** Several problems at once; `details` holds each. `what`: Request, Path, Query, Body, actions. */
  REQUEST_INVALID: '{what} is invalid: {problems}',
  /** Several field problems, each as "field: message" (`details` holds each). */
  FIELDS_INVALID: 'Request is invalid: {problems}',
  /** Several problems, joined (`details` holds each). */
  PROBLEMS: '{problems}',
  PROPERTY_REQUIRED: '{property} is required',
  VALUE_NOT_IN_LIST: '{field} must be one of {allowed}',
  FIELD_TOO_LONG: '{field} must NOT have more than {limit} characters',
  FIELD_TOO_SHORT: '{field} must NOT have fewer than {limit} characters',
  TOO_MANY_ITEMS: '{field} must NOT have more than {limit} items',
  TOO_FEW_ITEMS: '{field} must NOT have fewer than {limit} items',
  NUMBER_OUT_OF_BOUNDS: '{field} must be {comparison} {limit}',
  WRONG_TYPE: '{field} must be {type}',
  FORMAT_INVALID: '{field} must match format "{format}"',
  PATTERN_MISMATCH: '{field} must match pattern "{pattern}"',
  /** Any other schema rule, in the validator's English (`problem`). */
  FIELD_INVALID: '{field} {problem}',
  VALUE_INVALID: '{problem}',
  FIELD_REQUIRED: 'Field required',
  EMAIL_INVALID: 'Email not valid',
  PHONE_INVALID: 'Invalid phone number',
  DOMAIN_INVALID: 'Invalid domain name.',
  ZIP_INVALID: 'Invalid ZIP code',
  STATE_INVALID: 'Invalid state',
  NUMBER_REQUIRED: 'Only numeric values are accepted.',
  PASSWORD_TOO_WEAK:
    'Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)',
  PASSWORD_TOO_COMMON:
    'This password is too common: it appears in lists of breached passwords. Choose one that is harder to guess, not a common word or name with numbers or symbols added.',
  FLAG_INVALID: '{flag} must be true or false.',
  POSITIVE_INTEGER_REQUIRED: '{field} must be a positive integer.',
  STATUS_FILTER_INVALID: 'status must be one of {allowed}',

  // ---- lists ----
  FILTER_MODEL_INVALID: 'filterModel must be a JSON object.',
  FILTER_NOT_TEXT: 'The filter of {field} must be text.',
  UNKNOWN_SORT_FIELD: 'Unknown sort field: {field}',
  SORT_DIRECTION_INVALID: 'sortDirection must be asc or desc, got {direction}',
  UNKNOWN_FILTER_FIELD: 'Unknown filter field: {field}',
  FILTER_TYPE_UNSUPPORTED: 'Only "contains" filters are supported ({field}).',
  PAGE_TOO_DEEP: 'Page too deep: narrow the list with search or filters (at most {max} rows can be skipped).',
  PAGE_TOO_DEEP_FOR_SORT:
    'Page too deep for this sort: only the first {max} rows are sorted; narrow the list with search or filters.',

  // ---- files ----
  FILE_KEY_INVALID: 'Invalid file key.',
  FILE_NOT_FOUND: 'File not found.',
  /** An empty upload, or none: the spec's words. */
  UPLOAD_FAILED: 'Documented failed to upload. Please try again.',
  FILE_REQUIRED: 'Choose a file to upload.',
  'UNSUPPORTED_FILE_TYPE.image': 'The document types should be either of .png, .jpg',
  'UNSUPPORTED_FILE_TYPE.document': 'The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4',
  'UNSUPPORTED_FILE_TYPE.content': 'The file content does not match its type.',
  'UNSUPPORTED_FILE_TYPE.officeParts':
    'The .{extension} file is a zip without the parts of an Office document: {part} is missing.',
  /** Rows are previewed of spreadsheets only (GET /files/{token}/preview). */
  PREVIEW_NOT_SPREADSHEET: 'Only .csv and .xlsx files have a row preview.',
  'UNSUPPORTED_FILE_TYPE.spreadsheet': 'The file must be a .csv or .xlsx file.',
  'UNSUPPORTED_FILE_TYPE.locationFile': 'The location file must be a .csv or .xlsx file.',
  'UNSUPPORTED_FILE_TYPE.productFile': 'The product file should be either .csv or .xlsx',
  'UNSUPPORTED_FILE_TYPE.paperTemplate': 'The paper responses must be uploaded as the Paper Response Template (.xlsx).',
  'UNSUPPORTED_FILE_TYPE.guide': 'The user guide should be a .pdf or .mp4 file, or a link.',
  FILE_UNREADABLE: 'The file could not be read.',
  SPREADSHEET_UNREADABLE: 'The file could not be read as a spreadsheet.',
  FILE_HAS_NO_ROWS: 'The file has no rows.',
  FILE_HOLDS_NO_ROWS: 'The file holds no rows.',
} as const;
