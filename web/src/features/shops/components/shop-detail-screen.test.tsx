import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listOnShopPath, pathTo, paths } from '@/config/paths';
import { checkboxInput, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const shop = {
  id: 'shop-1',
  name: 'Tees US',
  saleChannel: 'TIKTOK',
  targetMarket: 'US',
  commissionRate: 6,
  status: 'LIVE',
  connection: 'CONNECTED',
  createdAt: '2026-02-01T10:00:00Z',
  lastSyncedAt: '2026-03-01T09:30:00Z',
  assignedUserIds: [],
  warehouseCount: 1,
};
const listing = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  brandName: null,
  categoryName: 'T-shirts',
  liveStatus: 'LIVE',
  errorMessages: [],
  updatedAt: '2026-03-01T10:00:00Z',
  externalId: `17290${id}`,
  shopId: 'shop-1',
  shopName: 'Tees US',
  product: { id: `p-${id}`, name, status: 'PUBLISHED', images: [] },
  ...extra,
});
const handlers = {
  GetShop: () => ok({ getShop: shop }),
  GetWarehouses: () => ok({ getWarehouses: [{ id: 'w1', externalId: '7000001', name: 'Tees US Main Warehouse', isDefault: true, additionalData: null }] }),
  GetShopProducts: () =>
    ok({ getShopProducts: pageOf([listing('sp1', 'Classic tee'), listing('sp2', 'Hoodie', { liveStatus: 'PENDING', errorMessages: ['Size chart is required'] })], 2) }),
  BulkRemoveShopProduct: () => ok({ bulkRemoveShopProduct: { batchId: 'b-rm', queued: 2 } }),
  RemoveShopProduct: () => ok({ removeShopProduct: true }),
  SyncWarehouse: () => ok({ syncWarehouse: { batchId: 'b-wh', queued: 1 } }),
  JobBatchProgress: (v: Record<string, unknown> | undefined) =>
    ok({ getJobBatch: { id: v?.id, type: 'x', total: 2, pending: 0, processing: 0, succeeded: 2, failed: 0, createdAt: '2026-03-01T10:00:00Z', nextRunAt: null, failures: [] } }),
};

