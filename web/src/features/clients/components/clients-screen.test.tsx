import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

function row(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id: `sub-${id}`,
    balance: 12.5,
    endDate: null,
    isActive: true,
    isExpired: false,
    totalShops: 2,
    totalUsers: 3,
    client: { id, name, key: name.toLowerCase().replace(/ /g, '-'), createdAt: '2026-01-01T00:00:00Z' },
    plan: { id: 'plan-free', type: 'FREE' },
    ...extra,
  };
}

const rows = [row('c1', 'Acme Prints'), row('c2', 'Zed Tees', { isActive: false, balance: 0, plan: { id: 'plan-basic', type: 'BASIC' }, isExpired: true })];
const root = { id: 'root', role: 'SUPER_ADMIN' as const, timezone: 'UTC' };

describe('clients console', () => {
  it('shows a skeleton table while the first page loads', async () => {
    renderApp(paths.clients.list, { user: root, handlers: { Clients: () => new Promise(() => {}) } });
    expect(await screen.findByTestId('clients-loading')).toBeInTheDocument();
    expect(screen.queryByText('No clients yet')).not.toBeInTheDocument();
  });

  it('lists clients with plan, balance as money, status and counts, and opens one on a row', async () => {
    const app = renderApp(paths.clients.list, { user: root, handlers: { Clients: () => ok({ getClientSubscriptions: pageOf(rows, 2) }) } });
    const table = await screen.findByTestId('clients-table');
    const acme = within(table).getByText('Acme Prints').closest('tr')!;
    expect(acme).toHaveTextContent('acme-prints');
    expect(acme).toHaveTextContent('$12.50');
    expect(acme).toHaveTextContent('Active');
    expect(acme).toHaveTextContent('Free');
    const zed = within(table).getByText('Zed Tees').closest('tr')!;
    expect(zed).toHaveTextContent('Deactivated');
    expect(zed).toHaveTextContent('Expired');
    expect(variablesOf(app.api.calls, 'Clients')[0]).toEqual({ filter: { sort: 'NEWEST', limit: 20, page: 1 } });
    await userEvent.click(within(zed).getByText('$0.00'));
    await waitFor(() => expect(app.location()).toBe('/clients/c2'));
  });

  it('searches, filters by plan and status, and sorts on the server', async () => {
    const app = renderApp(paths.clients.list, { user: root, handlers: { Clients: () => ok({ getClientSubscriptions: pageOf(rows, 2) }) } });
    await screen.findByTestId('clients-table');
    await userEvent.type(screen.getByTestId('clients-search'), 'acme');
    await waitFor(() => expect(variablesOf(app.api.calls, 'Clients').at(-1)).toMatchObject({ filter: { search: 'acme' } }));
    await userEvent.click(screen.getByTestId('clients-plan'));
    await userEvent.click(await screen.findByRole('option', { name: 'Basic', hidden: true }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'Clients').at(-1)).toMatchObject({ filter: { search: 'acme', planType: 'BASIC' } }));
    await userEvent.click(screen.getByTestId('clients-status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Deactivated', hidden: true }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'Clients').at(-1)).toMatchObject({ filter: { planType: 'BASIC', isActive: false, page: 1 } }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Balance/ }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'Clients').at(-1)).toMatchObject({ filter: { sort: 'BALANCE' } }));
  });

  it('says when no client matches, and offers to clear the filters', async () => {
    renderApp(paths.clients.list, { user: root, handlers: { Clients: () => ok({ getClientSubscriptions: pageOf([]) }) } });
    await screen.findByTestId('clients-table');
    await userEvent.type(screen.getByTestId('clients-search'), 'nobody');
    expect(await screen.findByText('No client matches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    renderApp(paths.clients.list, { user: root, handlers: { Clients: () => gqlError('database is down', 'INTERNAL') } });
    expect(await screen.findByText('database is down')).toBeInTheDocument();
  });

  it('is not open to an ADMIN', async () => {
    const app = renderApp(paths.clients.list, { user: { id: 'a', role: 'ADMIN' }, handlers: { Clients: () => ok({ getClientSubscriptions: pageOf(rows) }) } });
    await waitFor(() => expect(app.location()).not.toBe(paths.clients.list));
    expect(variablesOf(app.api.calls, 'Clients')).toEqual([]);
  });
});
