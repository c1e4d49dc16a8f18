import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { USER_DATA_KEY, setUserPreference } from '@/lib/user-data';
import { ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { KEPT_FULFILLMENT_FILTERS_KEY } from './use-fulfillment-filters';

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };

function fulfillmentRow(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    externalId: `PF-${id}`,
    refOrderId: null,
    status: 'IN_TRANSIT',
    providerStatus: 'in-production',
    error: null,
    totalAmount: 17.5,
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://track.example.test/1Z999AA10123456784',
    trackingCompany: 'UPS',
    shippingName: 'Grace Hopper',
    shippingCity: 'Arlington',
    shippingRegionCode: 'US',
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-02T10:00:00Z',
    provider: { id: 'fp-1', provider: 'PRINTIFY', name: 'Main' },
    order: { id: 'o1', externalOrderId: '577001', shop: { id: 'shop-1', name: 'Tees US' } },
    items: [{ id: 'fi-1', quantity: 2 }],
    ...extra,
  };
}

const rows = [
  fulfillmentRow('f1'),
  fulfillmentRow('f2', {
    order: null,
    refOrderId: 'ETSY-88',
    status: 'CREATED',
    externalId: null,
    providerStatus: null,
    trackingNumber: null,
    trackingUrl: null,
    trackingCompany: null,
    totalAmount: null,
    error: 'Gearment rejected the request: the front print file is too small',
    provider: { id: 'fp-2', provider: 'GEARMENT', name: null },
  }),
  fulfillmentRow('f3', { trackingUrl: 'javascript:alert(1)', trackingNumber: 'EVIL1', order: { id: 'o3', externalOrderId: '577003', shop: null } }),
];

const providers = [
  { id: 'fp-1', provider: 'PRINTIFY', name: 'Main' },
  { id: 'fp-2', provider: 'GEARMENT', name: null },
];

const handlers = {
  FulfillmentOrders: () => ok({ getFulfillmentOrders: pageOf(rows, 3) }),
  SimpleFulfillmentProviders: () => ok({ getSimpleFulfillmentProviders: providers }),
};

