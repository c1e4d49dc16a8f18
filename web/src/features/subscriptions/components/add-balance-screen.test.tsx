import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { paths } from '@/config/paths';
import { browser } from '@/lib/browser';
import { gqlError, ok, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

function subscription(balance = 30) {
  return {
    id: 'sub-1',
    startDate: null,
    endDate: null,
    balance,
    isExpired: false,
    totalShops: 1,
    listingsThisMonth: 0,
    fulfillmentsThisMonth: 0,
    bankTransferReference: 'SD-ACME',
    plan: { id: 'plan-free', type: 'FREE', salePrice: 0, durationDays: 30 },
    effectivePlan: { id: 'plan-free', type: 'FREE', maxShops: 1, monthlyListings: 50, monthlyFulfillments: 20, promotions: false },
  };
}

const payment = (status: string) => ({ id: 'pay-1', amount: 100, currency: 'usd', status, createdAt: '2026-03-01T10:00:00Z', paidAt: status === 'PAID' ? '2026-03-01T10:01:00Z' : null });

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };

describe('add balance', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows skeletons while the subscription loads', async () => {
    renderApp(paths.subscriptions.addBalance, { user: admin, handlers: { MySubscription: () => new Promise(() => {}) } });
    expect(await screen.findByLabelText('Loading the bank reference')).toBeInTheDocument();
  });

  it('gives the bank transfer reference with its instructions', async () => {
    renderApp(paths.subscriptions.addBalance, { user: admin, handlers: { MySubscription: () => ok({ getClientSubscription: subscription() }) } });
    expect(await screen.findByTestId('bank-reference')).toHaveTextContent('SD-ACME');
    expect(screen.getByTestId('bank-transfer')).toHaveTextContent('write this reference');
    expect(screen.getByTestId('balance')).toHaveTextContent('$30.00');
  });

  it('starts a card checkout for the amount and goes to the payment page', async () => {
    const leave = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const app = renderApp(paths.subscriptions.addBalance, {
      user: admin,
      handlers: {
        MySubscription: () => ok({ getClientSubscription: subscription() }),
        CreateTopUpCheckout: () => ok({ createTopUpCheckout: { url: 'https://pay.example.test/c/cs_1', payment: { id: 'pay-1', amount: 100, status: 'PENDING' } } }),
      },
    });
    await screen.findByTestId('bank-reference');
    await userEvent.click(screen.getByRole('button', { name: '$100.00' }));
    await userEvent.click(screen.getByTestId('card-top-up-pay'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://pay.example.test/c/cs_1'));
    expect(variablesOf(app.api.calls, 'CreateTopUpCheckout')).toEqual([{ amount: 100 }]);
  });

  it('refuses an amount outside the bounds before asking, and shows the server refusal on the field', async () => {
    const leave = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const app = renderApp(paths.subscriptions.addBalance, {
      user: admin,
      handlers: {
        MySubscription: () => ok({ getClientSubscription: subscription() }),
        CreateTopUpCheckout: () => gqlError('has at most two decimals (cents)', 'BAD_USER_INPUT', 'amount'),
      },
    });
    await screen.findByTestId('bank-reference');
    const input = screen.getByLabelText('Amount (USD)');
    await userEvent.clear(input);
    await userEvent.type(input, '2');
    await userEvent.click(screen.getByTestId('card-top-up-pay'));
    expect(await screen.findByText('Enter an amount from $5.00 to $10,000.00.')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'CreateTopUpCheckout')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '$25.00' }));
    await userEvent.click(screen.getByTestId('card-top-up-pay'));
    expect(await screen.findByText('has at most two decimals (cents)')).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('back from the payment page: waits for the confirmation, then says it is paid and reads the balance again', async () => {
    let status = 'PENDING';
    let balance = 30;
    renderApp(`${paths.subscriptions.addBalance}?payment=pay-1&session_id=cs_1`, {
      user: admin,
      handlers: {
        MySubscription: () => ok({ getClientSubscription: subscription(balance) }),
        TopUpPayment: (v) => {
          expect(v).toEqual({ id: 'pay-1' });
          return ok({ getTopUpPayment: payment(status) });
        },
      },
    });
    expect(await screen.findByTestId('card-top-up-pending')).toHaveTextContent('Waiting for the card payment of $100.00');
    status = 'PAID';
    balance = 130;
    expect(await screen.findByTestId('card-top-up-paid', {}, { timeout: 4000 })).toHaveTextContent('Payment of $100.00 received');
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$130.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('card-top-up-paid')).not.toBeInTheDocument();
  });

  it('says a payment left unpaid was not charged, and one that lapsed did not go through', async () => {
    const handlers = { MySubscription: () => ok({ getClientSubscription: subscription() }), TopUpPayment: () => ok({ getTopUpPayment: payment('PENDING') }) };
    const first = renderApp(`${paths.subscriptions.addBalance}?payment=pay-1&cancelled=true`, { user: admin, handlers });
    expect(await screen.findByTestId('card-top-up-cancelled')).toHaveTextContent('$100.00 was not charged');
    first.unmount();
    renderApp(`${paths.subscriptions.addBalance}?payment=pay-1`, { user: admin, handlers: { ...handlers, TopUpPayment: () => ok({ getTopUpPayment: payment('EXPIRED') }) } });
    expect(await screen.findByTestId('card-top-up-expired')).toHaveTextContent('did not go through');
  });

  it('tells STAFF that only an admin pays by card', async () => {
    renderApp(paths.subscriptions.addBalance, { user: { id: 'staff-1', role: 'STAFF' }, handlers: { MySubscription: () => ok({ getClientSubscription: subscription() }) } });
    expect(await screen.findByTestId('card-top-up-admin-only')).toBeInTheDocument();
    expect(screen.queryByTestId('card-top-up-pay')).not.toBeInTheDocument();
  });
});
