import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { Skeleton } from 'primereact/skeleton';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { FilterTabs, type FilterTab } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { TableSkeleton } from '@/components/ui/skeletons';
import { OrderStatusTag, orderStatusLabels, titleCase } from '@/components/ui/status-tag';
import { Thumb } from '@/components/ui/thumb';
import { pathTo, paths, sendToProviderPath } from '@/config/paths';
import type { OrderDeadline, OrderSortField, OrderStatus, SaleChannel } from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { saleChannelLabels, useShopOptions } from '@/lib/lookups';
import { formatMoney } from '@/lib/money';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { useDebounced } from '@/lib/use-debounced';
import { useNow } from '@/lib/use-now';
import { STATUS_TABS, useExportOrders, useOrderStatusCounts, useOrders, type OrderRow } from '../api/orders';
import { DeadlineFlag } from './deadline-flag';
import { ExportDialog } from './export-dialog';
import { isDefaultKept, toOrderFilter, useKeptOrderFilters } from './use-order-filters';

type Tab = OrderStatus | 'ALL';

const DEADLINES: Record<OrderDeadline, string> = { OVERDUE: 'Past ship-by date', DUE_SOON: 'Ship within 24 h' };
const CHANNEL_OPTIONS = (Object.keys(saleChannelLabels) as SaleChannel[]).map((value) => ({ value, label: saleChannelLabels[value] }));

/** Table columns the API can sort by (the rest of the columns are not sortable). */
const SORT_COLUMNS: Record<string, OrderSortField> = { createdAt: 'ORDERED_AT', shipByAt: 'SHIP_BY', totalAmount: 'TOTAL' };
const COLUMN_OF: Record<OrderSortField, string> = { ORDERED_AT: 'createdAt', SHIP_BY: 'shipByAt', TOTAL: 'totalAmount' };

const SKELETON_COLUMNS = [{ header: '', width: '3rem' }, { header: 'Order' }, { header: 'Items' }, { header: 'Shop' }, { header: 'Status' }, { header: 'Ship by' }, { header: 'Total' }];

function isStatus(v: string | null): v is OrderStatus {
  return v !== null && v in orderStatusLabels;
}
function isDeadline(v: string | null): v is OrderDeadline {
  return v === 'OVERDUE' || v === 'DUE_SOON';
}

/**
 * Every order of the client's shops (STAFF: their shops): status tabs with their counts, a
 * search, filters kept per user, deadline flags, sorting and paging on the server, a selection
 * that survives paging and goes to a print-on-demand provider, and an export of what is filtered.
 */
