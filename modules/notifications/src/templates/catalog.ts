/**
 * Every email the product sends, by template key: what it is, the placeholders its template may use (with sample
 * values for previews and test sends) and the platform's default wording in English and Vietnamese. The defaults
 * are today's emails word for word (English); the migration that creates the templates seeds them, so a later
 * change to a default here needs its own migration.
 */

export const TEMPLATE_LANGUAGES = ['en', 'vi'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export interface Placeholder {
  name: string;
  description: string;
  sample: string;
}

export interface TemplateContent {
  subject: string;
  body: string;
}

export interface TemplateKind {
  key: string;
  name: string;
  description: string;
  /** The outbox `kind` of the emails built from it. */
  outboxKind: string;
  /** A provider may override it for the mail its own users receive (internal notification and workflow mail). */
  providerOverridable: boolean;
  placeholders: Placeholder[];
  defaults: Record<TemplateLanguage, TemplateContent>;
}

const p = (name: string, description: string, sample: string): Placeholder => ({ name, description, sample });
const para = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');
const linkPara = (name: string) => `<p><a href="{{ ${name} }}">{{ ${name} }}</a></p>`;

const code = p('code', 'The one-time code', '493817');
const minutes = p('minutes', 'Minutes until the code expires', '15');
const hours = p('hours', 'Hours until the link expires', '72');
const eventName = p('event_name', 'Name of the recall or advisory', 'Saline flush syringes, lot 22A');
const eventId = p('event_id', "The event's reference (may be empty)", 'RC-2026-0042');
const supplierName = p('supplier_name', 'Name of the supplier', 'Acme Medical Devices');
const customerName = p('customer_name', "Name of the recipient's organisation", 'Riverside Hospital');
const noticeLink = p(
  'notice_link',
  'Personal link to the notice',
  'https://portal.example/provider/recall-notice-webform?token=sample',
);
const senderEmail = p('sender_email', 'Email of the person who sent it', 'coordinator@riverside.example');
const message = p('message', 'Message written by the sender (may be empty)', 'Please check the ward stock today.');
const actionTitle = p(
  'action_title',
  'Title of the delegated action (empty when all actions)',
  'Quarantine affected stock',
);
const days = p('days', 'Days until the link expires', '30');
// Lookup labels (issue 12): the managed values' words in the recipient's language.
const eventType = p('event_type', 'Recall type or advisory type, in the email language', 'Removal');
const classification = p(
  'classification',
  "The recall's class, in the email language (empty for an advisory)",
  'Class II',
);
const leadTime = p('lead_time', "The advisory's lead time, in the email language (may be empty)", '2-4 weeks');
const reason = p('reason', "The advisory's reason, in the email language (may be empty)", 'Plant closure');
// Custom content (issue 16): the recipient's own customer rows, one a line, already in the email's language.
const customRows = p(
  'custom_rows',
  "The customer's own affected units, one a line (empty unless the event has custom content)",
  'Infusion pump · Lot R-1 · Serial SN-100 · UDI 0100001 · Quantity 2\nInfusion pump · Lot R-2 · Quantity 1',
);
const customRowsMore = p('custom_rows_more', 'How many more units the notice lists (empty when none)', '12');

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
          '<p>Vui lòng mở thông báo để đọc, xác nhận đã nhận và trả lời các hành động:</p>',
          `<p><a href="{{ notice_link }}">Mở ${kindVi.toLowerCase()}</a></p>`,
          '<p>Liên kết này dành riêng cho bạn; vui lòng không chuyển tiếp. Liên kết hết hạn sau 90 ngày.</p>',
        ].join('\n'),
      },
    },
  };
}

