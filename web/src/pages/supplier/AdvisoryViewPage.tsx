import { CommunicationViewPage } from './CommunicationViewPage';

export default function AdvisoryViewPage() {
  return <CommunicationViewPage type="PRODUCT DISRUPTION" />;
}
