import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { TableSkeleton } from '@/components/ui/skeletons';
import { ConnectionTag, LiveStatusTag } from '@/components/ui/status-tag';
import { listOnShopPath, pathTo, paths } from '@/config/paths';
import { useTimezone } from '@/lib/auth';
import { useClientSort } from '@/lib/client-sort';
import { formatDateTime } from '@/lib/dates';
import { saleChannelLabels } from '@/lib/lookups';
import { formatPercent } from '@/lib/money';
import { pagedTableProps, type Paging } from '@/lib/paging';
import type { ShopRow } from '../api/shops';
import { CHANNELS } from './channels';
import type { ConnectShop } from './connect-shop';
import type { ShopActions } from './use-shop-actions';

export interface ShopsTableProps {
  rows: ShopRow[] | undefined;
  total: number;
  loading: boolean;
  paging: Paging;
  actions: ShopActions;
  isAdmin: boolean;
  /** The client runs promotions: TikTok rows link to them. */
  canPromote?: boolean;
  /** Offers "Reconnect" on shops whose grant is gone (admins). */
  connect?: ConnectShop;
  showChannel?: boolean;
  empty: React.ReactNode;
  testId: string;
}

/** A round icon button that opens another screen. */
function IconAction({ to, icon, label, tooltip }: { to: string; icon: string; label: string; tooltip: string }) {
  const navigate = useNavigate();
  return <Button icon={icon} rounded text severity="secondary" aria-label={label} tooltip={tooltip} tooltipOptions={{ position: 'top' }} onClick={() => navigate(to)} />;
}

/** Shops with their state, staff, warehouses and last sync; actions per row by role and channel. */
export function ShopsTable({ rows, total, loading, paging, actions, isAdmin, canPromote = false, connect, showChannel = false, empty, testId }: ShopsTableProps) {
  const timezone = useTimezone();
  const sort = useClientSort(rows);

  const nameCell = (s: ShopRow) => (
    <div className="cell-title">
      <Link to={pathTo(paths.shops.detail, { shopId: s.id })} className="cell-title-main">
        {s.name}
      </Link>
      <span className="muted small">{showChannel ? s.targetMarket : `${saleChannelLabels[s.saleChannel]} · ${s.targetMarket}`}</span>
    </div>
  );

  // Each channel's actions only: TikTok's marketplace look-ups and promotions stay on TikTok rows.
  const actionsCell = (s: ShopRow) => {
    const channel = CHANNELS[s.saleChannel];
    return (
      <div className="row-actions">
        <Button
          icon="pi pi-sync"
          rounded
          text
          severity="secondary"
          aria-label={`Sync ${s.name}`}
          tooltip={channel.warehouses ? 'Sync products, orders and warehouses' : 'Sync products and orders'}
          tooltipOptions={{ position: 'top' }}
          loading={actions.isSyncing(s.id)}
          onClick={() => actions.sync(s)}
        />
        {/* Buttons like the row's other actions (a link named after the shop would be a second link to it). */}
        <IconAction to={listOnShopPath(s.id)} icon="pi pi-send" label={`List products on ${s.name}`} tooltip="List products" />
        {channel.marketplaceProducts ? <IconAction to={paths.shops.tiktokProducts} icon="pi pi-tiktok" label={`Products of ${s.name} on TikTok Shop`} tooltip="Products on TikTok" /> : null}
        {channel.promotions && canPromote ? <IconAction to={paths.shops.promotions} icon="pi pi-bolt" label={`Promotions of ${s.name}`} tooltip="Promotions" /> : null}
        {isAdmin ? (
          <>
            {connect && s.connection === 'OPEN' ? (
              <Button
                icon="pi pi-link"
                rounded
                text
                severity="warning"
                aria-label={`Reconnect ${s.name}`}
                tooltip={channel.connect === 'keys' ? 'Enter the API key pair again' : 'Authorise the shop again'}
                tooltipOptions={{ position: 'top' }}
                loading={connect.isPending(s.saleChannel)}
                onClick={() => connect.connect(s.saleChannel)}
              />
            ) : null}
            <Button icon="pi pi-pencil" rounded text severity="secondary" aria-label={`Edit ${s.name}`} tooltip="Rename, commission" tooltipOptions={{ position: 'top' }} onClick={() => actions.edit(s)} />
            <Button icon="pi pi-users" rounded text severity="secondary" aria-label={`Assign staff to ${s.name}`} tooltip="Assign staff" tooltipOptions={{ position: 'top' }} onClick={() => actions.assign(s)} />
            <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove ${s.name}`} tooltip="Remove" tooltipOptions={{ position: 'top' }} onClick={() => void actions.remove(s)} />
          </>
        ) : null}
      </div>
    );
  };

  // The first page: grey rows in the table's shape, not "no shop connected yet".
  if (rows === undefined) {
    const columns = [{ header: 'Shop' }, ...(showChannel ? [{ header: 'Channel', width: '9rem' }] : []), { header: 'Status', width: '8rem' }, { header: 'Connection', width: '9rem' }, { header: 'Commission', width: '8rem' }, { header: 'Last sync', width: '12rem' }];
    return <TableSkeleton columns={columns} rows={5} label="Loading shops" testId={`${testId}-loading`} />;
  }

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
      <Column header="Shop" field="name" sortable body={nameCell} style={{ minWidth: '12rem' }} />
      {showChannel ? (
        <Column
          header="Channel"
          field="saleChannel"
          sortable
          body={(s: ShopRow) => (
            <span className="channel-cell">
              <i className={CHANNELS[s.saleChannel].icon} aria-hidden="true" />
              {saleChannelLabels[s.saleChannel]}
            </span>
          )}
          style={{ width: '9rem' }}
        />
      ) : null}
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
      <Column
        header="Warehouses"
        field="warehouseCount"
        sortable
        align="right"
        body={(s: ShopRow) => (CHANNELS[s.saleChannel].warehouses ? s.warehouseCount : <span className="muted">—</span>)}
        style={{ width: '8rem' }}
      />
      <Column header="Last sync" field="lastSyncedAt" sortable body={(s: ShopRow) => (s.lastSyncedAt ? formatDateTime(s.lastSyncedAt, timezone) : <span className="muted">Never</span>)} style={{ width: '12rem' }} />
      <Column header="" body={actionsCell} align="right" style={{ width: isAdmin ? '17rem' : '9rem' }} />
    </DataTable>
  );
}

export const noShops = (filtered: boolean, action?: React.ReactNode) => (
  <EmptyState icon="pi pi-shop" title={filtered ? 'No shop matches this search' : 'No shop connected yet'} action={filtered ? undefined : action}>
    {filtered ? null : 'Connect a shop to list products on it and receive its orders.'}
  </EmptyState>
);
