import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { paths } from '@/config/paths';
import { USER_DATA_KEY, setUserPreference } from '@/lib/user-data';
import { checkboxInput, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { KEPT_FILTERS_KEY } from './use-order-filters';

const HOUR = 3_600_000;

function orderRow(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    externalOrderId: `5770${id}`,
    status: 'AWAITING_SHIPMENT',
    marketplaceStatus: 'AWAITING_SHIPMENT',
    totalAmount: 42.5,
    refundAmount: 0,
    createdAt: '2026-03-01T10:00:00Z',
    shipByAt: new Date(Date.now() + 72 * HOUR).toISOString(),
    isLate: false,
    isDueSoon: false,
    recipientName: 'Grace Hopper',
    shop: { id: 'shop-1', name: 'Tees US', saleChannel: 'TIKTOK' },
    items: [{ id: `i-${id}`, productName: 'Classic tee', skuName: 'Black / L', skuImage: null, quantity: 2 }],
    ...extra,
  };
}

const rows = [
  orderRow('o1', { isLate: true, shipByAt: new Date(Date.now() - 5 * HOUR).toISOString() }),
  orderRow('o2', { isDueSoon: true, shipByAt: new Date(Date.now() + 3 * HOUR).toISOString() }),
  orderRow('o3', { status: 'DELIVERED', marketplaceStatus: 'DELIVERED', refundAmount: 10 }),
];

/** Every status, zeros too, as getOrderStatusCounts answers. */
const counts = (n: Record<string, number> = {}) => ({
  getOrderStatusCounts: ['AWAITING_DESIGN', 'AWAITING_FULFILLMENT', 'AWAITING_SHIPMENT', 'CANCELLED', 'COMPLETED', 'DELIVERED', 'FULFILLED', 'IN_TRANSIT', 'REFUNDED'].map((status) => ({
    status,
    count: n[status] ?? 0,
  })),
});

