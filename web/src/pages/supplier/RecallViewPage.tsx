import { CommunicationViewPage } from './CommunicationViewPage';

export default function RecallViewPage() {
  return <CommunicationViewPage type="RECALL" />;
}
