import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';

/**
 * What a table looks like while its first page loads: its own columns with grey bars, so the
 * screen does not flash an empty state ("no orders yet") before the data arrives.
 */
export function TableSkeleton({ columns, rows = 8, label, testId }: { columns: { header: string; width?: string }[]; rows?: number; label: string; testId?: string }) {
  const data = Array.from({ length: rows }, (_, i) => ({ id: i }));
  return (
    <div aria-busy="true" aria-label={label} data-testid={testId}>
      <DataTable value={data} dataKey="id" className="data-table">
        {columns.map((c) => (
          <Column key={c.header} header={c.header} style={c.width ? { width: c.width } : undefined} body={() => <Skeleton height="1rem" />} />
        ))}
      </DataTable>
    </div>
  );
}

/** A few lines of grey bars for a panel whose content loads. */
export function LinesSkeleton({ lines = 4, label }: { lines?: number; label: string }) {
  return (
    <div className="lines-skeleton" aria-busy="true" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height="1rem" width={`${90 - ((i * 17) % 40)}%`} />
      ))}
    </div>
  );
}

/**
 * Grey rows in a table's body while its first page loads: given as the table's `emptyMessage`
 * while the query is pending, so the loading overlay never sits on "nothing here yet".
 */
export function RowsSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div className="rows-skeleton" aria-busy="true" aria-label={label} data-testid="rows-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="1.25rem" />
      ))}
    </div>
  );
}