export const TEMPLATE_KINDS: readonly TemplateKind[] = [
  {
    key: 'USER_INVITATION',
    name: 'Invitation',
    description: 'A new user invited to an organisation chooses a password',
    outboxKind: 'USER_INVITATION',
    providerOverridable: false,
    placeholders: [
      p('organization_name', 'Name of the inviting organisation', 'Acme Medical Devices'),
      p('link', 'Set-password link', 'https://portal.example/reset-password?token=sample'),
      hours,
    ],
    defaults: {
      en: {
        subject: 'You have been invited to {{ organization_name }}',
        body: [
          para(
            'An administrator of {{ organization_name }} created an account for you on the recall and supply advisory portal.',
            'Open this link to choose your password:',
          ),
          linkPara('link'),
          para('The link works once and expires in {{ hours }} hours.'),
        ].join('\n'),
      },
      vi: {
        subject: 'Bạn đã được mời tham gia {{ organization_name }}',
        body: [
          para(
            'Quản trị viên của {{ organization_name }} đã tạo tài khoản cho bạn trên cổng thông tin thu hồi và cảnh báo nguồn cung.',
            'Mở liên kết này để chọn mật khẩu:',
          ),
          linkPara('link'),
          para('Liên kết chỉ dùng được một lần và hết hạn sau {{ hours }} giờ.'),
        ].join('\n'),
      },
    },
  },
  {
    key: 'ORGANIZATION_ONBOARDING',
    name: 'Organisation onboarded',
    description: 'The first administrator of an organisation the operator onboarded verifies the address',
    outboxKind: 'ORGANIZATION_ONBOARDING',
    providerOverridable: false,
    placeholders: [
      p('organization_name', 'Name of the new organisation', 'Acme Medical Devices'),
      p('link', 'Verification and set-password link', 'https://portal.example/reset-password?token=sample'),
      hours,
    ],
    defaults: {
      en: {
        subject: 'Your {{ organization_name }} account is ready',
        body: [
          para(
            '{{ organization_name }} has been set up on the recall and supply advisory portal, and you are its administrator.',
            'Open this link to verify your email address and choose your password:',
          ),
          linkPara('link'),
          para('The link works once and expires in {{ hours }} hours.'),
        ].join('\n'),
      },
      vi: {
        subject: 'Tài khoản {{ organization_name }} của bạn đã sẵn sàng',
        body: [
          para(
            '{{ organization_name }} đã được thiết lập trên cổng thông tin thu hồi và cảnh báo nguồn cung, và bạn là quản trị viên.',
            'Mở liên kết này để xác minh địa chỉ email và chọn mật khẩu:',
          ),
          linkPara('link'),
          para('Liên kết chỉ dùng được một lần và hết hạn sau {{ hours }} giờ.'),
        ].join('\n'),
      },
    },
  },
  {
    key: 'USER_ADDED_TO_ORGANIZATION',
    name: 'Added to an organisation',
    description: 'An existing user was added to another organisation',
    outboxKind: 'USER_ADDED_TO_ORGANIZATION',
    providerOverridable: false,
    placeholders: [
      p('organization_name', 'Name of the organisation', 'Acme Medical Devices'),
      p('link', 'Sign-in link', 'https://portal.example/login'),
    ],
    defaults: {
      en: {
        subject: 'You have been added to {{ organization_name }}',
        body: [
          para(
            'An administrator of {{ organization_name }} added you to the organization. Sign in with your existing password and choose {{ organization_name }}:',
          ),
          linkPara('link'),
        ].join('\n'),
      },
      vi: {
        subject: 'Bạn đã được thêm vào {{ organization_name }}',
        body: [
          para(
            'Quản trị viên của {{ organization_name }} đã thêm bạn vào tổ chức. Hãy đăng nhập bằng mật khẩu hiện có và chọn {{ organization_name }}:',
          ),
          linkPara('link'),
        ].join('\n'),
      },
    },
  },
  {
    key: 'EMAIL_VERIFICATION_LINK',
    name: 'Verification (sign-up link)',
    description: 'A self-registered user confirms their email address',
    outboxKind: 'EMAIL_VERIFICATION_LINK',
    providerOverridable: false,
    placeholders: [p('link', 'Verification link', 'https://portal.example/verify-email?token=sample')],
    defaults: {
      en: {
        subject: 'Verify your email address',
        body: [
          para('Please confirm your email address by opening this link:'),
          linkPara('link'),
          para('If you did not create an account, ignore this email.'),
        ].join('\n'),
      },
      vi: {
        subject: 'Xác minh địa chỉ email của bạn',
        body: [
          para('Vui lòng xác nhận địa chỉ email của bạn bằng cách mở liên kết này:'),
          linkPara('link'),
          para('Nếu bạn không tạo tài khoản, hãy bỏ qua email này.'),
        ].join('\n'),
      },
    },
  },
  {
    key: 'EMAIL_VERIFICATION_CODE',
    name: 'Verification code',
    description: 'A code to verify an email address',
    outboxKind: 'EMAIL_VERIFICATION_CODE',
    providerOverridable: false,
    placeholders: [code, minutes],
    defaults: {
      en: {
        subject: 'Verify your email address',
        body: para('Your email verification code is {{ code }}.', 'It expires in {{ minutes }} minutes.'),
      },
      vi: {
        subject: 'Xác minh địa chỉ email của bạn',
        body: para('Mã xác minh email của bạn là {{ code }}.', 'Mã hết hạn sau {{ minutes }} phút.'),
      },
    },
  },
  {
    key: 'PASSWORD_RESET',
    name: 'Password reset',
    description: 'A link to choose a new password',
    outboxKind: 'PASSWORD_RESET',
    providerOverridable: false,
    placeholders: [p('link', 'Reset link', 'https://portal.example/reset-password?token=sample'), hours],
    defaults: {
      en: {
        subject: 'Reset your password',
        body: [
          para('We received a request to reset your password. Open this link to choose a new one:'),
          linkPara('link'),
          para('The link works once and expires in {{ hours }} hours. If you did not ask for it, ignore this email.'),
        ].join('\n'),
      },
      vi: {
        subject: 'Đặt lại mật khẩu của bạn',
        body: [
          para('Chúng tôi đã nhận được yêu cầu đặt lại mật khẩu của bạn. Mở liên kết này để chọn mật khẩu mới:'),
          linkPara('link'),
          para(
            'Liên kết chỉ dùng được một lần và hết hạn sau {{ hours }} giờ. Nếu bạn không yêu cầu, hãy bỏ qua email này.',
          ),
        ].join('\n'),
      },
    },
  },
  {
    key: 'PASSWORD_CHANGED',
    name: 'Password changed',
    description: 'Confirms that the password of an account was changed',
    outboxKind: 'PASSWORD_CHANGED',
    providerOverridable: false,
    placeholders: [],
    defaults: {
      en: {
        subject: 'Your password was changed',
        body: para(
          'The password of your account was just changed. If this was not you, reset your password now and contact your administrator.',
        ),
      },
      vi: {
        subject: 'Mật khẩu của bạn đã được thay đổi',
        body: para(
          'Mật khẩu tài khoản của bạn vừa được thay đổi. Nếu không phải bạn, hãy đặt lại mật khẩu ngay và liên hệ quản trị viên.',
        ),
      },
    },
  },
  {
    key: 'ACCOUNT_LOCKED',
    name: 'Account locked',
    description: 'The account was locked after too many failed sign-ins',
    outboxKind: 'ACCOUNT_LOCKED',
    providerOverridable: false,
    placeholders: [],
    defaults: {
      en: {
        subject: 'Your account has been locked',
        body: para(
          'Your account was locked after too many failed sign-in attempts.',
          'To unlock it, choose "Unlock account" on the sign-in page; we will email you a one-time code.',
        ),
      },
      vi: {
        subject: 'Tài khoản của bạn đã bị khóa',
        body: para(
          'Tài khoản của bạn đã bị khóa sau quá nhiều lần đăng nhập không thành công.',
          'Để mở khóa, hãy chọn "Mở khóa tài khoản" trên trang đăng nhập; chúng tôi sẽ gửi cho bạn một mã dùng một lần qua email.',
        ),
      },
    },
  },
  {
    key: 'UNLOCK_CODE',
    name: 'Unlock code',
    description: 'A one-time code that unlocks a locked account',
    outboxKind: 'UNLOCK_CODE',
    providerOverridable: false,
    placeholders: [code, minutes],
    defaults: {
      en: {
        subject: 'Your account unlock code',
        body: para('Your unlock code is {{ code }}.', 'It expires in {{ minutes }} minutes.'),
      },
      vi: {
        subject: 'Mã mở khóa tài khoản của bạn',
        body: para('Mã mở khóa của bạn là {{ code }}.', 'Mã hết hạn sau {{ minutes }} phút.'),
      },
    },
  },
  {
    key: 'LOGIN_CODE',
    name: 'Second-factor code',
    description: 'The sign-in code of an organisation that requires a second factor',
    outboxKind: 'LOGIN_CODE',
    providerOverridable: false,
    placeholders: [code, minutes],
    defaults: {
      en: {
        subject: 'Your sign-in verification code',
        body: para(
          'Your verification code is {{ code }}.',
          'It expires in {{ minutes }} minutes. If you did not try to sign in, change your password.',
        ),
      },
      vi: {
        subject: 'Mã xác minh đăng nhập của bạn',
        body: para(
          'Mã xác minh của bạn là {{ code }}.',
          'Mã hết hạn sau {{ minutes }} phút. Nếu bạn không cố đăng nhập, hãy đổi mật khẩu.',
        ),
      },
    },
  },
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
];

export type TemplateKey = string;

const BY_KEY = new Map(TEMPLATE_KINDS.map((k) => [k.key, k]));

export function templateKind(key: string): TemplateKind | undefined {
  return BY_KEY.get(key);
}

/** The sample values of a kind's placeholders (previews and test sends). */
export function sampleValues(kind: TemplateKind): Record<string, string> {
  return Object.fromEntries(kind.placeholders.map((ph) => [ph.name, ph.sample]));
}
