import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BulkProgressDialog, type TrackedBatch } from '@/components/ui/bulk-progress';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { TableSkeleton } from '@/components/ui/skeletons';
import { ProductStatusTag } from '@/components/ui/status-tag';
import { Thumb } from '@/components/ui/thumb';
import { pathTo, paths } from '@/config/paths';
import type { LiveStatus, ProductFilter, ProductStatus, ProductType } from '@/gql/graphql';
import { liveStatusLabels, productStatusLabels, productTypeLabels } from '@/lib/labels';
import { useTimezone } from '@/lib/auth';
import { useClientSort } from '@/lib/client-sort';
import { confirmAction } from '@/lib/confirm';
import { formatDateTime } from '@/lib/dates';
import { saleChannelLabels, useShopOptions, useTemplateOptions } from '@/lib/lookups';
import { notify } from '@/lib/notify';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { usePreference } from '@/lib/preferences';
import { rootKeys } from '@/lib/query-keys';
import { useDebounced } from '@/lib/use-debounced';
import { productsKeys, useBulkDeleteProducts, useBulkListingProduct, useDeleteProduct, useProducts, type ProductRow } from '../api/products';
import { ApplyTemplateDialog, GenerateSkusDialog, ListOnShopsDialog, PublishDialog } from './bulk-dialogs';
import { FirstProductPanel } from './first-product';

interface Filters {
  status: ProductStatus | '';
  type: ProductType | '';
  shopId: string;
  templateId: string;
}
const NO_FILTERS: Filters = { status: '', type: '', shopId: '', templateId: '' };
const STATUSES: ProductStatus[] = ['PUBLISHED', 'UNPUBLISHED', 'SOLD'];
const TYPES: ProductType[] = ['POD', 'DROPSHIP'];
const liveSeverity: Record<LiveStatus, 'success' | 'info' | 'secondary' | 'warning' | 'danger'> = {
  LIVE: 'success',
  LISTED: 'info',
  DRAFT: 'secondary',
  PENDING: 'warning',
  SUSPENDED: 'danger',
};

