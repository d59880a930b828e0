/** Status vocabularies of spec §4 and the words shown for them. */

export type StatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral' | 'muted';

export type StatusKind =
  | 'communication'
  | 'response'
  | 'email'
  | 'emailEvent'
  | 'user'
  | 'record'
  | 'organisation'
  | 'job'
  | 'verification'
  | 'classification'
  | 'color';

interface StatusEntry {
  label: string;
  tone: StatusTone;
}

const e = (label: string, tone: StatusTone): StatusEntry => ({ label, tone });
const HIDDEN = e('', 'muted');

export const statusVocabularies: Record<StatusKind, Record<string, StatusEntry>> = {
  communication: {
    DRAFT: e('Draft', 'neutral'),
    OPEN: e('Open', 'info'),
    DELIVERY: e('Delivered', 'info'),
    DELIVERED: e('Delivered', 'info'),
    CLOSED: e('Closed', 'muted'),
    COMPLETED: e('Completed', 'success'),
    ERROR: e('Error', 'danger'),
    BOUNCE: e('Error', 'danger'),
    SENT: e('Sent', 'info'),
    SENDING: e('Sending', 'warning'),
    ERROR_MISSING_TEMPLATE: e('Sent', 'info'),
    ERROR_SENDING: e('Sent', 'info'),
    PENDING: e('Sent', 'info'),
    NA: HIDDEN,
    DELETED: HIDDEN,
  },
  response: {
    OPEN: e('In Progress', 'warning'),
    NOTCOMPLETED: e('In Progress', 'warning'),
    COMPLETED: e('Completed', 'success'),
    DRAFT: e('Draft', 'neutral'),
    ERROR: e('Error', 'danger'),
    SUBMITTED: e('Submitted', 'info'),
    NA: HIDDEN,
    DELETED: HIDDEN,
  },
  email: {
    DRAFT: e('Draft', 'neutral'),
    DELIVERY: e('Delivery', 'info'),
    SENT: e('Sent', 'info'),
    BOUNCE: e('Error', 'danger'),
    ERROR: e('Error', 'danger'),
  },
  emailEvent: {
    OPENED: e('Opened', 'success'),
    CLICK: e('Click', 'success'),
    SENT: e('Sent', 'info'),
    DELIVERED: e('Delivered', 'info'),
    ERROR: e('Error', 'danger'),
    NA: HIDDEN,
  },
  user: {
    VERIFIED: e('Verified', 'success'),
    VERIFICATION: e('Verification Email Sent', 'info'),
    NONVERIFIED: e('Non Verified', 'warning'),
    DEACTIVATED: e('Deactivated', 'muted'),
    LOCKED: e('Locked', 'danger'),
    PENDING: e('Pending', 'warning'),
    SSO: e('SSO', 'info'),
  },
  record: {
    ACTIVE: e('Active', 'success'),
    INACTIVE: e('Deactivated', 'muted'),
    DELETED: e('Deleted', 'danger'),
    PENDING: e('Pending', 'warning'),
  },
  organisation: {
    ACTIVE: e('Active', 'success'),
    DEACTIVATED: e('Deactivated', 'muted'),
    PENDING: e('Pending', 'warning'),
    LINKED: e('Linked', 'info'),
  },
  job: {
    PENDING: e('Pending', 'warning'),
    'IN PROGRESS': e('In Progress', 'info'),
    COMPLETED: e('Completed', 'success'),
    ERROR: e('Error', 'danger'),
    DEACTIVATED: e('Deactivated', 'muted'),
  },
  verification: {
    COVERED: e('Covered', 'success'),
    NOTCOVERED: e('Not Covered', 'warning'),
    NON_COVERED: e('Not Covered', 'warning'),
    INVALID: e('Invalid', 'danger'),
    EMAILED: e('Emailed', 'info'),
    UNRECOGNIZED: e('Unrecognized', 'muted'),
    UNABLE_PROCESSED: e('Unrecognized', 'muted'),
  },
  classification: {
    CLASSI: e('Class I', 'danger'),
    CLASSII: e('Class II', 'warning'),
    CLASSIII: e('Class III', 'info'),
    NOT_YET_CLASSIFIED: e('Not Yet Classified', 'muted'),
  },
  color: {
    RED: e('Red', 'danger'),
    GREEN: e('Green', 'success'),
    YELLOW: e('Yellow', 'warning'),
  },
};

function humanise(status: string): string {
  return status
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The word and tone shown for a status. Lookup ignores case ('Bounce' = 'BOUNCE').
 * Unknown statuses are shown humanised ('IN_REVIEW' → 'In Review'); hidden ones (NA) give ''.
 * `labels` overrides the shown word by status code (translation).
 */
export function statusDisplay(
  status: string | null | undefined,
  kind: StatusKind,
  labels?: Readonly<Record<string, string>>,
): StatusEntry {
  if (!status) return HIDDEN;
  const entry = statusVocabularies[kind][status.toUpperCase()];
  const base = entry ?? e(humanise(status), 'neutral');
  const override = labels?.[status] ?? labels?.[status.toUpperCase()];
  return override !== undefined && base.label !== '' ? { ...base, label: override } : base;
}
