import type { ModuleDeps, PortalModule } from '@portal/core';
import { delegateRoutes } from './delegate-routes.js';
import { noticeRoutes } from './notice-routes.js';
import { operatorRoutes } from './operator-routes.js';
import { paperResponseRoutes } from './paper-routes.js';
import { providerRoutes } from './provider-routes.js';
import { supplierCommunicationRoutes } from './routes.js';
import { supplierReportRoutes } from './report-routes.js';

export { sendReminders } from './services/sending.js';
export { seedDemoCommunications } from './demo.js';
export { appendHistory, listHistory } from './services/history.js';
export {
  acknowledge, answerAction, answerAll, deleteActionFile, listActionFiles, loadNotice, noticeHistory, noticeView, uploadActionFiles,
  type AnswerInput, type NoticeView, type ProviderCommunicationRow, type Respondent, type ResponseValue,
} from './services/responses.js';
export { COMMUNICATION_TYPES, ACTION_TYPES, type CommunicationType, type ActionType } from './constants.js';

export function createCommunicationsModule(deps: ModuleDeps): PortalModule {
  return { name: 'communications', routes: [...supplierReportRoutes(deps), ...paperResponseRoutes(deps), ...supplierCommunicationRoutes(deps), ...noticeRoutes(deps), ...providerRoutes(deps), ...delegateRoutes(deps), ...operatorRoutes(deps)] };
}
