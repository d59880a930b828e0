import { DistributionListsPage } from './DistributionListsPage';

export default function RecallDistributionListsPage() {
  return <DistributionListsPage type="RECALL" />;
}
