import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ConnectionTag, LiveStatusTag } from '@/components/ui/status-tag';
import { pathTo, paths } from '@/config/paths';
import { useTimezone } from '@/lib/auth';
import { useClientSort } from '@/lib/client-sort';
import { formatDateTime } from '@/lib/dates';
import { saleChannelLabels } from '@/lib/lookups';
import { formatPercent } from '@/lib/money';
import { pagedTableProps, type Paging } from '@/lib/paging';
import type { ShopRow } from '../api/shops';
import type { ShopActions } from './use-shop-actions';

export interface ShopsTableProps {
  rows: ShopRow[] | undefined;
  total: number;
  loading: boolean;
  paging: Paging;
  actions: ShopActions;
  isAdmin: boolean;
  showChannel?: boolean;
  empty: React.ReactNode;
  testId: string;
}

/** Shops with their state, staff, warehouses and last sync; actions per row by role. */
export function ShopsTable({ rows, total, loading, paging, actions, isAdmin, showChannel = false, empty, testId }: ShopsTableProps) {
  const timezone = useTimezone();
  const sort = useClientSort(rows);

  const nameCell = (s: ShopRow) => (
    <div className="cell-title">
      <Link to={pathTo(paths.shops.detail, { shopId: s.id })} className="cell-title-main">
        {s.name}
      </Link>
      <span className="muted small">
        {saleChannelLabels[s.saleChannel]} · {s.targetMarket}
      </span>
    </div>
  );

  const actionsCell = (s: ShopRow) => (
    <div className="row-actions">
      <Button
        icon="pi pi-sync"
        rounded
        text
        severity="secondary"
        aria-label={`Sync ${s.name}`}
        tooltip="Sync products, orders and warehouses"
        tooltipOptions={{ position: 'top' }}
        loading={actions.isSyncing(s.id)}
        onClick={() => actions.sync(s)}
      />
      {isAdmin ? (
        <>
          <Button icon="pi pi-pencil" rounded text severity="secondary" aria-label={`Edit ${s.name}`} tooltip="Rename, commission" tooltipOptions={{ position: 'top' }} onClick={() => actions.edit(s)} />
          <Button icon="pi pi-users" rounded text severity="secondary" aria-label={`Assign staff to ${s.name}`} tooltip="Assign staff" tooltipOptions={{ position: 'top' }} onClick={() => actions.assign(s)} />
          <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove ${s.name}`} tooltip="Remove" tooltipOptions={{ position: 'top' }} onClick={() => void actions.remove(s)} />
        </>
      ) : null}
    </div>
  );

  return (
    <DataTable
      value={sort.sorted}
      dataKey="id"
      {...pagedTableProps}
      first={paging.first}
      rows={paging.pageSize}
      totalRecords={total}
      onPage={paging.onPage}
      sortField={sort.sortField}
      sortOrder={sort.sortOrder}
      onSort={sort.onSort}
      removableSort
      loading={loading}
      emptyMessage={empty}
      className="data-table"
      data-testid={testId}
      pt={{ table: { 'aria-label': 'Shops' } }}
    >
      <Column header="Shop" field="name" sortable body={nameCell} />
      {showChannel ? <Column header="Channel" field="saleChannel" sortable body={(s: ShopRow) => saleChannelLabels[s.saleChannel]} style={{ width: '9rem' }} /> : null}
      <Column header="Status" field="status" sortable body={(s: ShopRow) => <LiveStatusTag status={s.status} />} style={{ width: '8rem' }} />
      <Column header="Connection" field="connection" sortable body={(s: ShopRow) => <ConnectionTag connection={s.connection} />} style={{ width: '9rem' }} />
      <Column header="Commission" field="commissionRate" sortable body={(s: ShopRow) => formatPercent(s.commissionRate)} align="right" style={{ width: '8rem' }} />
      {isAdmin ? (
        <Column
          header="Staff"
          field="assignedUserIds"
          sortable
          body={(s: ShopRow) => (s.assignedUserIds.length ? `${s.assignedUserIds.length} assigned` : <span className="muted">None</span>)}
          style={{ width: '8rem' }}
        />
      ) : null}
      <Column header="Warehouses" field="warehouseCount" sortable align="right" style={{ width: '8rem' }} />
      <Column header="Last sync" field="lastSyncedAt" sortable body={(s: ShopRow) => (s.lastSyncedAt ? formatDateTime(s.lastSyncedAt, timezone) : <span className="muted">Never</span>)} style={{ width: '12rem' }} />
      <Column header="" body={actionsCell} align="right" style={{ width: isAdmin ? '12rem' : '5rem' }} />
    </DataTable>
  );
}

export const noShops = (filtered: boolean, action?: React.ReactNode) => (
  <EmptyState icon="pi pi-shop" title={filtered ? 'No shop matches this search' : 'No shop connected yet'} action={filtered ? undefined : action}>
    {filtered ? null : 'Connect a shop to list products on it and receive its orders.'}
  </EmptyState>
);
