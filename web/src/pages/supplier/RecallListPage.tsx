import { CommunicationListPage } from './CommunicationListPage';

export default function RecallListPage() {
  return <CommunicationListPage type="RECALL" />;
}
