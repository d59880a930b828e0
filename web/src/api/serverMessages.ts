import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { vocabularyLabel } from '@portal/vocabulary';

/**
 * The server's messages (the envelope's `m`), word for word as the API sends them, each with the app's message for it:
 * the wire keeps the spec's English, the screen shows the reader's language. `serverMessages.test.ts` reads the
 * server's sources and fails on a message missing here.
 */
const EXACT = new Map<string, MessageDescriptor>([
  [
    'A closed event takes no new recipients; reopen it first.',
    msg`A closed event takes no new recipients; reopen it first.`,
  ],
  ['A completed event cannot be edited.', msg`A completed event cannot be edited.`],
  ['A customer who has been notified cannot be removed.', msg`A customer who has been notified cannot be removed.`],
  ['A distribution list with this name already exists.', msg`A distribution list with this name already exists.`],
  ['A draft cannot be closed; approve it or delete it.', msg`A draft cannot be closed; approve it or delete it.`],
  [
    'A draft is edited through its steps, not with a post-approval update.',
    msg`A draft is edited through its steps, not with a post-approval update.`,
  ],
  ['A list field needs at least one option.', msg`A list field needs at least one option.`],
  ['A location with this Location ID already exists.', msg`A location with this Location ID already exists.`],
  ['A note takes one file.', msg`A note takes one file.`],
  ['A role with this name already exists.', msg`A role with this name already exists.`],
  ['A user guide needs a file (.pdf or .mp4) or a link.', msg`A user guide needs a file (.pdf or .mp4) or a link.`],
  [
    'A verification code has been sent to your email address.',
    msg`A verification code has been sent to your email address.`,
  ],
  ['Action not found.', msg`Action not found.`],
  ['Activate this organization before editing it.', msg`Activate this organization before editing it.`],
  ['Activate this record before editing it.', msg`Activate this record before editing it.`],
  ['Activate this supplier name before linking it.', msg`Activate this supplier name before linking it.`],
  ['Activate this user before editing.', msg`Activate this user before editing.`],
  ['Add at least one provider or recipient.', msg`Add at least one provider or recipient.`],
  [
    'An account with this email already exists. Please sign in instead.',
    msg`An account with this email already exists. Please sign in instead.`,
  ],
  ['An image (.png or .jpg) is required for a news card.', msg`An image (.png or .jpg) is required for a news card.`],
  ['An image (.png or .jpg) is required.', msg`An image (.png or .jpg) is required.`],
  ['Answer each row once.', msg`Answer each row once.`],
  [
    'Approve the advisory before sending it to sales representatives.',
    msg`Approve the advisory before sending it to sales representatives.`,
  ],
  ['Attach the location file (.csv or .xlsx).', msg`Attach the location file (.csv or .xlsx).`],
  ['Choose a file to upload.', msg`Choose a file to upload.`],
  ['Choose a product file to upload (field `file`).', msg`Choose a product file to upload (field \`file\`).`],
  ['Choose at least one organization.', msg`Choose at least one organization.`],
  [
    'Choose the filled Paper Response Template (.xlsx) to upload.',
    msg`Choose the filled Paper Response Template (.xlsx) to upload.`,
  ],
  ['Choose the supplier the file belongs to.', msg`Choose the supplier the file belongs to.`],
  ['Communication not found.', msg`Communication not found.`],
  ['Content not found.', msg`Content not found.`],
  ['Conversation not found.', msg`Conversation not found.`],
  ['Current password is incorrect.', msg`Current password is incorrect.`],
  ['Delegate not found.', msg`Delegate not found.`],
  ['Distribution list not found.', msg`Distribution list not found.`],
  ['Document not found.', msg`Document not found.`],
  ['Documented failed to upload. Please try again.', msg`Documented failed to upload. Please try again.`],
  ['Email not found.', msg`Email not found.`],
  ['Email not valid', msg`Email not valid`],
  ['Email template not found.', msg`Email template not found.`],
  [
    'Every required action must be answered before the event can be marked completed.',
    msg`Every required action must be answered before the event can be marked completed.`,
  ],
  ['FDA record not found.', msg`FDA record not found.`],
  ['Field required', msg`Field required`],
  ['Field required.', msg`Field required.`],
  ['File not found.', msg`File not found.`],
  [
    'Give exactly one of email, provider_organization_id or supplier_location_id.',
    msg`Give exactly one of email, provider_organization_id or supplier_location_id.`,
  ],
  [
    'Give knownProviderId to accept a provider, or decision UNMATCHED.',
    msg`Give knownProviderId to accept a provider, or decision UNMATCHED.`,
  ],
  [
    'Give the user guide either a file (.pdf or .mp4) or a link, not both.',
    msg`Give the user guide either a file (.pdf or .mp4) or a link, not both.`,
  ],
  [
    'If an account exists for this email, a password reset link has been sent.',
    msg`If an account exists for this email, a password reset link has been sent.`,
  ],
  [
    'If the account is locked, an unlock code has been sent to its email address.',
    msg`If the account is locked, an unlock code has been sent to its email address.`,
  ],
  ['Internal action not found.', msg`Internal action not found.`],
  ['Invalid ZIP code', msg`Invalid ZIP code`],
  ['Invalid access token.', msg`Invalid access token.`],
  ['Invalid domain name.', msg`Invalid domain name.`],
  ['Invalid email or password.', msg`Invalid email or password.`],
  ['Invalid file key.', msg`Invalid file key.`],
  ['Invalid or expired verification code.', msg`Invalid or expired verification code.`],
  ['Invalid phone number', msg`Invalid phone number`],
  ['Invalid refresh token. Please sign in again.', msg`Invalid refresh token. Please sign in again.`],
  ['Invalid state', msg`Invalid state`],
  ['Location file not found.', msg`Location file not found.`],
  ['Location not found.', msg`Location not found.`],
  ['Lookup value not found.', msg`Lookup value not found.`],
  ['Member not found.', msg`Member not found.`],
  [
    'Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)',
    msg`Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)`,
  ],
  [
    'No identifier (Facility ID / CCN / Provider ID, NPI or GLN).',
    msg`No identifier (Facility ID / CCN / Provider ID, NPI or GLN).`,
  ],
  ['No name.', msg`No name.`],
  [
    'Nobody else in this organisation can receive this event type.',
    msg`Nobody else in this organisation can receive this event type.`,
  ],
  ['Not found.', msg`Not found.`],
  ['Note not found.', msg`Note not found.`],
  ['Only a deactivated user can be activated.', msg`Only a deactivated user can be activated.`],
  ['Only a health system can add sites.', msg`Only a health system can add sites.`],
  ['Only an active record can be inactivated.', msg`Only an active record can be inactivated.`],
  [
    'Only list fields (one or several choices) have options.',
    msg`Only list fields (one or several choices) have options.`,
  ],
  ['Only numeric values are accepted.', msg`Only numeric values are accepted.`],
  ['Only the platform operator manages content.', msg`Only the platform operator manages content.`],
  ['Only the platform operator manages quick links.', msg`Only the platform operator manages quick links.`],
  [
    'Options are required for Checkbox and MultipleChoice actions.',
    msg`Options are required for Checkbox and MultipleChoice actions.`,
  ],
  ['Options must be different from each other.', msg`Options must be different from each other.`],
  ['Organization not found.', msg`Organization not found.`],
  ['Paper response not found.', msg`Paper response not found.`],
  [
    'Paper responses can only be recorded for an event that has been sent.',
    msg`Paper responses can only be recorded for an event that has been sent.`,
  ],
  ["Password doesn't match", msg`Password doesn't match`],
  ['Please verify your email address before signing in.', msg`Please verify your email address before signing in.`],
  ['Pre-processor job not found.', msg`Pre-processor job not found.`],
  ['Product field not found.', msg`Product field not found.`],
  [
    'Products already hold values of this field, so its type cannot change. Inactivate it and add a new field.',
    msg`Products already hold values of this field, so its type cannot change. Inactivate it and add a new field.`,
  ],
  ['Provider communication not found.', msg`Provider communication not found.`],
  ['Provider not found.', msg`Provider not found.`],
  ['Quick link not found.', msg`Quick link not found.`],
  [
    'Response methods are fixed (Paper, Electronic): only their labels, order and status can change.',
    msg`Response methods are fixed (Paper, Electronic): only their labels, order and status can change.`,
  ],
  ['Response not found.', msg`Response not found.`],
  ['Role not found in this organization.', msg`Role not found in this organization.`],
  ['Role not found.', msg`Role not found.`],
  ['Row not found.', msg`Row not found.`],
  ['Sales representative not found.', msg`Sales representative not found.`],
  ['Sales representatives follow supply advisories only.', msg`Sales representatives follow supply advisories only.`],
  ['Select at least one location.', msg`Select at least one location.`],
  [
    'Self-registration is not available for this organization.',
    msg`Self-registration is not available for this organization.`,
  ],
  ['Site not found in this provider.', msg`Site not found in this provider.`],
  ['Site not found.', msg`Site not found.`],
  ['Supplier name not found.', msg`Supplier name not found.`],
  ['Supplier names must not be blank.', msg`Supplier names must not be blank.`],
  ['Supplier not found.', msg`Supplier not found.`],
  ['Template action not found.', msg`Template action not found.`],
  [
    'The Administrator role always holds every permission and cannot be changed, inactivated or deleted.',
    msg`The Administrator role always holds every permission and cannot be changed, inactivated or deleted.`,
  ],
  [
    'The actions have answers already and can no longer be replaced.',
    msg`The actions have answers already and can no longer be replaced.`,
  ],
  [
    'The chosen organization has no active role of this name.',
    msg`The chosen organization has no active role of this name.`,
  ],
  [
    'The customer of a paper response cannot be changed; delete it and record a new one.',
    msg`The customer of a paper response cannot be changed; delete it and record a new one.`,
  ],
  [
    'The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4',
    msg`The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4`,
  ],
  ['The document types should be either of .png, .jpg', msg`The document types should be either of .png, .jpg`],
  ['The event type cannot change once created.', msg`The event type cannot change once created.`],
  ['The file content does not match its type.', msg`The file content does not match its type.`],
  ['The file could not be read as a spreadsheet.', msg`The file could not be read as a spreadsheet.`],
  ['The file could not be read.', msg`The file could not be read.`],
  [
    'The file has no name column: its first row must name a column such as Name, Location Name, Facility Name or Hospital Name.',
    msg`The file has no name column: its first row must name a column such as Name, Location Name, Facility Name or Hospital Name.`,
  ],
  ['The file has no rows.', msg`The file has no rows.`],
  ['The file holds no location rows.', msg`The file holds no location rows.`],
  [
    "The file holds no paper responses: fill in a Responder Name or an answer on a customer's row.",
    msg`The file holds no paper responses: fill in a Responder Name or an answer on a customer's row.`,
  ],
  ['The file holds no rows.', msg`The file holds no rows.`],
  ['The file is too large.', msg`The file is too large.`],
  ['The file must be a .csv or .xlsx file.', msg`The file must be a .csv or .xlsx file.`],
  [
    'The file must have the columns Location ID and Location Name in its first row.',
    msg`The file must have the columns Location ID and Location Name in its first row.`,
  ],
  ['The identifier appears earlier in the file.', msg`The identifier appears earlier in the file.`],
  [
    'The job is not open for review (it is still matching, completed, removed or failed).',
    msg`The job is not open for review (it is still matching, completed, removed or failed).`,
  ],
  ['The location file holds no active location.', msg`The location file holds no active location.`],
  ['The location file must be a .csv or .xlsx file.', msg`The location file must be a .csv or .xlsx file.`],
  [
    'The name Administrator is reserved for the built-in role.',
    msg`The name Administrator is reserved for the built-in role.`,
  ],
  [
    'The new password must be different from the current one.',
    msg`The new password must be different from the current one.`,
  ],
  [
    'The notices of this event have been sent: its customer rows can no longer change.',
    msg`The notices of this event have been sent: its customer rows can no longer change.`,
  ],
  [
    'The options of a list field must be different from each other.',
    msg`The options of a list field must be different from each other.`,
  ],
  [
    'The order must list template actions of this communication type, each once.',
    msg`The order must list template actions of this communication type, each once.`,
  ],
  ['The product file has errors; nothing was saved.', msg`The product file has errors; nothing was saved.`],
  ['The response date cannot be before the notified date.', msg`The response date cannot be before the notified date.`],
  ['The role must be a role of the chosen organization.', msg`The role must be a role of the chosen organization.`],
  [
    'The self-registration role must be one of the organization’s roles.',
    msg`The self-registration role must be one of the organization’s roles.`,
  ],
  ['The state is not a two-letter code.', msg`The state is not a two-letter code.`],
  ['The type of an event cannot change.', msg`The type of an event cannot change.`],
  [
    'The user guide should be a .pdf or .mp4 file, or a link.',
    msg`The user guide should be a .pdf or .mp4 file, or a link.`,
  ],
  ['There is no active sales representative to notify.', msg`There is no active sales representative to notify.`],
  [
    'This Notisphere ID is already used by another organization.',
    msg`This Notisphere ID is already used by another organization.`,
  ],
  ['This account is not locked.', msg`This account is not locked.`],
  ['This action does not take files.', msg`This action does not take files.`],
  ['This action is answered once, not per unit.', msg`This action is answered once, not per unit.`],
  ['This action is disabled and cannot be edited.', msg`This action is disabled and cannot be edited.`],
  ['This content takes no file.', msg`This content takes no file.`],
  ['This conversation is closed. Reopen it to write.', msg`This conversation is closed. Reopen it to write.`],
  [
    'This customer already has a paper response; edit that one instead.',
    msg`This customer already has a paper response; edit that one instead.`,
  ],
  [
    'This event has been approved: its details, products and actions can only be changed with a post-approval update.',
    msg`This event has been approved: its details, products and actions can only be changed with a post-approval update.`,
  ],
  [
    'This event has no custom content; its Customized Content Report is XLSX only.',
    msg`This event has no custom content; its Customized Content Report is XLSX only.`,
  ],
  ['This event has no supplier to write to.', msg`This event has no supplier to write to.`],
  ['This event is closed and can no longer be answered.', msg`This event is closed and can no longer be answered.`],
  ['This event is closed and can no longer be edited.', msg`This event is closed and can no longer be edited.`],
  [
    'This is not a Paper Response Template: download the template of this event and fill it in.',
    msg`This is not a Paper Response Template: download the template of this event and fill it in.`,
  ],
  ['This link is invalid or has expired.', msg`This link is invalid or has expired.`],
  ['This location has no email address.', msg`This location has no email address.`],
  [
    'This location is not an affected location of the customer.',
    msg`This location is not an affected location of the customer.`,
  ],
  ['This member is already on the list.', msg`This member is already on the list.`],
  ['This notice is not open.', msg`This notice is not open.`],
  ['This organization is already deactivated.', msg`This organization is already deactivated.`],
  ['This paper response has no document.', msg`This paper response has no document.`],
  ['This record is already active.', msg`This record is already active.`],
  ['This registration link is not valid.', msg`This registration link is not valid.`],
  [
    'This role is assigned to users. Assign them another role before deleting it.',
    msg`This role is assigned to users. Assign them another role before deleting it.`,
  ],
  ['This role is not active.', msg`This role is not active.`],
  [
    'This self-registration link is already used by another organization.',
    msg`This self-registration link is already used by another organization.`,
  ],
  [
    'This session was ended because a refresh token was used twice. Please sign in again.',
    msg`This session was ended because a refresh token was used twice. Please sign in again.`,
  ],
  ['This supplier is deactivated.', msg`This supplier is deactivated.`],
  ['This supplier name already has that status.', msg`This supplier name already has that status.`],
  [
    'This user belongs to no organization to be invited to.',
    msg`This user belongs to no organization to be invited to.`,
  ],
  ['This user has already verified the email address.', msg`This user has already verified the email address.`],
  ['This user is already a member of the organization.', msg`This user is already a member of the organization.`],
  ['This user is already a member of your organization.', msg`This user is already a member of your organization.`],
  ['This user is already deactivated.', msg`This user is already deactivated.`],
  [
    'This value is used by existing records and cannot be deleted. Deactivate it instead.',
    msg`This value is used by existing records and cannot be deleted. Deactivate it instead.`,
  ],
  [
    'Turn on custom content for this event before uploading customer rows.',
    msg`Turn on custom content for this event before uploading customer rows.`,
  ],
  ['Unknown known provider.', msg`Unknown known provider.`],
  ['Unknown supplier.', msg`Unknown supplier.`],
  ['User not found.', msg`User not found.`],
  ['You already have access to this event.', msg`You already have access to this event.`],
  ['You are not a member of that organization.', msg`You are not a member of that organization.`],
  ['You can only delete your own response.', msg`You can only delete your own response.`],
  ['You cannot deactivate your own account.', msg`You cannot deactivate your own account.`],
  [
    'You cannot remove the last active Administrator of your organization.',
    msg`You cannot remove the last active Administrator of your organization.`,
  ],
  ['You have no version of this template.', msg`You have no version of this template.`],
  [
    'Your account has been created. Please check your email to verify your address.',
    msg`Your account has been created. Please check your email to verify your address.`,
  ],
  [
    'Your account has been deactivated. Please contact your administrator.',
    msg`Your account has been deactivated. Please contact your administrator.`,
  ],
  ['Your account has been unlocked. You can sign in now.', msg`Your account has been unlocked. You can sign in now.`],
  [
    'Your account is locked after too many failed sign-in attempts. Unlock it with the code sent to your email.',
    msg`Your account is locked after too many failed sign-in attempts. Unlock it with the code sent to your email.`,
  ],
  ['Your account is no longer active.', msg`Your account is no longer active.`],
  ['Your account is not active in any organization.', msg`Your account is not active in any organization.`],
  [
    'Your email address has been verified. You can sign in now.',
    msg`Your email address has been verified. You can sign in now.`,
  ],
  ['Your organisation has no active administrator to ask.', msg`Your organisation has no active administrator to ask.`],
  ['Your password has been changed.', msg`Your password has been changed.`],
  ['Your password has been reset. You can sign in now.', msg`Your password has been reset. You can sign in now.`],
  ['Your session has expired. Please sign in again.', msg`Your session has expired. Please sign in again.`],
  ['actions is required', msg`actions is required`],
  ['answer is required', msg`answer is required`],
  ['classification is required for a recall.', msg`classification is required for a recall.`],
  ['communicationId is required for a new paper response.', msg`communicationId is required for a new paper response.`],
  ['description is required', msg`description is required`],
  ['email and password are required.', msg`email and password are required.`],
  ['end_date cannot be before event_date.', msg`end_date cannot be before event_date.`],
  ['filterModel must be a JSON object.', msg`filterModel must be a JSON object.`],
  ['name is required', msg`name is required`],
  ['notifiedDate must be a date (YYYY-MM-DD).', msg`notifiedDate must be a date (YYYY-MM-DD).`],
  ['products is required', msg`products is required`],
  ['refresh_token is required.', msg`refresh_token is required.`],
  ['subtype is required for a supply advisory.', msg`subtype is required for a supply advisory.`],
]);

