import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import { providerAcknowledge, providerActions } from './services/answers.js';
import {
  addReportHistory,
  changeStatus,
  reportHistory,
  sendInternalNotification,
  switchSite,
  updateNotification,
} from './services/provider-workflow.js';
import {
  histories,
  providerRecall,
  responseDetails,
  summary,
  supportingDocuments,
} from './services/provider-communication.js';
import { updateCommunicationHistory } from './services/created-communications.js';
import { delegatedActions, listDelegates } from './services/delegates.js';
import * as s from './schemas.js';
import { PROVIDER_EVENT_PERMISSIONS } from './services/scope.js';
import { outputSchemas } from '@portal/communications';
import { mailKicker } from './mail-kick.js';

const tags = ['provider communications'];
const access = PROVIDER_EVENT_PERMISSIONS;

/**
 * One provider communication (/:id/…): its views, histories, delegates and report history, and the provider's
 * acknowledgement, status and internal notifications.
 */
export function providerCommunicationRoutes({ db, config, mail }: ModuleDeps): Route[] {
  const base = '/provider/communications';
  const kick = mailKicker(mail);
  return [
    route({
      method: 'GET',
      path: `${base}/:id/switch-sites/:x`,
      access,
      tags,
      summary: 'Move provider communication id to organisation x (the provider or one of its sites)',
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params }) => switchSite(db, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/summary/:x`,
      access,
      tags,
      summary: 'Progress summary (id = communication, x = provider communication)',
      schema: { params: s.params(['id', 'x']), response: s.providerSummary },
      handler: ({ actor, params }) => summary(db, config, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/response-details/:x`,
      access,
      tags,
      summary: 'Every action with its answer, responder and date',
      schema: { params: s.params(['id', 'x']), response: s.actionAnswerList },
      handler: ({ actor, params }) => responseDetails(db, config, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/provider-recall/:x`,
      access,
      tags,
      summary: 'The provider communication: event, products, actions with answers, documents, provider flags',
      schema: { params: s.params(['id', 'x']), response: outputSchemas.providerViewSchema },
      handler: ({ actor, params }) => providerRecall(db, config, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/update-event`,
      access,
      tags,
      summary: 'Edits made to a provider-created event',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => updateCommunicationHistory(db, actor, params.id!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/supportingdoc`,
      access,
      tags,
      summary: 'Supporting documents of an event received (id = communication id)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => supportingDocuments(db, config, actor, params.id!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/actions/:x`,
      access,
      tags,
      summary: 'The actions with their answers and files',
      schema: { params: s.params(['id', 'x']), response: { type: 'array', items: outputSchemas.actionViewSchema } },
      handler: ({ actor, params }) => providerActions(db, config, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/histories/:x`,
      access,
      tags,
      summary: 'History of the provider communication',
      schema: { params: s.params(['id', 'x']), response: s.historyList },
      handler: ({ actor, params }) => histories(db, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/delegate/actions/:x`,
      access,
      tags,
      summary: 'Each action with the emails it is delegated to',
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params }) => delegatedActions(db, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/delegate/:x`,
      access,
      tags,
      summary: 'Delegates of the provider communication',
      schema: { params: s.params(['id', 'x']), response: s.delegateList },
      handler: ({ actor, params }) => listDelegates(db, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/report-history/:a/:b`,
      access,
      tags,
      summary: 'Reports run on the event (a = provider communication, b = report type or all)',
      schema: {
        params: s.params(['id', 'a', 'b'], {
          strings: { b: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[\\w-]+$' } },
        }),
      },
      handler: ({ actor, params }) => reportHistory(db, actor, params.id, params.a, params.b),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/add-report-history/:a/:b`,
      access,
      tags,
      summary: 'Record that a report (b) was run on the event',
      schema: {
        params: s.params(['id', 'a', 'b'], {
          strings: { b: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[\\w-]+$' } },
        }),
      },
      handler: ({ actor, params }) => addReportHistory(db, actor, params.id, params.a, params.b),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/acknowledge/:x`,
      access,
      tags,
      summary: 'Acknowledge receipt',
      schema: { params: s.params(['id', 'x']), response: s.acknowledgement },
      handler: async ({ actor, params }) =>
        messageResult('The notice has been acknowledged.', await providerAcknowledge(db, actor, params.id!, params.x!)),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/change-status/:x`,
      access,
      tags,
      summary: "Set the provider's complete flag (status_provider OPEN or COMPLETED)",
      schema: { params: s.params(['id', 'x']), body: s.changeStatusBody },
      handler: ({ actor, params, body }) => changeStatus(db, actor, params.id!, params.x!, body.status),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/update-notification/:x`,
      access,
      tags,
      summary: 'Record a notification-history entry (optional note); answers the history',
      schema: { params: s.params(['id', 'x']), body: s.notificationBody },
      handler: ({ actor, params, body }) => updateNotification(db, actor, params.id!, params.x!, body.note),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/send-notification/:a/:b`,
      access,
      tags,
      summary: "Email the provider's own users about it (a = provider communication, b = organisation or 0 for all)",
      schema: { params: s.params(['id', 'a', 'b'], { zero: ['b'] }), body: s.providerMailBody },
      handler: async ({ actor, params, body }) =>
        kick(
          await sendInternalNotification(
            db,
            config,
            actor,
            params.id!,
            params.a!,
            params.b!,
            body.message,
            body.emails,
          ),
        ),
    }),
  ];
}
