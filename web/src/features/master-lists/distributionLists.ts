import { useLingui } from '@lingui/react/macro';
import type { CommunicationType } from '../../api/communications';
import type { DistributionList } from '../../api/supplier';
import { opt, str, type MasterListConfig } from '../../shared/lists/MasterListPage';

/**
 * What a supplier's and a provider's distribution lists share: the title of `type`'s lists, the grid (name,
 * description, member count) with a Members action calling `onMembers`, and the add/edit form (name, description; a
 * new list is of `type`). Each page adds its own path, page key and members dialog.
 */
export function useDistributionListConfig(
  type: CommunicationType,
  onMembers: (list: DistributionList) => void,
): Pick<
  MasterListConfig<DistributionList>,
  'title' | 'extraQuery' | 'statusField' | 'columns' | 'extraRowActions' | 'form'
> {
  const { t } = useLingui();
  return {
    title: type === 'RECALL' ? t`Recall Distribution Lists` : t`Advisory Distribution Lists`,
    extraQuery: { communicationType: type },
    statusField: 'status',
    columns: [
      { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
      { field: 'description', header: t`Description`, filterable: true },
      { field: 'member_count', header: t`Members`, sortable: true },
    ],
    extraRowActions: (row) => [{ id: 'members', label: t`Members`, onSelect: () => onMembers(row) }],
    form: {
      addText: t`Add distribution list`,
      fields: [
        { name: 'name', label: t`Name`, rules: 'required' },
        { name: 'description', label: t`Description`, kind: 'textarea' },
      ],
      empty: { name: '', description: '' },
      fromRow: (r) => ({ name: r.name, description: r.description ?? '' }),
      toBody: (v, creating) => ({
        ...(creating ? { communication_type: type } : {}),
        name: str(v, 'name'),
        description: opt(v, 'description'),
      }),
    },
  };
}
