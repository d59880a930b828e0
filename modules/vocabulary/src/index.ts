/**
 * The vocabularies of the spec (000 §9, 001 §9) and DESIGN §4: each code with the words the spec shows for it, in
 * English and Vietnamese. Codes travel (database, wire, files); labels are shown, by the web app, emails and reports
 * alike. No dependencies, no relative imports: the server and the browser bundle both read this one file.
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
} as const satisfies Record<string, Record<string, Label>>;

export type Vocabulary = keyof typeof VOCABULARIES;
export type Code<V extends Vocabulary> = keyof (typeof VOCABULARIES)[V] & string;

/** The codes of a vocabulary, in the spec's order. */
export function codes<V extends Vocabulary>(vocabulary: V): Code<V>[] {
  return Object.keys(VOCABULARIES[vocabulary]) as Code<V>[];
}

/** The words for a code; an unknown code reads as itself (never a blank), nothing reads as ''. */
export function vocabularyLabel(
  vocabulary: Vocabulary,
  code: string | null | undefined,
  locale: Locale = 'en',
): string {
  if (code === null || code === undefined || code === '') return '';
  const table: Record<string, Label> = VOCABULARIES[vocabulary];
  return Object.hasOwn(table, code) ? table[code]![locale] : code;
}

/** `[code, label]` pairs of a vocabulary, in order. */
export function vocabularyPairs<V extends Vocabulary>(
  vocabulary: V,
  locale: Locale = 'en',
): (readonly [Code<V>, string])[] {
  return codes(vocabulary).map((code) => [code, vocabularyLabel(vocabulary, code, locale)] as const);
}

/** `{ value, label }` options of a vocabulary, in order (select lists). */
export function vocabularyOptions(vocabulary: Vocabulary, locale: Locale = 'en'): { value: string; label: string }[] {
  return codes(vocabulary).map((value) => ({ value, label: vocabularyLabel(vocabulary, value, locale) }));
}
