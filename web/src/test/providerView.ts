import type { ProviderView } from '../api/provider';
import { noticeView } from './notices';

/** The signed-in provider coordinator and one received recall, shared by the provider view's page tests. */
export const providerMe = {
  id: 1,
  email: 'coordinator@riverside.demo',
  first_name: 'Rita',
  last_name: 'River',
  full_name: 'Rita River',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Recall Coordinator',
  organization: { id: 7, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};

export const providerView: ProviderView = {
  ...noticeView({
    communication: {
      id: 31,
      subtype: 'PRODUCTADVISORY',
      name: 'Infusion pumps',
      event_id: 'ACME-31',
      classification: 'CLASSIII',
      description: null,
      disposition: 'Destroyed',
      event_date: null,
    },
    provider_communication: { id: 44, communication_id: 31, provider_organization_id: 7 },
    products: [],
    email: 'coordinator@riverside.demo',
  }),
  status_provider: 'OPEN',
  isProviderCreated: false,
  allow_access: true,
  site: null,
};

/** What provider-edit answers for Riverside's own open recall 31 (provider communication 44), still editable. */
export const providerEdit = {
  communication: {
    id: 31,
    type: 'RECALL',
    name: 'Infusion pumps',
    subtype: 'REMOVAL',
    classification: 'CLASSII',
    event_id: 'R-1',
  },
  provider_communication_id: 44,
  status_provider: 'OPEN',
  isProviderCreated: true,
  editable: true,
};
