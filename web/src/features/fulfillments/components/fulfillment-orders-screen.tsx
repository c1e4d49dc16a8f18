import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { TableSkeleton } from '@/components/ui/skeletons';
import { pathTo, paths } from '@/config/paths';
import type { FulfillmentOrderSortField, FulfillmentOrderStatus } from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { useDebounced } from '@/lib/use-debounced';
import { useFulfillmentOrders, type FulfillmentOrderRow } from '../api/fulfillment-orders';
import { useProviderOptions } from '../api/providers';
import { FULFILLMENT_STATUSES, FulfillmentStatusTag, accountLabel, fulfillmentStatusLabels, providerStatusText, shortId } from './labels';
import { TrackingLink } from './tracking-link';
import { toFulfillmentFilter, useKeptFulfillmentFilters } from './use-fulfillment-filters';

type Tab = FulfillmentOrderStatus | 'ALL';

const SORT_COLUMNS: Record<string, FulfillmentOrderSortField> = { createdAt: 'CREATED_AT', updatedAt: 'UPDATED_AT', totalAmount: 'TOTAL' };
const COLUMN_OF: Record<FulfillmentOrderSortField, string> = { CREATED_AT: 'createdAt', UPDATED_AT: 'updatedAt', TOTAL: 'totalAmount' };

const SKELETON_COLUMNS = [{ header: 'Fulfilment' }, { header: 'Order' }, { header: 'Provider' }, { header: 'Recipient' }, { header: 'Status' }, { header: 'Tracking' }, { header: 'Cost' }];

const isStatus = (v: string | null): v is FulfillmentOrderStatus => v !== null && v in fulfillmentStatusLabels;

/**
 * Every order sent to a provider: status tabs, provider and search filters (the provider and the
 * sort kept per user), server-side sorting and paging, tracking links and the marketplace order
 * each one fulfils.
 */
