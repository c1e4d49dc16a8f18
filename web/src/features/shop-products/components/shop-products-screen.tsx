import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { Link } from 'react-router';
import { BulkProgressDialog, type TrackedBatch } from '@/components/ui/bulk-progress';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { ListingErrors } from '@/components/ui/listing-errors';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { TableSkeleton } from '@/components/ui/skeletons';
import { LiveStatusTag } from '@/components/ui/status-tag';
import { Tag } from 'primereact/tag';
import { Thumb } from '@/components/ui/thumb';
import { pathTo, paths } from '@/config/paths';
import type { ShopProductFilterStatus } from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { useClientSort } from '@/lib/client-sort';
import { confirmAction } from '@/lib/confirm';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { usePreference } from '@/lib/preferences';
import { useDebounced } from '@/lib/use-debounced';
import { shopProductsKeys, useAllShopProducts, useBulkRemoveListings, useRemoveListing, useRetryListing, type ShopProductRow } from '../api/shop-products';

const STATUS_LABELS: Record<ShopProductFilterStatus, string> = {
  ALL: 'All statuses',
  ACTIVATE: 'Active',
  DRAFT: 'Draft',
  PENDING: 'Pending',
  FAILED: 'Failed',
  FREEZE: 'Frozen',
  SELLER_DEACTIVATED: 'Deactivated by seller',
  PLATFORM_DEACTIVATED: 'Deactivated by platform',
  DELETED: 'Deleted',
};
const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as ShopProductFilterStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] }));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Every listing across the client's shops (STAFF: their shops), with its live status and errors. */
export function ShopProductsScreen() {
  const timezone = useTimezone();
  const queryClient = useQueryClient();
  const [status, setStatus] = usePreference<ShopProductFilterStatus>('shopProducts.status', 'ALL');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('shopProducts.pageSize', [status, debounced]);
  const [selected, setSelected] = useState<ShopProductRow[]>([]);
  const [batches, setBatches] = useState<TrackedBatch[] | null>(null);
  const listings = useAllShopProducts({ limit: paging.pageSize, page: paging.page, status, ...(debounced ? { search: debounced } : {}) });
  const sort = useClientSort(listings.data?.items);
  const removeOne = useRemoveListing();
  const removeMany = useBulkRemoveListings();
  const retry = useRetryListing();

  // A failed listing is listed again the way it was asked; its progress shows like any batch.
  const onRetry = (row: ShopProductRow) =>
    retry.mutate(row, {
      onSuccess: (r) => setBatches([{ id: r.batchId, title: `Listing ${row.product.name} on ${row.shopName} again` }]),
    });

  const onRemove = async (row: ShopProductRow) => {
    const ok = await confirmAction({
      header: 'Remove from shop',
      message: `Remove ${row.product.name} from ${row.shopName}? The listing is deleted on the marketplace; the product stays in your catalogue.`,
      acceptLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    removeOne.mutate(
      { shopId: row.shopId, shopProductId: row.id },
      {
        onSuccess: () => {
          notify.success(`${row.product.name} was removed from ${row.shopName}.`);
          setSelected((s) => s.filter((r) => r.id !== row.id));
          paging.afterRemoval(1, listings.data?.items.length ?? 0);
        },
      },
    );
  };

  // One bulk removal per shop (the API removes within one shop): one batch each.
  const onBulkRemove = async () => {
    const byShop = new Map<string, ShopProductRow[]>();
    for (const row of selected) byShop.set(row.shopId, [...(byShop.get(row.shopId) ?? []), row]);
    const ok = await confirmAction({
      header: 'Remove from shops',
      message: `Remove ${plural(selected.length, 'listing')} from ${plural(byShop.size, 'shop')}? The listings are deleted on the marketplaces; the products stay in your catalogue.`,
      acceptLabel: `Remove ${selected.length}`,
      danger: true,
    });
    if (!ok) return;
    const tracked: TrackedBatch[] = [];
    for (const rows of byShop.values()) {
      const shopName = rows[0]!.shopName;
      try {
        const r = await removeMany.mutateAsync({ shopId: rows[0]!.shopId, shopProductIds: rows.map((x) => x.id) });
        tracked.push({ id: r.batchId, title: `Removing ${plural(r.queued, 'listing')} from ${shopName}` });
      } catch {
        // The toast already says why; the other shops go on.
      }
    }
    setSelected([]);
    if (tracked.length) setBatches(tracked);
  };

  const productCell = (r: ShopProductRow) => (
    <div className="cell-product">
      <Thumb src={r.product.images.find((i) => i.isPrimary)?.imageUrl ?? r.product.images[0]?.imageUrl} />
      <div className="cell-title">
        <Link to={pathTo(paths.products.edit, { productId: r.product.id })} className="cell-title-main" data-testid="shop-product-link">
          {r.product.name}
        </Link>
        <span className="muted small">{[r.categoryName, r.brandName].filter(Boolean).join(' · ') || '—'}</span>
      </div>
    </div>
  );

  return (
    <div className="screen">
      <PageHeader title="Shop products" description="What is listed on each shop, its live status on the marketplace and why a listing failed." />
      <Panel flush>
        <div className="filters" role="search" aria-label="Filter shop products">
          <SearchBox value={search} onChange={setSearch} placeholder="Search products" label="Search products" testId="shop-products-search" />
          <Dropdown
            value={status}
            options={STATUS_OPTIONS}
            onChange={(e) => setStatus((e.value as ShopProductFilterStatus | null) ?? 'ALL')}
            ariaLabel="Listing status"
            className="filter-status"
            data-testid="shop-products-status"
          />
        </div>
        {selected.length > 0 ? (
          <div className="selection-bar" data-testid="selection-bar">
            <span className="selection-bar-count">{selected.length} selected</span>
            <Button label="Remove from shops" icon="pi pi-trash" severity="danger" size="small" outlined onClick={() => void onBulkRemove()} loading={removeMany.isPending} />
            <Button label="Clear" size="small" text severity="secondary" onClick={() => setSelected([])} />
          </div>
        ) : null}
        {listings.isError ? (
          <ErrorState error={listings.error} onRetry={() => void listings.refetch()} />
        ) : listings.isPending ? (
          <TableSkeleton
            columns={[{ header: '', width: '3rem' }, { header: 'Product' }, { header: 'Shop', width: '12rem' }, { header: 'Status', width: '8rem' }, { header: 'Errors' }, { header: 'Updated', width: '12rem' }]}
            label="Loading the shop products"
            testId="shop-products-loading"
          />
        ) : (
          <DataTable
            value={sort.sorted}
            dataKey="id"
            {...pagedTableProps}
            first={paging.first}
            rows={paging.pageSize}
            totalRecords={listings.data?.pageInfo.totalCount ?? 0}
            onPage={paging.onPage}
            sortField={sort.sortField}
            sortOrder={sort.sortOrder}
            onSort={sort.onSort}
            removableSort
            selectionMode="checkbox"
            selection={selected}
            onSelectionChange={(e) => setSelected(e.value as ShopProductRow[])}
            loading={listings.isPending || (listings.isFetching && listings.isPlaceholderData)}
            emptyMessage={
              <EmptyState icon="pi pi-list" title={status === 'ALL' && !debounced ? 'Nothing is listed yet' : 'No listing matches'}>
                {status === 'ALL' && !debounced ? 'List products on a shop from the Products screen.' : null}
              </EmptyState>
            }
            className="data-table"
            data-testid="all-shop-products-table"
            pt={{ table: { 'aria-label': 'Shop products' } }}
          >
            <Column selectionMode="multiple" style={{ width: '3rem' }} />
            <Column header="Product" field="product.name" sortable body={productCell} />
            <Column header="Shop" field="shopName" sortable body={(r: ShopProductRow) => <Link to={pathTo(paths.shops.detail, { shopId: r.shopId })}>{r.shopName}</Link>} style={{ width: '12rem' }} />
            <Column
              header="Status"
              field="liveStatus"
              sortable
              body={(r: ShopProductRow) => (r.failed ? <Tag value="Failed" severity="danger" icon="pi pi-times-circle" rounded /> : <LiveStatusTag status={r.liveStatus} />)}
              style={{ width: '8rem' }}
            />
            <Column
              header="Errors"
              field="errorMessages"
              sortable
              body={(r: ShopProductRow) => <ListingErrors productId={r.product.id} errors={r.errors} fallback={r.errorMessages} />}
              style={{ maxWidth: '24rem' }}
            />
            <Column header="Updated" field="updatedAt" sortable body={(r: ShopProductRow) => formatDateTime(r.updatedAt, timezone)} style={{ width: '12rem' }} />
            <Column
              header=""
              align="right"
              style={{ width: '8rem' }}
              body={(r: ShopProductRow) => (
                <div className="row-actions">
                  {r.failed ? (
                    <Button
                      icon="pi pi-replay"
                      rounded
                      text
                      aria-label={`Retry listing ${r.product.name} on ${r.shopName}`}
                      title="List it again"
                      onClick={() => onRetry(r)}
                      loading={retry.isPending && retry.variables?.id === r.id}
                      data-testid="shop-product-retry"
                    />
                  ) : null}
                  <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove ${r.product.name} from ${r.shopName}`} onClick={() => void onRemove(r)} />
                </div>
              )}
            />
          </DataTable>
        )}
      </Panel>
      <BulkProgressDialog
        header="Shop products"
        batches={batches}
        onHide={() => setBatches(null)}
        onFinished={() => void queryClient.invalidateQueries({ queryKey: shopProductsKeys.all })}
      />
    </div>
  );
}
