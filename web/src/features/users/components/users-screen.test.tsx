import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { gqlError } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const people = [
  { id: 'admin-1', email: 'admin-1@example.test', firstName: 'Ada', lastName: 'Lovelace', role: 'ADMIN', createdAt: '2026-01-02T03:04:05Z', shops: [] },
  { id: 'u2', email: 'grace@example.test', firstName: 'Grace', lastName: 'Hopper', role: 'STAFF', createdAt: '2026-02-02T03:04:05Z', shops: [{ id: 's1', name: 'Tees US' }] },
];
const page = (items: typeof people, total = items.length) => ({
  body: { data: { getUsers: { items, pageInfo: { totalCount: total, hasNextPage: false, hasPreviousPage: false } } } },
});

describe('users screen', () => {
  it('lists users and pages with the stored page size', async () => {
    const app = renderApp(paths.users.list, { user: { id: 'admin-1', role: 'ADMIN' }, handlers: { GetUsers: () => page(people, 45) } });
    expect(await screen.findByText('grace@example.test')).toBeInTheDocument();
    expect(screen.getByText('Tees US')).toBeInTheDocument();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    expect(app.api.calls.find((c) => c.operationName === 'GetUsers')!.variables).toEqual({ page: 1, limit: 20 });
    await userEvent.setup().click(screen.getByRole('button', { name: /^(Page )?2$/ }));
    await waitFor(() => expect(app.api.calls.filter((c) => c.operationName === 'GetUsers').at(-1)!.variables).toEqual({ page: 2, limit: 20 }));
  });

  it('asks before removing a user and removes nothing when cancelled', async () => {
    const removed: unknown[] = [];
    const app = renderApp(paths.users.list, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetUsers: () => page(people),
        RemoveUser: (vars) => {
          removed.push(vars);
          return { body: { data: { removeUser: true } } };
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove grace@example.test' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Grace Hopper');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove grace@example.test' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual([{ id: 'u2' }]));
    expect(await screen.findByText('grace@example.test was removed.')).toBeInTheDocument();
    expect(app.api.calls.filter((c) => c.operationName === 'GetUsers').length).toBeGreaterThan(1);
  });

  it('does not offer to remove yourself', async () => {
    renderApp(paths.users.list, { user: { id: 'admin-1', role: 'ADMIN' }, handlers: { GetUsers: () => page(people) } });
    expect(await screen.findByRole('button', { name: 'Remove admin-1@example.test' })).toBeDisabled();
  });

  it('creates a user and shows a failed creation with the server message', async () => {
    let attempt = 0;
    renderApp(paths.users.list, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetUsers: () => page(people),
        CreateUser: () => (++attempt === 1 ? gqlError('This email is already used', 'CONFLICT', 'email') : { body: { data: { signUp: 'u3' } } }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('First name'), 'Alan');
    await user.type(within(dialog).getByLabelText('Last name'), 'Turing');
    await user.type(within(dialog).getByLabelText('Email'), 'alan@example.test');
    await user.type(within(dialog).getByLabelText('Initial password'), 'enigma-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect((await screen.findAllByText('This email is already used')).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Alan Turing can now sign in.')).toBeInTheDocument();
  });
});
