import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { RowsSkeleton } from '@/components/ui/skeletons';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import type { MarketplaceProductFilter, SearchTiktokProductsQuery } from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { useClientSort } from '@/lib/client-sort';
import { formatDateTime } from '@/lib/dates';
import { marketplaceStatusLabel } from '@/lib/labels';
import { useShopOptions } from '@/lib/lookups';
import { PAGE_SIZES } from '@/lib/paging';
import { usePreference } from '@/lib/preferences';
import { SafeHtml } from '@/lib/safe-html';
import { useDebounced } from '@/lib/use-debounced';
import { useTiktokProductDetail, useTiktokProducts } from '../api/tiktok';

type Row = SearchTiktokProductsQuery['searchTiktokProducts']['products'][number];

/** TikTok's own product statuses (the marketplace's filter). */
const STATUSES = ['ACTIVATE', 'DRAFT', 'PENDING', 'FAILED', 'SELLER_DEACTIVATED', 'PLATFORM_DEACTIVATED', 'FREEZE', 'DELETED'];

const fromUnix = (seconds: number) => new Date(seconds * 1000).toISOString();

function priceOf(p: Row): string {
  const prices = p.skus.map((s) => Number(s.price?.sale_price ?? s.price?.tax_exclusive_price)).filter((n) => Number.isFinite(n));
  if (prices.length === 0) return '—';
  const currency = p.skus[0]?.price?.currency ?? 'USD';
  const fmt = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(n);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  return lo === hi ? fmt(lo) : `${fmt(lo)} – ${fmt(hi)}`;
}

const stockOf = (p: Row) => p.skus.reduce((n, s) => n + s.inventory.reduce((m, i) => m + i.quantity, 0), 0);

