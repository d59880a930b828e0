/**
 * The vocabularies of the spec (000 §9, 001 §9) and DESIGN §4: each code with the words the spec shows for it, in
 * English and Vietnamese. Codes travel (database, wire, files); labels are shown, by the web app, emails and reports
 * alike. No dependencies: the server and the browser bundle both read it. The server's messages (the envelope's `m`
 * and `error.code`) are catalogued in messages/, one file per area.
 */
export type Locale = 'en' | 'vi';
export interface Label {
  en: string;
  vi: string;
}

export const VOCABULARIES = {
  communicationType: {
    RECALL: { en: 'Recall', vi: 'Thu hồi' },
    'PRODUCT DISRUPTION': { en: 'Supply Advisory', vi: 'Khuyến cáo cung ứng' },
  },
  recallSubtype: {
    REMOVAL: { en: 'Removal', vi: 'Loại bỏ' },
    PRODUCTADVISORY: { en: 'Product Advisory', vi: 'Khuyến cáo sản phẩm' },
    CORRECTION: { en: 'Correction', vi: 'Khắc phục' },
    FIELDSAFETYNOTICE: { en: 'Field Safety Notice', vi: 'Thông báo an toàn' },
  },
  disruptionSubtype: {
    BACKORDER: { en: 'Backorder', vi: 'Đặt hàng chờ' },
    SHORTAGE: { en: 'Shortage', vi: 'Thiếu hụt' },
    DISCONTINUATION: { en: 'Discontinuation', vi: 'Ngừng sản xuất' },
    MARKETEVENT: { en: 'Market Event', vi: 'Sự kiện thị trường' },
    GENERALINFORMATION: { en: 'General Information', vi: 'Thông tin chung' },
    ALLOCATION: { en: 'Allocation', vi: 'Phân bổ' },
    PRODUCTORKITCHANGE: { en: 'Product or Kit change', vi: 'Thay đổi sản phẩm hoặc bộ dụng cụ' },
  },
  classification: {
    CLASSI: { en: 'Class I', vi: 'Loại I' },
    CLASSII: { en: 'Class II', vi: 'Loại II' },
    CLASSIII: { en: 'Class III', vi: 'Loại III' },
    NOT_YET_CLASSIFIED: { en: 'Not Yet Classified', vi: 'Chưa phân loại' },
  },
  disposition: {
    Destroyed: { en: 'Destroyed', vi: 'Đã tiêu hủy' },
    None: { en: 'None', vi: 'Không có' },
    Returned: { en: 'Returned', vi: 'Đã trả lại' },
  },
  leadTime: {
    '< 2 weeks': { en: '< 2 weeks', vi: '< 2 tuần' },
    '2-4 weeks': { en: '2-4 weeks', vi: '2-4 tuần' },
    '> month': { en: '> month', vi: '> tháng' },
    '> quarter': { en: '> quarter', vi: '> quý' },
  },
  reason: {
    'Force de Majeure': { en: 'Force de Majeure', vi: 'Bất khả kháng' },
    'Plant closure': { en: 'Plant closure', vi: 'Đóng cửa nhà máy' },
    'Raw material shortage': { en: 'Raw material shortage', vi: 'Thiếu nguyên liệu' },
    'SKU rationalization': { en: 'SKU rationalization', vi: 'Tinh giản mã hàng (SKU)' },
    'Quality issue': { en: 'Quality issue', vi: 'Vấn đề chất lượng' },
  },
  actionType: {
    Acknowledge: { en: 'Acknowledge', vi: 'Xác nhận' },
    Text: { en: 'Text', vi: 'Văn bản' },
    Numeric: { en: 'Numeric', vi: 'Số' },
    YesNo: { en: 'Yes / No', vi: 'Có / Không' },
    Checkbox: { en: 'Checkbox', vi: 'Hộp kiểm' },
    MultipleChoice: { en: 'Multiple choice', vi: 'Nhiều lựa chọn' },
    Image: { en: 'Image', vi: 'Hình ảnh' },
    Document: { en: 'Document', vi: 'Tài liệu' },
  },
  productFieldType: {
    Text: { en: 'Text', vi: 'Văn bản' },
    Number: { en: 'Number', vi: 'Số' },
    Date: { en: 'Date', vi: 'Ngày' },
    YesNo: { en: 'Yes / No', vi: 'Có / Không' },
    TrueFalse: { en: 'True / False', vi: 'Đúng / Sai' },
    ListSingle: { en: 'List (one choice)', vi: 'Danh sách (một lựa chọn)' },
    ListMultiple: { en: 'List (several choices)', vi: 'Danh sách (nhiều lựa chọn)' },
  },
  locationStatus: {
    COVERED: { en: 'Covered', vi: 'Đã bao phủ' },
    EMAILED: { en: 'Emailed', vi: 'Đã gửi email' },
    UNABLE_PROCESSED: { en: 'Unrecognized', vi: 'Không nhận dạng được' },
    NON_COVERED: { en: 'Not Covered', vi: 'Không bao phủ' },
    INVALID: { en: 'Invalid', vi: 'Không hợp lệ' },
  },
  responseMethod: {
    Paper: { en: 'Paper', vi: 'Giấy' },
    Electronic: { en: 'Electronic', vi: 'Điện tử' },
  },
  communicationStatus: {
    DRAFT: { en: 'Draft', vi: 'Bản nháp' },
    OPEN: { en: 'Open', vi: 'Đang mở' },
    CLOSED: { en: 'Closed', vi: 'Đã đóng' },
    DELETED: { en: 'Deleted', vi: 'Đã xóa' },
  },
  responseStatus: {
    NOTCOMPLETED: { en: 'In Progress', vi: 'Đang xử lý' },
    COMPLETED: { en: 'Completed', vi: 'Hoàn thành' },
  },
  /** Master data (locations, sales representatives). */
  recordStatus: {
    ACTIVE: { en: 'Active', vi: 'Đang hoạt động' },
    INACTIVE: { en: 'Deactivated', vi: 'Đã vô hiệu hóa' },
  },
  /** Organisations and supplier master names (spec 000 §4, "Supplier/organisation"). */
  organizationStatus: {
    ACTIVE: { en: 'Active', vi: 'Đang hoạt động' },
    DEACTIVATED: { en: 'Deactivated', vi: 'Đã vô hiệu hóa' },
    PENDING: { en: 'Pending', vi: 'Đang chờ' },
    LINKED: { en: 'Linked', vi: 'Đã liên kết' },
  },
  /** The account and membership states the users report words (the others read as their codes there). */
  userStatus: {
    VERIFICATION: { en: 'Verification Email Sent', vi: 'Đã gửi email xác minh' },
    INACTIVE: { en: 'Deactivated', vi: 'Đã vô hiệu hóa' },
  },
  /** Public FDA records (spec 000 §4): the regulator's own words are the codes. */
  fdaStatus: {
    'Open Classified': { en: 'Open Classified', vi: 'Đang mở, đã phân loại' },
    Ongoing: { en: 'Ongoing', vi: 'Đang diễn ra' },
    Completed: { en: 'Completed', vi: 'Hoàn thành' },
    Terminated: { en: 'Terminated', vi: 'Đã kết thúc' },
  },
  /** What an email was (outbox `kind`), as the Notification Report says it. */
  emailKind: {
    NOTICE: { en: 'Notice', vi: 'Thông báo' },
    NOTICE_REMINDER: { en: 'Reminder', vi: 'Nhắc nhở' },
    DELEGATE: { en: 'Delegation', vi: 'Ủy quyền' },
    SALES_REP_NOTICE: { en: 'Sales representative notice', vi: 'Thông báo cho đại diện bán hàng' },
    PROVIDER_NOTIFICATION: { en: 'Provider notification', vi: 'Thông báo của cơ sở y tế' },
    CONVERSATION_MESSAGE: { en: 'Conversation message', vi: 'Tin nhắn trong trao đổi' },
    OWNER_ASSIGNED: { en: 'Owner assignment', vi: 'Giao người phụ trách' },
  },
  /** How an affected customer came onto a communication (the Customers tab's Source). */
  recipientSource: {
    PROVIDER: { en: 'Provider chosen', vi: 'Cơ sở y tế được chọn' },
    LOCATION: { en: 'Location file', vi: 'Tệp địa điểm' },
    DISTRIBUTION_LIST: { en: 'Distribution list', vi: 'Danh sách phân phối' },
    MANUAL: { en: 'Added by email', vi: 'Thêm bằng email' },
  },
  /** A known provider's external identifier, as its lists name it. */
  identifierKind: {
    CCN: { en: 'CCN', vi: 'CCN' },
    NPI: { en: 'NPI', vi: 'NPI' },
    GLN: { en: 'GLN', vi: 'GLN' },
    CUSTOMER: { en: 'Customer no.', vi: 'Mã khách hàng' },
  },
  fdaClassification: {
    'Class I': { en: 'Class I', vi: 'Loại I' },
    'Class II': { en: 'Class II', vi: 'Loại II' },
    'Class III': { en: 'Class III', vi: 'Loại III' },
    // No classification: a device recall whose enforcement report is not imported (the lists' `classification=none`).
    none: { en: 'Not classified', vi: 'Chưa phân loại' },
  },
  /**
   * The built-in product fields' names and list values (the ones the platform is installed with, `seedDemo`'s
   * "Sterile" and "Storage"), keyed by their English text: shown in the reader's language wherever a product's fields
   * are (the public forms first). A field the operator adds is data, shown as typed (an unknown text reads as itself).
   */
  productFieldWord: {
    Sterile: { en: 'Sterile', vi: 'Vô trùng' },
    Storage: { en: 'Storage', vi: 'Bảo quản' },
    'Room temperature': { en: 'Room temperature', vi: 'Nhiệt độ phòng' },
    Refrigerated: { en: 'Refrigerated', vi: 'Bảo quản lạnh' },
    Frozen: { en: 'Frozen', vi: 'Đông lạnh' },
  },
} as const satisfies Record<string, Record<string, Label>>;

