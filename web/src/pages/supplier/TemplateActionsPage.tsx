import { useLingui } from '@lingui/react/macro';
import { ACTION_TYPES, type CommunicationType } from '../../api/communications';
import type { TemplateAction } from '../../api/supplier';
import { useLabels } from './shared/labels';
import { OPTION_TYPES } from './shared/logic';
import { MasterListPage, opt, str, type FormValues, type MasterListConfig } from './shared/MasterListPage';

function optionsOf(values: FormValues): string[] {
  const raw = values.options;
  return typeof raw === 'string' ? raw.split('\n').map((o) => o.trim()).filter(Boolean) : [];
}

/** Recall and advisory template actions (/supplier/recall-template-actions, /supplier/product-disruption-template-actions). */
export function TemplateActionsPage({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const labels = useLabels();
  const withOptions = (v: FormValues) => OPTION_TYPES.includes(str(v, 'action_type'));
  const config: MasterListConfig<TemplateAction> = {
    pageKey: type === 'RECALL' ? 'supplier-recall-template-actions' : 'supplier-advisory-template-actions',
    title: type === 'RECALL' ? t`Recall Template Actions` : t`Advisory Template Actions`,
    path: '/supplier/template-actions',
    extraQuery: { communicationType: type },
    statusField: 'status',
    columns: [
      { field: 'sort_order', header: t`Order`, sortable: true },
      { field: 'title', header: t`Title`, sortable: true, filterable: true, hideable: false },
      { field: 'action_type', header: t`Action Type`, sortable: true, filterable: true, cell: (r) => labels.actionTypes[r.action_type] ?? r.action_type },
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
        const options = optionsOf(v);
        return new Set(options).size === options.length && options.length > 0 ? null : t`Give distinct, non-empty options.`;
      },
      toBody: (v, creating) => ({
        ...(creating ? { communication_type: type } : {}),
        title: str(v, 'title'),
        action_type: str(v, 'action_type'),
        options: withOptions(v) ? optionsOf(v) : [],
        description: opt(v, 'description'),
        is_required: v.is_required === true,
      }),
    },
  };
  return <MasterListPage config={config} />;
}
