import { useCallback, useState } from 'react';
import type { DataTableStateEvent } from 'primereact/datatable';
import { usePreference } from './preferences';

export const PAGE_SIZES = [10, 20, 50, 100];

/** Props every paged table of the app shares (paginator layout, page report). */
export const pagedTableProps = {
  lazy: true,
  paginator: true,
  rowsPerPageOptions: PAGE_SIZES,
  paginatorTemplate: 'RowsPerPageDropdown CurrentPageReport PrevPageLink PageLinks NextPageLink',
  currentPageReportTemplate: '{first}–{last} of {totalRecords}',
} as const;

export interface Paging {
  page: number;
  pageSize: number;
  /** Index of the first row of the page, for DataTable's `first`. */
  first: number;
  setPage: (page: number) => void;
  onPage: (event: DataTableStateEvent) => void;
  /** Steps back a page when the last row of a page was removed. */
  afterRemoval: (removed: number, shown: number) => void;
}

/**
 * 1-based page state for a server-paged table; the page size is a per-user preference stored
 * under `key` (e.g. `products.pageSize`). Changing the size, or `resetOn` (the filters), returns
 * to the first page.
 */
export function usePaging(key: string, resetOn?: unknown, fallback = 20): Paging {
  const [pageSize, setPageSize] = usePreference(key, fallback);
  const [page, setPage] = useState(1);
  // New filters start again at page 1, in the same render (no request for a stale page).
  const signature = JSON.stringify(resetOn ?? null);
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    setSeen(signature);
    setPage(1);
  }
  const onPage = useCallback(
    (event: DataTableStateEvent) => {
      if (event.rows !== pageSize) {
        setPageSize(event.rows);
        setPage(1);
      } else setPage((event.page ?? 0) + 1);
    },
    [pageSize, setPageSize],
  );
  const afterRemoval = useCallback(
    (removed: number, shown: number) => {
      if (removed >= shown && page > 1) setPage(page - 1);
    },
    [page],
  );
  return { page, pageSize, first: (page - 1) * pageSize, setPage, onPage, afterRemoval };
}
