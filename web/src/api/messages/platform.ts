import { msg } from '@lingui/core/macro';
import type { Translations } from './types';

/** The content, lookup, pre-processor and email template messages (`@portal/vocabulary`'s PLATFORM_MESSAGES) in the reader's language. */
export const PLATFORM_TEXT = {
  CONTENT_OPERATOR_ONLY: () => msg`Only the platform operator manages content.`,
  CONTENT_NOT_FOUND: () => msg`Content not found.`,
  NEWS_IMAGE_REQUIRED: () => msg`An image (.png or .jpg) is required for a news card.`,
  GUIDE_FILE_OR_LINK: () => msg`Give the user guide either a file (.pdf or .mp4) or a link, not both.`,
  GUIDE_SOURCE_REQUIRED: () => msg`A user guide needs a file (.pdf or .mp4) or a link.`,
  CONTENT_TAKES_NO_FILE: () => msg`This content takes no file.`,
  QUICK_LINKS_OPERATOR_ONLY: () => msg`Only the platform operator manages quick links.`,
  QUICK_LINK_NOT_FOUND: () => msg`Quick link not found.`,
  IMAGE_REQUIRED: () => msg`An image (.png or .jpg) is required.`,
  TARGETS_REQUIRED: () => msg`Choose at least one organization.`,
  TOO_MANY_TARGETS: ({ max }) => msg`At most ${max} organizations can be chosen.`,
  UNKNOWN_TARGETS: ({ ids }) => msg`Unknown provider or supplier organization: ${ids}`,
  LOOKUP_VALUE_NOT_FOUND: () => msg`Lookup value not found.`,
  DUPLICATE_CODE: ({ code }) => msg`The code "${code}" already exists in this list.`,
  LOOKUP_VALUE_IN_USE: () => msg`This value is used by existing records and cannot be deleted. Deactivate it instead.`,
  RESPONSE_METHODS_FIXED: () =>
    msg`Response methods are fixed (Paper, Electronic): only their labels, order and status can change.`,
  LOOKUP_VALUE_INACTIVE: ({ field }) => msg`${field} must be one of the active lookup values`,
  FDA_RECORD_NOT_FOUND: () => msg`FDA record not found.`,
  JOB_NOT_FOUND: () => msg`Pre-processor job not found.`,
  SUPPLIER_REQUIRED: () => msg`Choose the supplier the file belongs to.`,
  UNKNOWN_SUPPLIER: () => msg`Unknown supplier.`,
  LOCATION_FILE_REQUIRED: () => msg`Attach the location file (.csv or .xlsx).`,
  JOB_NOT_REVIEWABLE: () => msg`The job is not open for review (it is still matching, completed, removed or failed).`,
  UNKNOWN_KNOWN_PROVIDER: () => msg`Unknown known provider.`,
  DECISION_REQUIRED: () => msg`Give knownProviderId to accept a provider, or decision UNMATCHED.`,
  NAME_COLUMN_MISSING: () =>
    msg`The file has no name column: its first row must name a column such as Name, Location Name, Facility Name or Hospital Name.`,
  EMAIL_TEMPLATE_NOT_FOUND: () => msg`Email template not found.`,
  NO_TEMPLATE_VERSION: () => msg`You have no version of this template.`,
  TEMPLATE_PART_REQUIRED: ({ language: lang, part: where }, say) => {
    const language = say.word(lang);
    const part = say.word(where);
    return msg`The ${language} ${part} is required.`;
  },
  TEMPLATE_TAG_UNKNOWN: ({ language: lang, part: where, tag }, say) => {
    const language = say.word(lang);
    const part = say.word(where);
    return msg`The ${language} ${part} uses the tag "${tag}", which templates do not offer.`;
  },
  TEMPLATE_RAW_FILTER: ({ language: lang, part: where }, say) => {
    const language = say.word(lang);
    const part = say.word(where);
    return msg`The ${language} ${part} uses the "raw" filter; values are always escaped.`;
  },
  TEMPLATE_UNREADABLE: ({ language: lang, part: where, reason }, say) => {
    const language = say.word(lang);
    const part = say.word(where);
    return msg`The ${language} ${part} cannot be read: ${reason}`;
  },
  TEMPLATE_PLACEHOLDER_UNKNOWN: ({ language: lang, part: where, placeholders, offered }, say) => {
    const language = say.word(lang);
    const part = say.word(where);
    return msg`The ${language} ${part} uses the placeholder ${placeholders}, which this template does not offer. Offered: ${offered}.`;
  },
} satisfies Translations<'platform'>;
