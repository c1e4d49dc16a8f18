import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathTo, paths } from '@/config/paths';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

function detail(extra: Record<string, unknown> = {}) {
  return {
    id: 'sub-c1',
    startDate: '2026-03-01T00:00:00Z',
    endDate: '2026-03-31T00:00:00Z',
    balance: 12.5,
    isActive: true,
    isExpired: false,
    totalShops: 2,
    totalUsers: 3,
    listingsThisMonth: 40,
    fulfillmentsThisMonth: 7,
    bankTransferReference: 'SD-ACME',
    client: { id: 'c1', name: 'Acme Prints', key: 'acme', isActive: true, createdAt: '2026-01-01T00:00:00Z' },
    plan: { id: 'plan-basic', type: 'BASIC', salePrice: 19, durationDays: 30 },
    effectivePlan: { id: 'plan-basic', type: 'BASIC', maxShops: 5, monthlyListings: 1000, monthlyFulfillments: null },
    ...extra,
  };
}

const transactions = [
  { id: 't2', createdAt: '2026-03-01T00:00:00Z', amount: -19, content: 'BASIC plan, 30 days', type: 'PLAN_PURCHASE' },
  { id: 't1', createdAt: '2026-02-28T00:00:00Z', amount: 31.5, content: 'Bank transfer SD-ACME', type: 'TOP_UP' },
];

const root = { id: 'root', role: 'SUPER_ADMIN' as const, timezone: 'UTC' };
const at = pathTo(paths.clients.detail, { clientId: 'c1' });
const users = [
  { id: 'u1', email: 'owner@acme.test', firstName: 'Ana', lastName: 'Owner', role: 'ADMIN', createdAt: '2026-01-01T00:00:00Z' },
  { id: 'u2', email: 'packer@acme.test', firstName: 'Bo', lastName: 'Packer', role: 'STAFF', createdAt: '2026-01-02T00:00:00Z' },
];
const shops = [{ id: 's1', name: 'Acme US', saleChannel: 'TIKTOK', targetMarket: 'US', connection: 'OPEN', createdAt: '2026-01-03T00:00:00Z', lastSyncedAt: null }];

const base = {
  ClientDetail: () => ok({ getClientSubscription: detail() }),
  ClientTransactions: () => ok({ getTransactionPage: pageOf(transactions) }),
  ClientUsers: () => ok({ getUsers: pageOf(users) }),
  ClientShops: () => ok({ getShops: pageOf(shops) }),
};

