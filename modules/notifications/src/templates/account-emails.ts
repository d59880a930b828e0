/** The account emails: invitations, onboarding, verification, passwords, locks and sign-in codes. */
import type { TemplateKind } from './catalog.js';
import { p, para, linkPara, code, minutes, hours } from './placeholders.js';

export const ACCOUNT_EMAILS: readonly TemplateKind[] = [
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
];