type Dialog = 'template' | 'list' | 'publish' | 'skus';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The catalogue: filter, page, select, and act on many products at once. */
export function ProductsScreen() {
  const timezone = useTimezone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = usePreference<Filters>('products.filters', NO_FILTERS);
  const filters = { ...NO_FILTERS, ...saved };
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('products.pageSize', [filters, debounced]);
  const [selected, setSelected] = useState<ProductRow[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [batches, setBatches] = useState<TrackedBatch[] | null>(null);
  const shops = useShopOptions();
  const templates = useTemplateOptions();
  // Arrived from a shop's "List products" (`?listOn=shopId`): the listing dialog starts with that shop.
  const [params, setParams] = useSearchParams();
  const listOn = params.get('listOn') ?? '';
  const listOnShop = listOn ? shops.data?.find((s) => s.id === listOn) : undefined;
  const stopListingOn = () =>
    setParams(
      (p) => {
        p.delete('listOn');
        return p;
      },
      { replace: true },
    );

  const filter = useMemo<ProductFilter>(() => {
    const f: ProductFilter = { limit: paging.pageSize, page: paging.page };
    if (filters.status) f.status = filters.status;
    if (filters.type) f.type = filters.type;
    if (filters.shopId) f.shopId = filters.shopId;
    if (filters.templateId) f.templateId = filters.templateId;
    return f;
  }, [paging.pageSize, paging.page, filters.status, filters.type, filters.shopId, filters.templateId]);
  const products = useProducts({ search: debounced, filter });
  const sort = useClientSort(products.data?.items);
  const bulkDelete = useBulkDeleteProducts();
  const deleteOne = useDeleteProduct();

  const set = <K extends keyof Filters>(name: K, value: Filters[K]) => setSaved({ ...filters, [name]: value });
  const filtered = !!debounced || Object.values(filters).some((v) => v !== '');
  const ids = useMemo(() => selected.map((p) => p.id), [selected]);
  const alreadyOn = useMemo(() => [...new Set(selected.flatMap((p) => p.publishedShops.map((s) => s.id)))], [selected]);

  const onBulkDelete = async () => {
    const count = selected.length;
    const ok = await confirmAction({
      header: 'Delete products',
      message: `Delete ${plural(count, 'product')} from your catalogue? Their variants and designs go with them; listings already on shops stay there until removed.`,
      acceptLabel: `Delete ${count}`,
      danger: true,
    });
    if (!ok) return;
    bulkDelete.mutate(ids, {
      onSuccess: (deleted) => {
        notify.success(`${plural(deleted, 'product')} deleted.`);
        setSelected([]);
        paging.afterRemoval(count, products.data?.items.length ?? 0);
      },
    });
  };

  const onDelete = async (p: ProductRow) => {
    const ok = await confirmAction({ header: 'Delete product', message: `Delete ${p.name} from your catalogue?`, acceptLabel: 'Delete', danger: true });
    if (!ok) return;
    deleteOne.mutate(p.id, {
      onSuccess: () => {
        notify.success(`${p.name} was deleted.`);
        setSelected((s) => s.filter((x) => x.id !== p.id));
        paging.afterRemoval(1, products.data?.items.length ?? 0);
      },
    });
  };

  const listing = useBulkListingProduct();
  const [retrying, setRetrying] = useState<string | null>(null);
  // Lists the product on that shop again, the way it was asked last.
  const onRetry = (p: ProductRow, shop: ProductRow['publishedShops'][number]) => {
    setRetrying(`${p.id}:${shop.id}`);
    listing.mutate(
      { shopId: shop.id, productIds: [p.id], mode: shop.listingMode ?? 'LISTING' },
      {
        onSuccess: (r) => setBatches([{ id: r.batchId, title: `Listing ${p.name} on ${shop.name} again` }]),
        onSettled: () => setRetrying(null),
      },
    );
  };

  const onQueued = (tracked: TrackedBatch[]) => {
    setSelected([]);
    setBatches(tracked);
  };

  const productCell = (p: ProductRow) => (
    <div className="cell-product">
      <Thumb src={p.images.find((i) => i.isPrimary)?.imageUrl ?? p.images[0]?.imageUrl} alt={p.name} />
      <div className="cell-title">
        <Link to={pathTo(paths.products.edit, { productId: p.id })} className="cell-title-main">
          {p.name}
        </Link>
        <span className="muted small">{productTypeLabels[p.type]}</span>
      </div>
    </div>
  );

  // A shop where the listing failed comes first, red, with the marketplace's words and a retry.
  const shopsCell = (p: ProductRow) => {
    if (p.publishedShops.length === 0) return <span className="muted">Not listed</span>;
    const failed = p.publishedShops.filter((s) => s.failed);
    const others = p.publishedShops.filter((s) => !s.failed);
    return (
      <div className="stack-sm">
        {failed.map((s) => (
          <div key={s.id} className="listing-failed" data-testid="listing-failed">
            <Tag value={`${s.name} · Failed`} severity="danger" icon="pi pi-times-circle" rounded />
            {s.errorMessages.length ? <span className="listing-failed-message">{s.errorMessages.join(' ')}</span> : null}
            <Button
              label="Retry"
              icon="pi pi-replay"
              size="small"
              text
              onClick={() => onRetry(p, s)}
              loading={retrying === `${p.id}:${s.id}`}
              aria-label={`Retry listing ${p.name} on ${s.name}`}
              data-testid="listing-retry"
            />
          </div>
        ))}
        {others.length ? (
          <div className="chips">
            {others.slice(0, 3).map((s) => (
              <Tag key={s.id} value={`${s.name} · ${liveStatusLabels[s.liveStatus]}`} severity={liveSeverity[s.liveStatus]} rounded />
            ))}
            {others.length > 3 ? <span className="chip">+{others.length - 3}</span> : null}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <div className="screen">
      <PageHeader
        title="Products"
        description="Your catalogue: every product you sell, on every shop."
        actions={<Button label="Create products" icon="pi pi-plus" onClick={() => navigate(paths.products.create)} data-testid="create-products" />}
      />
      <Panel flush>
        <div className="filters" role="search" aria-label="Filter products">
          <SearchBox value={search} onChange={setSearch} placeholder="Search products" label="Search products" testId="products-search" />
          <Dropdown
            value={filters.status || null}
            options={STATUSES.map((s) => ({ label: productStatusLabels[s], value: s }))}
            onChange={(e) => set('status', (e.value as ProductStatus | null) ?? '')}
            placeholder="All statuses"
            showClear
            ariaLabel="Status"
            className="filter-status"
            data-testid="products-status"
          />
          <Dropdown
            value={filters.type || null}
            options={TYPES.map((t) => ({ label: productTypeLabels[t], value: t }))}
            onChange={(e) => set('type', (e.value as ProductType | null) ?? '')}
            placeholder="All types"
            showClear
            ariaLabel="Type"
            className="filter-status"
            data-testid="products-type"
          />
          <Dropdown
            value={filters.shopId || null}
            options={(shops.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
            onChange={(e) => set('shopId', (e.value as string | null) ?? '')}
            placeholder="All shops"
            showClear
            filter
            ariaLabel="Shop"
            className="filter-status"
            data-testid="products-shop"
          />
          <Dropdown
            value={filters.templateId || null}
            options={(templates.data ?? []).map((t) => ({ label: t.name, value: t.id }))}
            onChange={(e) => set('templateId', (e.value as string | null) ?? '')}
            placeholder="All templates"
            showClear
            filter
            ariaLabel="Template"
            className="filter-status"
            data-testid="products-template"
          />
          {filtered ? (
            <Button
              label="Clear"
              icon="pi pi-filter-slash"
              text
              severity="secondary"
              onClick={() => {
                setSaved(NO_FILTERS);
                setSearch('');
              }}
            />
          ) : null}
        </div>
        {listOnShop && selected.length === 0 ? (
          <div className="selection-bar" data-testid="list-on-hint">
            <i className="pi pi-send" aria-hidden="true" />
            <span>
              Select the products to list on <strong>{listOnShop.name}</strong> ({saleChannelLabels[listOnShop.saleChannel]}), then choose <strong>List on shops</strong>.
            </span>
            <Button label="Cancel" size="small" text severity="secondary" onClick={stopListingOn} />
          </div>
        ) : null}
        {selected.length > 0 ? (
          <div className="selection-bar" data-testid="selection-bar" role="toolbar" aria-label="Bulk actions">
            <span className="selection-bar-count">{selected.length} selected</span>
            <Button label="List on shops" icon="pi pi-send" size="small" onClick={() => setDialog('list')} data-testid="bulk-list" />
            <Button label="Publish" icon="pi pi-upload" size="small" outlined onClick={() => setDialog('publish')} data-testid="bulk-publish" />
            <Button label="Apply template" icon="pi pi-clone" size="small" outlined onClick={() => setDialog('template')} data-testid="bulk-template" />
            <Button label="Generate SKUs" icon="pi pi-barcode" size="small" outlined onClick={() => setDialog('skus')} data-testid="bulk-skus" />
            <Button label="Delete" icon="pi pi-trash" size="small" severity="danger" outlined onClick={() => void onBulkDelete()} loading={bulkDelete.isPending} data-testid="bulk-delete" />
            <Button label="Clear" size="small" text severity="secondary" onClick={() => setSelected([])} />
          </div>
        ) : null}
        {products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} />
        ) : products.isPending ? (
          <TableSkeleton
            columns={[{ header: '', width: '3rem' }, { header: 'Product' }, { header: 'Status', width: '9rem' }, { header: 'Shops' }, { header: 'Updated', width: '12rem' }]}
            label="Loading the products"
            testId="products-loading"
          />
        ) : !filtered && products.data.pageInfo.totalCount === 0 ? (
          <FirstProductPanel />
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
            onSelectionChange={(e) => setSelected(e.value as ProductRow[])}
            loading={products.isPending || (products.isFetching && products.isPlaceholderData)}
            emptyMessage={
              <EmptyState
                icon="pi pi-box"
                title={filtered ? 'No product matches these filters' : 'No product yet'}
                action={filtered ? undefined : <Button label="Create products" icon="pi pi-plus" onClick={() => navigate(paths.products.create)} />}
              >
                {filtered ? null : 'Create products from a template and your designs.'}
              </EmptyState>
            }
            className="data-table"
            data-testid="products-table"
            pt={{ table: { 'aria-label': 'Products' } }}
          >
            <Column selectionMode="multiple" style={{ width: '3rem' }} />
            <Column header="Product" field="name" sortable body={productCell} />
            <Column header="Status" field="status" sortable body={(p: ProductRow) => <ProductStatusTag status={p.status} />} style={{ width: '9rem' }} />
            <Column header="Shops" field="publishedShops" sortable body={shopsCell} />
            <Column header="Updated" field="updatedAt" sortable body={(p: ProductRow) => formatDateTime(p.updatedAt, timezone)} style={{ width: '12rem' }} />
            <Column
              header=""
              align="right"
              style={{ width: '6rem' }}
              body={(p: ProductRow) => (
                <div className="row-actions">
                  <Button icon="pi pi-pencil" rounded text severity="secondary" aria-label={`Edit ${p.name}`} onClick={() => navigate(pathTo(paths.products.edit, { productId: p.id }))} />
                  <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Delete ${p.name}`} onClick={() => void onDelete(p)} />
                </div>
              )}
            />
          </DataTable>
        )}
      </Panel>
      <ApplyTemplateDialog productIds={dialog === 'template' ? ids : null} onHide={() => setDialog(null)} onQueued={onQueued} />
      <ListOnShopsDialog
        productIds={dialog === 'list' ? ids : null}
        onHide={() => setDialog(null)}
        onQueued={onQueued}
        initialShopIds={listOnShop ? [listOnShop.id] : []}
        alreadyOnShopIds={alreadyOn}
      />
      <PublishDialog productIds={dialog === 'publish' ? ids : null} onHide={() => setDialog(null)} onQueued={onQueued} />
      <GenerateSkusDialog productIds={dialog === 'skus' ? ids : null} onHide={() => setDialog(null)} onQueued={onQueued} />
      <BulkProgressDialog
        header="Bulk action"
        batches={batches}
        onHide={() => setBatches(null)}
        onFinished={() => {
          void queryClient.invalidateQueries({ queryKey: productsKeys.all });
          // Listing and publishing change what the shop-products list shows.
          void queryClient.invalidateQueries({ queryKey: rootKeys.shopProducts });
        }}
      />
    </div>
  );
}
