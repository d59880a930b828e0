/**
 * Messages of the platform's own records: content and quick links, lookup values, FDA records, the location
 * pre-processor and email templates. English as the wire sends it.
 */
export const PLATFORM_MESSAGES = {
  // ---- content and quick links ----
  CONTENT_OPERATOR_ONLY: 'Only the platform operator manages content.',
  CONTENT_NOT_FOUND: 'Content not found.',
  NEWS_IMAGE_REQUIRED: 'An image (.png or .jpg) is required for a news card.',
  GUIDE_FILE_OR_LINK: 'Give the user guide either a file (.pdf or .mp4) or a link, not both.',
  GUIDE_SOURCE_REQUIRED: 'A user guide needs a file (.pdf or .mp4) or a link.',
  CONTENT_TAKES_NO_FILE: 'This content takes no file.',
  QUICK_LINKS_OPERATOR_ONLY: 'Only the platform operator manages quick links.',
  QUICK_LINK_NOT_FOUND: 'Quick link not found.',
  IMAGE_REQUIRED: 'An image (.png or .jpg) is required.',
  TARGETS_REQUIRED: 'Choose at least one organization.',
  TOO_MANY_TARGETS: 'At most {max} organizations can be chosen.',
  UNKNOWN_TARGETS: 'Unknown provider or supplier organization: {ids}',

  // ---- lookup values and FDA records ----
  LOOKUP_VALUE_NOT_FOUND: 'Lookup value not found.',
  DUPLICATE_CODE: 'The code "{code}" already exists in this list.',
  LOOKUP_VALUE_IN_USE: 'This value is used by existing records and cannot be deleted. Deactivate it instead.',
  RESPONSE_METHODS_FIXED:
    'Response methods are fixed (Paper, Electronic): only their labels, order and status can change.',
  LOOKUP_VALUE_INACTIVE: '{field} must be one of the active lookup values',
  FDA_RECORD_NOT_FOUND: 'FDA record not found.',

  // ---- the location pre-processor ----
  JOB_NOT_FOUND: 'Pre-processor job not found.',
  SUPPLIER_REQUIRED: 'Choose the supplier the file belongs to.',
  UNKNOWN_SUPPLIER: 'Unknown supplier.',
  LOCATION_FILE_REQUIRED: 'Attach the location file (.csv or .xlsx).',
  JOB_NOT_REVIEWABLE: 'The job is not open for review (it is still matching, completed, removed or failed).',
  UNKNOWN_KNOWN_PROVIDER: 'Unknown known provider.',
  DECISION_REQUIRED: 'Give knownProviderId to accept a provider, or decision UNMATCHED.',
  NAME_COLUMN_MISSING:
    'The file has no name column: its first row must name a column such as Name, Location Name, Facility Name or Hospital Name.',

  // ---- email templates; `language` is English or Vietnamese, `part` subject or body ----
  EMAIL_TEMPLATE_NOT_FOUND: 'Email template not found.',
  NO_TEMPLATE_VERSION: 'You have no version of this template.',
  TEMPLATE_PART_REQUIRED: 'The {language} {part} is required.',
  TEMPLATE_TAG_UNKNOWN: 'The {language} {part} uses the tag "{tag}", which templates do not offer.',
  TEMPLATE_RAW_FILTER: 'The {language} {part} uses the "raw" filter; values are always escaped.',
  /** `reason`: the template engine's own words (English). */
  TEMPLATE_UNREADABLE: 'The {language} {part} cannot be read: {reason}',
  TEMPLATE_PLACEHOLDER_UNKNOWN:
    'The {language} {part} uses the placeholder {placeholders}, which this template does not offer. Offered: {offered}.',
} as const;