describe('one client', () => {
  it('shows skeletons while it loads', async () => {
    const never = () => new Promise<never>(() => {});
    renderApp(at, { user: root, handlers: { ...base, ClientDetail: never, ClientTransactions: never, ClientUsers: never, ClientShops: never } });
    expect(await screen.findByTestId('client-loading')).toBeInTheDocument();
    expect(screen.getByTestId('client-transactions-loading')).toBeInTheDocument();
    expect(screen.getByTestId('client-users-loading')).toBeInTheDocument();
    expect(screen.getByTestId('client-shops-loading')).toBeInTheDocument();
    expect(screen.queryByText('No transactions yet')).not.toBeInTheDocument();
  });

  it('shows plan and dates, balance, users, shops and transactions', async () => {
    const app = renderApp(at, { user: root, handlers: base });
    expect(await screen.findByRole('heading', { name: 'Acme Prints' })).toBeInTheDocument();
    expect(screen.getByTestId('client-balance')).toHaveTextContent('$12.50');
    expect(screen.getByTestId('client-end')).toHaveTextContent('Mar 31, 2026');
    expect(screen.getByTestId('client-plan')).toHaveTextContent('40 of 1,000 listings, 7 of unlimited fulfilments');
    expect(screen.getByTestId('client-users')).toHaveTextContent('3');
    expect(screen.getByTestId('client-shops')).toHaveTextContent('2 of 5');
    const table = await screen.findByTestId('client-transactions');
    expect(table).toHaveTextContent('-$19.00');
    expect(table).toHaveTextContent('+$31.50');
    expect(variablesOf(app.api.calls, 'ClientTransactions')[0]).toMatchObject({ clientId: 'c1', page: 1 });
    const people = await screen.findByTestId('client-users-table');
    expect(within(people).getByText('packer@acme.test')).toBeInTheDocument();
    expect(within(people).getByText('Staff')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'ClientUsers')[0]).toMatchObject({ clientId: 'c1', page: 1 });
    expect(await screen.findByTestId('client-shops-table')).toHaveTextContent('Acme US');
    expect(variablesOf(app.api.calls, 'ClientShops')[0]).toMatchObject({ filter: { clientId: 'c1', page: 1 } });
  });

  it('adds balance with a note after a second look', async () => {
    let current = detail();
    const app = renderApp(at, {
      user: root,
      handlers: {
        ...base,
        ClientDetail: () => ok({ getClientSubscription: current }),
        AddClientBalance: (v) => {
          current = detail({ balance: 12.5 + Number(v?.amount) });
          return ok({ addClientBalance: { id: 'sub-c1', balance: current.balance } });
        },
      },
    });
    await userEvent.click(await screen.findByTestId('client-add-balance'));
    await userEvent.click(screen.getByTestId('add-balance-review'));
    expect(await screen.findByText('Enter an amount above zero.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount (USD)'), '25');
    await userEvent.type(screen.getByTestId('add-balance-note'), 'Bank transfer SD-ACME');
    await userEvent.click(screen.getByTestId('add-balance-review'));
    expect(await screen.findByTestId('add-balance-summary')).toHaveTextContent('Credit $25.00 to Acme Prints?');
    expect(variablesOf(app.api.calls, 'AddClientBalance')).toEqual([]);
    await userEvent.click(screen.getByTestId('add-balance-confirm'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'AddClientBalance')).toEqual([{ clientId: 'c1', amount: 25, note: 'Bank transfer SD-ACME' }]));
    await waitFor(() => expect(screen.getByTestId('client-balance')).toHaveTextContent('$37.50'));
  });

  it('keeps a refused credit in the dialog, on its field', async () => {
    renderApp(at, { user: root, handlers: { ...base, AddClientBalance: () => gqlError('must be an amount with at most two decimals', 'BAD_USER_INPUT', 'amount') } });
    await userEvent.click(await screen.findByTestId('client-add-balance'));
    await userEvent.type(screen.getByLabelText('Amount (USD)'), '5');
    await userEvent.click(screen.getByTestId('add-balance-review'));
    await userEvent.click(await screen.findByTestId('add-balance-confirm'));
    expect(await screen.findByText('must be an amount with at most two decimals')).toBeInTheDocument();
    expect(screen.getByTestId('add-balance-form')).toBeInTheDocument();
  });

  it('deactivates after a confirmation, and reactivates', async () => {
    let current = detail();
    const app = renderApp(at, {
      user: root,
      handlers: {
        ...base,
        ClientDetail: () => ok({ getClientSubscription: current }),
        UpdateClient: (v) => {
          const isActive = (v?.input as { isActive: boolean }).isActive;
          current = detail({ isActive, client: { ...detail().client, isActive } });
          return ok({ updateClient: { id: 'c1', name: 'Acme Prints', isActive } });
        },
      },
    });
    await userEvent.click(await screen.findByTestId('client-toggle-active'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('signed out at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'UpdateClient')).toEqual([]);

    await userEvent.click(screen.getByTestId('client-toggle-active'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'UpdateClient')).toEqual([{ id: 'c1', input: { isActive: false } }]));
    await waitFor(() => expect(screen.getByTestId('client-toggle-active')).toHaveTextContent('Reactivate'));

    await userEvent.click(screen.getByTestId('client-toggle-active'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'UpdateClient').at(-1)).toEqual({ id: 'c1', input: { isActive: true } }));
    await waitFor(() => expect(screen.getByTestId('client-toggle-active')).toHaveTextContent('Deactivate'));
  });

  it('says an unknown client is not there', async () => {
    renderApp(at, { user: root, handlers: { ...base, ClientDetail: () => gqlError('client not found', 'NOT_FOUND') } });
    expect(await screen.findByText('No such client')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Client', level: 1 })).toBeInTheDocument();
  });
});
