import type { CommunicationType } from '../../api/communications';
import { TemplateActionsList } from './TemplateActionsList';

/** Recall and advisory template actions (/supplier/recall-template-actions, /supplier/product-disruption-template-actions). */
export function TemplateActionsPage({ type }: { type: CommunicationType }) {
  return (
    <TemplateActionsList
      type={type}
      pageKey={type === 'RECALL' ? 'supplier-recall-template-actions' : 'supplier-advisory-template-actions'}
      path="/supplier/template-actions"
    />
  );
}
