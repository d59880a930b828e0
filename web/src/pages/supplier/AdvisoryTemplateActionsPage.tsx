import { TemplateActionsPage } from './TemplateActionsPage';

export default function AdvisoryTemplateActionsPage() {
  return <TemplateActionsPage type="PRODUCT DISRUPTION" />;
}
