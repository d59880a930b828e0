import { TemplateActionsPage } from './TemplateActionsPage';

export default function RecallTemplateActionsPage() {
  return <TemplateActionsPage type="RECALL" />;
}