describe('shop detail', () => {
  it('shows details, last sync, warehouses and the listings with their errors', async () => {
    renderApp(pathTo(paths.shops.detail, { shopId: 'shop-1' }), { user: { id: 'admin-1', role: 'ADMIN', timezone: 'UTC' }, handlers });
    expect(await screen.findByRole('heading', { name: 'Tees US' })).toBeInTheDocument();
    expect(screen.getByTestId('shop-last-sync')).toHaveTextContent('Mar 01, 2026, 09:30:00');
    expect(await within(await screen.findByTestId('warehouses-table')).findByText('Tees US Main Warehouse')).toBeInTheDocument();
    const table = await screen.findByTestId('shop-products-table');
    expect(await within(table).findByText('Hoodie')).toBeInTheDocument();
    expect(within(table).getByText('Size chart is required')).toBeInTheDocument();
  });

  it('filters the listings by every status of the contract and by search', async () => {
    const app = renderApp(pathTo(paths.shops.detail, { shopId: 'shop-1' }), { user: { id: 'admin-1', role: 'ADMIN' }, handlers });
    const tabs = await screen.findByTestId('shop-product-status');
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'Active',
      'Draft',
      'Pending',
      'Failed',
      'Frozen',
      'Deactivated by seller',
      'Deactivated by platform',
      'Deleted',
    ]);
    const user = userEvent.setup();
    await user.click(within(tabs).getByRole('tab', { name: 'Failed' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetShopProducts').at(-1)).toEqual({ shopId: 'shop-1', filter: { limit: 20, page: 1, status: 'FAILED' } }));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'tee');
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'GetShopProducts').at(-1)).toEqual({ shopId: 'shop-1', filter: { limit: 20, page: 1, status: 'FAILED', search: 'tee' } }),
    );
  });

  it('removes selected listings in bulk after confirmation and follows the batch', async () => {
    const app = renderApp(pathTo(paths.shops.detail, { shopId: 'shop-1' }), { user: { id: 'staff-1', role: 'STAFF' }, handlers });
    const table = await screen.findByTestId('shop-products-table');
    await within(table).findByText('Hoodie');
    const user = userEvent.setup();
    await user.click(checkboxInput(table, 'Row Selected sp1'));
    await user.click(checkboxInput(table, 'Row Selected sp2'));
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Remove from shop' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove 2 products from Tees US?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'BulkRemoveShopProduct')).toEqual([]);

    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Remove from shop' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkRemoveShopProduct')).toEqual([{ shopId: 'shop-1', shopProductIds: ['sp1', 'sp2'] }]));
    expect(await screen.findByTestId('bulk-progress')).toHaveTextContent('Removing 2 products from Tees US');
  });

  it('syncs the warehouses with progress', async () => {
    const app = renderApp(pathTo(paths.shops.detail, { shopId: 'shop-1' }), { user: { id: 'admin-1', role: 'ADMIN' }, handlers });
    await userEvent.setup().click(await screen.findByTestId('sync-warehouses'));
    expect(await screen.findByTestId('bulk-progress')).toHaveTextContent('Syncing the warehouses of Tees US');
    expect(variablesOf(app.api.calls, 'SyncWarehouse')).toEqual([{ id: 'shop-1' }]);
  });

  it("shows an Amazon shop with its channel's actions: no warehouses, no TikTok look-ups, its listings", async () => {
    const amazon = { ...shop, id: 'shop-a', name: 'Tees Amazon', saleChannel: 'AMAZON', warehouseCount: 0, connection: 'OPEN' };
    const app = renderApp(pathTo(paths.shops.detail, { shopId: 'shop-a' }), {
      user: { id: 'admin-1', role: 'ADMIN', timezone: 'UTC', promotionsEnabled: true },
      handlers: { ...handlers, GetShop: () => ok({ getShop: amazon }) },
    });
    expect(await screen.findByRole('heading', { name: 'Tees Amazon' })).toBeInTheDocument();
    expect(screen.getByText('Amazon · US')).toBeInTheDocument();
    expect(screen.getByTestId('list-products')).toHaveAttribute('href', listOnShopPath('shop-a'));
    expect(screen.getByTestId('reconnect-shop')).toBeInTheDocument();
    for (const name of ['Sync now', 'Edit', 'Assign staff', 'Remove']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(await within(await screen.findByTestId('shop-products-table')).findByText('Hoodie')).toBeInTheDocument();
    expect(screen.queryByTestId('warehouses-table')).toBeNull();
    expect(screen.queryByTestId('marketplace-products')).toBeNull();
    expect(screen.queryByTestId('shop-promotions')).toBeNull();
    expect(within(screen.getByTestId('shop-details')).queryByText('Warehouses')).toBeNull();
    expect(variablesOf(app.api.calls, 'GetWarehouses')).toEqual([]);
    expect(variablesOf(app.api.calls, 'GetShopProducts')[0]).toEqual({ shopId: 'shop-a', filter: { limit: 20, page: 1, status: 'ALL' } });
  });

  it('keeps the TikTok look-ups and promotions on a TikTok shop', async () => {
    renderApp(pathTo(paths.shops.detail, { shopId: 'shop-1' }), { user: { id: 'admin-1', role: 'ADMIN', promotionsEnabled: true }, handlers });
    expect(await screen.findByTestId('marketplace-products')).toHaveAttribute('href', paths.shops.tiktokProducts);
    expect(screen.getByTestId('shop-promotions')).toHaveAttribute('href', paths.shops.promotions);
    expect(await screen.findByTestId('warehouses-table')).toBeInTheDocument();
    expect(screen.queryByTestId('reconnect-shop')).toBeNull();
  });
});
