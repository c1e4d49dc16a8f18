import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { renderApp } from '@/testing/render-app';

const linkedUser = { id: 'tg-1', firstName: 'Ann', lastName: 'Lee', username: 'annlee' };
const allAlerts = ['BULK_BATCH_FAILED', 'ORDERS_DUE', 'PROMOTION_RENEWAL_FAILED', 'LOW_BALANCE'];

describe('Telegram alerts on the settings screen', () => {
  it('creates a deep link and shows the account once the bot has linked it', async () => {
    let linked = false;
    const app = renderApp(paths.users.settings, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetTelegramUser: () => ({ body: { data: { getTelegramUser: linked ? linkedUser : null } } }),
        // Linking chooses every alert: before it, none.
        GetTelegramAlerts: () => ({ body: { data: { getTelegramAlerts: linked ? allAlerts : [] } } }),
        CreateTelegramLink: () => ({
          body: {
            data: {
              createTelegramLink: {
                url: 'https://t.me/sellerdesk_bot?start=abc123',
                botUsername: 'sellerdesk_bot',
                expiresAt: '2026-01-02T03:19:05Z',
              },
            },
          },
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Link Telegram' }));
    const open = await screen.findByRole('link', { name: 'Open @sellerdesk_bot in Telegram' });
    expect(open).toHaveAttribute('href', 'https://t.me/sellerdesk_bot?start=abc123');
    expect(app.api.calls.filter((c) => c.operationName === 'CreateTelegramLink')).toHaveLength(1);

    // The user presses Start in Telegram; the screen looks again until it sees the link.
    linked = true;
    expect(await screen.findByTestId('telegram-linked', {}, { timeout: 5000 })).toHaveTextContent('Linked to Ann Lee (@annlee)');
    expect(screen.queryByRole('link', { name: /Open @sellerdesk_bot/ })).not.toBeInTheDocument();
    // The choices shown are the new link's, not the ones read before it.
    const form = screen.getByRole('form', { name: 'Telegram alerts' });
    await waitFor(() => expect(within(form).getByLabelText('My balance is low')).toBeChecked());
  });

  it('disconnects the linked account', async () => {
    let linked = true;
    const disconnected: unknown[] = [];
    renderApp(paths.users.settings, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetTelegramUser: () => ({ body: { data: { getTelegramUser: linked ? linkedUser : null } } }),
        GetTelegramAlerts: () => ({ body: { data: { getTelegramAlerts: allAlerts } } }),
        DisconnectTelegramBot: (vars) => {
          disconnected.push(vars);
          linked = false;
          return { body: { data: { disconnectTelegramBot: true } } };
        },
      },
    });
    const user = userEvent.setup();
    // Cancelling the confirmation changes nothing.
    await user.click(await screen.findByRole('button', { name: 'Disconnect Telegram' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(disconnected).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Disconnect Telegram' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(disconnected).toEqual([{ id: 'tg-1' }]));
    expect(await screen.findByRole('button', { name: 'Link Telegram' })).toBeInTheDocument();
  });

  it('saves the alerts the user chose', async () => {
    const saved: unknown[] = [];
    renderApp(paths.users.settings, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetTelegramUser: () => ({ body: { data: { getTelegramUser: linkedUser } } }),
        GetTelegramAlerts: () => ({ body: { data: { getTelegramAlerts: allAlerts } } }),
        SetTelegramAlerts: (vars) => {
          saved.push(vars);
          return { body: { data: { setTelegramAlerts: (vars as { alerts: string[] }).alerts } } };
        },
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Telegram alerts' });
    const save = within(form).getByRole('button', { name: 'Save alerts' });
    await waitFor(() => expect(within(form).getByLabelText('My balance is low')).toBeChecked());
    expect(save).toBeDisabled();
    await user.click(within(form).getByLabelText('My balance is low'));
    await user.click(within(form).getByLabelText('A promotion could not be renewed'));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(saved).toEqual([{ alerts: ['BULK_BATCH_FAILED', 'ORDERS_DUE'] }]));
    expect(await screen.findByText('Your Telegram alerts are saved.')).toBeInTheDocument();
  });
});
