import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };

const printify = { id: 'fp-1', provider: 'PRINTIFY', name: 'Main', shopId: '8675309', createdAt: '2026-03-01T10:00:00Z' };
const gearment = { id: 'fp-2', provider: 'GEARMENT', name: null, shopId: null, createdAt: '2026-03-02T10:00:00Z' };

function handlers(accounts: unknown[] = [printify, gearment]) {
  return {
    FulfillmentProviders: () => ok({ getFulfillmentProviders: accounts }),
    PrintifyShops: () => ok({ getPrintifyShops: [{ id: '8675309', title: 'Tees on Etsy', sales_channel: 'custom_integration' }, { id: '42', title: 'Spare', sales_channel: 'disconnected' }] }),
  };
}

describe('fulfilment providers', () => {
  it('lists the accounts, and the Printify shops the token reaches with the one orders go to', async () => {
    renderApp(paths.fulfillments.providers, { user: admin, handlers: handlers() });
    const table = await screen.findByTestId('providers-table');
    expect(await within(table).findByText('Printify')).toBeInTheDocument();
    expect(within(table).getByText('Main')).toBeInTheDocument();
    expect(within(table).getByText('Gearment')).toBeInTheDocument();
    expect(within(table).getByText('8675309')).toBeInTheDocument();
    const shops = await screen.findByTestId('printify-shops');
    expect(within(shops).getByText('Tees on Etsy').closest('li')).toHaveTextContent('Orders go here');
    expect(within(shops).getByText('Spare').closest('li')).not.toHaveTextContent('Orders go here');
  });

  it('asks each provider for what it needs and sends only that', async () => {
    const accounts: unknown[] = [];
    const app = renderApp(paths.fulfillments.providers, {
      user: admin,
      handlers: {
        ...handlers(accounts),
        CreateFulfillmentProvider: (v) => {
          const input = v?.input as { provider: string; name?: string };
          const account = { id: 'fp-9', provider: input.provider, name: input.name ?? null, shopId: null, createdAt: '2026-03-03T10:00:00Z' };
          accounts.push(account);
          return ok({ createFulfillmentProvider: account });
        },
      },
    });
    expect(await screen.findByText('No provider connected yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('connect-provider'));
    const form = await screen.findByTestId('connect-provider-form');
    // Printify first: a token and the shop id, typed in (the shops call needs a saved account).
    expect(within(form).getByLabelText('Personal access token')).toBeInTheDocument();
    expect(within(form).getByLabelText('Shop id')).toBeInTheDocument();

    await user.click(screen.getByTestId('provider-type'));
    await user.click(await screen.findByRole('option', { name: 'Merchize', hidden: true }));
    expect(within(form).queryByLabelText('Shop id')).toBeNull();
    await user.type(within(form).getByLabelText('API token'), ' tok-123 ');
    await user.type(within(form).getByLabelText('Your Merchize address'), 'http://bo-acme.merchize.com/bo-api');
    await user.click(screen.getByTestId('connect-submit'));
    expect(await within(form).findByText('Use the https:// address')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'CreateFulfillmentProvider')).toEqual([]);

    await user.clear(within(form).getByLabelText('Your Merchize address'));
    await user.type(within(form).getByLabelText('Your Merchize address'), 'https://bo-acme.merchize.com/bo-api/');
    await user.type(within(form).getByLabelText('Name (optional)'), 'Acme');
    await user.click(screen.getByTestId('connect-submit'));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'CreateFulfillmentProvider')).toEqual([
        { input: { provider: 'MERCHIZE', apiKey: 'tok-123', name: 'Acme', baseUrl: 'https://bo-acme.merchize.com/bo-api' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('connect-provider-form')).not.toBeInTheDocument());
    expect(await within(await screen.findByTestId('providers-table')).findByText('Acme')).toBeInTheDocument();

    // Opened again, the form holds nothing of the last credentials.
    await user.click(screen.getByTestId('connect-provider'));
    const again = await screen.findByTestId('connect-provider-form');
    expect(within(again).getByLabelText('Personal access token')).toHaveValue('');
    expect(document.body.textContent).not.toContain('tok-123');
  });

  it('asks Gearment for a key and a secret, Lenful for a user, password and shop, the others for a key', async () => {
    renderApp(paths.fulfillments.providers, { user: admin, handlers: handlers() });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connect-provider'));
    const form = await screen.findByTestId('connect-provider-form');
    const labels = () => Array.from(form.querySelectorAll('label')).map((l) => l.textContent);
    const pick = async (name: string) => {
      await user.click(screen.getByTestId('provider-type'));
      await user.click(await screen.findByRole('option', { name, hidden: true }));
    };
    await pick('Gearment');
    expect(labels()).toEqual(['Provider', 'API key', 'API secret', 'Name (optional)']);
    await pick('Lenful');
    expect(labels()).toEqual(['Provider', 'User name', 'Password', 'Shop id', 'Name (optional)']);
    await pick('HMFulfill');
    expect(labels()).toEqual(['Provider', 'API key', 'Name (optional)']);
    await pick('MangoTee');
    expect(labels()).toEqual(['Provider', 'API key', 'Name (optional)']);
  });

  it('shows why the provider refused the credentials, next to the field the server names', async () => {
    let answer = gqlError('Printify refused the credentials', 'BAD_USER_INPUT', 'apiKey');
    renderApp(paths.fulfillments.providers, {
      user: admin,
      handlers: { ...handlers(), CreateFulfillmentProvider: () => answer },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connect-provider'));
    const form = await screen.findByTestId('connect-provider-form');
    await user.type(within(form).getByLabelText('Personal access token'), 'wrong');
    await user.type(within(form).getByLabelText('Shop id'), '8675309');
    await user.click(screen.getByTestId('connect-submit'));
    const field = (await within(form).findByText('Printify refused the credentials')).closest('.field');
    expect(field).toHaveTextContent('Personal access token');
    // Only in the form, not also as a toast.
    expect(document.querySelector('.p-toast-message')).toBeNull();

    answer = gqlError('Printify is not answering; trying again later', 'UPSTREAM_ERROR');
    await user.click(screen.getByTestId('connect-submit'));
    expect(await screen.findByTestId('connect-error')).toHaveTextContent('Printify is not answering; trying again later');
  });

  it('tests a saved account with a live look at its catalogue', async () => {
    renderApp(paths.fulfillments.providers, {
      user: admin,
      handlers: {
        ...handlers(),
        FulfillmentProducts: (v) =>
          v?.providerId === 'fp-1' ? ok({ getFulfillmentProducts: pageOf([], 1234) }) : gqlError('Gearment refused the credentials', 'UPSTREAM_ERROR'),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test Printify Main' }));
    expect(await screen.findByTestId('provider-test-fp-1')).toHaveTextContent('Answering: 1,234 products in its catalogue.');
    await user.click(screen.getByRole('button', { name: 'Test Gearment' }));
    expect(await screen.findByTestId('provider-test-fp-2')).toHaveTextContent('Gearment refused the credentials');
  });

  it('asks before removing, and shows the refusal while orders are open', async () => {
    const app = renderApp(paths.fulfillments.providers, {
      user: admin,
      handlers: { ...handlers(), RemoveFulfillmentProvider: () => gqlError('Printify still has 2 open fulfilment orders', 'CONFLICT') },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('remove-provider-fp-1'));
    const dialog = await screen.findByTestId('remove-provider-dialog');
    expect(dialog).toHaveTextContent('Remove Printify · Main from Sellerdesk?');
    await user.click(screen.getByTestId('remove-provider-confirm'));
    expect(await screen.findByTestId('remove-provider-conflict')).toHaveTextContent('It cannot be removed yet: Printify still has 2 open fulfilment orders');
    expect(variablesOf(app.api.calls, 'RemoveFulfillmentProvider')).toEqual([{ providerId: 'fp-1' }]);
    expect(screen.queryByTestId('remove-provider-confirm')).toBeNull();
  });

  it('removes an account once confirmed', async () => {
    let accounts = [printify, gearment];
    renderApp(paths.fulfillments.providers, {
      user: admin,
      handlers: {
        ...handlers(),
        FulfillmentProviders: () => ok({ getFulfillmentProviders: accounts }),
        RemoveFulfillmentProvider: () => {
          accounts = [printify];
          return ok({ removeFulfillmentProvider: true });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('remove-provider-fp-2'));
    await user.click(await screen.findByTestId('remove-provider-confirm'));
    await waitFor(() => expect(within(screen.getByTestId('providers-table')).queryByText('Gearment')).toBeNull());
    expect(await screen.findByText('Gearment was removed.')).toBeInTheDocument();
  });

  it('says plainly when the server does not let this user manage providers', async () => {
    renderApp(paths.fulfillments.providers, { user: admin, handlers: { FulfillmentProviders: () => gqlError('admins only', 'FORBIDDEN') } });
    expect(await screen.findByText('Only admins manage provider accounts')).toBeInTheDocument();
  });

  it('keeps STAFF off the screen', async () => {
    const app = renderApp(paths.fulfillments.providers, { user: { id: 'staff-1', role: 'STAFF' }, handlers: handlers() });
    await waitFor(() => expect(app.location()).toBe(paths.dashboard));
    expect(variablesOf(app.api.calls, 'FulfillmentProviders')).toEqual([]);
  });
});