export type Vocabulary = keyof typeof VOCABULARIES;
export type Code<V extends Vocabulary> = keyof (typeof VOCABULARIES)[V] & string;

/** The codes of a vocabulary, in the spec's order. */
export function codes<V extends Vocabulary>(vocabulary: V): Code<V>[] {
  return Object.keys(VOCABULARIES[vocabulary]) as Code<V>[];
}

/**
 * The vocabularies the operator manages as records (spec 000 §9): recall types and classes, dispositions,
 * disruption types, reasons, lead times and response methods. Their constants above are the seed and the fallback
 * until the records are loaded (`installManagedValues`): in the browser from `GET /api/lookup-values`, on the server
 * by `@portal/lookups`' cache, refreshed on every write.
 */
export const MANAGED_VOCABULARIES = [
  'recallSubtype',
  'classification',
  'disposition',
  'disruptionSubtype',
  'reason',
  'leadTime',
  'responseMethod',
] as const satisfies readonly Vocabulary[];
export type ManagedVocabulary = (typeof MANAGED_VOCABULARIES)[number];

export function isManagedVocabulary(vocabulary: string): vocabulary is ManagedVocabulary {
  return (MANAGED_VOCABULARIES as readonly string[]).includes(vocabulary);
}

/** One managed value: platform-wide (`organization_id` null) or a supplier's own. */
export interface ManagedValue {
  vocabulary: ManagedVocabulary;
  code: string;
  label_en: string;
  label_vi: string;
  sort_order: number;
  status: 'ACTIVE' | 'INACTIVE';
  organization_id: number | null;
}

