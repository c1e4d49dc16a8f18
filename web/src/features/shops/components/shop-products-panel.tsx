import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { BulkProgressDialog, type TrackedBatch } from '@/components/ui/bulk-progress';
import { RowsSkeleton } from '@/components/ui/skeletons';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { LiveStatusTag } from '@/components/ui/status-tag';
import { Thumb } from '@/components/ui/thumb';
import type { GetShopProductsQuery, ShopProductFilterStatus } from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { useClientSort } from '@/lib/client-sort';
import { confirmAction } from '@/lib/confirm';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { useDebounced } from '@/lib/use-debounced';
import { shopsKeys, useBulkRemoveShopProduct, useRemoveShopProduct, useShopProducts } from '../api/shops';

type Row = GetShopProductsQuery['getShopProducts']['items'][number];

/** Every ShopProductFilterStatus of the contract (the Record makes a new one a compile error), ALL first. */
const STATUS_LABELS: Record<ShopProductFilterStatus, string> = {
  ALL: 'All',
  ACTIVATE: 'Active',
  DRAFT: 'Draft',
  PENDING: 'Pending',
  FAILED: 'Failed',
  FREEZE: 'Frozen',
  SELLER_DEACTIVATED: 'Deactivated by seller',
  PLATFORM_DEACTIVATED: 'Deactivated by platform',
  DELETED: 'Deleted',
};
export const SHOP_PRODUCT_TABS = (Object.keys(STATUS_LABELS) as ShopProductFilterStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] }));

/** The products listed on one shop: by status, searchable, paged; removable one by one or in bulk. */
export function ShopProductsPanel({ shopId, shopName }: { shopId: string; shopName: string }) {
  const timezone = useTimezone();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ShopProductFilterStatus>('ALL');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('shops.products.pageSize', [status, debounced]);
  const [selected, setSelected] = useState<Row[]>([]);
  const [batches, setBatches] = useState<TrackedBatch[] | null>(null);
  const products = useShopProducts(shopId, { limit: paging.pageSize, page: paging.page, status, ...(debounced ? { search: debounced } : {}) });
  const sort = useClientSort(products.data?.items);
  const removeOne = useRemoveShopProduct();
  const removeMany = useBulkRemoveShopProduct();

  const onRemove = async (row: Row) => {
    const ok = await confirmAction({
      header: 'Remove from shop',
      message: `Remove ${row.product.name} from ${shopName}? The listing is deleted on the marketplace; the product stays in your catalogue.`,
      acceptLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    removeOne.mutate(
      { shopId, shopProductId: row.id },
      {
        onSuccess: () => {
          notify.success(`${row.product.name} was removed from ${shopName}.`);
          setSelected((s) => s.filter((r) => r.id !== row.id));
          paging.afterRemoval(1, products.data?.items.length ?? 0);
        },
      },
    );
  };

  const onBulkRemove = async () => {
    const count = selected.length;
    const ok = await confirmAction({
      header: 'Remove from shop',
      message: `Remove ${count} product${count === 1 ? '' : 's'} from ${shopName}? The listings are deleted on the marketplace; the products stay in your catalogue.`,
      acceptLabel: `Remove ${count}`,
      danger: true,
    });
    if (!ok) return;
    removeMany.mutate(
      { shopId, shopProductIds: selected.map((r) => r.id) },
      {
        onSuccess: (r) => {
          setSelected([]);
          setBatches([{ id: r.batchId, title: `Removing ${r.queued} product${r.queued === 1 ? '' : 's'} from ${shopName}` }]);
        },
      },
    );
  };

  const productCell = (r: Row) => (
    <div className="cell-product">
      <Thumb src={r.product.images.find((i) => i.isPrimary)?.imageUrl ?? r.product.images[0]?.imageUrl} />
      <div className="cell-title">
        <span className="cell-title-main">{r.product.name}</span>
        <span className="muted small">{[r.categoryName, r.brandName].filter(Boolean).join(' · ') || '—'}</span>
      </div>
    </div>
  );

  const errorsCell = (r: Row) =>
    r.errorMessages.length ? (
      <ul className="error-list">
        {r.errorMessages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    ) : (
      <span className="muted">—</span>
    );

  return (
    <Panel title="Products on this shop" flush>
      <FilterTabs tabs={SHOP_PRODUCT_TABS} value={status} onChange={setStatus} label="Listing status" testId="shop-product-status" />
      <div className="filters" role="search" aria-label="Filter shop products">
        <SearchBox value={search} onChange={setSearch} placeholder="Search products" label="Search products" testId="shop-products-search" />
      </div>
      {selected.length > 0 ? (
        <div className="selection-bar" data-testid="selection-bar">
          <span className="selection-bar-count">{selected.length} selected</span>
          <Button label="Remove from shop" icon="pi pi-trash" severity="danger" size="small" outlined onClick={() => void onBulkRemove()} loading={removeMany.isPending} />
          <Button label="Clear" size="small" text severity="secondary" onClick={() => setSelected([])} />
        </div>
      ) : null}
      {products.isError ? (
        <ErrorState error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <DataTable
          value={sort.sorted}
          dataKey="id"
          {...pagedTableProps}
          first={paging.first}
          rows={paging.pageSize}
          totalRecords={products.data?.pageInfo.totalCount ?? 0}
          onPage={paging.onPage}
          sortField={sort.sortField}
          sortOrder={sort.sortOrder}
          onSort={sort.onSort}
          removableSort
          selectionMode="checkbox"
          selection={selected}
          onSelectionChange={(e) => setSelected(e.value as Row[])}
          loading={products.isPending || (products.isFetching && products.isPlaceholderData)}
          emptyMessage={products.isPending ? <RowsSkeleton label="Loading the listings" /> : <EmptyState icon="pi pi-list" title={status === 'ALL' && !debounced ? 'Nothing is listed on this shop yet' : 'No product matches'} />}
          className="data-table"
          data-testid="shop-products-table"
          pt={{ table: { 'aria-label': 'Shop products' } }}
        >
          <Column selectionMode="multiple" style={{ width: '3rem' }} />
          <Column header="Product" field="product.name" sortable body={productCell} />
          <Column header="Status" field="liveStatus" sortable body={(r: Row) => <LiveStatusTag status={r.liveStatus} />} style={{ width: '8rem' }} />
          <Column header="Marketplace id" field="externalId" sortable body={(r: Row) => (r.externalId ? <code>{r.externalId}</code> : <span className="muted">—</span>)} style={{ width: '12rem' }} />
          <Column header="Errors" body={errorsCell} style={{ maxWidth: '22rem' }} />
          <Column header="Updated" field="updatedAt" sortable body={(r: Row) => formatDateTime(r.updatedAt, timezone)} style={{ width: '12rem' }} />
          <Column
            header=""
            align="right"
            style={{ width: '4rem' }}
            body={(r: Row) => (
              <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove ${r.product.name} from the shop`} onClick={() => void onRemove(r)} />
            )}
          />
        </DataTable>
      )}
      <BulkProgressDialog
        header="Remove from shop"
        batches={batches}
        onHide={() => setBatches(null)}
        onFinished={() => void queryClient.invalidateQueries({ queryKey: shopsKeys.detail(shopId) })}
      />
    </Panel>
  );
}