export function OrdersScreen() {
  const timezone = useTimezone();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const deadlineParam = params.get('deadline');
  const tab: Tab = isStatus(statusParam) ? statusParam : 'ALL';
  const deadline = isDeadline(deadlineParam) ? deadlineParam : null;
  const { filters: kept, update, reset } = useKeptOrderFilters();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const shops = useShopOptions(kept.saleChannel ?? undefined);

  // Without the status: the tabs count under the same filters, each adding its own status.
  const base = useMemo(() => toOrderFilter(kept, { deadline, search: debounced }, timezone), [kept, deadline, debounced, timezone]);
  const paging = usePaging('orders.pageSize', [base, tab]);
  const counts = useOrderStatusCounts(base);
  const orders = useOrders({
    ...base,
    ...(tab !== 'ALL' ? { status: tab } : {}),
    sort: kept.sort.field,
    sortDirection: kept.sort.direction,
    limit: paging.pageSize,
    page: paging.page,
  });
  const [selected, setSelected] = useState<OrderRow[]>([]);
  const now = useNow();
  const [exportId, setExportId] = useState<string | null>(null);
  const startExport = useExportOrders();

  const setParam = (name: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const tabValues: Tab[] = ['ALL', ...STATUS_TABS];
  const tabs: FilterTab<Tab>[] = tabValues.map((t) => ({ value: t, label: t === 'ALL' ? 'All' : orderStatusLabels[t] })).map((t) => ({
    ...t,
    count: counts.data ? counts.data[t.value].toLocaleString('en-US') : counts.isError ? undefined : <Skeleton width="1.2rem" height="0.8rem" />,
  }));

  const onSort = (e: DataTableStateEvent) => {
    const field = e.sortField ? SORT_COLUMNS[e.sortField] : undefined;
    if (!field) return;
    update({ sort: { field, direction: e.sortOrder === 1 ? 'ASC' : 'DESC' } });
  };

  const onExport = () =>
    startExport.mutate(
      { ...base, ...(tab !== 'ALL' ? { status: tab } : {}), sort: kept.sort.field, sortDirection: kept.sort.direction },
      { onSuccess: (e) => setExportId(e.id) },
    );

  const filtered = tab !== 'ALL' || !!deadline || !!debounced || !isDefaultKept(kept);

  const orderCell = (r: OrderRow) => (
    <div className="cell-title">
      <Link to={pathTo(paths.orders.detail, { orderId: r.id })} className="cell-title-main" onClick={(e) => e.stopPropagation()}>
        #{r.externalOrderId}
      </Link>
      <span className="muted small">{formatDateTime(r.createdAt, timezone)}</span>
    </div>
  );
  const itemsCell = (r: OrderRow) => {
    const first = r.items[0];
    const units = r.items.reduce((n, i) => n + i.quantity, 0);
    return (
      <div className="cell-product">
        <Thumb src={first?.skuImage} />
        <div className="cell-title">
          <span className="cell-title-main">{first ? first.productName : '—'}</span>
          <span className="muted small">
            {[first?.skuName, `${units} unit${units === 1 ? '' : 's'}`, r.items.length > 1 ? `+${r.items.length - 1} more` : null].filter(Boolean).join(' · ')}
          </span>
        </div>
      </div>
    );
  };
  const shopCell = (r: OrderRow) => (
    <div className="cell-title">
      <span>{r.shop.name}</span>
      <span className="muted small">{saleChannelLabels[r.shop.saleChannel]}</span>
    </div>
  );
  const statusCell = (r: OrderRow) => (
    <div className="cell-title">
      <OrderStatusTag status={r.status} />
      {r.marketplaceStatus ? <span className="muted small">{titleCase(r.marketplaceStatus)} on {saleChannelLabels[r.shop.saleChannel]}</span> : null}
    </div>
  );
  const shipByCell = (r: OrderRow) => (
    <div className="cell-ship-by">
      <span>{formatDateTime(r.shipByAt, timezone)}</span>
      <DeadlineFlag order={r} now={now} />
    </div>
  );
  const totalCell = (r: OrderRow) => (
    <div className="cell-title">
      <span>{formatMoney(r.totalAmount)}</span>
      {r.refundAmount > 0 ? <span className="small profit-negative">−{formatMoney(r.refundAmount)} refunded</span> : null}
    </div>
  );

  return (
    <div className="screen">
      <PageHeader
        title="Orders"
        description="Every order of your shops, its deadline and where it stands."
        actions={<Button label="Export CSV" icon="pi pi-download" outlined onClick={onExport} loading={startExport.isPending} data-testid="orders-export" />}
      />
      <Panel flush>
        <FilterTabs tabs={tabs} value={tab} onChange={(v) => setParam('status', v === 'ALL' ? null : v)} label="Order status" testId="order-status-tabs" />
        <div className="filters" role="search" aria-label="Filter orders">
          <SearchBox value={search} onChange={setSearch} placeholder="Order id, buyer, recipient, SKU or product" label="Search orders" testId="orders-search" />
          <MultiSelect
            value={kept.shopIds}
            options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(e) => update({ shopIds: e.value as string[] })}
            placeholder="All shops"
            aria-label="Shops"
            display="comma"
            maxSelectedLabels={2}
            selectedItemsLabel="{0} shops"
            filter
            loading={shops.isPending}
            className="filter-shops"
            data-testid="orders-shops"
          />
          <Dropdown
            value={kept.saleChannel}
            options={CHANNEL_OPTIONS}
            onChange={(e) => update({ saleChannel: (e.value as SaleChannel | null) ?? null, shopIds: [] })}
            placeholder="All channels"
            showClear
            ariaLabel="Sale channel"
            className="filter-status"
            data-testid="orders-channel"
          />
          <DateRangePicker value={kept.range} onChange={(range) => update({ range })} timeZone={timezone} testId="orders-range" />
          {deadline ? (
            <span className="filter-chip" data-testid="orders-deadline">
              <i className={deadline === 'OVERDUE' ? 'pi pi-exclamation-circle' : 'pi pi-clock'} aria-hidden="true" />
              {DEADLINES[deadline]}
              <button type="button" aria-label="Show every deadline" onClick={() => setParam('deadline', null)}>
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            </span>
          ) : null}
          <span className="filters-spacer" />
          {!isDefaultKept(kept) ? <Button label="Clear filters" icon="pi pi-filter-slash" text size="small" onClick={reset} /> : null}
        </div>
        {selected.length > 0 ? (
          <div className="selection-bar" data-testid="selection-bar">
            <span className="selection-bar-count">{selected.length} selected</span>
            <Button
              label="Send to provider"
              icon="pi pi-truck"
              size="small"
              onClick={() => void navigate(sendToProviderPath(selected.map((o) => o.id)))}
              data-testid="bulk-fulfil"
            />
            <Button label="Clear" size="small" text severity="secondary" onClick={() => setSelected([])} />
          </div>
        ) : null}
        {orders.isError ? (
          <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.isPending ? (
          <TableSkeleton columns={SKELETON_COLUMNS} label="Loading orders" testId="orders-loading" />
        ) : (
          <DataTable
            value={orders.data.items}
            dataKey="id"
            {...pagedTableProps}
            first={paging.first}
            rows={paging.pageSize}
            totalRecords={orders.data.pageInfo.totalCount}
            onPage={paging.onPage}
            sortField={COLUMN_OF[kept.sort.field]}
            sortOrder={kept.sort.direction === 'ASC' ? 1 : -1}
            onSort={onSort}
            selectionMode="checkbox"
            selection={selected}
            onSelectionChange={(e) => setSelected(e.value as OrderRow[])}
            onRowClick={(e) => {
              const target = e.originalEvent.target as HTMLElement;
              if (target.closest('a, button, .p-checkbox, .p-selection-column')) return;
              void navigate(pathTo(paths.orders.detail, { orderId: (e.data as OrderRow).id }));
            }}
            rowClassName={(r: OrderRow) => ({ 'row-late': r.isLate, 'row-soon': !r.isLate && r.isDueSoon, 'row-link': true })}
            loading={orders.isFetching && orders.isPlaceholderData}
            emptyMessage={
              <EmptyState icon="pi pi-shopping-cart" title={filtered ? 'No order matches' : 'No orders yet'}>
                {filtered ? 'Try another status, search or range of days.' : 'Orders appear here once a connected shop syncs them.'}
              </EmptyState>
            }
            className="data-table"
            data-testid="orders-table"
            pt={{ table: { 'aria-label': 'Orders' } }}
          >
            <Column selectionMode="multiple" style={{ width: '3rem' }} />
            <Column header="Order" field="createdAt" sortable body={orderCell} style={{ width: '13rem' }} />
            <Column header="Items" body={itemsCell} />
            <Column header="Shop" body={shopCell} style={{ width: '11rem' }} />
            <Column header="Status" body={statusCell} style={{ width: '12rem' }} />
            <Column header="Ship by" field="shipByAt" sortable body={shipByCell} style={{ width: '13rem' }} />
            <Column header="Total" field="totalAmount" sortable body={totalCell} align="right" style={{ width: '9rem' }} />
          </DataTable>
        )}
      </Panel>
      <ExportDialog exportId={exportId} onHide={() => setExportId(null)} />
    </div>
  );
}
