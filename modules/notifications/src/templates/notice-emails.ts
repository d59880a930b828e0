/** The notices: recall and advisory notices and reminders, and the sales-rep notice. */
import type { TemplateKind } from './catalog.js';
import {
  p,
  para,
  linkPara,
  eventName,
  eventId,
  supplierName,
  customerName,
  noticeLink,
  eventType,
  classification,
  leadTime,
  reason,
  customRows,
  customRowsMore,
  dueDate,
  overdue,
} from './placeholders.js';

function notice(key: string, name: string, reminder: boolean, recall: boolean): TemplateKind {
  const kindEn = recall ? 'Recall notice' : 'Supply advisory';
  const kindVi = recall ? 'Thông báo thu hồi' : 'Cảnh báo nguồn cung';
  const idEn = '{% if event_id %} ({{ event_id }}){% endif %}';
  return {
    key,
    name,
    description: reminder
      ? `Reminder of a ${kindEn.toLowerCase()} to a customer who has not answered yet`
      : `A supplier's ${kindEn.toLowerCase()} to each recipient of an affected customer`,
    outboxKind: reminder ? 'NOTICE_REMINDER' : 'NOTICE',
    providerOverridable: false,
    placeholders: [
      supplierName,
      customerName,
      eventName,
      eventId,
      noticeLink,
      eventType,
      classification,
      leadTime,
      reason,
      customRows,
      customRowsMore,
      dueDate,
      overdue,
    ],
    defaults: {
      en: {
        subject: `${reminder ? 'Reminder: ' : ''}${kindEn}: {{ event_name }}${idEn}`,
        body: [
          `<p>{{ supplier_name }} has issued a ${kindEn.toLowerCase()} that affects {{ customer_name }}.</p>`,
          '<p><strong>Event: {{ event_name }}{% if event_id %}, {{ event_id }}{% endif %}</strong></p>',
          recall
            ? '{% if event_type %}<p>Type: {{ event_type }}{% if classification %}, {{ classification }}{% endif %}</p>{% endif %}'
            : '{% if event_type %}<p>Type: {{ event_type }}{% if lead_time %}, lead time {{ lead_time }}{% endif %}{% if reason %}, reason: {{ reason }}{% endif %}</p>{% endif %}',
          '{% if custom_rows %}<p>Your affected units:</p>\n<pre style="font-family:inherit;white-space:pre-wrap">{{ custom_rows }}</pre>{% endif %}',
          '{% if custom_rows_more %}<p>and {{ custom_rows_more }} more: <a href="{{ notice_link }}">open the notice</a> to see them all.</p>{% endif %}',
          '{% if due_date %}<p><strong>{% if overdue %}Your response was due on {{ due_date }}. Please respond now.{% else %}Please respond by {{ due_date }}.{% endif %}</strong></p>{% endif %}',
          '<p>Please open the notice to read it, acknowledge it and answer its actions:</p>',
          `<p><a href="{{ notice_link }}">Open the ${kindEn.toLowerCase()}</a></p>`,
          '<p>This link is personal to you; do not forward it. It expires in 90 days.</p>',
        ].join('\n'),
      },
      vi: {
        subject: `${reminder ? 'Nhắc nhở: ' : ''}${kindVi}: {{ event_name }}${idEn}`,
        body: [
          `<p>{{ supplier_name }} đã phát hành ${kindVi.toLowerCase()} ảnh hưởng đến {{ customer_name }}.</p>`,
          '<p><strong>Sự kiện: {{ event_name }}{% if event_id %}, {{ event_id }}{% endif %}</strong></p>',
          recall
            ? '{% if event_type %}<p>Loại: {{ event_type }}{% if classification %}, {{ classification }}{% endif %}</p>{% endif %}'
            : '{% if event_type %}<p>Loại: {{ event_type }}{% if lead_time %}, thời gian chờ {{ lead_time }}{% endif %}{% if reason %}, lý do: {{ reason }}{% endif %}</p>{% endif %}',
          '{% if custom_rows %}<p>Các đơn vị bị ảnh hưởng của quý vị:</p>\n<pre style="font-family:inherit;white-space:pre-wrap">{{ custom_rows }}</pre>{% endif %}',
          '{% if custom_rows_more %}<p>và {{ custom_rows_more }} đơn vị khác: <a href="{{ notice_link }}">mở thông báo</a> để xem tất cả.</p>{% endif %}',
          '{% if due_date %}<p><strong>{% if overdue %}Hạn trả lời là ngày {{ due_date }}. Vui lòng trả lời ngay.{% else %}Vui lòng trả lời chậm nhất vào ngày {{ due_date }}.{% endif %}</strong></p>{% endif %}',
          '<p>Vui lòng mở thông báo để đọc, xác nhận đã nhận và trả lời các hành động:</p>',
          `<p><a href="{{ notice_link }}">Mở ${kindVi.toLowerCase()}</a></p>`,
          '<p>Liên kết này dành riêng cho bạn; vui lòng không chuyển tiếp. Liên kết hết hạn sau 90 ngày.</p>',
        ].join('\n'),
      },
    },
  };
}

export const NOTICE_EMAILS: readonly TemplateKind[] = [
  notice('RECALL_NOTICE', 'Recall notice', false, true),
  notice('ADVISORY_NOTICE', 'Advisory notice', false, false),
  notice('RECALL_REMINDER', 'Recall reminder', true, true),
  notice('ADVISORY_REMINDER', 'Advisory reminder', true, false),
  {
    key: 'SALES_REP_NOTICE',
    name: 'Sales-rep notice',
    description: "A supplier's sales representative follows an advisory that affects their customers",
    outboxKind: 'SALES_REP_NOTICE',
    providerOverridable: false,
    placeholders: [
      supplierName,
      eventName,
      p(
        'link',
        'Personal link to the advisory',
        'https://portal.example/supplier/sales-rep/disruption-webform?token=sample',
      ),
    ],
    defaults: {
      en: {
        subject: 'Supply advisory for your customers: {{ event_name }}',
        body: [
          para(
            '{{ supplier_name }} has issued a supply advisory that affects your customers: {{ event_name }}.',
            'Follow it, and how your customers are answering, here:',
          ),
          linkPara('link'),
          para('This link is personal to you; do not forward it.'),
        ].join('\n'),
      },
      vi: {
        subject: 'Cảnh báo nguồn cung cho khách hàng của bạn: {{ event_name }}',
        body: [
          para(
            '{{ supplier_name }} đã phát hành cảnh báo nguồn cung ảnh hưởng đến khách hàng của bạn: {{ event_name }}.',
            'Theo dõi cảnh báo và cách khách hàng của bạn trả lời tại đây:',
          ),
          linkPara('link'),
          para('Liên kết này dành riêng cho bạn; vui lòng không chuyển tiếp.'),
        ].join('\n'),
      },
    },
  },
];
