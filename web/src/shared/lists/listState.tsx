import { useMemo, type Dispatch, type SetStateAction } from 'react';
import { useLingui } from '@lingui/react/macro';
import { StatusLabel } from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import type { ListState } from '../../api/provider';

/** The DataTable props that page, sort, search and filter a server list held in `state` (any change but paging goes to page 1). */
export function listStateProps(state: ListState, setState: Dispatch<SetStateAction<ListState>>) {
  return {
    pageNumber: state.pageNumber,
    pageSize: state.pageSize,
    sortModel: state.sort,
    onPageChange: (pageNumber: number) => setState((s) => ({ ...s, pageNumber })),
    onPageSizeChange: (pageSize: number) => setState((s) => ({ ...s, pageSize, pageNumber: 1 })),
    onSortChange: (sort: ListState['sort']) => setState((s) => ({ ...s, sort, pageNumber: 1 })),
    onSearchChange: (search: string) => setState((s) => ({ ...s, search, pageNumber: 1 })),
    // The search box opens on the list's search (a saved one, spec 000 §3).
    defaultSearch: state.search,
    onFilterChange: (filters: ListState['filters']) => setState((s) => ({ ...s, filters, pageNumber: 1 })),
  };
}

/**
 * Columns shared by the provider lists and the operator's eR responses list: the event type, the responding person and
 * the response status (a person's ERROR, DRAFT, SUBMITTED or COMPLETED; a communication's own status on an unanswered row).
 */
export function useResponseColumns() {
  const { t } = useLingui();
  return useMemo(() => {
    const responseLabels = {
      DRAFT: t`Draft`,
      ERROR: t`Error`,
      SUBMITTED: t`Submitted`,
      COMPLETED: t`Completed`,
      NOTCOMPLETED: t`In Progress`,
    };
    return {
      responseLabels,
      type: {
        field: 'type',
        header: t`Type`,
        sortable: true,
        cell: (row: { type: CommunicationType }) => (row.type === 'RECALL' ? t`Recall` : t`Supply Advisory`),
      },
      responder: {
        field: 'responder_name',
        header: t`Responder`,
        sortable: true,
        filterable: true,
        cell: (row: { responder_name?: string | null }) => row.responder_name ?? '',
      },
      responseStatus: {
        field: 'response_status',
        header: t`Response`,
        sortable: true,
        cell: (row: { response_status: string }) => (
          <StatusLabel kind="response" status={row.response_status} labels={responseLabels} />
        ),
      },
    };
  }, [t]);
}