/** Per vocabulary, the loaded values in order (platform values before a supplier's own at the same order). */
let managed: Map<ManagedVocabulary, ManagedValue[]> | null = null;
/** Per vocabulary, code → the value that labels it (the platform's first): reports label every row through it. */
let labelIndex: Map<ManagedVocabulary, Map<string, ManagedValue>> = new Map();
let managedVersion = 0;

const byOrder = (a: ManagedValue, b: ManagedValue) =>
  a.sort_order - b.sort_order ||
  (a.organization_id === null ? 0 : 1) - (b.organization_id === null ? 0 : 1) ||
  a.code.localeCompare(b.code);

/** Replaces the loaded values (all of them, active and inactive: an inactive value still labels old records). */
export function installManagedValues(values: readonly ManagedValue[]): void {
  const next = new Map<ManagedVocabulary, ManagedValue[]>();
  for (const v of values) {
    if (!isManagedVocabulary(v.vocabulary)) continue;
    const list = next.get(v.vocabulary) ?? [];
    list.push(v);
    next.set(v.vocabulary, list);
  }
  const index = new Map<ManagedVocabulary, Map<string, ManagedValue>>();
  for (const [vocabulary, list] of next) {
    list.sort(byOrder);
    const codes = new Map<string, ManagedValue>();
    for (const v of list) {
      const seen = codes.get(v.code);
      if (!seen || (seen.organization_id !== null && v.organization_id === null)) codes.set(v.code, v);
    }
    index.set(vocabulary, codes);
  }
  managed = next;
  labelIndex = index;
  managedVersion += 1;
}

