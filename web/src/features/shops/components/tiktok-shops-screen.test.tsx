import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { browser } from '@/lib/browser';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
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
  assignedUserIds: ['staff-1'],
  warehouseCount: 2,
};
const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };
const staffUser = { id: 'staff-1', role: 'STAFF' as const, timezone: 'UTC' };
const shopsPage = () => ok({ getShops: pageOf([shop], 1) });
const batch = (id: string) => ({ id, type: 'shop.sync', total: 1, pending: 0, processing: 0, succeeded: 1, failed: 0, createdAt: '2026-03-01T10:00:00Z', nextRunAt: null, failures: [] });

describe('TikTok shops', () => {
  it('connects a shop through the consent page', async () => {
    const leave = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const app = renderApp(paths.shops.tiktok, {
      user: admin,
      handlers: {
        GetShops: shopsPage,
        GenerateAuthorizeLink: () => ok({ generateAuthorizeLink: 'https://auth.sandbox.test/open/authorize?service_id=1&state=s-1' }),
      },
    });
    const table = await screen.findByTestId('tiktok-shops-table');
    expect(await within(table).findByText('Tees US')).toBeInTheDocument();
    expect(within(table).getByText('6%')).toBeInTheDocument();
    expect(within(table).getByText('Mar 01, 2026, 09:30:00')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'GetShops')[0]).toEqual({ filter: { saleChannel: 'TIKTOK', limit: 20, page: 1 } });

    await userEvent.setup().click(screen.getByTestId('connect-tiktok'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://auth.sandbox.test/open/authorize?service_id=1&state=s-1'));
    expect(variablesOf(app.api.calls, 'GenerateAuthorizeLink')).toEqual([{ targetMarket: 'US', saleChannel: 'TIKTOK' }]);
  });

  it('searches shops by name', async () => {
    const app = renderApp(paths.shops.tiktok, { user: admin, handlers: { GetShops: shopsPage } });
    await userEvent.setup().type(await screen.findByRole('searchbox', { name: 'Search shops' }), 'tees');
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'GetShops').at(-1)).toEqual({ filter: { saleChannel: 'TIKTOK', limit: 20, page: 1, search: 'tees' } }),
    );
  });

  it('asks before removing a shop', async () => {
    const app = renderApp(paths.shops.tiktok, { user: admin, handlers: { GetShops: shopsPage, RemoveShop: () => ok({ removeShop: true }) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Tees US' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Tees US from Sellerdesk?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'RemoveShop')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Tees US' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove shop' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'RemoveShop')).toEqual([{ id: 'shop-1' }]));
    expect(await screen.findByText('Tees US was removed.')).toBeInTheDocument();
  });

  it('renames a shop and sets its commission as a percent', async () => {
    const app = renderApp(paths.shops.tiktok, {
      user: admin,
      handlers: { GetShops: shopsPage, UpdateShop: (v) => ok({ updateShop: { id: 'shop-1', name: (v?.input as { name: string }).name, commissionRate: 8.5 } }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Tees US' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit shop' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Tees United');
    const rate = within(dialog).getByLabelText('Commission');
    await user.clear(rate);
    await user.type(rate, '8.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'UpdateShop')).toEqual([{ id: 'shop-1', input: { name: 'Tees United', commissionRate: 8.5 } }]));
    expect(await screen.findByText('Tees United was saved.')).toBeInTheDocument();
  });

  it('assigns staff among the STAFF users', async () => {
    const app = renderApp(paths.shops.tiktok, {
      user: admin,
      handlers: {
        GetShops: shopsPage,
        StaffOptions: () =>
          ok({
            getUsers: {
              items: [
                { id: 'admin-1', email: 'a@x.test', firstName: 'Ada', lastName: 'Admin', role: 'ADMIN' },
                { id: 'staff-1', email: 'grace@x.test', firstName: 'Grace', lastName: 'Hopper', role: 'STAFF' },
                { id: 'staff-2', email: 'alan@x.test', firstName: 'Alan', lastName: 'Turing', role: 'STAFF' },
              ],
            },
          }),
        ReassignShop: () => ok({ reassignShop: { id: 'shop-1', assignedUserIds: ['staff-1', 'staff-2'] } }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign staff to Tees US' }));
    const dialog = await screen.findByTestId('assign-staff-dialog');
    await user.click(within(dialog).getByTestId('assign-staff-select'));
    // Only STAFF users are offered; the one already assigned is ticked.
    expect(screen.queryByRole('option', { name: /Ada Admin/, hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /Alan Turing/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'ReassignShop')).toEqual([{ input: { shopId: 'shop-1', userIds: ['staff-1', 'staff-2'] } }]));
  });

  it('syncs a shop and shows the batch progress', async () => {
    const app = renderApp(paths.shops.tiktok, {
      user: staffUser,
      handlers: { GetShops: shopsPage, SyncShop: () => ok({ syncShop: { batchId: 'b-sync', queued: 1 } }), JobBatchProgress: () => ok({ getJobBatch: batch('b-sync') }) },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync Tees US' }));
    const progress = await screen.findByTestId('bulk-progress');
    expect(progress).toHaveTextContent('Syncing Tees US');
    expect(await screen.findByText('The item succeeded.')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'SyncShop')).toEqual([{ id: 'shop-1' }]);
  });

  it('shows STAFF the same list without the admin actions', async () => {
    renderApp(paths.shops.tiktok, { user: staffUser, handlers: { GetShops: shopsPage } });
    expect(await screen.findByRole('button', { name: 'Sync Tees US' })).toBeInTheDocument();
    expect(screen.queryByTestId('connect-tiktok')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign staff to Tees US' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Tees US' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Tees US' })).toBeNull();
  });
});

describe('TikTok consent callback', () => {
  it('calls authorizeShop with the code and state, then returns to the shops with a toast', async () => {
    const app = renderApp(`${paths.shops.tiktokCallback}?code=TTP_code_1&state=state-1`, {
      user: admin,
      handlers: {
        AuthorizeShop: () => ok({ authorizeShop: { id: 'shop-9', name: 'Sandbox Shop', saleChannel: 'TIKTOK' } }),
        GetShops: shopsPage,
      },
    });
    await waitFor(() => expect(app.location()).toBe(paths.shops.tiktok));
    expect(await screen.findByText('Sandbox Shop is connected. Its products, orders and warehouses are syncing now.')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'AuthorizeShop')).toEqual([{ input: { code: 'TTP_code_1', state: 'state-1', saleChannel: 'TIKTOK' } }]);
  });

  it("shows the server's reason when the authorisation fails", async () => {
    renderApp(`${paths.shops.tiktokCallback}?code=bad&state=state-2`, {
      user: admin,
      handlers: { AuthorizeShop: () => gqlError('TikTok Shop refused the authorisation code: code expired', 'BAD_USER_INPUT', 'code') },
    });
    const failed = await screen.findByTestId('tiktok-callback-failed');
    expect(failed).toHaveTextContent('TikTok Shop refused the authorisation code: code expired');
    expect(within(failed).getByRole('link', { name: 'Back to TikTok Shop' })).toHaveAttribute('href', paths.shops.tiktok);
  });

  it('does not call the API without a code', async () => {
    const app = renderApp(`${paths.shops.tiktokCallback}?state=state-3`, { user: admin });
    expect(await screen.findByTestId('tiktok-callback-failed')).toHaveTextContent('has no authorisation code');
    expect(variablesOf(app.api.calls, 'AuthorizeShop')).toEqual([]);
  });
});