const shops = [
  { id: 'shop-1', name: 'Tees US', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
  { id: 'shop-2', name: 'Mugs US', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
];

const handlers = {
  Orders: () => ok({ getOrders: pageOf(rows, 3) }),
  OrderStatusCounts: () => ok(counts({ AWAITING_SHIPMENT: 2, DELIVERED: 1 })),
  ShopOptions: () => ok({ getShops: { items: shops, pageInfo: { totalCount: 2 } } }),
};

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'America/New_York' };

describe('orders desk', () => {
  it('lists orders with their deadline flags, counts each status tab and filters by tab and search', async () => {
    const app = renderApp(paths.orders.list, { user: admin, handlers });
    const table = await screen.findByTestId('orders-table');
    expect(await within(table).findByText('#5770o1')).toBeInTheDocument();
    expect(within(table).getByTestId('flag-late')).toHaveTextContent('Late · 5 h over');
    expect(within(table).getByTestId('flag-due-soon')).toHaveTextContent('Ship within 3 h');
    expect(within(table).getByText('−$10.00 refunded')).toBeInTheDocument();
    const tabs = screen.getByTestId('order-status-tabs');
    expect(await within(tabs).findByRole('tab', { name: 'Awaiting shipment 2' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'All 3' })).toHaveAttribute('aria-selected', 'true');
    expect(variablesOf(app.api.calls, 'Orders')[0]).toEqual({
      filter: { timezone: 'America/New_York', sort: 'ORDERED_AT', sortDirection: 'DESC', limit: 20, page: 1 },
    });
    // Every tab counts under the same filters, with its own status.
    expect(variablesOf(app.api.calls, 'OrderStatusCounts')[0]).toEqual({ filter: { timezone: 'America/New_York' } });

    const user = userEvent.setup();
    await user.click(within(tabs).getByRole('tab', { name: /Delivered/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'grace');
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'Orders').at(-1)).toEqual({
        filter: { timezone: 'America/New_York', status: 'DELIVERED', search: 'grace', sort: 'ORDERED_AT', sortDirection: 'DESC', limit: 20, page: 1 },
      }),
    );
    expect(app.location()).toBe('/orders?status=DELIVERED');
    // The counts follow the search, not the tab.
    expect(variablesOf(app.api.calls, 'OrderStatusCounts').at(-1)).toEqual({ filter: { timezone: 'America/New_York', search: 'grace' } });
  });

  it('keeps shops, channel, days and sort per user, and sends the days as instants of their timezone', async () => {
    setUserPreference('admin-1', KEPT_FILTERS_KEY, {
      shopIds: ['shop-2'],
      saleChannel: 'TIKTOK',
      range: { preset: 'custom', from: '2026-03-05', to: '2026-03-05' },
      sort: { field: 'SHIP_BY', direction: 'ASC' },
    });
    const app = renderApp(paths.orders.list, { user: admin, handlers });
    await screen.findByTestId('orders-table');
    expect(variablesOf(app.api.calls, 'Orders')[0]).toEqual({
      filter: {
        timezone: 'America/New_York',
        shopIds: ['shop-2'],
        saleChannel: 'TIKTOK',
        from: '2026-03-05T05:00:00.000Z',
        to: '2026-03-06T04:59:59.999Z',
        sort: 'SHIP_BY',
        sortDirection: 'ASC',
        limit: 20,
        page: 1,
      },
    });

    // Sorting by another column is kept too; clearing the filters keeps the sort.
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('orders-table')).getByRole('columnheader', { name: /Total/ }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'Orders').at(-1)).toEqual({
        filter: { timezone: 'America/New_York', sort: 'TOTAL', sortDirection: 'ASC', limit: 20, page: 1 },
      }),
    );
    const stored = JSON.parse(window.localStorage.getItem(USER_DATA_KEY) ?? '{}') as Record<string, Record<string, unknown>>;
    expect(stored['admin-1']?.[KEPT_FILTERS_KEY]).toEqual({ shopIds: [], saleChannel: null, range: { preset: 'all' }, sort: { field: 'TOTAL', direction: 'ASC' } });
  });

  it('does not give one user the filters another kept in the same browser', async () => {
    setUserPreference('admin-1', KEPT_FILTERS_KEY, { shopIds: ['shop-2'], saleChannel: 'TIKTOK', range: { preset: 'last7' } });
    const app = renderApp(paths.orders.list, { user: { id: 'staff-1', role: 'STAFF', timezone: 'UTC' }, handlers });
    await screen.findByTestId('orders-table');
    expect(variablesOf(app.api.calls, 'Orders')[0]).toEqual({ filter: { timezone: 'UTC', sort: 'ORDERED_AT', sortDirection: 'DESC', limit: 20, page: 1 } });
  });

  it('opens with the deadline a dashboard card links to, and drops it on request', async () => {
    const app = renderApp(`${paths.orders.list}?deadline=OVERDUE`, { user: admin, handlers });
    expect(await screen.findByTestId('orders-deadline')).toHaveTextContent('Past ship-by date');
    await waitFor(() => expect(variablesOf(app.api.calls, 'Orders')[0]).toMatchObject({ filter: { deadline: 'OVERDUE' } }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show every deadline' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'Orders').at(-1)).not.toHaveProperty('filter.deadline'));
    expect(app.location()).toBe('/orders');
  });

  it('shows skeletons while the first page loads, not an empty state', async () => {
    renderApp(paths.orders.list, { user: admin, handlers: { ...handlers, Orders: () => new Promise(() => {}), OrderStatusCounts: () => new Promise(() => {}) } });
    expect(await screen.findByTestId('orders-loading')).toBeInTheDocument();
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
    expect(screen.queryByTestId('orders-table')).not.toBeInTheDocument();
  });

  it('says there are no orders yet once the answer is empty', async () => {
    renderApp(paths.orders.list, { user: admin, handlers: { ...handlers, Orders: () => ok({ getOrders: pageOf([], 0) }), OrderStatusCounts: () => ok(counts()) } });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('keeps the selection across pages and sends it to a provider', async () => {
    const many = Array.from({ length: 20 }, (_, i) => orderRow(`p${i}`));
    const app = renderApp(paths.orders.list, {
      user: admin,
      handlers: {
        ...handlers,
        Orders: (v) => {
          const page = (v?.filter as { page: number }).page;
          return ok({ getOrders: pageOf(page === 1 ? many : [orderRow('q1')], 21) });
        },
      },
    });
    const table = await screen.findByTestId('orders-table');
    await within(table).findByText('#5770p0');
    const user = userEvent.setup();
    await user.click(checkboxInput(table, 'All items unselected'));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('20 selected');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table).findByText('#5770q1');
    await waitFor(() => expect(variablesOf(app.api.calls, 'Orders').at(-1)).toMatchObject({ filter: { page: 2 } }));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('20 selected');
    await user.click(within(table).getByText('#5770q1').closest('tr')!.querySelector('input[type="checkbox"]')!);
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('21 selected');
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Send to provider' }));
    await waitFor(() => expect(app.location()).toBe(`/fulfillments/orders/create?orderIds=${[...many.map((o) => o.id), 'q1'].join(',')}`));
  });

  it('exports what is filtered, shows the progress, then the download link', async () => {
    let polls = 0;
    const exp = (status: string, doneRows: number, downloadUrl: string | null = null) => ({
      id: 'exp-1',
      status,
      totalRows: 3,
      doneRows,
      downloadUrl,
      fileName: 'orders-20260301-0500.csv',
      error: null,
      createdAt: '2026-03-01T10:00:00Z',
    });
    const app = renderApp(`${paths.orders.list}?status=DELIVERED`, {
      user: admin,
      handlers: {
        ...handlers,
        ExportOrders: () => ok({ exportOrders: exp('PENDING', 0) }),
        OrderExportStatus: () => {
          polls += 1;
          return ok({ getOrderExport: polls < 2 ? exp('PROCESSING', 1) : exp('SUCCESS', 3, '/exports/exp-1.csv?sig=x') });
        },
      },
    });
    await screen.findByTestId('orders-table');
    await userEvent.setup().click(screen.getByTestId('orders-export'));
    expect(variablesOf(app.api.calls, 'ExportOrders')[0]).toEqual({
      filter: { timezone: 'America/New_York', status: 'DELIVERED', sort: 'ORDERED_AT', sortDirection: 'DESC' },
    });
    expect(await screen.findByTestId('export-progress')).toBeInTheDocument();
    const button = await screen.findByTestId('export-download', {}, { timeout: 8000 });
    expect(button).toHaveTextContent('Download orders-20260301-0500.csv');
    expect(screen.getByTestId('export-done')).toHaveTextContent('3 orders exported.');

    // The file answers only with the token: it is fetched with it and handed over as a download.
    const createObjectURL = vi.fn(() => 'blob:orders');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.setup().click(button);
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const download = app.api.calls.find((c) => c.url === '/exports/exp-1.csv?sig=x');
    expect(download?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalled();
  });
});
