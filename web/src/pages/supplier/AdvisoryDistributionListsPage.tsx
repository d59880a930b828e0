import { DistributionListsPage } from './DistributionListsPage';

export default function AdvisoryDistributionListsPage() {
  return <DistributionListsPage type="PRODUCT DISRUPTION" />;
}
