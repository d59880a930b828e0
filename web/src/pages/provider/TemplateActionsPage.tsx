import { useLingui } from '@lingui/react/macro';
import { ACTION_TYPES, type CommunicationType } from '../../api/communications';
import { PROVIDER_TEMPLATE_ACTIONS } from '../../api/provider';
import type { TemplateAction } from '../../api/supplier';
import { useLabels } from '../supplier/shared/labels';
import { MasterListPage, str, type FormValues, type MasterListConfig } from '../supplier/shared/MasterListPage';
import { OPTION_ACTION_TYPES, parseOptions, templateActionBody } from './logic';
import { useSettingsType } from './settingsType';

function TemplateActions({ type, switcher }: { type: CommunicationType; switcher: React.ReactNode }) {
  const { t } = useLingui();
  const labels = useLabels();
  const withOptions = (v: FormValues) => OPTION_ACTION_TYPES.includes(str(v, 'action_type'));
  const config: MasterListConfig<TemplateAction> = {
    pageKey: type === 'RECALL' ? 'provider-recall-template-actions' : 'provider-advisory-template-actions',
    testId: 'provider-template-actions',
    title: type === 'RECALL' ? t`Recall Template Actions` : t`Advisory Template Actions`,
    path: PROVIDER_TEMPLATE_ACTIONS,
    extraQuery: { communicationType: type },
    statusField: 'status',
    toolbar: switcher,
    columns: [
      { field: 'sort_order', header: t`Order`, sortable: true },
      { field: 'title', header: t`Title`, sortable: true, filterable: true, hideable: false },
      {
        field: 'action_type',
        header: t`Action Type`,
        sortable: true,
        filterable: true,
        cell: (r) => labels.actionTypes[r.action_type] ?? r.action_type,
      },
      { field: 'is_required', header: t`Required`, cell: (r) => (r.is_required ? t`Yes` : t`No`) },
      { field: 'description', header: t`Description`, filterable: true, defaultHidden: true },
    ],
    form: {
      addText: t`Add template action`,
      fields: [
        { name: 'title', label: t`Title`, rules: 'required' },
        {
          name: 'action_type',
          label: t`Action Type`,
          kind: 'select',
          rules: 'requiredSelect',
          options: ACTION_TYPES.map((a) => ({ value: a, label: labels.actionTypes[a] ?? a })),
        },
        { name: 'options', label: t`Options (one per line)`, kind: 'textarea', rules: 'required', visible: withOptions },
        { name: 'description', label: t`Description`, kind: 'textarea' },
        { name: 'is_required', label: t`Required`, kind: 'checkbox' },
      ],
      empty: { title: '', action_type: 'Acknowledge', options: '', description: '', is_required: true },
      fromRow: (r) => ({
        title: r.title,
        action_type: r.action_type,
        options: r.options.join('\n'),
        description: r.description ?? '',
        is_required: r.is_required,
      }),
      check: (v) => {
        if (!withOptions(v)) return null;
        const options = parseOptions(str(v, 'options'));
        return options.length > 0 && new Set(options).size === options.length ? null : t`Options must be different from each other.`;
      },
      toBody: (v, creating) => ({
        ...(creating ? { communication_type: type } : {}),
        ...templateActionBody({
          title: str(v, 'title'),
          action_type: str(v, 'action_type'),
          options: typeof v.options === 'string' ? v.options : '',
          description: str(v, 'description'),
          is_required: v.is_required === true,
        }),
      }),
    },
  };
  return <MasterListPage config={config} />;
}

/** /provider/template-actions: the provider's template actions of recalls (and of advisories, with that permission). */
export default function TemplateActionsPage() {
  const { type, switcher } = useSettingsType();
  return <TemplateActions key={type} type={type} switcher={switcher} />;
}
