import type { ModuleDeps, PortalModule } from '@portal/core';
import { registerVocabularyUsage } from '@portal/lookups';
import { operatorCommunicationRoutes } from './operator-routes.js';
import { auditRoutes } from './audit-routes.js';
import { operatorAttentionRoutes } from './attention-routes.js';
import { customContentRoutes, operatorCustomContentRoutes } from './custom-content-routes.js';
import { productFieldRoutes } from './product-field-routes.js';
import { supplierCommunicationRoutes } from './routes.js';
import { vocabularyUsage } from './services/vocabulary-usage.js';

// Lookups asks whether a value is in use; the codes live in this module's events and answers.
registerVocabularyUsage(vocabularyUsage);

/**
 * Supplier events: authoring, approval, sending and tracking, and the answers every other communication module
 * (inbox, public notices, paper responses, reports) reads and writes through the functions below.
 */
export {
  FANOUT_QUEUE,
  fanOutChunk,
  fanOutHandler,
  fanOutNotices,
  NOTICE_CHUNK,
  recoverFanouts,
} from './services/sending.js';
export { REMINDER_BATCH, type ReminderOptions, sendReminders } from './services/reminders.js';
// Read views of this module's tables, one per table other modules read: a plain sub-query with the columns they may
// read, which they join beside their own rows (their statements live with them; docs/architecture.md §2).
export {
  actionsView,
  affectedCustomersView,
  affectedLocationsView,
  answerFilesView,
  answersView,
  communicationsView,
  customRowsView,
  documentsView,
  findProviderCommunication,
  historyView,
  productsView,
  providerCommunicationsView,
  talliesView,
  unitAnswersView,
} from './services/read-views.js';
// What the provider's inbox writes on this module's rows.
export { discardUserDrafts, moveProviderCommunicationToOrganization } from './services/inbox-writes.js';
export { findDelegateLink, issueDelegateLink, markLinkUsed, revokeDelegateLink } from './services/delegate-links.js';
export { lockProviderCommunications, type NotAffectedRow, recordNotAffected } from './services/not-affected.js';
export {
  insertSelfAddressedCommunication,
  replaceCommunicationProducts,
  replaceSelfAddressedActions,
  touchCommunication,
  updateCommunicationInfo,
} from './services/provider-created-communications.js';
// A communication's actions, as the reports and the paper responses list them.
export { communicationActions, type ReportAction } from './services/communication-actions.js';
export { appendProducts } from './services/wizard-steps.js';
export {
  deleteAnswer,
  dropPaperAnswers,
  dropPaperFiles,
  findLiveProviderCommunication,
  insertAnswerFile,
  upsertAnswer,
} from './services/paper-answers.js';
export { type DelegateRecorder, registerDelegateRecorder } from './services/delegate-port.js';
export {
  type ArrivalListener,
  type NoticesArrived,
  registerArrivalListener,
} from './services/arrival-port.js';
export { seedDemoCommunications } from './demo.js';
export { appendHistory, historyFacts, listHistory } from './services/history.js';
export {
  acknowledge,
  loadProviderCommunication,
  providerCommunicationHistory,
  recipientLink,
  type ProviderCommunicationRow,
  type Respondent,
} from './services/provider-communications.js';
export {
  answerAction,
  answerAll,
  checkValue,
  refreshCompletion,
  type ActionRow,
  type AnswerInput,
  type AnswerValue,
} from './services/answers.js';
export { deleteActionFile, findActionFile, listActionFiles, uploadActionFiles } from './services/action-files.js';
export { noticeView, type ActionView, type FileView, type NoticeView } from './services/notice-view.js';
// Issue 32: response-due dates as every reader counts them (today is the database's).
export { daysLeft, dueFacts, overdueSql, today as databaseToday } from './services/due-dates.js';
export {
  ACTION_TYPES,
  COMMUNICATION_TYPES,
  PERMISSION_OF_TYPE,
  SUPPLIER_EVENT_PERMISSIONS,
  type ActionType,
  type CommunicationType,
} from './constants.js';
export { assertTypePermission, loadOwnCommunication, type CommunicationRow } from './services/access.js';
export {
  activeProductFields,
  checkCustomFields,
  getCommunication,
  type CommunicationDetail,
} from './services/communications.js';
export type { ProductInput } from './services/wizard-steps.js';
export { customRowsOf, type CustomRow } from './services/custom-content.js';
export {
  answerUnits,
  dropPaperUnitAnswers,
  type UnitAnswerInput,
  unitAnswersOf,
} from './services/unit-answers.js';
export {
  cellFieldValue,
  fieldText,
  productFieldsOfCommunication,
  type ProductField,
} from './services/product-fields.js';
export { AFFECTED_LOCATION_COLUMNS, allAffectedLocations, type AffectedLocationRow } from './services/locations.js';
export {
  affectedLocationColumns,
  communicationColumn,
  historyActorColumns,
  type LocationColumnsRow,
  ownFieldValue,
  productFieldColumns,
} from './services/report-columns.js';
export { getDocumentOfNotice } from './services/documents.js';
export {
  applyOperatorFilters,
  assertOperator,
  type OperatorCommunicationFilters,
} from './services/operator-communications.js';
export { operatorFilterProps } from './operator-routes.js';
export { checkHistoryChain, verifyAuditTrail } from './services/audit-trail.js';
export { DELEGATE_LINK_DAYS } from './services/delegate-links.js';
export { answerValueProps, communicationInfoProps, listQuery, productProps } from './schemas.js';
// The supplier's worklist groups this module answers (the reports module composes GET /supplier/worklist).
export {
  bouncedRecipients,
  type BouncedRecallRow,
  managedTypes,
  overdueRecalls,
  type OverdueRecallRow,
} from './services/supplier-worklist.js';
export { bouncedRecallRowSchema, overdueRecallRowSchema } from './attention-schemas.js';
export * as communicationsSchemas from './schemas.js';
export * as outputSchemas from './output-schemas.js';

export function createCommunicationsModule(deps: ModuleDeps): PortalModule {
  return {
    name: 'communications',
    routes: [...supplierCommunicationRoutes(deps), ...productFieldRoutes(deps), ...customContentRoutes(deps)],
  };
}

/**
 * The operator's view of every supplier's events (`/notisphere/communications`). A module of its own so the BFF can
 * mount it after the inbox, whose `/notisphere/communications/responses` would otherwise be read as an event id.
 */
export function createOperatorCommunicationsModule(deps: ModuleDeps): PortalModule {
  return {
    name: 'operator-communications',
    routes: [
      ...operatorCommunicationRoutes(deps),
      ...operatorCustomContentRoutes(deps),
      ...operatorAttentionRoutes(deps),
      ...auditRoutes(deps),
    ],
  };
}
