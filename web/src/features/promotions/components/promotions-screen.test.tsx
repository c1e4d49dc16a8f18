import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { checkboxInput, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const HOUR = 3_600_000;
const at = (offsetHours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + offsetHours * HOUR).toISOString();

const admin = { id: 'admin-1', role: 'ADMIN' as const, promotionsEnabled: true, timezone: 'UTC' };
const staff = { id: 'staff-1', role: 'STAFF' as const, promotionsEnabled: true, timezone: 'UTC' };

function promotion(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    activityId: `act-${id}`,
    title: `Weekend flash ${id}`,
    activityType: 'FLASHSALE',
    beginTime: at(2),
    endTime: at(26),
    productLevel: 'PRODUCT',
    status: 'SUCCESS',
    syncShop: { id: 'shop-1', shopName: 'Tees US' },
    failedItemsCount: 0,
    successItemsCount: 12,
    autoRenew: true,
    ...extra,
  };
}

const scheduled = promotion('p1', { failedItemsCount: 2 });
const ongoing = promotion('p2', { beginTime: at(-3), endTime: at(21), autoRenew: false, syncShop: { id: 'shop-2', shopName: 'Mugs EU' } });
const failed = promotion('p3', { activityId: null, status: 'FAILED', successItemsCount: 0, autoRenew: false });

