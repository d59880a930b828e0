import { apiRequest, useApi } from './client';
import type { RequestBody, ResponseData } from './contract';
import { listQuery, type ListState } from './provider';

/**
 * Custom product fields (docs/decisions.md "Product fields"): the operator manages the platform's under
 * /notisphere/fields, a supplier its own under /supplier/fields, with the same calls and shapes.
 */
export type ProductFieldRecord = ResponseData<'getNotisphereFieldsId'>;
export type ProductFieldPage = ResponseData<'getNotisphereFields'>;
export type ProductFieldStatus = ProductFieldRecord['status'];
export type ProductFieldKind = ProductFieldRecord['field_type'];
export type ProductFieldSide = 'notisphere' | 'supplier';

export const PRODUCT_FIELD_TYPES: readonly ProductFieldKind[] = [
  'Text',
  'Number',
  'Date',
  'YesNo',
  'TrueFalse',
  'ListSingle',
  'ListMultiple',
];

const base = (side: ProductFieldSide) => `/${side}/fields`;

export function useProductFieldPage(
  side: ProductFieldSide,
  state: ListState,
  filters: { status?: ProductFieldStatus; field_type?: ProductFieldKind },
) {
  return useApi<ProductFieldPage>(
    base(side),
    { ...listQuery(state, null), status: filters.status, field_type: filters.field_type },
    { swr: { keepPreviousData: true } },
  );
}

/** The body of an add or an edit (the same schema on both sides). */
export type ProductFieldInput = RequestBody<'postNotisphereFields'>;

/** Adds (id null) or edits a field. */
export function saveProductField(side: ProductFieldSide, id: number | null, body: ProductFieldInput) {
  return apiRequest<ProductFieldRecord>(id === null ? base(side) : `${base(side)}/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    errorModal: false,
  });
}

export function setProductFieldStatus(side: ProductFieldSide, id: number, status: ProductFieldStatus) {
  return apiRequest<ProductFieldRecord>(`${base(side)}/${id}/status`, {
    method: 'PUT',
    body: { status },
    errorModal: false,
  });
}