/** Back to the constants (tests; a signed-out browser). */
export function clearManagedValues(): void {
  managed = null;
  labelIndex = new Map();
  managedVersion += 1;
}

/** Bumped on every install: lets a cache of labels know it is stale. */
export function managedValuesVersion(): number {
  return managedVersion;
}

/** The loaded values of a managed vocabulary, or null before any are loaded (then the constants hold). */
function loaded(vocabulary: Vocabulary): ManagedValue[] | null {
  if (!managed || !isManagedVocabulary(vocabulary)) return null;
  return managed.get(vocabulary) ?? [];
}

/** The record a code reads from: the platform's value first, then a supplier's own. */
function managedValue(vocabulary: Vocabulary, code: string): ManagedValue | undefined {
  if (!managed || !isManagedVocabulary(vocabulary)) return undefined;
  return labelIndex.get(vocabulary)?.get(code);
}

/**
 * The values a picker offers: ACTIVE only, in the operator's order; platform values plus, with `organizationId`,
 * that supplier's own (without it, everything loaded, which in the browser is already the caller's scope).
 */
export function activeValues(vocabulary: Vocabulary, organizationId?: number | null): { code: string; label: Label }[] {
  const list = loaded(vocabulary);
  if (!list) {
    const table: Record<string, Label> = VOCABULARIES[vocabulary];
    return Object.entries(table).map(([code, label]) => ({ code, label }));
  }
  return list
    .filter((v) => v.status === 'ACTIVE')
    .filter((v) => organizationId === undefined || v.organization_id === null || v.organization_id === organizationId)
    .map((v) => ({ code: v.code, label: { en: v.label_en, vi: v.label_vi } }));
}

/** The words for a code; an unknown code reads as itself (never a blank), nothing reads as ''. */
export function vocabularyLabel(
  vocabulary: Vocabulary,
  code: string | null | undefined,
  locale: Locale = 'en',
): string {
  if (code === null || code === undefined || code === '') return '';
  const record = managedValue(vocabulary, code);
  if (record) return (locale === 'vi' ? record.label_vi : record.label_en) || code;
  const table: Record<string, Label> = VOCABULARIES[vocabulary];
  return Object.hasOwn(table, code) ? table[code]![locale] : code;
}

/** `[code, label]` pairs of a vocabulary, in order (a managed vocabulary: its ACTIVE values, the picker's choice). */
export function vocabularyPairs<V extends Vocabulary>(
  vocabulary: V,
  locale: Locale = 'en',
): (readonly [Code<V>, string])[] {
  return activeValues(vocabulary).map(({ code, label }) => [code as Code<V>, label[locale]] as const);
}

/** `{ value, label }` options of a vocabulary, in order (select lists; a managed vocabulary: ACTIVE values only). */
export function vocabularyOptions(vocabulary: Vocabulary, locale: Locale = 'en'): { value: string; label: string }[] {
  return activeValues(vocabulary).map(({ code, label }) => ({ value: code, label: label[locale] }));
}

