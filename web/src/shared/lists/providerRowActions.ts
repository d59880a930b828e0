import type { CommunicationType } from '../../api/notices';
import type { ProviderListRow, ResponderListRow } from '../../api/provider';

export type ProviderRowActionId = 'view' | 'edit';
export type ResponseRowActionId = 'edit' | 'respond' | 'view' | 'delete';

export interface ProviderRowAction {
  id: ProviderRowActionId;
  disabled: boolean;
}

/**
 * Row actions of a provider list (spec 000 §4, provider-created rules): a provider-created item with status_provider
 * COMPLETED gives View and a disabled Edit; other provider-created items View and Edit; items received from a
 * supplier View only.
 */
export function providerRowActions(
  row: Pick<ProviderListRow, 'isProviderCreated' | 'status_provider'>,
): ProviderRowAction[] {
  if (!row.isProviderCreated) return [{ id: 'view', disabled: false }];
  return [
    { id: 'view', disabled: false },
    { id: 'edit', disabled: row.status_provider === 'COMPLETED' },
  ];
}

/**
 * Row actions of the eR responses list (spec 000 §4 "Response rows"): the caller's own row with response_status DRAFT or
 * ERROR gives Edit, Respond, View, Delete; its own row with another status View and Delete; other people's rows (including
 * answers given through a link) View only; the row of a communication nobody answered yet View and Respond.
 */
export function responseRowActions(
  row: Pick<ResponderListRow, 'userid' | 'responder_email' | 'response_status'>,
  currentUserId: number | null,
): ResponseRowActionId[] {
  if (row.userid === null && !row.responder_email) return ['view', 'respond'];
  if (currentUserId === null || row.userid !== currentUserId) return ['view'];
  return row.response_status === 'DRAFT' || row.response_status === 'ERROR'
    ? ['edit', 'respond', 'view', 'delete']
    : ['view', 'delete'];
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

/** Where Respond and Edit of an eR row lead: the view's actions tab (or the access-denied page, like View). */
export function respondPath(row: Pick<ProviderListRow, 'type' | 'communication_id' | 'id' | 'allow_access'>): string {
  return row.allow_access ? `${viewPath(row)}?tab=actions` : openPath(row);
}

/** Where View leads: the view, or (when the caller's role may not open the type) the access-denied page. */
export function openPath(row: Pick<ProviderListRow, 'type' | 'communication_id' | 'id' | 'allow_access'>): string {
  return row.allow_access
    ? viewPath(row)
    : `/provider/product-disruption/accessdenied/${row.communication_id}/${row.id}`;
}