export function FulfillmentOrdersScreen() {
  const timezone = useTimezone();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const tab: Tab = isStatus(statusParam) ? statusParam : 'ALL';
  // A link may open the list on a search (an order's page links here with its number).
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const debounced = useDebounced(search.trim());
  const { filters: kept, update } = useKeptFulfillmentFilters();
  const providers = useProviderOptions();
  // A kept account that is gone no longer filters.
  const providerId = kept.providerId && providers.data && !providers.data.some((p) => p.id === kept.providerId) ? null : kept.providerId;
  const effective = useMemo(() => ({ ...kept, providerId }), [kept, providerId]);
  const moment = useMemo(() => ({ status: tab === 'ALL' ? null : tab, search: debounced }), [tab, debounced]);
  const paging = usePaging('fulfillments.pageSize', [effective.providerId, moment]);
  const orders = useFulfillmentOrders(toFulfillmentFilter(effective, moment, { limit: paging.pageSize, page: paging.page }));

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

  const onSearch = (value: string) => {
    setSearch(value);
    if (params.has('search')) setParam('search', null);
  };

  const onSort = (e: DataTableStateEvent) => {
    const field = e.sortField ? SORT_COLUMNS[e.sortField] : undefined;
    if (field) update({ sort: { field, direction: e.sortOrder === 1 ? 'ASC' : 'DESC' } });
  };

  const filtered = tab !== 'ALL' || !!debounced || !!providerId;

  const idCell = (r: FulfillmentOrderRow) => (
    <div className="cell-title">
      <Link to={pathTo(paths.fulfillments.orderDetail, { orderId: r.id })} className="cell-title-main" onClick={(e) => e.stopPropagation()}>
        {shortId(r.id)}
      </Link>
      <span className="muted small">{formatDateTime(r.createdAt, timezone)}</span>
    </div>
  );
  const orderCell = (r: FulfillmentOrderRow) =>
    r.order ? (
      <div className="cell-title">
        <Link to={pathTo(paths.orders.detail, { orderId: r.order.id })} className="cell-title-main" onClick={(e) => e.stopPropagation()}>
          #{r.order.externalOrderId}
        </Link>
        <span className="muted small">{r.order.shop?.name ?? '—'}</span>
      </div>
    ) : (
      <div className="cell-title">
        <span className="cell-title-main">{r.refOrderId ? `Ref ${r.refOrderId}` : '—'}</span>
        <span className="muted small">Entered by hand</span>
      </div>
    );
  const providerCell = (r: FulfillmentOrderRow) => (
    <div className="cell-title">
      <span>{accountLabel(r.provider)}</span>
      <span className="muted small">{r.externalId ? `#${r.externalId}` : 'Not yet accepted'}</span>
    </div>
  );
  const recipientCell = (r: FulfillmentOrderRow) => {
    const units = r.items.reduce((n, i) => n + i.quantity, 0);
    return (
      <div className="cell-title">
        <span>{r.shippingName}</span>
        <span className="muted small">
          {[r.shippingCity, r.shippingRegionCode].filter(Boolean).join(', ')} · {units} unit{units === 1 ? '' : 's'}
        </span>
      </div>
    );
  };
  const statusCell = (r: FulfillmentOrderRow) => (
    <div className="cell-title">
      <FulfillmentStatusTag status={r.status} />
      {r.providerStatus ? <span className="muted small">{providerStatusText(r.providerStatus)} at the provider</span> : null}
      {r.error ? (
        <span className="small profit-negative" data-testid="row-error">
          {r.error}
        </span>
      ) : null}
    </div>
  );

  const emptyState = filtered ? (
    <EmptyState icon="pi pi-truck" title="No fulfilment order matches">
      Try another status, provider or search.
    </EmptyState>
  ) : (
    <EmptyState
      icon="pi pi-truck"
      title="Nothing sent to a provider yet"
      action={
        <div className="row-gap">
          <Button label="Pick orders to send" icon="pi pi-shopping-cart" onClick={() => navigate(`${paths.orders.list}?status=AWAITING_FULFILLMENT`)} />
          <Button label="Enter one by hand" icon="pi pi-pencil" outlined onClick={() => navigate(paths.fulfillments.ordersCreate)} />
        </div>
      }
    >
      Select orders on the order desk and send them to a provider: they are listed here with their status and tracking.
    </EmptyState>
  );

  return (
    <div className="screen">
      <PageHeader
        title="Fulfilment orders"
        description="Orders sent to your print-on-demand providers, their status and tracking."
        actions={<Button label="New fulfilment order" icon="pi pi-plus" onClick={() => navigate(paths.fulfillments.ordersCreate)} data-testid="new-fulfillment" />}
      />
      <Panel flush>
        <FilterTabs
          tabs={(['ALL', ...FULFILLMENT_STATUSES] as Tab[]).map((t) => ({ value: t, label: t === 'ALL' ? 'All' : fulfillmentStatusLabels[t] }))}
          value={tab}
          onChange={(v) => setParam('status', v === 'ALL' ? null : v)}
          label="Fulfilment status"
          testId="fulfillment-status-tabs"
        />
        <div className="filters" role="search" aria-label="Filter fulfilment orders">
          <SearchBox value={search} onChange={onSearch} placeholder="Order number, provider id, recipient or tracking" label="Search fulfilment orders" testId="fulfillments-search" />
          <Dropdown
            value={providerId}
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: accountLabel(p) }))}
            onChange={(e) => update({ providerId: (e.value as string | null) ?? null })}
            placeholder="All providers"
            showClear
            ariaLabel="Provider"
            loading={providers.isPending}
            className="filter-status"
            data-testid="fulfillments-provider"
          />
        </div>
        {orders.isError ? (
          <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.isPending ? (
          <TableSkeleton columns={SKELETON_COLUMNS} label="Loading fulfilment orders" testId="fulfillments-loading" />
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
            onRowClick={(e) => {
              if ((e.originalEvent.target as HTMLElement).closest('a, button')) return;
              void navigate(pathTo(paths.fulfillments.orderDetail, { orderId: (e.data as FulfillmentOrderRow).id }));
            }}
            rowClassName={() => 'row-link'}
            loading={orders.isFetching && orders.isPlaceholderData}
            emptyMessage={emptyState}
            className="data-table"
            data-testid="fulfillments-table"
            pt={{ table: { 'aria-label': 'Fulfilment orders' } }}
          >
            <Column header="Fulfilment" field="createdAt" sortable body={idCell} style={{ width: '12rem' }} />
            <Column header="Order" body={orderCell} style={{ width: '12rem' }} />
            <Column header="Provider" body={providerCell} />
            <Column header="Recipient" body={recipientCell} />
            <Column header="Status" body={statusCell} style={{ width: '13rem' }} />
            <Column header="Tracking" body={(r: FulfillmentOrderRow) => <TrackingLink number={r.trackingNumber} url={r.trackingUrl} carrier={r.trackingCompany} />} style={{ width: '12rem' }} />
            <Column header="Cost" field="totalAmount" sortable body={(r: FulfillmentOrderRow) => formatMoney(r.totalAmount)} align="right" style={{ width: '8rem' }} />
            <Column header="Updated" field="updatedAt" sortable body={(r: FulfillmentOrderRow) => formatDateTime(r.updatedAt, timezone)} style={{ width: '12rem' }} />
          </DataTable>
        )}
      </Panel>
    </div>
  );
}
