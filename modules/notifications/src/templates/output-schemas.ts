/**
 * What the email template routes send back (the envelope's `d`): documentation and the web's generated types, never
 * validated at runtime (docs/decisions.md "Response schemas"). Objects stay open.
 */

const str = { type: 'string' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const id = { type: 'integer', minimum: 1 } as const;
const contentProperties = { subject_en: str, body_en: str, subject_vi: str, body_vi: str } as const;
const contentRequired = ['subject_en', 'body_en', 'subject_vi', 'body_vi'];

/** A row of the template list; the operator's rows carry the template id (null before seeding), a provider's `overridden`. */
const rowProperties = {
  id: { type: ['integer', 'null'], minimum: 1 },
  key: str,
  name: str,
  description: str,
  provider_overridable: { type: 'boolean' },
  subject_en: nullableString,
  subject_vi: nullableString,
  version: { type: ['integer', 'null'], minimum: 1 },
  updated_at: { type: ['string', 'null'], format: 'date-time' },
  overridden: { type: 'boolean' },
} as const;
const rowRequired = [
  'key',
  'name',
  'description',
  'provider_overridable',
  'subject_en',
  'subject_vi',
  'version',
  'updated_at',
];

const listOf = (extra: string) => ({
  type: 'object',
  required: ['data', 'total'],
  properties: {
    data: { type: 'array', items: { type: 'object', required: [...rowRequired, extra], properties: rowProperties } },
    total: { type: 'integer', minimum: 0 },
  },
});
export const platformTemplateList = listOf('id');
export const providerTemplateList = listOf('overridden');

/** One template with its placeholders and saved versions (newest first); a provider's also says `overridden`. */
export const templateDetail = {
  type: 'object',
  required: [
    'id',
    'key',
    'name',
    'description',
    'provider_overridable',
    ...contentRequired,
    'version',
    'updated_at',
    'placeholders',
    'versions',
  ],
  properties: {
    id,
    key: str,
    name: str,
    description: str,
    provider_overridable: { type: 'boolean' },
    ...contentProperties,
    version: id,
    updated_at: dateTime,
    placeholders: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'description', 'sample'],
        properties: { name: str, description: str, sample: str },
      },
    },
    versions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'version', 'created_at', 'created_by_email', ...contentRequired],
        properties: { id, version: id, created_at: dateTime, created_by_email: nullableString, ...contentProperties },
      },
    },
    overridden: { type: 'boolean' },
  },
} as const;

const rendered = {
  type: 'object',
  required: ['subject', 'html', 'text'],
  properties: { subject: str, html: str, text: str },
} as const;

/** Both languages rendered with sample values. */
export const templatePreview = {
  type: 'object',
  required: ['en', 'vi'],
  properties: { en: rendered, vi: rendered },
} as const;

/** A test send queued to the caller's own address. */
export const testSendAnswer = {
  type: 'object',
  required: ['outbox_id', 'to'],
  properties: { outbox_id: id, to: str },
} as const;
