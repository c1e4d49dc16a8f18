import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };
const callback = (query: Record<string, string>) => `${paths.shops.amazonCallback}?${new URLSearchParams(query)}`;
const amazonShop = {
  id: 'shop-a',
  name: 'Sandbox Apparel Store',
  saleChannel: 'AMAZON',
  targetMarket: 'US',
  commissionRate: 15,
  status: 'LIVE',
  connection: 'CONNECTED',
  createdAt: '2026-03-01T10:00:00Z',
  lastSyncedAt: null,
  assignedUserIds: [],
  warehouseCount: 0,
};

describe('Amazon consent callback', () => {
  it('connects with the code, state and selling partner, then returns to the shops with a toast', async () => {
    const app = renderApp(callback({ state: 'state-1', selling_partner_id: 'A3SELLER1', spapi_oauth_code: 'ANcode1' }), {
      user: admin,
      handlers: {
        AuthorizeShop: () => ok({ authorizeShop: { id: 'shop-a', name: 'Sandbox Apparel Store', saleChannel: 'AMAZON' } }),
        GetShops: () => ok({ getShops: pageOf([amazonShop]) }),
      },
    });
    await waitFor(() => expect(app.location()).toBe(paths.shop));
    expect(await screen.findByText('Sandbox Apparel Store is connected. Its products and orders are syncing now.')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'AuthorizeShop')).toEqual([{ input: { code: 'ANcode1', state: 'state-1', saleChannel: 'AMAZON', sellingPartnerId: 'A3SELLER1' } }]);
    expect(await within(await screen.findByTestId('shops-table')).findByRole('link', { name: 'Sandbox Apparel Store' })).toBeInTheDocument();
  });

  it("shows the server's reason when the exchange fails, with a way back", async () => {
    renderApp(callback({ state: 'state-2', selling_partner_id: 'A3SELLER1', spapi_oauth_code: 'expired' }), {
      user: admin,
      handlers: { AuthorizeShop: () => gqlError('Amazon refused the authorisation code: The authorization code has expired', 'BAD_USER_INPUT', 'code') },
    });
    const failed = await screen.findByTestId('amazon-callback-failed');
    expect(failed).toHaveTextContent('Amazon refused the authorisation code: The authorization code has expired');
    expect(within(failed).getByRole('link', { name: 'Back to shops' })).toHaveAttribute('href', paths.shop);
  });

  it('does not call the API when the link lacks the code or the selling partner', async () => {
    const app = renderApp(callback({ state: 'state-3', spapi_oauth_code: 'ANcode3' }), { user: admin });
    expect(await screen.findByTestId('amazon-callback-failed')).toHaveTextContent('The link from Amazon has no authorisation code');
    expect(variablesOf(app.api.calls, 'AuthorizeShop')).toEqual([]);
  });

  it("says so when Amazon reports the seller's refusal", async () => {
    const app = renderApp(callback({ state: 'state-4', error: 'access_denied', error_description: 'The seller declined' }), { user: admin });
    expect(await screen.findByTestId('amazon-callback-failed')).toHaveTextContent('Amazon did not authorise the connection: The seller declined');
    expect(variablesOf(app.api.calls, 'AuthorizeShop')).toEqual([]);
  });
});
