import { useEffect } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { mutate as mutateGlobal } from 'swr';
import {
  activeValues,
  installManagedValues,
  type ManagedValue,
  type ManagedVocabulary,
  managedValuesVersion,
  type Locale,
} from '@portal/vocabulary';
import { apiRequest, useApi } from './client';
import type { QueryParams, RequestBody, ResponseData } from './contract';
import { listQuery, type ListState } from './provider';
import { authAtom } from '../state/auth';

/**
 * Lookup values. The web loads every value it may read once (GET /lookup-values) and installs them into
 * `@portal/vocabulary`, the one label map; before they arrive, the vocabulary's constants answer. The atom's number
 * changes with each install so label maps built from the vocabulary are rebuilt.
 */
export const lookupVersionAtom = atom(0);

const READ_PATH = '/lookup-values';

/** Loads the values once per session (signed in only) and installs them; mounted by the signed-in shell. */
export function useLoadLookupValues(): void {
  const { isAuth } = useAtomValue(authAtom);
  const setVersion = useSetAtom(lookupVersionAtom);
  const { data } = useApi<ResponseData<'getLookupValues'>>(isAuth ? READ_PATH : null, undefined, {
    errorModal: false,
    swr: { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  });
  useEffect(() => {
    if (!Array.isArray(data)) return;
    installManagedValues(data as ManagedValue[]);
    setVersion(managedValuesVersion());
  }, [data, setVersion]);
}

/** The install count: a dependency for memoised label maps. */
export function useLookupVersion(): number {
  return useAtomValue(lookupVersionAtom);
}

/** After a write: the shell's one load is fetched again. */
export function reloadLookupValues() {
  return mutateGlobal((key) => Array.isArray(key) && key[0] === READ_PATH);
}

/** A picker's options: the ACTIVE values of the caller's scope (the platform's and its organisation's), in order. */
export function lookupPickerOptions(
  vocabulary: ManagedVocabulary,
  locale: Locale,
  orgId: string | number | null,
): { value: string; label: string }[] {
  const org = orgId === null || orgId === '' ? null : Number(orgId);
  return activeValues(vocabulary, org).map(({ code, label }) => ({ value: code, label: label[locale] }));
}

// ---- management: the operator's platform values, or a supplier's own ----

export type LookupScope = 'notisphere' | 'supplier';
export type LookupValue = ResponseData<'getNotisphereLookupValuesId'>;
export type LookupValuePage = ResponseData<'getNotisphereLookupValues'>;
export type LookupStatus = LookupValue['status'];
export type LookupCreateBody = RequestBody<'postNotisphereLookupValues'>;
export type LookupUpdateBody = RequestBody<'putNotisphereLookupValuesId'>;
type LookupListQuery = QueryParams<'getNotisphereLookupValues'>;

const base = (scope: LookupScope) => `/${scope}/lookup-values`;

export function useLookupValues(
  scope: LookupScope,
  state: ListState,
  filters: { vocabulary: ManagedVocabulary; status?: LookupStatus },
) {
  const { communicationType: _, ...list } = listQuery(state, null);
  const query: LookupListQuery = {
    ...(list as LookupListQuery),
    vocabulary: filters.vocabulary,
    status: filters.status,
  };
  return useApi<LookupValuePage>(base(scope), query, { swr: { keepPreviousData: true } });
}

export async function createLookupValue(scope: LookupScope, body: LookupCreateBody) {
  const saved = await apiRequest<LookupValue>(base(scope), { method: 'POST', body, errorModal: false });
  await reloadLookupValues();
  return saved;
}

export async function updateLookupValue(scope: LookupScope, id: number, body: LookupUpdateBody) {
  const saved = await apiRequest<LookupValue>(`${base(scope)}/${id}`, { method: 'PUT', body, errorModal: false });
  await reloadLookupValues();
  return saved;
}

export async function setLookupValueStatus(scope: LookupScope, id: number, status: LookupStatus) {
  const saved = await apiRequest<LookupValue>(`${base(scope)}/${id}/status`, {
    method: 'PUT',
    body: { status },
    errorModal: false,
  });
  await reloadLookupValues();
  return saved;
}

export async function deleteLookupValue(scope: LookupScope, id: number) {
  const gone = await apiRequest<ResponseData<'deleteNotisphereLookupValuesId'>>(`${base(scope)}/${id}`, {
    method: 'DELETE',
    errorModal: false,
  });
  await reloadLookupValues();
  return gone;
}
