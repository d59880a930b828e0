import { ProviderListPage } from './ProviderListPage';

export default function RecallListPage() {
  return <ProviderListPage kind="RECALL" />;
}