/**
 * Every code a vocabulary can label, for label maps: a managed vocabulary's values, active and inactive, and the
 * constants' codes (a value deleted or never loaded still reads with the spec's words).
 */
export function labelledCodes(vocabulary: Vocabulary): string[] {
  const list = loaded(vocabulary) ?? [];
  return [...new Set([...list.map((v) => v.code), ...Object.keys(VOCABULARIES[vocabulary])])];
}

/**
 * What a history entry says, as a sentence (people read "Notification sent to 12 customers", not
 * `NOTIFICATION_SENT`). `{count}`, `{name}`, `{email}` and `{status}` are filled from the entry's facts; an action
 * this map does not know reads as a plain "Change recorded", never as its code.
 */
export const HISTORY_SENTENCES: Record<string, Label> = {
  CREATED: { en: 'Event created', vi: 'Đã tạo sự kiện' },
  STEP0_SAVED: { en: 'Event details saved', vi: 'Đã lưu thông tin sự kiện' },
  STEP1_SAVED: { en: 'Products saved ({count})', vi: 'Đã lưu sản phẩm ({count})' },
  STEP2_SAVED: { en: 'Actions saved ({count})', vi: 'Đã lưu hành động ({count})' },
  PRODUCTS_ADDED: { en: 'Products added ({count})', vi: 'Đã thêm sản phẩm ({count})' },
  APPROVED: { en: 'Event approved', vi: 'Đã phê duyệt sự kiện' },
  DELETED: { en: 'Event deleted', vi: 'Đã xóa sự kiện' },
  CLOSED: { en: 'Event closed', vi: 'Đã đóng sự kiện' },
  REOPENED: { en: 'Event reopened', vi: 'Đã mở lại sự kiện' },
  STEP0_UPDATED: { en: 'Event details updated', vi: 'Đã cập nhật thông tin sự kiện' },
  STEP1_UPDATED: { en: 'Products updated', vi: 'Đã cập nhật sản phẩm' },
  STEP2_UPDATED: { en: 'Actions updated', vi: 'Đã cập nhật hành động' },
  RESPONDED: { en: 'Answer submitted', vi: 'Đã gửi câu trả lời' },
  RESPONSE_DRAFTED: { en: 'Answer saved as a draft', vi: 'Đã lưu nháp câu trả lời' },
  COMPLETED: { en: 'Response completed', vi: 'Đã hoàn thành phản hồi' },
  REOPENED_RESPONSE: { en: 'Response reopened', vi: 'Đã mở lại phản hồi' },
  NOTIFICATION_SENT: { en: 'Notification sent to {count} customers', vi: 'Đã gửi thông báo tới {count} khách hàng' },
  RECIPIENTS_ADDED: { en: '{count} customers added', vi: 'Đã thêm {count} khách hàng' },
  RECIPIENTS_REMOVED: { en: '{count} customers removed', vi: 'Đã xóa {count} khách hàng' },
  SALES_REPS_NOTIFIED: {
    en: '{count} sales representatives notified',
    vi: 'Đã thông báo cho {count} đại diện bán hàng',
  },
  REMINDER_SENT: { en: 'Reminder sent', vi: 'Đã gửi lời nhắc' },
  REMINDERS_SENT_NOW: {
    en: 'Reminder sent now to {count} customers',
    vi: 'Đã gửi lời nhắc ngay tới {count} khách hàng',
  },
  REMINDERS_CHANGED: { en: 'Reminder plan changed', vi: 'Đã thay đổi kế hoạch nhắc nhở' },
  RESPONSE_DUE_DATE_SET: { en: 'Response due date set', vi: 'Đã đặt hạn trả lời' },
  REMINDERS_PAUSED: { en: 'Reminders paused', vi: 'Đã tạm dừng lời nhắc' },
  REMINDERS_RESUMED: { en: 'Reminders resumed', vi: 'Đã tiếp tục gửi lời nhắc' },
  INTERNAL_ACTION_CREATED: { en: 'Internal action added', vi: 'Đã thêm hành động nội bộ' },
  INTERNAL_ACTION_UPDATED: { en: 'Internal action updated', vi: 'Đã cập nhật hành động nội bộ' },
  DELEGATED: { en: 'Delegated to {email}', vi: 'Đã ủy quyền cho {email}' },
  DELEGATE_MAIL_RESENT: { en: 'Delegate email resent to {email}', vi: 'Đã gửi lại email ủy quyền tới {email}' },
  NOTICE_RESENT: { en: 'Notice resent to {email}', vi: 'Đã gửi lại thông báo tới {email}' },
  POST_UPDATE: { en: 'Update posted', vi: 'Đã đăng cập nhật' },
  CHANGE_NOTE: { en: 'Change note added', vi: 'Đã thêm ghi chú thay đổi' },
  DOCUMENT_UPLOADED: { en: 'Document {name} uploaded', vi: 'Đã tải lên tài liệu {name}' },
  DOCUMENT_DELETED: { en: 'Document {name} deleted', vi: 'Đã xóa tài liệu {name}' },
  PROVIDER_DOCUMENT_UPLOADED: { en: 'Document {name} uploaded', vi: 'Đã tải lên tài liệu {name}' },
  PROVIDER_DOCUMENT_DELETED: { en: 'Document {name} deleted', vi: 'Đã xóa tài liệu {name}' },
  FILE_UPLOADED: { en: 'File {name} attached to an answer', vi: 'Đã đính kèm tệp {name} vào câu trả lời' },
  FILE_DELETED: { en: 'File {name} removed from an answer', vi: 'Đã gỡ tệp {name} khỏi câu trả lời' },
  FILES_DOWNLOADED: { en: 'Answer files downloaded ({count})', vi: 'Đã tải xuống các tệp trả lời ({count})' },
  ACKNOWLEDGED: { en: 'Notice acknowledged', vi: 'Đã xác nhận thông báo' },
  NOT_AFFECTED: { en: 'Marked not affected', vi: 'Đã đánh dấu không bị ảnh hưởng' },
  OWNER_ASSIGNED: { en: 'Assigned to {email}', vi: 'Đã giao cho {email}' },
  OWNER_CLEARED: { en: 'Owner removed', vi: 'Đã bỏ người phụ trách' },
  DELEGATE_REVOKED: { en: 'Delegation to {email} revoked', vi: 'Đã thu hồi ủy quyền cho {email}' },
  SITE_SWITCHED: { en: 'Moved to another site', vi: 'Đã chuyển sang cơ sở khác' },
  PROVIDER_STATUS_CHANGED: { en: 'Status changed to {status}', vi: 'Đã đổi trạng thái thành {status}' },
  NOTIFICATION_UPDATED: { en: 'Notice updated', vi: 'Đã cập nhật thông báo' },
  NOTIFICATION_FORWARDED: { en: 'Forwarded to {count} recipients', vi: 'Đã chuyển tiếp tới {count} người nhận' },
  REPORT_HISTORY_ADDED: { en: 'Report downloaded', vi: 'Đã tải xuống báo cáo' },
  NOTE_CREATED: { en: 'Note added', vi: 'Đã thêm ghi chú' },
  NOTE_UPDATED: { en: 'Note updated', vi: 'Đã cập nhật ghi chú' },
  ACCESS_REQUESTED: { en: 'Access requested from {email}', vi: 'Đã yêu cầu quyền truy cập từ {email}' },
  OPERATOR_VIEWED_RESPONSE: {
    en: 'Responses viewed by the Notisphere operator',
    vi: 'Nhà vận hành Notisphere đã xem câu trả lời',
  },
  RESPONSE_DRAFT_DISCARDED: { en: 'Draft answers discarded', vi: 'Đã hủy câu trả lời nháp' },
  RESPONSE_ROW_DISMISSED: { en: 'Response row dismissed', vi: 'Đã bỏ qua dòng phản hồi' },
  PAPER_RESPONSE_CREATED: { en: 'Paper response recorded', vi: 'Đã ghi nhận phản hồi giấy' },
  PAPER_RESPONSE_UPDATED: { en: 'Paper response updated', vi: 'Đã cập nhật phản hồi giấy' },
  PAPER_RESPONSE_DELETED: { en: 'Paper response deleted', vi: 'Đã xóa phản hồi giấy' },
  PAPER_ANSWER_CLEARED: { en: 'Paper answer cleared', vi: 'Đã xóa câu trả lời từ phản hồi giấy' },
  PAPER_RESPONDED: { en: 'Answer recorded from a paper response', vi: 'Đã ghi câu trả lời từ phản hồi giấy' },
  PAPER_RESPONSES_IMPORTED: { en: '{count} paper responses imported', vi: 'Đã nhập {count} phản hồi giấy' },
  CONVERSATION_STARTED: { en: 'Conversation "{name}" started', vi: 'Đã bắt đầu trao đổi "{name}"' },
  CONVERSATION_MESSAGE: { en: 'Message in conversation "{name}"', vi: 'Tin nhắn trong trao đổi "{name}"' },
  CONVERSATION_CLOSED: { en: 'Conversation "{name}" closed', vi: 'Đã đóng trao đổi "{name}"' },
  CONVERSATION_REOPENED: { en: 'Conversation "{name}" reopened', vi: 'Đã mở lại trao đổi "{name}"' },
  CUSTOM_CONTENT_ENABLED: { en: 'Custom content turned on', vi: 'Đã bật nội dung riêng' },
  CUSTOM_CONTENT_DISABLED: { en: 'Custom content turned off', vi: 'Đã tắt nội dung riêng' },
  CUSTOM_ROWS_SAVED: { en: 'Customer rows saved ({count})', vi: 'Đã lưu các dòng của khách hàng ({count})' },
  CUSTOM_ROWS_CORRECTED: {
    en: 'Customer rows corrected after approval ({count})',
    vi: 'Đã sửa các dòng của khách hàng sau khi phê duyệt ({count})',
  },
};
const HISTORY_FALLBACK: Label = { en: 'Change recorded', vi: 'Đã ghi nhận thay đổi' };
const HISTORY_BY: Label = { en: '{sentence} by {actor}', vi: '{sentence} bởi {actor}' };

