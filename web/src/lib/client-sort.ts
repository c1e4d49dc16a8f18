import { useMemo, useState } from 'react';
import type { DataTableStateEvent } from 'primereact/datatable';

export type SortOrder = 1 | -1 | 0;

export interface ClientSort<Row> {
  sortField: string | undefined;
  sortOrder: SortOrder;
  onSort: (event: DataTableStateEvent) => void;
  sorted: Row[];
}

function valueAt(row: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), row);
}

export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length - b.length;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

export function sortRows<Row>(rows: readonly Row[], field: string | undefined, order: SortOrder): Row[] {
  if (!field || order === 0) return [...rows];
  return [...rows].sort((x, y) => compareValues(valueAt(x, field), valueAt(y, field)) * order);
}

/**
 * Sorting of the page on screen, for columns the API cannot order by (it pages in its own
 * order): the rows of the current page are sorted in the browser. Clicking a sorted column a
 * third time returns to the server's order.
 */
export function useClientSort<Row>(rows: readonly Row[] | undefined): ClientSort<Row> {
  const [sortField, setSortField] = useState<string | undefined>(undefined);
  const [sortOrder, setSortOrder] = useState<SortOrder>(0);
  const sorted = useMemo(() => sortRows(rows ?? [], sortField, sortOrder), [rows, sortField, sortOrder]);
  const onSort = (event: DataTableStateEvent) => {
    const order = (event.sortOrder ?? 0) as SortOrder;
    setSortField(order === 0 ? undefined : event.sortField);
    setSortOrder(order);
  };
  return { sortField, sortOrder, onSort, sorted };
}
