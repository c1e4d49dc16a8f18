import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const DAY = 86_400_000;

const plan = (type: string, salePrice: number, extra: Record<string, unknown> = {}) => ({
  id: `plan-${type.toLowerCase()}`,
  type,
  description: `${type} plan`,
  features: [],
  salePrice,
  basePrice: salePrice,
  maxShops: salePrice > 0 ? 5 : 1,
  durationDays: 30,
  monthlyListings: salePrice > 0 ? 1000 : 50,
  monthlyFulfillments: salePrice > 0 ? null : 20,
  promotions: false,
  ...extra,
});

const plans = [plan('FREE', 0), plan('BASIC', 19, { basePrice: 29, features: ['10 shops', 'Unlimited fulfilment orders a month', 'Priority support'] }), plan('PREMIUM', 49)];

function subscription(extra: Record<string, unknown> = {}) {
  return {
    id: 'sub-1',
    startDate: null,
    endDate: null,
    balance: 30,
    isExpired: false,
    totalShops: 1,
    listingsThisMonth: 12,
    fulfillmentsThisMonth: 20,
    bankTransferReference: 'SD-ACME',
    plan: { id: 'plan-free', type: 'FREE', salePrice: 0, durationDays: 30 },
    effectivePlan: { id: 'plan-free', type: 'FREE', maxShops: 1, monthlyListings: 50, monthlyFulfillments: 20, promotions: false },
    ...extra,
  };
}

const transactions = [{ id: 't1', createdAt: '2026-03-01T10:00:00Z', amount: 30, content: 'Card top-up', type: 'TOP_UP' }];

type Handlers = NonNullable<Parameters<typeof renderApp>[1]>['handlers'];

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };

function handlers(sub: Record<string, unknown> | null = subscription(), extra: Handlers = {}) {
  return {
    MySubscription: () => ok({ getClientSubscription: sub }),
    SubscriptionPlans: () => ok({ getAllSubscriptionPlans: plans }),
    MyTransactions: () => ok({ getTransactionPage: pageOf(transactions) }),
    ...extra,
  };
}

