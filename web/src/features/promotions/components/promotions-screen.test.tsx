import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { checkboxInput, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const HOUR = 3_600_000;
const at = (offsetHours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + offsetHours * HOUR).toISOString();

const admin = { id: 'admin-1', role: 'ADMIN' as const, promotionsEnabled: true, timezone: 'UTC' };

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
    activityStatus: 'NOT_START',
    nextRenewalAt: at(25),
    error: null,
    discount: 20,
    duration: 24,
    deactivatedAt: null,
    createdAt: at(-1),
    ...extra,
  };
}

const scheduled = promotion('p1', { failedItemsCount: 2 });
const ongoing = promotion('p2', { beginTime: at(-3), endTime: at(21), autoRenew: false, activityStatus: 'ONGOING', nextRenewalAt: null, syncShop: { id: 'shop-2', shopName: 'Mugs EU' } });
const failed = promotion('p3', {
  activityId: null,
  status: 'FAILED',
  successItemsCount: 0,
  autoRenew: false,
  activityStatus: null,
  nextRenewalAt: null,
  error: 'TikTok Shop refused the activity: the title is already used',
});

const shops = [
  { id: 'shop-1', name: 'Tees US', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
  { id: 'shop-2', name: 'Mugs EU', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
];

type Handlers = NonNullable<Parameters<typeof renderApp>[1]>['handlers'];

function handlers(extra: Handlers = {}): Handlers {
  return {
    GetTiktokPromotions: () => ok({ getTiktokPromotions: pageOf([scheduled, ongoing, failed], 3) }),
    ShopOptions: () => ok({ getShops: pageOf(shops) }),
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
    expect(first).toHaveTextContent(`until ${formatDateTime(scheduled.endTime, 'UTC')}`);
    expect(within(first).getByLabelText('12 added, 2 failed')).toBeInTheDocument();
    expect(first).toHaveTextContent(formatDateTime(scheduled.nextRenewalAt, 'UTC'));
    expect(first).toHaveTextContent(/in 2[45] h/);
    expect(checkboxInput(first, 'Auto-renew Weekend flash p1 on Tees US')).toBeChecked();
    const second = rowOf(table, 'Weekend flash p2');
    expect(second).toHaveTextContent('Ongoing');
    expect(checkboxInput(second, 'Auto-renew Weekend flash p2 on Mugs EU')).not.toBeChecked();
    const third = rowOf(table, 'Weekend flash p3');
    expect(third).toHaveTextContent('Failed');
    expect(third).toHaveTextContent('TikTok Shop refused the activity: the title is already used');
    expect(within(third).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(variablesOf(app.api.calls, 'GetTiktokPromotions')[0]).toEqual({ filter: { limit: 20, page: 1, sort: 'BEGIN_TIME', sortDirection: 'DESC' } });
  });

  it('filters by status, shop, auto-renew and search, and sorts, on the server', async () => {
    const app = renderApp(paths.shops.promotions, { user: admin, handlers: handlers() });
    const user = userEvent.setup();
    await screen.findByTestId('promotions-table');
    await user.click(within(screen.getByTestId('promotions-status')).getByRole('tab', { name: 'Failed' }));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'GetTiktokPromotions').at(-1)).toEqual({ filter: { limit: 20, page: 1, status: 'FAILED', sort: 'BEGIN_TIME', sortDirection: 'DESC' } }),
    );
    await user.click(screen.getByTestId('promotions-shop'));
    await user.click(await screen.findByRole('option', { name: 'Mugs EU', hidden: true }));
    await user.click(screen.getByTestId('promotions-auto-renew'));
    await user.click(await screen.findByRole('option', { name: 'Auto-renew on', hidden: true }));
    await user.type(screen.getByRole('searchbox', { name: 'Search promotions' }), 'weekend');
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'GetTiktokPromotions').at(-1)).toEqual({
        filter: { limit: 20, page: 1, status: 'FAILED', shopId: 'shop-2', autoRenew: true, search: 'weekend', sort: 'BEGIN_TIME', sortDirection: 'DESC' },
      }),
    );
    await user.click(screen.getByRole('columnheader', { name: /Next renewal/ }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetTiktokPromotions').at(-1)).toMatchObject({ filter: { sort: 'NEXT_RENEWAL_AT', sortDirection: 'ASC' } }));
    await user.click(screen.getByRole('columnheader', { name: /Next renewal/ }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetTiktokPromotions').at(-1)).toMatchObject({ filter: { sort: 'NEXT_RENEWAL_AT', sortDirection: 'DESC' } }));
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

  it("shows a deactivated promotion as such, and opens a promotion's renewal history with each window's failures", async () => {
    const window = (seq: number, extra: Record<string, unknown> = {}) => ({
      id: `w${seq}`,
      seq,
      title: `Weekend flash p1 #${seq}`,
      beginTime: at(-48 + (seq - 1) * 24),
      endTime: at(-24 + (seq - 1) * 24),
      activityId: `act-${seq}`,
      activityStatus: 'EXPIRED',
      status: 'SUCCESS',
      error: null,
      successItemsCount: 12,
      failedItemsCount: 0,
      droppedItemsCount: 0,
      createdAt: at(-50 + (seq - 1) * 24),
      failedItems: [],
      ...extra,
    });
    const windows = [
      window(1),
      window(2, {
        activityStatus: 'DEACTIVATED',
        successItemsCount: 10,
        failedItemsCount: 1,
        droppedItemsCount: 1,
        failedItems: [
          { id: 'i1', productId: 'prod-1', externalProductId: '1729', title: 'Retro Sunset Graphic Tee', activityPrice: 15.99, status: 'FAILED', reason: 'The product is in another flash sale at that time' },
          { id: 'i2', productId: null, externalProductId: '1730', title: null, activityPrice: null, status: 'DROPPED', reason: 'Out of stock' },
        ],
      }),
    ];
    const app = renderApp(paths.shops.promotions, {
      user: admin,
      handlers: handlers({
        GetTiktokPromotions: () => ok({ getTiktokPromotions: pageOf([{ ...scheduled, deactivatedAt: at(-1), autoRenew: false, nextRenewalAt: null }, ongoing], 2) }),
        PromotionHistory: () => ok({ getTiktokPromotions: { items: [{ id: 'p1-older', windows: [window(1, { id: 'other' })] }, { id: 'p1', windows }] } }),
      }),
    });
    const user = userEvent.setup();
    const table = await screen.findByTestId('promotions-table');
    const first = rowOf(table, 'Weekend flash p1');
    expect(first).toHaveTextContent('Deactivated');
    // Nothing renews a deactivated sale, and it cannot be deactivated again.
    expect(within(first).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(checkboxInput(first, 'Auto-renew Weekend flash p1 on Tees US')).toBeDisabled();

    await user.click(within(first).getAllByRole('button')[0]!);
    const details = await screen.findByTestId('promotion-details-p1');
    expect(within(details).getByTestId('promotion-next-renewal')).toHaveTextContent('Never: the promotion was deactivated');
    const history = await within(details).findByTestId('promotion-history');
    // Newest first.
    expect(within(history).getAllByRole('listitem', { hidden: false }).filter((li) => li.dataset.testid?.startsWith('window-')).map((li) => li.dataset.testid)).toEqual([
      'window-2',
      'window-1',
    ]);
    expect(within(history).getByTestId('window-2')).toHaveTextContent('Renewal 1');
    expect(within(history).getByTestId('window-2')).toHaveTextContent('10 products in the sale, 1 refused, 1 left out');
    const failures = within(history).getByTestId('window-2-failures');
    expect(failures).toHaveTextContent('Retro Sunset Graphic Tee');
    expect(failures).toHaveTextContent('The product is in another flash sale at that time');
    expect(failures).toHaveTextContent('Refused at $15.99');
    expect(failures).toHaveTextContent('1730');
    expect(failures).toHaveTextContent('Out of stock');
    expect(within(history).getByTestId('window-1')).toHaveTextContent('First');
    expect(within(history).queryByTestId('window-1-failures')).toBeNull();
    expect(variablesOf(app.api.calls, 'PromotionHistory')).toEqual([{ filter: { shopId: 'shop-1', search: 'Weekend flash p1', limit: 100, page: 1 } }]);
  });
});
