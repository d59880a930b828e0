import type { CommunicationType } from '../../api/notices';
import type { ProviderListRow } from '../../api/provider';

export type ProviderRowActionId = 'view' | 'edit';

export interface ProviderRowAction {
  id: ProviderRowActionId;
  disabled: boolean;
}

/**
 * Row actions of a provider list (spec 000 §4, provider-created rules): a provider-created item with status_provider
 * COMPLETED gives View and a disabled Edit; other provider-created items View and Edit; items received from a
 * supplier View only.
 */
export function providerRowActions(row: Pick<ProviderListRow, 'isProviderCreated' | 'status_provider'>): ProviderRowAction[] {
  if (!row.isProviderCreated) return [{ id: 'view', disabled: false }];
  return [
    { id: 'view', disabled: false },
    { id: 'edit', disabled: row.status_provider === 'COMPLETED' },
  ];
}

/** Base path of the provider pages of a communication type. */
export function providerBasePath(type: CommunicationType): string {
  return type === 'RECALL' ? '/provider/recalls' : '/provider/product-disruption';
}

export function viewPath(row: Pick<ProviderListRow, 'type' | 'communication_id' | 'id'>): string {
  return `${providerBasePath(row.type)}/view/${row.communication_id}/${row.id}`;
}

export function editPath(row: Pick<ProviderListRow, 'type' | 'communication_id'>): string {
  return `${providerBasePath(row.type)}/edit/${row.communication_id}`;
}

/** Where View leads: the view, or (when the caller's role may not open the type) the access-denied page. */
export function openPath(row: Pick<ProviderListRow, 'type' | 'communication_id' | 'id' | 'allow_access'>): string {
  return row.allow_access ? viewPath(row) : `/provider/product-disruption/accessdenied/${row.communication_id}/${row.id}`;
}