describe('subscription', () => {
  it('shows skeletons, not an empty state, while the subscription loads', async () => {
    renderApp(paths.subscriptions.list, { user: admin, handlers: { ...handlers(), MySubscription: () => new Promise(() => {}) } });
    expect(await screen.findByTestId('subscription-loading')).toBeInTheDocument();
    expect(screen.getByTestId('plans-loading')).toBeInTheDocument();
    expect(screen.queryByText('No transactions yet')).not.toBeInTheDocument();
  });

  it('shows the plan, balance, usage against the allowances, the plans and the transactions', async () => {
    const app = renderApp(paths.subscriptions.list, { user: admin, handlers: handlers() });
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Free');
    expect(screen.getByTestId('balance')).toHaveTextContent('$30.00');
    expect(screen.getByTestId('usage-listings')).toHaveTextContent('12 of 50');
    expect(screen.getByTestId('usage-fulfillments')).toHaveTextContent('20 of 20');
    expect(screen.getByTestId('usage-fulfillments')).toHaveClass('usage-over');
    const basic = await screen.findByTestId('plan-BASIC');
    expect(basic).toHaveTextContent('$19.00');
    expect(basic).toHaveTextContent('$29.00');
    expect(screen.getByTestId('plan-BASIC-Fulfilment orders a month')).toHaveTextContent('Unlimited');
    expect(screen.getByTestId('plan-FREE-Fulfilment orders a month')).toHaveTextContent('20');
    expect(screen.getByTestId('plan-BASIC-Also')).toHaveTextContent('Priority support');
    // What the rows already say is not repeated.
    expect(screen.getByTestId('plan-BASIC-Also')).not.toHaveTextContent('10 shops');
    expect(screen.getByTestId('plan-FREE')).toHaveTextContent('Current');
    expect(screen.getByTestId('choose-FREE')).toBeDisabled();
    expect(await screen.findByText('Card top-up')).toBeInTheDocument();
    expect(screen.getByTestId('transactions')).toHaveTextContent('+$30.00');
    expect(variablesOf(app.api.calls, 'MySubscription')[0]).toEqual({ clientId: 'client-1' });
    expect(variablesOf(app.api.calls, 'MyTransactions')[0]).toMatchObject({ clientId: 'client-1', page: 1 });
  });

  it('says an ended paid plan falls back to Free', async () => {
    const ended = subscription({
      isExpired: true,
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2026-01-31T00:00:00Z',
      plan: { id: 'plan-basic', type: 'BASIC', salePrice: 19, durationDays: 30 },
    });
    renderApp(paths.subscriptions.list, { user: admin, handlers: handlers(ended) });
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Free');
    expect(screen.getByTestId('plan-expired')).toHaveTextContent('Basic ended Jan 31, 2026: Free limits apply');
    expect(screen.getByTestId('renewal')).toHaveTextContent('The paid period has ended');
    expect(screen.getByTestId('expired-banner')).toBeInTheDocument();
    // The ended plan can be bought again.
    await userEvent.click(await screen.findByTestId('choose-BASIC'));
    expect(await screen.findByTestId('subscribe-dialog')).toHaveTextContent('From Free to Basic');
    expect(screen.queryByTestId('subscribe-credit')).not.toBeInTheDocument();
  });

  it('subscribes through a confirmation that shows the debit and the balance after', async () => {
    let current = subscription();
    const app = renderApp(paths.subscriptions.list, {
      user: admin,
      handlers: handlers(undefined, {
        MySubscription: () => ok({ getClientSubscription: current }),
        SubscribeAPlan: () => {
          current = subscription({ balance: 11, plan: { id: 'plan-basic', type: 'BASIC', salePrice: 19, durationDays: 30 }, endDate: '2026-04-01T00:00:00Z' });
          return ok({ subscribeAPlan: { id: 'sub-1', startDate: '2026-03-02T00:00:00Z', endDate: '2026-04-01T00:00:00Z', balance: 11, plan: { id: 'plan-basic', type: 'BASIC' } } });
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Basic' }));
    const dialog = await screen.findByTestId('subscribe-dialog');
    expect(within(dialog).getByTestId('subscribe-debit')).toHaveTextContent('−$19.00');
    expect(within(dialog).getByTestId('subscribe-after')).toHaveTextContent('$11.00');
    expect(within(dialog).queryByTestId('subscribe-credit')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('subscribe-confirm'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'SubscribeAPlan')).toEqual([{ planId: 'plan-basic' }]));
    await waitFor(() => expect(screen.queryByTestId('subscribe-dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('current-plan')).toHaveTextContent('Basic'));
  });

  it('shows the credit of the unused part of a running period on an upgrade', async () => {
    const now = Date.now();
    const running = subscription({
      balance: 40,
      startDate: new Date(now - 15 * DAY).toISOString(),
      endDate: new Date(now + 15 * DAY).toISOString(),
      plan: { id: 'plan-basic', type: 'BASIC', salePrice: 20, durationDays: 30 },
    });
    renderApp(paths.subscriptions.list, { user: admin, handlers: handlers(running) });
    // $20 renews from $40: covered.
    expect(await screen.findByTestId('renewal-covered')).toBeInTheDocument();
    expect(screen.getByTestId('renewal')).toHaveTextContent('for $20.00');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    const credit = await screen.findByTestId('subscribe-credit');
    // Half of $20 left: about $10 (to the cent, rounded down as the server does).
    expect(credit.textContent).toMatch(/\+\$(9\.99|10\.00)/);
    expect(screen.getByTestId('subscribe-after').textContent).toMatch(/\$(0\.99|1\.00)/);
  });

  it('warns when the balance is short of the renewal', async () => {
    const running = subscription({
      balance: 5,
      startDate: '2026-03-01T00:00:00Z',
      endDate: new Date(Date.now() + 3 * DAY).toISOString(),
      plan: { id: 'plan-basic', type: 'BASIC', salePrice: 19, durationDays: 30 },
    });
    renderApp(paths.subscriptions.list, { user: admin, handlers: handlers(running) });
    expect(await screen.findByTestId('renewal-short')).toHaveTextContent('$14.00 short of the renewal');
  });

  it('offers to add balance instead of a purchase the balance cannot pay', async () => {
    const app = renderApp(paths.subscriptions.list, { user: admin, handlers: handlers(subscription({ balance: 5 })) });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByTestId('subscribe-short')).toHaveTextContent('short by $44.00');
    expect(screen.queryByTestId('subscribe-confirm')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('subscribe-add-balance'));
    await waitFor(() => expect(app.location()).toBe(paths.subscriptions.addBalance));
  });

  it('says in words that the balance is short when the server answers PAYMENT_REQUIRED, and shows the banner', async () => {
    renderApp(paths.subscriptions.list, {
      user: admin,
      handlers: handlers(undefined, { SubscribeAPlan: () => gqlError('PAYMENT_REQUIRED', 'PAYMENT_REQUIRED') }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Basic' }));
    await userEvent.click(await screen.findByTestId('subscribe-confirm'));
    expect(await screen.findByTestId('subscribe-error')).toHaveTextContent('Your balance is short for this plan: add balance');
    expect(screen.getByTestId('subscribe-add-balance')).toBeInTheDocument();
    expect(screen.getByTestId('need-payment')).toHaveTextContent('Manage subscription');
  });

  it('shows STAFF the plans without letting them buy one', async () => {
    renderApp(paths.subscriptions.list, { user: { id: 'staff-1', role: 'STAFF' }, handlers: handlers() });
    expect(await screen.findByTestId('plans-admin-only')).toBeInTheDocument();
    expect(await screen.findByTestId('choose-BASIC')).toBeDisabled();
  });

  it('tells the platform account it has no subscription', async () => {
    renderApp(paths.subscriptions.list, { user: { id: 'root', role: 'SUPER_ADMIN' }, handlers: handlers(null) });
    expect(await screen.findByTestId('no-subscription')).toHaveTextContent('Clients');
  });

  it('shows a failed read with a retry', async () => {
    renderApp(paths.subscriptions.list, { user: admin, handlers: handlers(undefined, { MySubscription: () => gqlError('database is down', 'INTERNAL') }) });
    expect(await screen.findByText('database is down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
