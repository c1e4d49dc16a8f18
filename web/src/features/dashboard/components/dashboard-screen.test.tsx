import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { setUserPreference } from '@/lib/user-data';
import { ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { fillDays } from './orders-chart';

// recharts measures its container; jsdom has no layout.
class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => {
  if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { writable: true, value: FakeResizeObserver });
});

const handlers = {
  DashboardSummary: () => ok({ getOrderSummary: { totalOrders: 1234, revenueEstimate: 5000.5, ffTotalAmount: 800, totalRefund: 45, totalNetAmount: 3100.25 } }),
  DashboardNeedAction: () => ok({ getOrderNeedAction: { orderNeedIn24h: 7, orderOverDate: 3 } }),
  DashboardSoldProducts: () =>
    ok({ getSoldProducts: [{ totalSold: 40, sellerProductId: 'p1', productName: 'Classic tee', productImage: null }, { totalSold: 12, sellerProductId: null, productName: 'Mug', productImage: null }] }),
  DashboardDayStats: () => ok({ getOrderStats: [{ date: '2026-03-04', orders: 3, revenue: 120, net: 90 }] }),
  DashboardFailedJobs: () =>
    ok({ getEventHistories: pageOf([{ id: 'j1', type: 'listing.publish', error: 'TikTok refused the category', attempts: 3, updatedAt: '2026-03-04T10:00:00Z' }]) }),
};

describe('dashboard', () => {
  it('shows the summary of the kept days, what needs action, the top products and the chart', async () => {
    setUserPreference('admin-1', 'dashboard.range', { preset: 'custom', from: '2026-03-01', to: '2026-03-07' });
    const app = renderApp(paths.dashboard, { user: { id: 'admin-1', role: 'ADMIN', timezone: 'Asia/Ho_Chi_Minh' }, handlers });
    const summary = await screen.findByTestId('order-summary');
    await within(summary).findByText('1,234');
    expect(summary).toHaveTextContent('$5,000.50');
    expect(summary).toHaveTextContent('$3,100.25');
    // The days are those of the user's zone (UTC+7), sent as instants, with the zone for the chart.
    const filter = { timezone: 'Asia/Ho_Chi_Minh', from: '2026-02-28T17:00:00.000Z', to: '2026-03-07T16:59:59.999Z' };
    expect(variablesOf(app.api.calls, 'DashboardSummary')[0]).toEqual({ filter });
    expect(variablesOf(app.api.calls, 'DashboardDayStats')[0]).toEqual({ filter });
    expect(variablesOf(app.api.calls, 'DashboardSoldProducts')[0]).toEqual({ filter: { ...filter, limit: 6, page: 1 } });

    expect(await screen.findByTestId('need-due-soon')).toHaveTextContent('7');
    expect(screen.getByTestId('need-due-soon')).toHaveAttribute('href', '/orders?deadline=DUE_SOON');
    expect(screen.getByTestId('need-overdue')).toHaveAttribute('href', '/orders?deadline=OVERDUE');
    expect(await screen.findByTestId('sold-products')).toHaveTextContent('Classic tee40');
    expect(await screen.findByTestId('orders-chart')).toHaveAttribute('aria-label', 'Orders and sales per day, 7 days');
    expect(await screen.findByTestId('failed-jobs')).toHaveTextContent('TikTok refused the category');

    await userEvent.setup().click(screen.getByTestId('need-overdue'));
    await waitFor(() => expect(app.location()).toBe('/orders?deadline=OVERDUE'));
  });

  it('shows no failed jobs to STAFF', async () => {
    const app = renderApp(paths.dashboard, { user: { id: 'staff-1', role: 'STAFF' }, handlers });
    await within(await screen.findByTestId('order-summary')).findByText('1,234');
    expect(screen.queryByText('Last failed jobs')).not.toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'DashboardFailedJobs')).toEqual([]);
  });

  it('shows skeletons, not dashes or zeros, while the figures load', async () => {
    const never = () => new Promise<never>(() => {});
    renderApp(paths.dashboard, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: { DashboardSummary: never, DashboardNeedAction: never, DashboardSoldProducts: never, DashboardDayStats: never, DashboardFailedJobs: never },
    });
    const summary = await screen.findByTestId('order-summary');
    expect(summary.querySelectorAll('.p-skeleton').length).toBe(5);
    expect(summary).not.toHaveTextContent('—');
    expect(screen.queryByText('Nothing sold in these days')).not.toBeInTheDocument();
  });

  it('fills the days the chart lacks with zeros, in the order of the days', () => {
    expect(fillDays([{ date: '2026-03-03', orders: 2, sales: 30 }], '2026-03-02', '2026-03-04')).toEqual([
      { date: '2026-03-02', orders: 0, sales: 0 },
      { date: '2026-03-03', orders: 2, sales: 30 },
      { date: '2026-03-04', orders: 0, sales: 0 },
    ]);
  });
});
