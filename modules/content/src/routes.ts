import { type ModuleDeps, type Route, route } from '@portal/core';
import type { ContentKind } from './models/ContentEntry.js';
import * as schema from './schemas.js';
import { getEntry, listEntries, readEntries, saveEntry, setEntryStatus } from './services/entries.js';
import { getHelp, updateHelp } from './services/help.js';

const tags = ['content'];

/** Each kind's paths and the permission of its operator page (spec 000 §2). */
const KINDS: { segment: string; kind: ContentKind; noun: string; access: readonly string[]; files: boolean }[] = [
  {
    segment: 'news-cards',
    kind: 'NEWS',
    noun: 'news card',
    access: ['Notisphere_ManageEmailTemplates'],
    files: true,
  },
  { segment: 'faqs', kind: 'FAQ', noun: 'FAQ', access: ['Notisphere_ManageFAQs'], files: false },
  { segment: 'user-guides', kind: 'GUIDE', noun: 'user guide', access: ['Notisphere_ManageUserGuides'], files: true },
];
const CONTENT_MANAGEMENT = ['Notisphere_ManageEmailTemplates'] as const;

export function contentRoutes({ db, config, files }: ModuleDeps): Route[] {
  const management = KINDS.flatMap(({ segment, kind, noun, access, files: multipart }) => {
    const base = `/notisphere/content/${segment}`;
    return [
      route({
        method: 'GET',
        path: base,
        access,
        summary: `The operator's ${noun}s (paged; user_type and status filters)`,
        tags,
        schema: { query: schema.entryListQuery, response: schema.entryPageSchema },
        handler: ({ actor, query }) => listEntries(db, actor, config, kind, query),
      }),
      route({
        method: 'GET',
        path: `${base}/:id`,
        access,
        summary: `One ${noun}`,
        tags,
        schema: { params: schema.idParams, response: schema.entrySchema },
        handler: ({ actor, params }) => getEntry(db, actor, config, kind, params.id),
      }),
      route({
        method: 'POST',
        path: base,
        access,
        multipart,
        summary: `Add a ${noun}${multipart ? ' (multipart; the file is the part `file`)' : ''}`,
        tags,
        schema: { body: schema.entryBody, response: schema.entrySchema },
        handler: ({ actor, body, files: uploads }) => saveEntry(db, actor, config, files, kind, null, body, uploads),
      }),
      route({
        method: 'PUT',
        path: `${base}/:id`,
        access,
        multipart,
        summary: `Edit a ${noun}${multipart ? ' (a new file replaces the old one)' : ''}`,
        tags,
        schema: { params: schema.idParams, body: schema.entryBody, response: schema.entrySchema },
        handler: ({ actor, params, body, files: uploads }) =>
          saveEntry(db, actor, config, files, kind, params.id, body, uploads),
      }),
      route({
        method: 'PUT',
        path: `${base}/:id/status`,
        access,
        summary: `Activate or inactivate a ${noun}`,
        tags,
        schema: { params: schema.idParams, body: schema.statusBody, response: schema.entrySchema },
        handler: ({ actor, params, body }) => setEntryStatus(db, actor, config, kind, params.id, body.status),
      }),
    ];
  });

  return [
    ...management,
    route({
      method: 'GET',
      path: '/notisphere/content/contact',
      access: CONTENT_MANAGEMENT,
      summary: 'Contact information and help links (for editing)',
      tags,
      schema: { response: schema.helpSchema },
      handler: () => getHelp(db),
    }),
    route({
      method: 'PUT',
      path: '/notisphere/content/contact',
      access: CONTENT_MANAGEMENT,
      summary: 'Set contact information and help links (an empty text clears one)',
      tags,
      schema: { body: schema.helpBody, response: schema.helpSchema },
      handler: ({ actor, body }) => updateHelp(db, actor, body),
    }),

    // ---- reading: any signed-in user, the entries of their own user type ----
    route({
      method: 'GET',
      path: '/content/news-cards',
      access: 'user',
      summary: "The news cards of the caller's user type (dashboards)",
      tags,
      schema: { response: schema.entryListSchema },
      handler: ({ actor }) => readEntries(db, actor, config, 'NEWS'),
    }),
    route({
      method: 'GET',
      path: '/content/faqs',
      access: 'user',
      summary: "The FAQs of the caller's user type, in order; search matches question or answer",
      tags,
      schema: { query: schema.faqQuery, response: schema.entryListSchema },
      handler: ({ actor, query }) => readEntries(db, actor, config, 'FAQ', query.search),
    }),
    route({
      method: 'GET',
      path: '/content/user-guides',
      access: 'user',
      summary: "The user guides of the caller's user type, with signed file links",
      tags,
      schema: { response: schema.entryListSchema },
      handler: ({ actor }) => readEntries(db, actor, config, 'GUIDE'),
    }),
    route({
      method: 'GET',
      path: '/content/contact',
      access: 'user',
      summary: 'Contact information and help links (/contact-us)',
      tags,
      schema: { response: schema.helpSchema },
      handler: () => getHelp(db),
    }),
  ];
}
