import { apiRequest, useApi } from './client';
import type { CommunicationType } from './notices';
import type { RequestBody } from './contract';

/**
 * The notification history and mail tracking of one provider communication (spec 001 §7.6), under
 * /api/provider/communications. The routes declare no response schema, so the answers are typed here from
 * modules/inbox/src/services/mails.ts.
 */
const BASE = '/provider/communications';

/** An outbox status: DRAFT, DELIVERY (waiting for the relay), SENT, Bounce, ERROR or ERROR_MISSING_TEMPLATE. */
export type ProviderMailStatus = string;

/** One email about the provider communication: a notice, a reminder, a delegate's mail, an internal notification. */
export interface ProviderMail {
  id: number;
  kind: string;
  to_email: string;
  subject: string;
  status: ProviderMailStatus;
  attempts: number;
  sent_at: string | null;
  created_at: string;
  opened: boolean;
  clicked: boolean;
}

/** One email with its text; `text_body` is null for an email that holds a personal link. */
export interface ProviderMailDetail {
  id: number;
  kind: string;
  to_email: string;
  subject: string;
  status: ProviderMailStatus;
  sent_at: string | null;
  created_at: string;
  text_body: string | null;
}

/** One delivery event of an email: Sent, Delivered, Opened, Click or Error. */
export interface ProviderMailEvent {
  id: number;
  event: string;
  created_at: string;
}

/** GET /providerMail/{id}/{pcId}/all: every email about provider communication pcId of event id, newest first. */
export function useProviderMails(id: number | null, pcId: number | null) {
  return useApi<ProviderMail[]>(id && pcId ? `${BASE}/providerMail/${id}/${pcId}/all` : null);
}

/** GET /providerInfoMail/{mailId}. */
export function useProviderMail(mailId: number | null) {
  return useApi<ProviderMailDetail>(mailId ? `${BASE}/providerInfoMail/${mailId}` : null);
}

/** GET /providerMail/{id}/infomail/{pcId}/{mailId}/all: what happened to one email, in order. */
export function useProviderMailEvents(id: number | null, pcId: number | null, mailId: number | null) {
  return useApi<ProviderMailEvent[]>(
    id && pcId && mailId ? `${BASE}/providerMail/${id}/infomail/${pcId}/${mailId}/all` : null,
  );
}

/** What the notify-staff call sends: an optional message and, optionally, the chosen colleagues' emails. */
export type NotifyStaffBody = RequestBody<'postProviderCommunicationsWorkflowProviderMailABCD'>;

/**
 * POST /workflow/providerMail/{id}/{pcId}/{target}/{type}: emails the provider's own people who may see the notice
 * (the caller aside) a link to it; `target` 0 = the organisation and all its sites, else one of them; `emails` narrows
 * them to those chosen. Answers how many emails were queued.
 */
export function notifyStaff(
  id: number,
  pcId: number,
  type: CommunicationType,
  body: NotifyStaffBody,
  target = 0,
): Promise<{ emails_queued: number }> {
  return apiRequest(`${BASE}/workflow/providerMail/${id}/${pcId}/${target}/${encodeURIComponent(type)}`, {
    method: 'POST',
    body: body satisfies NotifyStaffBody,
    errorModal: false,
  });
}