/** The facts a history sentence may name, taken by the server from the entry's recorded values. */
export interface HistoryFacts {
  count?: number | null;
  name?: string | null;
  email?: string | null;
  status?: string | null;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));

/** "Notification sent to 12 customers by Rick Recalls": the entry as a sentence in `locale`. */
export function historySentence(
  entry: { action: string; facts?: HistoryFacts | null; actor?: string | null },
  locale: Locale = 'en',
): string {
  const known = Object.hasOwn(HISTORY_SENTENCES, entry.action) ? HISTORY_SENTENCES[entry.action]! : HISTORY_FALLBACK;
  const facts = entry.facts ?? {};
  const status = !facts.status
    ? ''
    : Object.hasOwn(VOCABULARIES.responseStatus, facts.status)
      ? vocabularyLabel('responseStatus', facts.status, locale)
      : vocabularyLabel('communicationStatus', facts.status, locale);
  const sentence = fill(known[locale], {
    count: facts.count === null || facts.count === undefined ? '' : String(facts.count),
    name: facts.name ?? '',
    email: facts.email ?? '',
    status,
  })
    .replace(/\s*\(\)/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return entry.actor ? fill(HISTORY_BY[locale], { sentence, actor: entry.actor }) : sentence;
}

export {
  AUTH_MESSAGES,
  type AreaKey,
  COMMON_MESSAGES,
  COMMUNICATION_MESSAGES,
  MESSAGE_AREAS,
  type MessageArea,
  MESSAGES,
  type MessageArgs,
  type MessageKey,
  messageKeyOf,
  type MessageParams,
  type MessagePart,
  messagePart,
  messageText,
  type MessageValue,
  ORGANIZATION_MESSAGES,
  PLATFORM_MESSAGES,
  PROVIDER_MESSAGES,
  type ParamName,
  type PlainMessageKey,
} from './messages/index.js';
export * from './udi/index.js';
export * from './rich-text.js';
