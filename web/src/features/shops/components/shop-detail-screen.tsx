import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { Link, useNavigate, useParams } from 'react-router';
import { RowsSkeleton } from '@/components/ui/skeletons';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { PageSpinner } from '@/components/ui/spinner';
import { ConnectionTag, LiveStatusTag } from '@/components/ui/status-tag';
import { listOnShopPath, paths } from '@/config/paths';
import type { GetWarehousesQuery } from '@/gql/graphql';
import { canAccess, useCurrentUser, useTimezone } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { saleChannelLabels } from '@/lib/lookups';
import { formatPercent } from '@/lib/money';
import { useShop, useWarehouses } from '../api/shops';
import { CHANNELS } from './channels';
import { useConnectShop } from './connect-shop';
import { ShopProductsPanel } from './shop-products-panel';
import { useShopActions } from './use-shop-actions';

type WarehouseRow = GetWarehousesQuery['getWarehouses'][number];

function WarehousesPanel({ shopId, onSync, syncing }: { shopId: string; onSync: () => void; syncing: boolean }) {
  const warehouses = useWarehouses(shopId);
  return (
    <Panel
      title="Warehouses"
      flush
      actions={<Button label="Sync warehouses" icon="pi pi-sync" size="small" outlined onClick={onSync} loading={syncing} data-testid="sync-warehouses" />}
    >
      {warehouses.isError ? (
        <ErrorState error={warehouses.error} onRetry={() => void warehouses.refetch()} />
      ) : (
        <DataTable
          value={warehouses.data ?? []}
          dataKey="id"
          loading={warehouses.isPending}
          size="small"
          sortMode="single"
          removableSort
          className="data-table"
          data-testid="warehouses-table"
          emptyMessage={warehouses.isPending ? <RowsSkeleton rows={2} label="Loading the warehouses" /> : <EmptyState icon="pi pi-warehouse" title="No warehouse yet">Sync the warehouses to fetch them from the marketplace.</EmptyState>}
          pt={{ table: { 'aria-label': 'Warehouses' } }}
        >
          <Column header="Name" field="name" sortable />
          <Column header="Marketplace id" field="externalId" sortable body={(w: WarehouseRow) => <code>{w.externalId}</code>} />
          <Column header="" field="isDefault" sortable body={(w: WarehouseRow) => (w.isDefault ? <Tag value="Default" severity="info" rounded /> : null)} style={{ width: '7rem' }} />
        </DataTable>
      )}
    </Panel>
  );
}

/** One shop: its details and last sync, its warehouses (TikTok) and the products listed on it; its channel's actions only. */
export function ShopDetailScreen() {
  const { shopId = '' } = useParams();
  const timezone = useTimezone();
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  const isAdmin = !!me && canAccess(me, 'admin');
  const canPromote = !!me && canAccess(me, 'promotions');
  const shop = useShop(shopId);
  const actions = useShopActions({ onRemoved: () => navigate(shop.data?.saleChannel === 'TIKTOK' ? paths.shops.tiktok : paths.shop, { replace: true }) });
  const connect = useConnectShop();

  if (shop.isPending) return <PageSpinner />;
  if (shop.isError) {
    return (
      <div className="screen">
        <PageHeader title="Shop" />
        <Panel>
          <ErrorState error={shop.error} onRetry={() => void shop.refetch()} />
        </Panel>
      </div>
    );
  }
  const s = shop.data;
  const channel = CHANNELS[s.saleChannel];

  return (
    <div className="screen">
      <PageHeader
        title={s.name}
        description={`${saleChannelLabels[s.saleChannel]} · ${s.targetMarket}`}
        actions={
          <>
            <Button label="Sync now" icon="pi pi-sync" outlined onClick={() => actions.sync(s)} loading={actions.isSyncing(s.id)} data-testid="sync-shop" />
            <Link to={listOnShopPath(s.id)} className="p-button p-button-outlined" data-testid="list-products">
              <i className="p-button-icon p-button-icon-left pi pi-send" aria-hidden="true" />
              <span className="p-button-label">List products</span>
            </Link>
            {channel.marketplaceProducts ? (
              <Link to={paths.shops.tiktokProducts} className="p-button p-button-outlined p-button-secondary" data-testid="marketplace-products">
                <i className="p-button-icon p-button-icon-left pi pi-tiktok" aria-hidden="true" />
                <span className="p-button-label">Products on TikTok</span>
              </Link>
            ) : null}
            {channel.promotions && canPromote ? (
              <Link to={paths.shops.promotions} className="p-button p-button-outlined p-button-secondary" data-testid="shop-promotions">
                <i className="p-button-icon p-button-icon-left pi pi-bolt" aria-hidden="true" />
                <span className="p-button-label">Promotions</span>
              </Link>
            ) : null}
            {isAdmin ? (
              <>
                {s.connection === 'OPEN' ? (
                  <Button label="Reconnect" icon="pi pi-link" severity="warning" onClick={() => connect.connect(s.saleChannel)} loading={connect.isPending(s.saleChannel)} data-testid="reconnect-shop" />
                ) : null}
                <Button label="Edit" icon="pi pi-pencil" outlined severity="secondary" onClick={() => actions.edit(s)} />
                <Button label="Assign staff" icon="pi pi-users" outlined severity="secondary" onClick={() => actions.assign(s)} />
                <Button label="Remove" icon="pi pi-trash" outlined severity="danger" onClick={() => void actions.remove(s)} />
              </>
            ) : null}
          </>
        }
      />
      <Panel title="Details">
        <dl className="details details-grid" data-testid="shop-details">
          <div>
            <dt>Status</dt>
            <dd>
              <LiveStatusTag status={s.status} />
            </dd>
          </div>
          <div>
            <dt>Connection</dt>
            <dd>
              <ConnectionTag connection={s.connection} />
            </dd>
          </div>
          <div>
            <dt>Commission</dt>
            <dd>{formatPercent(s.commissionRate)}</dd>
          </div>
          <div>
            <dt>Last sync</dt>
            <dd data-testid="shop-last-sync">{s.lastSyncedAt ? formatDateTime(s.lastSyncedAt, timezone) : 'Never'}</dd>
          </div>
          {channel.warehouses ? (
            <div>
              <dt>Warehouses</dt>
              <dd>{s.warehouseCount}</dd>
            </div>
          ) : null}
          {isAdmin ? (
            <div>
              <dt>Staff</dt>
              <dd>{s.assignedUserIds.length ? `${s.assignedUserIds.length} assigned` : 'None assigned'}</dd>
            </div>
          ) : null}
          <div>
            <dt>Connected</dt>
            <dd>{formatDateTime(s.createdAt, timezone)}</dd>
          </div>
        </dl>
      </Panel>
      {channel.warehouses ? <WarehousesPanel shopId={s.id} onSync={() => actions.syncWarehouses(s)} syncing={actions.isSyncing(s.id)} /> : null}
      <ShopProductsPanel shopId={s.id} shopName={s.name} />
      {actions.dialogs}
      {connect.dialogs}
    </div>
  );
}
