import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ACTION_TYPES, type CommunicationType } from '../../api/communications';
import type { TemplateAction } from '../../api/supplier';
import { useLabels } from '../../shared/words/labels';
import { OPTION_TYPES, parseOptions, templateActionBody } from '../../shared/events/eventRules';
import { MasterListPage, str, type FormValues, type MasterListConfig } from '../../shared/lists/MasterListPage';

export interface TemplateActionsListProps {
  type: CommunicationType;
  /** Saved per-user list preferences key. */
  pageKey: string;
  /** The template-actions API of the side (supplier or provider). */
  path: string;
  testId?: string;
  toolbar?: ReactNode;
}

/** Recall or advisory template actions of one side: the list, and the form that adds and edits them. */
export function TemplateActionsList({ type, pageKey, path, testId, toolbar }: TemplateActionsListProps) {
  const { t } = useLingui();
  const labels = useLabels();
  const withOptions = (v: FormValues) => OPTION_TYPES.includes(str(v, 'action_type'));
  const config: MasterListConfig<TemplateAction> = {
    pageKey,
    testId,
    title: type === 'RECALL' ? t`Recall Template Actions` : t`Advisory Template Actions`,
    path,
    extraQuery: { communicationType: type },
    toolbar,
    statusField: 'status',
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
        {
          name: 'options',
          label: t`Options (one per line)`,
          kind: 'textarea',
          rules: 'required',
          visible: withOptions,
        },
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
        return options.length > 0 && new Set(options).size === options.length
          ? null
          : t`Give distinct, non-empty options.`;
      },
      toBody: (v, creating) => ({
        ...(creating ? { communication_type: type } : {}),
        ...templateActionBody({
          title: str(v, 'title'),
          action_type: str(v, 'action_type'),
          options: str(v, 'options'),
          description: str(v, 'description'),
          is_required: v.is_required === true,
        }),
      }),
    },
  };
  return <MasterListPage config={config} />;
}
