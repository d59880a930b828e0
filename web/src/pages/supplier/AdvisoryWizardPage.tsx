import { CommunicationWizardPage } from './CommunicationWizardPage';

export default function AdvisoryWizardPage() {
  return <CommunicationWizardPage type="PRODUCT DISRUPTION" />;
}