const shops = [
  { id: 'shop-1', name: 'Tees US', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
  { id: 'shop-2', name: 'Mugs EU', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
];

type Handlers = NonNullable<Parameters<typeof renderApp>[1]>['handlers'];

function handlers(extra: Handlers = {}): Handlers {
  return {
    GetTiktokPromotions: () => ok({ getTiktokPromotions: pageOf([scheduled, ongoing, failed], 3) }),
    ShopOptions: () => ok({ getShops: pageOf(shops) }),
    ShopActivities: () => ok({ getTiktokActivities: { activities: [], next_page_token: '', total_count: 0 } }),
    BulkUpdateTiktokPromotion: (v) => ok({ bulkUpdateTiktokPromotion: ((v as { input: { ids: string[] } }).input.ids).length }),
    ...extra,
  };
}

const rowOf = (table: HTMLElement, title: string) => within(table).getByText(title).closest('tr')!;

describe('promotions', () => {
  it('shows a skeleton table, not an empty state, while the promotions load', async () => {
    renderApp(paths.shops.promotions, { user: admin, handlers: handlers({ GetTiktokPromotions: () => new Promise(() => {}) }) });
    expect(await screen.findByTestId('promotions-loading')).toBeInTheDocument();
    expect(screen.queryByText('No promotion yet')).not.toBeInTheDocument();
  });

  it('lists every promotion with its status, window, item counts, auto-renew and next renewal', async () => {
    const app = renderApp(paths.shops.promotions, { user: admin, handlers: handlers() });
    const table = await screen.findByTestId('promotions-table');
    const first = rowOf(table, 'Weekend flash p1');
    expect(first).toHaveTextContent('Tees US');
    expect(first).toHaveTextContent('Scheduled');
    expect(first).toHaveTextContent(formatDateTime(scheduled.beginTime, 'UTC'));
    expect(within(first).getByLabelText('12 added, 2 failed')).toBeInTheDocument();
    // The next window starts where this one ends.
    expect(first).toHaveTextContent(formatDateTime(scheduled.endTime, 'UTC'));
    expect(checkboxInput(first, 'Auto-renew Weekend flash p1 on Tees US')).toBeChecked();
    const second = rowOf(table, 'Weekend flash p2');
    expect(second).toHaveTextContent('Ongoing');
    expect(checkboxInput(second, 'Auto-renew Weekend flash p2 on Mugs EU')).not.toBeChecked();
    expect(rowOf(table, 'Weekend flash p3')).toHaveTextContent('Failed');
    expect(within(rowOf(table, 'Weekend flash p3')).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(variablesOf(app.api.calls, 'GetTiktokPromotions')[0]).toEqual({ filter: { limit: 20, page: 1 } });
    // The marketplace is asked for the status of the activities on the page's shops.
    await waitFor(() => expect(variablesOf(app.api.calls, 'ShopActivities').map((v) => v?.shopId).sort()).toEqual(['shop-1', 'shop-2']));
  });

  it('filters by status, shop, auto-renew and search on the server', async () => {
    const app = renderApp(paths.shops.promotions, { user: admin, handlers: handlers() });
    const user = userEvent.setup();
    await screen.findByTestId('promotions-table');
    await user.click(within(screen.getByTestId('promotions-status')).getByRole('tab', { name: 'Failed' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetTiktokPromotions').at(-1)).toEqual({ filter: { limit: 20, page: 1, status: 'FAILED' } }));
    await user.click(screen.getByTestId('promotions-shop'));
    await user.click(await screen.findByRole('option', { name: 'Mugs EU', hidden: true }));
    await user.click(screen.getByTestId('promotions-auto-renew'));
    await user.click(await screen.findByRole('option', { name: 'Auto-renew on', hidden: true }));
    await user.type(screen.getByRole('searchbox', { name: 'Search promotions' }), 'weekend');
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'GetTiktokPromotions').at(-1)).toEqual({
        filter: { limit: 20, page: 1, status: 'FAILED', shopId: 'shop-2', autoRenew: true, search: 'weekend' },
      }),
    );
  });

  it('turns auto-renew off and on from the row', async () => {
    const app = renderApp(paths.shops.promotions, { user: admin, handlers: handlers() });
    const user = userEvent.setup();
    const table = await screen.findByTestId('promotions-table');
    await user.click(checkboxInput(rowOf(table, 'Weekend flash p1'), 'Auto-renew Weekend flash p1 on Tees US'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkUpdateTiktokPromotion')).toEqual([{ input: { ids: ['p1'], autoRenew: false } }]));
    expect(await screen.findByText('Weekend flash p1 on Tees US will not be renewed.')).toBeInTheDocument();
    await user.click(checkboxInput(rowOf(table, 'Weekend flash p2'), 'Auto-renew Weekend flash p2 on Mugs EU'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkUpdateTiktokPromotion').at(-1)).toEqual({ input: { ids: ['p2'], autoRenew: true } }));
  });

  it('asks before deactivating a promotion on the marketplace', async () => {
    const app = renderApp(paths.shops.promotions, { user: admin, handlers: handlers() });
    const user = userEvent.setup();
    const table = await screen.findByTestId('promotions-table');
    const deactivate = within(rowOf(table, 'Weekend flash p2')).getByRole('button', { name: 'Deactivate Weekend flash p2 on Mugs EU' });
    await user.click(deactivate);
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deactivate Weekend flash p2 on Mugs EU? The flash sale ends on TikTok Shop now');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'BulkUpdateTiktokPromotion')).toEqual([]);
    await user.click(deactivate);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkUpdateTiktokPromotion')).toEqual([{ input: { ids: ['p2'], deactivate: true } }]));
  });

  it('turns auto-renew on and deactivates a selection, the latter after a confirmation', async () => {
    const app = renderApp(paths.shops.promotions, { user: admin, handlers: handlers() });
    const user = userEvent.setup();
    const table = await screen.findByTestId('promotions-table');
    await user.click(checkboxInput(table, 'Row Selected p1'));
    await user.click(checkboxInput(table, 'Row Selected p2'));
    const bar = await screen.findByTestId('selection-bar');
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByTestId('bulk-renew-on'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkUpdateTiktokPromotion')).toEqual([{ input: { ids: ['p1', 'p2'], autoRenew: true } }]));
    expect(await screen.findByText('Auto-renew is on for 2 promotions.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull());

    await user.click(checkboxInput(table, 'Row Selected p1'));
    await user.click(within(await screen.findByTestId('selection-bar')).getByTestId('bulk-deactivate'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deactivate 1 promotion?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate 1' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkUpdateTiktokPromotion').at(-1)).toEqual({ input: { ids: ['p1'], deactivate: true } }));
  });

  it("shows a deactivated activity as the marketplace reports it, and opens a promotion's history and failures", async () => {
    const jobs = [
      { id: 'j1', type: 'promotion.schedule', status: 'SUCCESS', error: null, event: { promotionId: 'p1', shopId: 'shop-1' }, attempts: 1, batchId: 'b1', createdAt: at(-48), updatedAt: at(-48) },
      { id: 'j2', type: 'promotion.renew', status: 'FAILED', error: 'TikTok Shop refused the activity: title already used', event: { promotion_id: 'p1', window: 2 }, attempts: 3, batchId: null, createdAt: at(-24), updatedAt: at(-23) },
      { id: 'j3', type: 'promotion.renew', status: 'SUCCESS', error: null, event: { promotionId: 'p2' }, attempts: 1, batchId: null, createdAt: at(-1), updatedAt: at(-1) },
    ];
    const app = renderApp(paths.shops.promotions, {
      user: admin,
      handlers: handlers({
        ShopActivities: (v) =>
          ok({
            getTiktokActivities: {
              activities: v?.shopId === 'shop-1' ? [{ id: 'act-p1', title: 'Weekend flash p1', status: 'DEACTIVATED', begin_time: 0, end_time: 0, product_level: 'PRODUCT', activity_type: 'FLASHSALE', update_time: 0 }] : [],
              next_page_token: '',
              total_count: 1,
            },
          }),
        PromotionJobs: () => ok({ schedules: { items: jobs.filter((j) => j.type === 'promotion.schedule') }, renewals: { items: jobs.filter((j) => j.type === 'promotion.renew') } }),
      }),
    });
    const user = userEvent.setup();
    const table = await screen.findByTestId('promotions-table');
    await waitFor(() => expect(rowOf(table, 'Weekend flash p1')).toHaveTextContent('Deactivated'));
    // Nothing renews a deactivated sale, and it cannot be deactivated again.
    expect(within(rowOf(table, 'Weekend flash p1')).queryByRole('button', { name: /Deactivate/ })).toBeNull();

    await user.click(within(rowOf(table, 'Weekend flash p1')).getAllByRole('button')[0]!);
    const details = await screen.findByTestId('promotion-details-p1');
    const history = await within(details).findByTestId('promotion-history');
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(history).toHaveTextContent('Renewal');
    expect(history).toHaveTextContent('First schedule');
    expect(within(details).getByTestId('promotion-failures')).toHaveTextContent('TikTok Shop refused the activity: title already used');
    expect(within(details).getByTestId('promotion-next-renewal')).toHaveTextContent('Not renewed');
    expect(variablesOf(app.api.calls, 'PromotionJobs')).toEqual([{ limit: 100 }]);
  });

  it('shows staff the next renewal but not the job history they may not read', async () => {
    const app = renderApp(paths.shops.promotions, { user: staff, handlers: handlers() });
    const user = userEvent.setup();
    const table = await screen.findByTestId('promotions-table');
    await user.click(within(rowOf(table, 'Weekend flash p1')).getAllByRole('button')[0]!);
    const details = await screen.findByTestId('promotion-details-p1');
    expect(within(details).getByTestId('promotion-next-renewal')).toHaveTextContent(formatDateTime(scheduled.endTime, 'UTC'));
    expect(details).toHaveTextContent('Your admins can see each schedule and renewal run here.');
    expect(variablesOf(app.api.calls, 'PromotionJobs')).toEqual([]);
  });
});
