import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { TransactionType } from '@/gql/graphql';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { pagedTableProps, type Paging } from '@/lib/paging';
import { EmptyState, ErrorState } from './empty-state';
import { TransactionTypeTag } from './plan-tag';
import { TableSkeleton } from './skeletons';

export interface TransactionRow {
  id: string;
  createdAt: string;
  amount: number;
  content: string;
  type: TransactionType;
}

export interface TransactionsQuery {
  data: { items: TransactionRow[]; pageInfo: { totalCount: number } } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

const SKELETON_COLUMNS = [{ header: 'Date', width: '12rem' }, { header: 'Type', width: '9rem' }, { header: 'Description' }, { header: 'Amount', width: '9rem' }];

/**
 * A client's balance movements, newest first, paged on the server: credits in green with a
 * plus, debits with a minus (a client's transactions sum to its balance).
 */
export function TransactionsTable({ query, paging, timezone, testId = 'transactions' }: { query: TransactionsQuery; paging: Paging; timezone: string; testId?: string }) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || !query.data) return <TableSkeleton columns={SKELETON_COLUMNS} rows={5} label="Loading transactions" testId={`${testId}-loading`} />;
  const amountCell = (t: TransactionRow) => (
    <span className={t.amount < 0 ? 'profit-negative' : 'profit-positive'}>{t.amount > 0 ? `+${formatMoney(t.amount)}` : formatMoney(t.amount)}</span>
  );
  return (
    <DataTable
      value={query.data.items}
      dataKey="id"
      {...pagedTableProps}
      first={paging.first}
      rows={paging.pageSize}
      totalRecords={query.data.pageInfo.totalCount}
      onPage={paging.onPage}
      loading={query.isFetching && query.isPlaceholderData}
      emptyMessage={
        <EmptyState icon="pi pi-list" title="No transactions yet">
          Top-ups, plan purchases and adjustments show here.
        </EmptyState>
      }
      className="data-table"
      data-testid={testId}
      pt={{ table: { 'aria-label': 'Transactions' } }}
    >
      <Column header="Date" body={(t: TransactionRow) => formatDateTime(t.createdAt, timezone)} style={{ width: '12rem' }} />
      <Column header="Type" body={(t: TransactionRow) => <TransactionTypeTag type={t.type} />} style={{ width: '9rem' }} />
      <Column header="Description" field="content" />
      <Column header="Amount" body={amountCell} align="right" style={{ width: '9rem' }} />
    </DataTable>
  );
}
