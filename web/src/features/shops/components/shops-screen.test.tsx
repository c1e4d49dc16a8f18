import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listOnShopPath, pathTo, paths } from '@/config/paths';
import { browser } from '@/lib/browser';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const shop = (id: string, name: string, saleChannel: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  saleChannel,
  targetMarket: 'US',
  commissionRate: 15,
  status: 'LIVE',
  connection: 'CONNECTED',
  createdAt: '2026-02-01T10:00:00Z',
  lastSyncedAt: '2026-03-01T09:30:00Z',
  assignedUserIds: [],
  warehouseCount: saleChannel === 'TIKTOK' ? 2 : 0,
  ...extra,
});
const tiktok = shop('shop-t', 'Tees TikTok', 'TIKTOK', { commissionRate: 6 });
const amazon = shop('shop-a', 'Tees Amazon', 'AMAZON');
const walmart = shop('shop-w', 'Tees Walmart', 'WALMART', { connection: 'OPEN' });
const allShops = () => ok({ getShops: pageOf([tiktok, amazon, walmart], 3) });
const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC', promotionsEnabled: true };
const staffUser = { id: 'staff-1', role: 'STAFF' as const, timezone: 'UTC' };

const row = (table: HTMLElement, name: string) => within(table).getByRole('link', { name }).closest('tr') as HTMLElement;

