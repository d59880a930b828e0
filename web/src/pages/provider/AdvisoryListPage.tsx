import { ProviderListPage } from './ProviderListPage';

export default function AdvisoryListPage() {
  return <ProviderListPage kind="PRODUCT DISRUPTION" />;
}