const LANGUAGE: Record<string, MessageDescriptor> = { English: msg`English`, Vietnamese: msg`Vietnamese` };
const PART: Record<string, MessageDescriptor> = { subject: msg`subject`, body: msg`body` };

/** An event's status as the reader says it; English keeps the server's code, as the message was written. */
const statusWord = (i18n: I18n, code: string) =>
  i18n.locale === 'vi' ? vocabularyLabel('communicationStatus', code, 'vi') : code;

/**
 * Messages with values in them: the values stay as the server wrote them (names, numbers, fields), but for an event's
 * status, which is a word of the label map.
 */
/** A match's whole text and its (up to four) groups; a group that matched nothing is empty. */
type Parts = [string, string, string, string, string];

const PATTERNS: [RegExp, (m: Parts, i18n: I18n) => MessageDescriptor][] = [
  [/^"(.+)" does not take files\.$/, ([, title]) => msg`"${title}" does not take files.`],
  [/^"(.+)" is answered once, not per unit\.$/, ([, title]) => msg`"${title}" is answered once, not per unit.`],
  [/^"(.+)" is listed twice\.$/, ([, title]) => msg`"${title}" is listed twice.`],
  [
    /^"(.+)" has already been answered electronically for this unit; a paper response cannot overwrite it\.$/,
    ([, title]) =>
      msg`"${title}" has already been answered electronically for this unit; a paper response cannot overwrite it.`,
  ],
  [
    /^"(.+)" has already been answered electronically; a paper response cannot overwrite it\.$/,
    ([, title]) => msg`"${title}" has already been answered electronically; a paper response cannot overwrite it.`,
  ],
  [/^(.+) cannot be changed after approval\.$/, ([, fields]) => msg`${fields} cannot be changed after approval.`],
  [
    /^(.+) has no user who can receive this event type\.$/,
    ([, name]) => msg`${name} has no user who can receive this event type.`,
  ],
  [
    /^A custom product file holds at most (\d+) rows; this one has (\d+)\.$/,
    ([, max, count]) => msg`A custom product file holds at most ${max} rows; this one has ${count}.`,
  ],
  [
    /^A product file holds at most (\d+) products; this one has (\d+)\.$/,
    ([, max, count]) => msg`A product file holds at most ${max} products; this one has ${count}.`,
  ],
  [
    /^Action (\d+): a (.+) action needs at least one option\.$/,
    ([, n, type]) => msg`Action ${n}: a ${type} action needs at least one option.`,
  ],
  [
    /^Action (\d+): a per-unit action is a Text, Numeric or Yes \/ No action\.$/,
    ([, n]) => msg`Action ${n}: a per-unit action is a Text, Numeric or Yes / No action.`,
  ],
  [
    /^Action (\d+): only an event with custom content has per-unit actions\.$/,
    ([, n]) => msg`Action ${n}: only an event with custom content has per-unit actions.`,
  ],
  [
    /^Action (\d+): options must be different from each other\.$/,
    ([, n]) => msg`Action ${n}: options must be different from each other.`,
  ],
  [/^Action (\d+) is not an action of this event\.$/, ([, id]) => msg`Action ${id} is not an action of this event.`],
  [
    /^An (\w+) event cannot be deleted; close it instead\.$/,
    ([, code], i18n) => {
      const status = statusWord(i18n, code);
      return msg`An ${status} event cannot be deleted; close it instead.`;
    },
  ],
  [
    /^An event cannot go from (\w+) to (\w+)\.$/,
    ([, fromCode, toCode], i18n) => {
      const from = statusWord(i18n, fromCode);
      const to = statusWord(i18n, toCode);
      return msg`An event cannot go from ${from} to ${to}.`;
    },
  ],
  [/^An event holds at most (\d+) products\.$/, ([, max]) => msg`An event holds at most ${max} products.`],
  [/^At most (\d+) organizations can be chosen\.$/, ([, max]) => msg`At most ${max} organizations can be chosen.`],
  [
    /^At most (\d+) files can be attached to one message\.$/,
    ([, max]) => msg`At most ${max} files can be attached to one message.`,
  ],
  [
    /^Only a draft can be approved; this event is (\w+)\.$/,
    ([, code], i18n) => {
      const status = statusWord(i18n, code);
      return msg`Only a draft can be approved; this event is ${status}.`;
    },
  ],
  [
    /^Page too deep for this sort: only the first (\d+) rows are sorted; narrow the list with search or filters\.$/,
    ([, max]) =>
      msg`Page too deep for this sort: only the first ${max} rows are sorted; narrow the list with search or filters.`,
  ],
  [
    /^Page too deep: narrow the list with search or filters \(at most (\d+) rows can be skipped\)\.$/,
    ([, max]) => msg`Page too deep: narrow the list with search or filters (at most ${max} rows can be skipped).`,
  ],
  [
    /^Product (\d+): unknown custom field (.+)$/,
    ([, row, field]) => msg`Product ${row}: unknown custom field ${field}`,
  ],
  [/^Provider organization not found: (.+)$/, ([, ids]) => msg`Provider organization not found: ${ids}`],
  [/^Request is invalid: (.+)$/, ([, details]) => msg`Request is invalid: ${details}`],
  [
    /^The code "(.+)" already exists in this list\.$/,
    ([, code]) => msg`The code "${code}" already exists in this list.`,
  ],
  [
    /^The event cannot be approved yet: it needs (.+)\.$/,
    ([, missing]) => msg`The event cannot be approved yet: it needs ${missing}.`,
  ],
  [/^The file was not imported: (.+)$/, ([, details]) => msg`The file was not imported: ${details}`],
  [/^The product file could not be read: (.+)$/, ([, reason]) => msg`The product file could not be read: ${reason}`],
  [
    /^This event has been approved and sent \((\w+)\); it cannot be deleted\. The supplier can close it instead\.$/,
    ([, code], i18n) => {
      const status = statusWord(i18n, code);
      return msg`This event has been approved and sent (${status}); it cannot be deleted. The supplier can close it instead.`;
    },
  ],
  [
    /^Unknown provider or supplier organization: (.+)$/,
    ([, ids]) => msg`Unknown provider or supplier organization: ${ids}`,
  ],
  // The email template editor's checks name the part as "The English subject", "The Vietnamese body".
  [
    /^The (English|Vietnamese) (subject|body) is required\.$/,
    ([, language, part], i18n) => {
      const where = i18n._(PART[part]!);
      const lang = i18n._(LANGUAGE[language]!);
      return msg`The ${where} in ${lang} is required.`;
    },
  ],
  [
    /^The (English|Vietnamese) (subject|body) uses the "raw" filter; values are always escaped\.$/,
    ([, language, part], i18n) => {
      const where = i18n._(PART[part]!);
      const lang = i18n._(LANGUAGE[language]!);
      return msg`The ${where} in ${lang} uses the "raw" filter; values are always escaped.`;
    },
  ],
  [
    /^The (English|Vietnamese) (subject|body) uses the tag "(.+)", which templates do not offer\.$/,
    ([, language, part, tag], i18n) => {
      const where = i18n._(PART[part]!);
      const lang = i18n._(LANGUAGE[language]!);
      return msg`The ${where} in ${lang} uses the tag "${tag}", which templates do not offer.`;
    },
  ],
  [
    /^The (English|Vietnamese) (subject|body) cannot be read: (.+)$/,
    ([, language, part, reason], i18n) => {
      const where = i18n._(PART[part]!);
      const lang = i18n._(LANGUAGE[language]!);
      return msg`The ${where} in ${lang} cannot be read: ${reason}`;
    },
  ],
  [
    /^The (English|Vietnamese) (subject|body) uses the placeholder (.+), which this template does not offer\. Offered: (.+)\.$/,
    ([, language, part, unknown, offered], i18n) => {
      const where = i18n._(PART[part]!);
      const lang = i18n._(LANGUAGE[language]!);
      return msg`The ${where} in ${lang} uses the placeholder ${unknown}, which this template does not offer. Offered: ${offered}.`;
    },
  ],
];

/** The server's message in the reader's language; one the app does not know is shown as the server wrote it. */
export function translateServerMessage(i18n: I18n, message: string): string {
  const exact = EXACT.get(message);
  if (exact) return i18n._(exact);
  for (const [pattern, describe] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return i18n._(describe(Array.from({ length: 5 }, (_, i) => m[i] ?? '') as Parts, i18n));
  }
  return message;
}