describe('fulfilment orders', () => {
  it('lists each order with the marketplace order it fulfils, its provider, status and tracking', async () => {
    const app = renderApp(paths.fulfillments.orders, { user: admin, handlers });
    const table = await screen.findByTestId('fulfillments-table');
    const first = (await within(table).findByText('#577001')).closest('tr')!;
    expect(within(first).getByRole('link', { name: '#577001' })).toHaveAttribute('href', '/orders/o1');
    expect(first).toHaveTextContent('Printify · Main');
    expect(first).toHaveTextContent('#PF-f1');
    expect(first).toHaveTextContent('In transit');
    expect(first).toHaveTextContent('In production at the provider');
    expect(first).toHaveTextContent('$17.50');
    const tracking = within(first).getByTestId('tracking-link');
    expect(tracking).toHaveAttribute('href', 'https://track.example.test/1Z999AA10123456784');
    expect(tracking).toHaveAttribute('target', '_blank');
    expect(first).toHaveTextContent('UPS');

    const manual = within(table).getByText('Ref ETSY-88').closest('tr')!;
    expect(manual).toHaveTextContent('Entered by hand');
    expect(manual).toHaveTextContent('Not yet accepted');
    expect(within(manual).getByTestId('row-error')).toHaveTextContent('the front print file is too small');

    // A tracking address that is not http(s) is shown as text, never as a link.
    const evil = within(table).getByText('EVIL1').closest('tr')!;
    expect(within(evil).queryByTestId('tracking-link')).toBeNull();

    expect(variablesOf(app.api.calls, 'FulfillmentOrders')[0]).toEqual({ filter: { sort: 'CREATED_AT', sortDirection: 'DESC', limit: 20, page: 1 } });
  });

  it('filters by status (in the address), provider (kept per user) and search', async () => {
    const app = renderApp(paths.fulfillments.orders, { user: admin, handlers });
    await screen.findByTestId('fulfillments-table');
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('fulfillment-status-tabs')).getByRole('tab', { name: 'Created' }));
    await user.click(screen.getByTestId('fulfillments-provider'));
    await user.click(await screen.findByRole('option', { name: 'Gearment', hidden: true }));
    await user.type(screen.getByRole('searchbox', { name: 'Search fulfilment orders' }), 'grace');
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'FulfillmentOrders').at(-1)).toEqual({
        filter: { status: 'CREATED', providerId: 'fp-2', search: 'grace', sort: 'CREATED_AT', sortDirection: 'DESC', limit: 20, page: 1 },
      }),
    );
    expect(app.location()).toBe('/fulfillments/orders?status=CREATED');
    const stored = JSON.parse(window.localStorage.getItem(USER_DATA_KEY) ?? '{}') as Record<string, Record<string, unknown>>;
    expect(stored['admin-1']?.[KEPT_FULFILLMENT_FILTERS_KEY]).toEqual({ providerId: 'fp-2', sort: { field: 'CREATED_AT', direction: 'DESC' } });
  });

  it('sorts on the server and keeps the sort; a kept provider that is gone no longer filters', async () => {
    setUserPreference('admin-1', KEPT_FULFILLMENT_FILTERS_KEY, { providerId: 'fp-gone', sort: { field: 'UPDATED_AT', direction: 'ASC' } });
    const app = renderApp(paths.fulfillments.orders, { user: admin, handlers });
    const table = await screen.findByTestId('fulfillments-table');
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'FulfillmentOrders').at(-1)).toEqual({ filter: { sort: 'UPDATED_AT', sortDirection: 'ASC', limit: 20, page: 1 } }),
    );
    await userEvent.setup().click(within(table).getByRole('columnheader', { name: /Cost/ }));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'FulfillmentOrders').at(-1)).toEqual({ filter: { sort: 'TOTAL', sortDirection: 'ASC', limit: 20, page: 1 } }),
    );
  });

  it('opens on the search a link gives, and drops it from the address once the user types', async () => {
    const app = renderApp(`${paths.fulfillments.orders}?search=577001`, { user: admin, handlers });
    await screen.findByTestId('fulfillments-table');
    expect(variablesOf(app.api.calls, 'FulfillmentOrders')[0]).toMatchObject({ filter: { search: '577001' } });
    expect(screen.getByRole('searchbox', { name: 'Search fulfilment orders' })).toHaveValue('577001');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search fulfilment orders' }), '9');
    await waitFor(() => expect(app.location()).toBe('/fulfillments/orders'));
  });

  it('opens an order from its row', async () => {
    const app = renderApp(paths.fulfillments.orders, { user: admin, handlers });
    const table = await screen.findByTestId('fulfillments-table');
    const row = (await within(table).findByText('#577001')).closest('tr')!;
    await userEvent.setup().click(within(row).getByText('Grace Hopper'));
    await waitFor(() => expect(app.location()).toBe('/fulfillments/orders/f1'));
  });

  it('shows skeletons while loading, then an empty state that leads to the order desk', async () => {
    const pending = renderApp(paths.fulfillments.orders, { user: admin, handlers: { ...handlers, FulfillmentOrders: () => new Promise(() => {}) } });
    expect(await screen.findByTestId('fulfillments-loading')).toBeInTheDocument();
    expect(screen.queryByText('Nothing sent to a provider yet')).toBeNull();
    pending.unmount();

    const app = renderApp(paths.fulfillments.orders, { user: admin, handlers: { ...handlers, FulfillmentOrders: () => ok({ getFulfillmentOrders: pageOf([], 0) }) } });
    expect(await screen.findByText('Nothing sent to a provider yet')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pick orders to send' }));
    await waitFor(() => expect(app.location()).toBe('/orders?status=AWAITING_FULFILLMENT'));
  });
});
