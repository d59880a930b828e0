import { type ModuleDeps, type Route, route } from '@portal/core';
import { isSite, metaSites, providerMeta, searchMeta, supplierNameList } from './services/provider-meta.js';
import { listProviderCommunications } from './services/provider-list.js';
import * as s from './schemas.js';
import { PROVIDER_EVENT_PERMISSIONS, PROVIDER_LIST_PERMISSIONS } from './services/scope.js';

const tags = ['provider communications'];
const access = PROVIDER_EVENT_PERMISSIONS;

/** The list of provider communications and the vocabularies of its filters and forms. */
export function providerListRoutes({ db }: ModuleDeps): Route[] {
  const base = '/provider/communications';
  return [
    route({
      method: 'GET',
      path: base,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      schema: { query: s.listQuery, response: s.providerListPage },
      summary:
        'Provider communications received by the provider or its sites (paged; Responders see every row with allow_access)',
      readOnly: true,
      handler: ({ actor, query }) => listProviderCommunications(db, actor, query),
    }),
    route({
      method: 'GET',
      path: `${base}/meta`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary: 'Vocabularies for provider lists and provider-created events',
      readOnly: true,
      handler: ({ actor }) => providerMeta(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/meta-sites`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary: 'The provider and its sites',
      schema: { response: s.metaSites },
      handler: ({ actor }) => metaSites(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/is-site`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary: "Whether the caller's organisation is a site, and its parent",
      handler: ({ actor }) => isSite(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/search-meta`,
      access: PROVIDER_LIST_PERMISSIONS,
      tags,
      summary: 'Values the list filters offer (suppliers, sites, statuses)',
      handler: ({ actor }) => searchMeta(db, actor),
    }),
    route({
      method: 'GET',
      path: `${base}/supplierNameList`,
      // The supplier contacts page picks its suppliers from this list too.
      access: [...access, 'Provider_ManageSupplierContacts'],
      tags,
      summary: 'Active suppliers (to name the supplier of a provider-created event)',
      schema: { response: s.namedList },
      handler: () => supplierNameList(db),
    }),
  ];
}