describe('shops of every channel', () => {
  it("lists every channel's shops, each with its channel's actions only", async () => {
    const app = renderApp(paths.shop, { user: admin, handlers: { GetShops: allShops } });
    const table = await screen.findByTestId('shops-table');
    await within(table).findByRole('link', { name: 'Tees Amazon' });
    expect(variablesOf(app.api.calls, 'GetShops')[0]).toEqual({ filter: { limit: 20, page: 1 } });

    // Every channel: sync, list products on it, edit, staff, remove.
    for (const s of [tiktok, amazon, walmart]) {
      const r = row(table, s.name);
      for (const name of [`Sync ${s.name}`, `Edit ${s.name}`, `Assign staff to ${s.name}`, `Remove ${s.name}`]) {
        expect(within(r).getByRole('button', { name })).toBeInTheDocument();
      }
      expect(within(r).getByRole('button', { name: `List products on ${s.name}` })).toBeInTheDocument();
      expect(within(r).getByRole('link', { name: s.name })).toHaveAttribute('href', pathTo(paths.shops.detail, { shopId: s.id }));
    }
    // TikTok's marketplace look-ups and promotions stay on TikTok's row.
    const t = row(table, 'Tees TikTok');
    expect(within(t).getByRole('button', { name: 'Products of Tees TikTok on TikTok Shop' })).toBeInTheDocument();
    expect(within(t).getByRole('button', { name: 'Promotions of Tees TikTok' })).toBeInTheDocument();
    expect(within(t).getByText('2')).toBeInTheDocument();
    for (const s of [amazon, walmart]) {
      const r = row(table, s.name);
      expect(within(r).queryByRole('button', { name: /on TikTok Shop|Promotions/ })).toBeNull();
      // The shop's name links to its page, once.
      expect(within(r).getAllByRole('link')).toHaveLength(1);
      // No warehouses are read from Amazon or Walmart: a dash, not a misleading 0.
      expect(within(r).queryByText('0')).toBeNull();
    }
    // Only the shop whose grant is gone offers to connect it again.
    expect(within(row(table, 'Tees Walmart')).getByRole('button', { name: 'Reconnect Tees Walmart' })).toBeInTheDocument();
    expect(within(t).queryByRole('button', { name: /Reconnect/ })).toBeNull();
    expect(within(row(table, 'Tees Amazon')).queryByRole('button', { name: /Reconnect/ })).toBeNull();
  });

  it("opens the catalogue ready to list on a shop, and TikTok's look-ups from a TikTok row", async () => {
    const app = renderApp(paths.shop, { user: admin, handlers: { GetShops: allShops, GetProducts: () => new Promise(() => {}), ShopOptions: () => new Promise(() => {}) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'List products on Tees Amazon' }));
    await waitFor(() => expect(app.location()).toBe(listOnShopPath('shop-a')));
    await act(() => app.router.navigate(paths.shop));
    await user.click(await screen.findByRole('button', { name: 'Products of Tees TikTok on TikTok Shop' }));
    await waitFor(() => expect(app.location()).toBe(paths.shops.tiktokProducts));
  });

  it('filters by channel and search, and pages from the first page again', async () => {
    const app = renderApp(paths.shop, { user: admin, handlers: { GetShops: allShops } });
    const tabs = await screen.findByTestId('shops-channel');
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['All channels', 'TikTok Shop', 'Amazon', 'Walmart']);
    const user = userEvent.setup();
    await user.click(within(tabs).getByRole('tab', { name: 'Amazon' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetShops').at(-1)).toEqual({ filter: { limit: 20, page: 1, saleChannel: 'AMAZON' } }));
    await user.type(screen.getByRole('searchbox', { name: 'Search shops' }), 'tees');
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetShops').at(-1)).toEqual({ filter: { limit: 20, page: 1, saleChannel: 'AMAZON', search: 'tees' } }));
    await user.click(within(tabs).getByRole('tab', { name: 'All channels' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetShops').at(-1)).toEqual({ filter: { limit: 20, page: 1, search: 'tees' } }));
  });

  it('shows grey rows while the first page loads, not an empty state', async () => {
    renderApp(paths.shop, { user: admin, handlers: { GetShops: () => new Promise(() => {}) } });
    expect(await screen.findByTestId('shops-table-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No shop connected yet')).toBeNull();
  });

  it("connects an Amazon shop through Amazon's consent page", async () => {
    const leave = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const app = renderApp(paths.shop, {
      user: admin,
      handlers: {
        GetShops: () => ok({ getShops: pageOf([]) }),
        GenerateAuthorizeLink: () => ok({ generateAuthorizeLink: 'https://sellercentral.sandbox.test/apps/authorize/consent?application_id=amzn1&state=s-1' }),
      },
    });
    // An empty list offers every channel's way to connect.
    const empty = await screen.findByText('No shop connected yet');
    expect(empty).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('connect-amazon'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://sellercentral.sandbox.test/apps/authorize/consent?application_id=amzn1&state=s-1'));
    expect(variablesOf(app.api.calls, 'GenerateAuthorizeLink')).toEqual([{ targetMarket: 'US', saleChannel: 'AMAZON' }]);
    expect(screen.getByTestId('connect-tiktok-empty')).toBeInTheDocument();
    expect(screen.getByTestId('connect-walmart-empty')).toBeInTheDocument();
  });

  it("reconnects a shop by its own channel's way: a Walmart shop asks for the key pair", async () => {
    const app = renderApp(paths.shop, { user: admin, handlers: { GetShops: allShops } });
    const table = await screen.findByTestId('shops-table');
    await userEvent.setup().click(await within(table).findByRole('button', { name: 'Reconnect Tees Walmart' }));
    expect(await screen.findByTestId('walmart-connect-dialog')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'GenerateAuthorizeLink')).toEqual([]);
  });

  it('asks before removing an Amazon shop', async () => {
    const app = renderApp(paths.shop, { user: admin, handlers: { GetShops: allShops, RemoveShop: () => ok({ removeShop: true }) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Tees Amazon' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Tees Amazon from Sellerdesk?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'RemoveShop')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Tees Amazon' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove shop' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'RemoveShop')).toEqual([{ id: 'shop-a' }]));
    expect(await screen.findByText('Tees Amazon was removed.')).toBeInTheDocument();
  });

  it('syncs a Walmart shop', async () => {
    const app = renderApp(paths.shop, {
      user: staffUser,
      handlers: {
        GetShops: allShops,
        SyncShop: () => ok({ syncShop: { batchId: 'b-sync', queued: 1 } }),
        JobBatchProgress: () =>
          ok({ getJobBatch: { id: 'b-sync', type: 'shop.sync', total: 1, pending: 0, processing: 0, succeeded: 1, failed: 0, createdAt: '2026-03-01T10:00:00Z', nextRunAt: null, failures: [] } }),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync Tees Walmart' }));
    expect(await screen.findByTestId('bulk-progress')).toHaveTextContent('Syncing Tees Walmart');
    expect(variablesOf(app.api.calls, 'SyncShop')).toEqual([{ id: 'shop-w' }]);
  });

  it('shows STAFF the shops without connecting or the admin actions, and no promotions without the plan', async () => {
    renderApp(paths.shop, { user: staffUser, handlers: { GetShops: allShops } });
    const table = await screen.findByTestId('shops-table');
    await within(table).findByRole('link', { name: 'Tees Walmart' });
    expect(screen.queryByRole('group', { name: 'Connect a shop' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^(Edit|Remove|Assign staff to|Reconnect) / })).toBeNull();
    expect(within(table).getByRole('button', { name: 'List products on Tees Walmart' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Promotions of Tees TikTok' })).toBeNull();
  });
});

describe('connecting a Walmart shop', () => {
  it('checks the fields, shows a refused secret on its field, then connects', async () => {
    let attempt = 0;
    const app = renderApp(paths.shop, {
      user: admin,
      handlers: {
        GetShops: allShops,
        ConnectWalmartShop: (v) =>
          ++attempt === 1
            ? gqlError('Walmart refused this client id and secret: Invalid client credentials', 'BAD_USER_INPUT', 'clientSecret')
            : ok({ connectWalmartShop: { id: 'shop-w2', name: (v?.input as { name: string }).name, saleChannel: 'WALMART' } }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connect-walmart'));
    const dialog = await screen.findByTestId('walmart-connect-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    expect(variablesOf(app.api.calls, 'ConnectWalmartShop')).toEqual([]);

    const secret = within(dialog).getByLabelText('Client secret');
    // The secret is typed into a password field: not shown on screen.
    expect(secret).toHaveAttribute('type', 'password');
    await user.type(within(dialog).getByLabelText('Client id'), ' wm-client-1 ');
    await user.type(secret, 'wrong-secret');
    await user.type(within(dialog).getByLabelText('Name (optional)'), 'Tees Walmart 2');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'ConnectWalmartShop')).toEqual([{ input: { clientId: 'wm-client-1', clientSecret: 'wrong-secret', name: 'Tees Walmart 2' } }]),
    );
    // On the secret's own field, and the dialog stays open to correct it.
    const secretField = secret.closest('.field') as HTMLElement;
    expect(await within(secretField).findByText('Walmart refused this client id and secret: Invalid client credentials')).toBeInTheDocument();
    expect(within(within(dialog).getByLabelText('Client id').closest('.field') as HTMLElement).queryByRole('alert')).toBeNull();

    await user.clear(secret);
    await user.type(secret, 'right-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Tees Walmart 2 is connected. Its products and orders are syncing now.')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'ConnectWalmartShop').at(-1)).toEqual({ input: { clientId: 'wm-client-1', clientSecret: 'right-secret', name: 'Tees Walmart 2' } });
    await waitFor(() => expect(screen.queryByTestId('walmart-connect-dialog')).toBeNull());
  });

  it('leaves the name out when none is given, and starts blank when opened again', async () => {
    const app = renderApp(paths.shop, {
      user: admin,
      handlers: { GetShops: allShops, ConnectWalmartShop: () => ok({ connectWalmartShop: { id: 'shop-w2', name: 'Walmart wm-clien', saleChannel: 'WALMART' } }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connect-walmart'));
    let dialog = await screen.findByTestId('walmart-connect-dialog');
    await user.type(within(dialog).getByLabelText('Client id'), 'wm-client-1');
    await user.type(within(dialog).getByLabelText('Client secret'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'ConnectWalmartShop')).toEqual([{ input: { clientId: 'wm-client-1', clientSecret: 'secret-1' } }]));
    await waitFor(() => expect(screen.queryByTestId('walmart-connect-dialog')).toBeNull());

    await user.click(screen.getByTestId('connect-walmart'));
    dialog = await screen.findByTestId('walmart-connect-dialog');
    expect(within(dialog).getByLabelText('Client id')).toHaveValue('');
    expect(within(dialog).getByLabelText('Client secret')).toHaveValue('');
  });
});

describe('/shops', () => {
  it('leads to every shop', async () => {
    const app = renderApp(paths.shops.index, { user: admin, handlers: { GetShops: allShops } });
    await waitFor(() => expect(app.location()).toBe(paths.shop));
    expect(await screen.findByTestId('shops-table')).toBeInTheDocument();
  });
});
