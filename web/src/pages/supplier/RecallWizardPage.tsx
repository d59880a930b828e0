import { CommunicationWizardPage } from './CommunicationWizardPage';

export default function RecallWizardPage() {
  return <CommunicationWizardPage type="RECALL" />;
}
