import { CommunicationListPage } from './CommunicationListPage';

export default function AdvisoryListPage() {
  return <CommunicationListPage type="PRODUCT DISRUPTION" />;
}
