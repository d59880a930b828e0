import type { ModuleDeps, PortalModule } from '@portal/core';
import { registerVocabularyUsage } from '@portal/lookups';
import { operatorCommunicationRoutes } from './operator-routes.js';
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
// Read views of this module's tables for the modules that show them (docs/decisions.md).
export {
  actionsView,
  communicationsView,
  findProviderCommunication,
  providerCommunicationsView,
  receivedCommunicationTraits,
  storedAnswerOf,
} from './services/read-views.js';
// What the provider's inbox reads and writes of this module's tables.
export {
  answersView,
  type CustomerLocationRow,
  customerLocationsPage,
  discardUserDrafts,
  communicationActionRows,
  communicationDocumentFiles,
  communicationProductRows,
  findCommunicationAction,
  findAnswerFile,
  findAnswerFileOfProviders,
  firstProviderCommunicationOf,
  moveProviderCommunicationToOrganization,
  providerCommunicationHasAnswers,
  type ProviderCommunicationProductRow,
  noticeProductsQuery,
  type OwnAnswer,
  perUnitActionsOf,
  receivedCommunicationsView,
  receivedProviderCommunicationsView,
  responderGroups,
  answersOfUser,
  type StoredFileRow,
} from './services/read-views-inbox.js';
export { findDelegateLink, issueDelegateLink, markLinkUsed, revokeDelegateLink } from './services/delegate-links.js';
export {
  insertSelfAddressedCommunication,
  replaceCommunicationProducts,
  replaceSelfAddressedActions,
  touchCommunication,
  updateCommunicationInfo,
} from './services/provider-created-events.js';
// What the reports and paper responses read of this module's tables (docs/decisions.md).
export {
  affectedLocationsView,
  customerCountsView,
  customerProviderCommunicationsView,
  reportCommunicationsView,
  providerCommunicationCountsView,
  paperAnswerCount,
  talliedCommunicationsView,
} from './services/read-views-reports.js';
export {
  consigneesAfter,
  type ConsigneeRow,
  historyAfter,
  type HistoryReportRow,
  locationStatusAfter,
  type LocationStatusRow,
  noticeRecipientsAfter,
  type NoticeRecipientRow,
  providerStatusBatches,
  providerStatusQuery,
  type ProviderStatusRow,
} from './services/read-views-report-statements.js';
export {
  customerNamesOf,
  effectivenessCounts,
  type EffectivenessCounts,
  communicationActions,
  providerCommunicationCounts,
  productFieldValues,
  type ReportAction,
  unitProgress,
  unitTotals,
} from './services/read-views-report-figures.js';
export { appendProducts } from './services/wizard-steps.js';
export {
  answerOfAction,
  answersOfProviderCommunication,
  deleteAnswer,
  dropPaperAnswers,
  dropPaperFiles,
  filesOfPaper,
  findLiveProviderCommunication,
  insertAnswerFile,
  liveAnswerFilesView,
  type AnswerFileRow,
  upsertAnswer,
} from './services/paper-answers.js';
export { type DelegateRecorder, type NewDelegate, registerDelegateRecorder } from './services/delegate-port.js';
export { seedDemoCommunications } from './demo.js';
export { appendHistory, historyFacts, listHistory } from './services/history.js';
export {
  acknowledge,
  loadProviderCommunication,
  providerCommunicationHistory,
  resolveNoticeLink,
  type ProviderCommunicationRow,
  type Respondent,
} from './services/responses.js';
export {
  answerAction,
  answerAll,
  checkValue,
  refreshCompletion,
  RESPONSE_MESSAGES,
  type ActionRow,
  type AnswerInput,
  type AnswerValue,
} from './services/answers.js';
export { deleteActionFile, findActionFile, listActionFiles, uploadActionFiles } from './services/action-files.js';
export { noticeView, type ActionView, type FileView, type NoticeView } from './services/notice-view.js';
export {
  ACTION_TYPES,
  CLASSIFICATIONS,
  COMMUNICATION_TYPES,
  DISPOSITIONS,
  DISRUPTION_SUBTYPES,
  LEAD_TIMES,
  PERMISSION_OF_TYPE,
  REASONS,
  RECALL_SUBTYPES,
  SUPPLIER_EVENT_PERMISSIONS,
  type ActionType,
  type CommunicationType,
} from './constants.js';
export { assertDraft, assertTypePermission, loadOwnCommunication, type CommunicationRow } from './services/access.js';
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
  UNIT_MESSAGES,
  type UnitAnswerInput,
  unitAnswersOf,
} from './services/unit-answers.js';
export {
  cellFieldValue,
  fieldText,
  fieldValues,
  productFieldsOfCommunication,
  type ProductField,
  type ProductFieldValue,
} from './services/product-fields.js';
export { allAffectedLocations, type AffectedLocationRow } from './services/locations.js';
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
  EVENT_STATUSES,
  type OperatorCommunicationFilters,
  PROVIDER_STATUSES,
} from './services/operator-events.js';
export { operatorFilterProps } from './operator-routes.js';
export { DELEGATE_LINK_DAYS, delegateTokenHash } from './services/delegate-links.js';
export { answerValueProps, communicationInfoProps, listQuery, productProps } from './schemas.js';
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
    routes: [...operatorCommunicationRoutes(deps), ...operatorCustomContentRoutes(deps)],
  };
}
