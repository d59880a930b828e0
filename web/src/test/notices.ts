import type { NoticeAction, NoticeCommunication, NoticeProviderCommunication, NoticeView } from '../api/notices';

/** A well-formed notice link token (the public forms check its shape before they call the server). */
export const NOTICE_TOKEN = 'hcdcVQOdnZttUJz_rNxtmIc5L2PC_sFa5U2GTntAYDI';

/** A required, unanswered action of `type`, titled after it. */
export function noticeAction(id: number, type: NoticeAction['action_type'], options: string[] = []): NoticeAction {
  return {
    id,
    sort_order: id,
    action_type: type,
    title: `Action ${type}`,
    description: null,
    options,
    is_required: true,
    is_disabled: false,
    due_date: null,
    response: null,
    files: [],
  };
}

/**
 * The notice a public form reads through its link: Acme's open recall "Gown labelling error" as Riverside received
 * it, one product and no actions, with `overrides` laid over it (the communication and provider communication field
 * by field).
 */
export function noticeView(
  overrides: Partial<Omit<NoticeView, 'communication' | 'provider_communication'>> & {
    communication?: Partial<NoticeCommunication>;
    provider_communication?: Partial<NoticeProviderCommunication>;
  } = {},
): NoticeView {
  const { communication, provider_communication, ...rest } = overrides;
  return {
    communication: {
      id: 3,
      type: 'RECALL',
      subtype: null,
      name: 'Gown labelling error',
      event_id: 'ACME-3',
      classification: null,
      reason: null,
      description: '<p>Size <b>labels</b> swapped.</p>',
      disposition: null,
      lead_time: null,
      event_date: '2026-03-10',
      end_date: null,
      contact_name: null,
      contact_email: null,
      contact_phone: null,
      status: 'OPEN',
      supplier_name: 'Acme Medical',
      organization_id: 2,
      response_due_date: null,
      days_left: null,
      ...communication,
    },
    provider_communication: {
      id: 9,
      communication_id: 3,
      supplier_organization_id: 2,
      provider_organization_id: 4,
      affected_customer_id: 3,
      status: 'OPEN',
      response_status: 'NOTCOMPLETED',
      sent_at: '2026-01-05T10:00:00.000Z',
      acknowledged_at: null,
      acknowledged_by: null,
      acknowledged_by_name: null,
      completed_at: null,
      customer_name: 'Riverside',
      response_label: 'In Progress',
      due_date: null,
      days_left: null,
      overdue: false,
      not_affected_reason: null,
      not_affected_at: null,
      ...provider_communication,
    },
    products: [{ id: 1, product_name: 'Gown L', lot_number: 'G-1' }],
    actions: [],
    documents: [],
    email: 'buyer@riverside.demo',
    ...rest,
  };
}
