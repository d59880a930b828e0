import { PROVIDER_TEMPLATE_ACTIONS } from '../../api/provider';
import { TemplateActionsList } from './TemplateActionsList';
import { useSettingsType } from './settingsType';

/** /provider/template-actions: the provider's template actions of recalls (and of advisories, with that permission). */
export default function TemplateActionsPage() {
  const { type, switcher } = useSettingsType();
  return (
    <TemplateActionsList
      key={type}
      type={type}
      pageKey={type === 'RECALL' ? 'provider-recall-template-actions' : 'provider-advisory-template-actions'}
      path={PROVIDER_TEMPLATE_ACTIONS}
      testId="provider-template-actions"
      toolbar={switcher}
    />
  );
}
