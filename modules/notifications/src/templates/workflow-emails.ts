/** The workflow emails: delegations, provider notifications, access requests and conversation messages. */
import type { TemplateKind } from './catalog.js';
import { p, para, linkPara, eventName, supplierName, senderEmail, message, actionTitle, days } from './placeholders.js';

export const WORKFLOW_EMAILS: readonly TemplateKind[] = [
  {
    key: 'DELEGATE_REQUEST',
    name: 'Delegate request (provider)',
    description: "A provider user delegates an event's actions to someone by email",
    outboxKind: 'DELEGATE',
    providerOverridable: true,
    placeholders: [
      senderEmail,
      actionTitle,
      p('event_kind', 'recall or supply advisory', 'recall'),
      eventName,
      message,
      p('link', 'Personal link to the form', 'https://portal.example/delegate-webform?token=sample'),
      days,
    ],
    defaults: {
      en: {
        subject: 'Action requested: {{ event_name }}',
        body: [
          para(
            '{{ sender_email }} asks you to answer {% if action_title %}the action "{{ action_title }}"{% else %}the actions{% endif %} of the {{ event_kind }} "{{ event_name }}".',
          ),
          '{% if message %}<p>{{ message }}</p>{% endif %}',
          para('Open the form:'),
          linkPara('link'),
          para('This link is personal to you; do not forward it. It expires in {{ days }} days.'),
        ].join('\n'),
      },
      vi: {
        subject: 'Yêu cầu hành động: {{ event_name }}',
        body: [
          para(
            '{{ sender_email }} đề nghị bạn trả lời {% if action_title %}hành động "{{ action_title }}"{% else %}các hành động{% endif %} của {{ event_kind }} "{{ event_name }}".',
          ),
          '{% if message %}<p>{{ message }}</p>{% endif %}',
          para('Mở biểu mẫu:'),
          linkPara('link'),
          para('Liên kết này dành riêng cho bạn; vui lòng không chuyển tiếp. Liên kết hết hạn sau {{ days }} ngày.'),
        ].join('\n'),
      },
    },
  },
  {
    key: 'SUPPLIER_DELEGATE_REQUEST',
    name: 'Delegate request (supplier)',
    description: "A supplier user delegates a customer's actions to someone by email",
    outboxKind: 'DELEGATE',
    providerOverridable: false,
    placeholders: [
      senderEmail,
      actionTitle,
      eventName,
      message,
      p('link', 'Personal link to the form', 'https://portal.example/supplier-delegate-webform?token=sample'),
      days,
    ],
    defaults: {
      en: {
        subject: 'Action requested: {{ event_name }}',
        body: [
          para(
            '{{ sender_email }} asks you to answer {% if action_title %}the action "{{ action_title }}"{% else %}the actions{% endif %} of "{{ event_name }}".',
          ),
          '{% if message %}<p>{{ message }}</p>{% endif %}',
          para('Open the form:'),
          linkPara('link'),
          para('This link is personal to you; do not forward it. It expires in {{ days }} days.'),
        ].join('\n'),
      },
      vi: {
        subject: 'Yêu cầu hành động: {{ event_name }}',
        body: [
          para(
            '{{ sender_email }} đề nghị bạn trả lời {% if action_title %}hành động "{{ action_title }}"{% else %}các hành động{% endif %} của "{{ event_name }}".',
          ),
          '{% if message %}<p>{{ message }}</p>{% endif %}',
          para('Mở biểu mẫu:'),
          linkPara('link'),
          para('Liên kết này dành riêng cho bạn; vui lòng không chuyển tiếp. Liên kết hết hạn sau {{ days }} ngày.'),
        ].join('\n'),
      },
    },
  },
  {
    key: 'PROVIDER_NOTIFICATION',
    name: 'Internal notification',
    description: 'A provider user asks colleagues to look at a recall or advisory',
    outboxKind: 'PROVIDER_NOTIFICATION',
    providerOverridable: true,
    placeholders: [
      senderEmail,
      p('event_kind', 'Recall or Supply advisory', 'Recall'),
      eventName,
      message,
      p('link', 'Link to the event in the portal', 'https://portal.example/provider/recalls/view/1/2'),
    ],
    defaults: {
      en: {
        subject: '{{ event_kind }}: {{ event_name }}',
        body: [
          para('{{ sender_email }} asks you to look at the {{ event_kind | downcase }} "{{ event_name }}".'),
          '{% if message %}<p>{{ message }}</p>{% endif %}',
          '<p>Sign in to open it: <a href="{{ link }}">{{ link }}</a></p>',
        ].join('\n'),
      },
      vi: {
        subject: '{{ event_kind }}: {{ event_name }}',
        body: [
          para('{{ sender_email }} đề nghị bạn xem {{ event_kind | downcase }} "{{ event_name }}".'),
          '{% if message %}<p>{{ message }}</p>{% endif %}',
          '<p>Đăng nhập để mở: <a href="{{ link }}">{{ link }}</a></p>',
        ].join('\n'),
      },
    },
  },
  {
    key: 'ACCESS_REQUEST',
    name: 'Access request',
    description: 'A provider user asks their administrator for permission to view an event',
    outboxKind: 'ACCESS_REQUEST',
    providerOverridable: true,
    placeholders: [
      p('requester_name', 'Name of the user asking', 'Dana Lee'),
      p('requester_email', 'Email of the user asking', 'dana.lee@riverside.example'),
      p('role_name', "The user's role", 'Pharmacy Staff'),
      p('event_type', 'Recall or Supply Advisory', 'Recall'),
      eventName,
      supplierName,
      p('link', 'Link to the users page', 'https://portal.example/provider/users'),
    ],
    defaults: {
      en: {
        subject: 'Access request: {{ event_type }} "{{ event_name }}"',
        body: [
          para(
            '{{ requester_name }} ({{ requester_email }}) received the {{ event_type | downcase }} "{{ event_name }}" from {{ supplier_name }} but their role ({{ role_name }}) cannot view it.',
          ),
          '<p>They ask you to grant them permission. You can change their role under Users: <a href="{{ link }}">{{ link }}</a></p>',
        ].join('\n'),
      },
      vi: {
        subject: 'Yêu cầu quyền truy cập: {{ event_type }} "{{ event_name }}"',
        body: [
          para(
            '{{ requester_name }} ({{ requester_email }}) đã nhận {{ event_type | downcase }} "{{ event_name }}" từ {{ supplier_name }} nhưng vai trò của họ ({{ role_name }}) không được xem.',
          ),
          '<p>Họ đề nghị bạn cấp quyền. Bạn có thể đổi vai trò của họ trong mục Người dùng: <a href="{{ link }}">{{ link }}</a></p>',
        ].join('\n'),
      },
    },
  },
  {
    key: 'CONVERSATION_MESSAGE',
    name: 'Conversation message',
    description: 'A new message in a conversation between a supplier and a provider',
    outboxKind: 'CONVERSATION_MESSAGE',
    providerOverridable: true,
    placeholders: [
      p('sender_name', 'Who wrote the message', 'Acme Medical Devices'),
      eventName,
      message,
      p('link', 'Link to the conversation', 'https://portal.example/provider/recalls/view/1/2'),
    ],
    defaults: {
      en: {
        subject: 'New message: {{ event_name }}',
        body: [
          para('{{ sender_name }} sent a message about "{{ event_name }}":'),
          '<p>{{ message }}</p>',
          '<p>Sign in to answer: <a href="{{ link }}">{{ link }}</a></p>',
        ].join('\n'),
      },
      vi: {
        subject: 'Tin nhắn mới: {{ event_name }}',
        body: [
          para('{{ sender_name }} đã gửi tin nhắn về "{{ event_name }}":'),
          '<p>{{ message }}</p>',
          '<p>Đăng nhập để trả lời: <a href="{{ link }}">{{ link }}</a></p>',
        ].join('\n'),
      },
    },
  },
  {
    key: 'OWNER_ASSIGNED',
    name: 'Owner assigned',
    description: 'A provider user makes a colleague the owner of one or more received recalls or advisories',
    outboxKind: 'OWNER_ASSIGNED',
    providerOverridable: true,
    placeholders: [
      p('sender_name', 'Who assigned it', 'Rita Riverside'),
      p('event_kind', 'recall or supply advisory', 'recall'),
      eventName,
      message,
      p('link', 'Link to the notice in the portal', 'https://portal.example/provider/recalls/view/1/2'),
      p('more', 'How many more notices were assigned at once (empty when one)', '3'),
      p(
        'others',
        'The names of those other notices, one a line (empty when one)',
        'Infusion pump batteries\nSterile gauze, lot 7',
      ),
    ],
    defaults: {
      en: {
        subject: 'You have been assigned {{ event_name }}{% if more %} and {{ more }} more{% endif %}',
        body: [
          para('{{ sender_name }} made you the owner of the {{ event_kind }} "{{ event_name }}".'),
          '{% if message %}<p>{{ message }}</p>{% endif %}',
          '<p>Sign in to open it: <a href="{{ link }}">{{ link }}</a></p>',
          '{% if more %}<p>You also own {{ more }} more notices now:</p><pre>{{ others }}</pre>{% endif %}',
        ].join('\n'),
      },
      vi: {
        subject: 'Bạn được giao phụ trách {{ event_name }}{% if more %} và {{ more }} thông báo khác{% endif %}',
        body: [
          para('{{ sender_name }} đã giao bạn phụ trách {{ event_kind }} "{{ event_name }}".'),
          '{% if message %}<p>{{ message }}</p>{% endif %}',
          '<p>Đăng nhập để mở: <a href="{{ link }}">{{ link }}</a></p>',
          '{% if more %}<p>Bạn cũng phụ trách thêm {{ more }} thông báo:</p><pre>{{ others }}</pre>{% endif %}',
        ].join('\n'),
      },
    },
  },
];