function ProductDetailDialog({ shopId, productId, onHide }: { shopId: string; productId: string | null; onHide: () => void }) {
  const detail = useTiktokProductDetail(shopId, productId);
  const d = detail.data;
  return (
    <Dialog header={d?.title ?? 'Product on TikTok'} visible={!!productId} onHide={onHide} style={{ width: '46rem' }} breakpoints={{ '760px': '95vw' }} draggable={false}>
      <div className="stack" data-testid="tiktok-product-detail">
        {detail.isPending ? (
          <p className="muted">Loading from TikTok Shop…</p>
        ) : detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        ) : d ? (
          <>
            {d.main_images.length ? (
              <div className="image-strip">
                {d.main_images.map((img) => (
                  <img key={img.uri} src={img.urls[0]} alt="" width={96} height={96} className="thumb" />
                ))}
              </div>
            ) : null}
            <dl className="details">
              <div>
                <dt>Product id</dt>
                <dd>
                  <code>{d.id}</code>
                </dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{marketplaceStatusLabel(d.status)}</dd>
              </div>
              <div>
                <dt>Category</dt>
                <dd>{d.category_chains.map((c) => c.local_name).join(' › ') || '—'}</dd>
              </div>
              <div>
                <dt>Brand</dt>
                <dd>{d.brand?.name ?? '—'}</dd>
              </div>
            </dl>
            {d.description ? <SafeHtml className="product-description" data-testid="tiktok-product-description" html={d.description} /> : null}
            <DataTable value={d.skus} dataKey="id" size="small" className="data-table" pt={{ table: { 'aria-label': 'SKUs' } }}>
              <Column header="SKU id" body={(s: Row['skus'][number]) => <code>{s.id}</code>} />
              <Column header="Seller SKU" body={(s: Row['skus'][number]) => s.seller_sku ?? '—'} />
              <Column header="Price" body={(s: Row['skus'][number]) => (s.price ? `${s.price.sale_price ?? s.price.tax_exclusive_price ?? '—'} ${s.price.currency}` : '—')} />
              <Column header="Stock" align="right" body={(s: Row['skus'][number]) => s.inventory.reduce((n, i) => n + i.quantity, 0)} />
            </DataTable>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}

/** What a TikTok shop has on the marketplace itself, read through the API (page tokens). */
export function TiktokProductsScreen() {
  const timezone = useTimezone();
  const shops = useShopOptions('TIKTOK');
  const [savedShop, setSavedShop] = usePreference<string>('tiktokProducts.shopId', '');
  const [pageSize, setPageSize] = usePreference('tiktokProducts.pageSize', 20);
  const [status, setStatus] = useState('');
  const [sku, setSku] = useState('');
  const debouncedSku = useDebounced(sku.trim());
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [detailId, setDetailId] = useState<string | null>(null);

  const shopList = shops.data ?? [];
  const shopId = shopList.some((s) => s.id === savedShop) ? savedShop : (shopList[0]?.id ?? null);
  const pageIndex = tokens.length - 1;

  // New criteria start again from the first page.
  const criteria = JSON.stringify([shopId, status, debouncedSku, pageSize]);
  const [seen, setSeen] = useState(criteria);
  if (seen !== criteria) {
    setSeen(criteria);
    setTokens([null]);
  }

  const filter = useMemo<MarketplaceProductFilter>(() => {
    const f: MarketplaceProductFilter = { page_size: pageSize };
    const token = tokens[tokens.length - 1];
    if (token) f.page_token = token;
    if (status) f.status = status;
    if (debouncedSku) f.seller_skus = [debouncedSku];
    return f;
  }, [pageSize, tokens, status, debouncedSku]);
  const products = useTiktokProducts(shopId, filter);
  const sort = useClientSort(products.data?.products);
  const next = products.data?.next_page_token;

  const titleCell = (p: Row) => (
    <div className="cell-title">
      <button type="button" className="link-button cell-title-main" onClick={() => setDetailId(p.id)} aria-label={`Details of ${p.title}`}>
        {p.title}
      </button>
      <span className="muted small">
        <code>{p.id}</code>
      </span>
    </div>
  );

  return (
    <div className="screen">
      <PageHeader title="Products on TikTok" description="What your TikTok shops show on the marketplace, read live from TikTok Shop." />
      <Panel flush>
        <div className="filters" role="search" aria-label="Filter marketplace products">
          <Dropdown
            value={shopId}
            options={shopList.map((s) => ({ label: s.name, value: s.id }))}
            onChange={(e) => setSavedShop(e.value as string)}
            placeholder={shops.isPending ? 'Loading shops…' : 'Choose a shop'}
            ariaLabel="Shop"
            className="filter-kind"
            data-testid="tiktok-products-shop"
          />
          <Dropdown
            value={status || null}
            options={STATUSES.map((s) => ({ label: marketplaceStatusLabel(s), value: s }))}
            onChange={(e) => setStatus((e.value as string | null) ?? '')}
            placeholder="All statuses"
            showClear
            ariaLabel="Status"
            className="filter-status"
          />
          <SearchBox value={sku} onChange={setSku} placeholder="Seller SKU" label="Search by seller SKU" testId="tiktok-products-search" />
        </div>
        {!shops.isPending && shopList.length === 0 ? (
          <EmptyState icon="pi pi-tiktok" title="No TikTok shop connected">
            Connect a TikTok shop first; its products show here.
          </EmptyState>
        ) : products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} />
        ) : (
          <>
            <DataTable
              value={sort.sorted}
              dataKey="id"
              sortField={sort.sortField}
              sortOrder={sort.sortOrder}
              onSort={sort.onSort}
              lazy
              removableSort
              loading={products.isPending || products.isFetching}
              className="data-table"
              data-testid="tiktok-products-table"
              emptyMessage={products.isPending ? <RowsSkeleton label="Loading the shop's products" /> : <EmptyState icon="pi pi-box" title="No product found on this shop" />}
              pt={{ table: { 'aria-label': 'Products on TikTok' } }}
            >
              <Column header="Product" field="title" sortable body={titleCell} />
              <Column header="Status" field="status" sortable body={(p: Row) => <Tag value={marketplaceStatusLabel(p.status)} severity={p.status === 'ACTIVATE' ? 'success' : 'secondary'} rounded />} style={{ width: '10rem' }} />
              <Column header="SKUs" body={(p: Row) => p.skus.length} align="right" style={{ width: '5rem' }} />
              <Column header="Price" body={priceOf} style={{ width: '10rem' }} />
              <Column header="Stock" body={stockOf} align="right" style={{ width: '6rem' }} />
              <Column header="Updated" field="update_time" sortable body={(p: Row) => formatDateTime(fromUnix(p.update_time), timezone)} style={{ width: '12rem' }} />
            </DataTable>
            <div className="token-pager" data-testid="tiktok-products-pager">
              <span className="muted">
                {products.data ? `${products.data.total_count} product${products.data.total_count === 1 ? '' : 's'} · page ${pageIndex + 1}` : ''}
              </span>
              <Dropdown value={pageSize} options={PAGE_SIZES.map((n) => ({ label: `${n} / page`, value: n }))} onChange={(e) => setPageSize(e.value as number)} ariaLabel="Page size" />
              <Button icon="pi pi-angle-left" label="Previous" text disabled={pageIndex === 0} onClick={() => setTokens((t) => t.slice(0, -1))} />
              <Button icon="pi pi-angle-right" iconPos="right" label="Next" text disabled={!next || products.isFetching} onClick={() => next && setTokens((t) => [...t, next])} />
            </div>
          </>
        )}
      </Panel>
      {shopId ? <ProductDetailDialog shopId={shopId} productId={detailId} onHide={() => setDetailId(null)} /> : null}
    </div>
  );
}
