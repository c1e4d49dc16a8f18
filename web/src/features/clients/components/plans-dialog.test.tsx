import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const basic = {
  id: 'plan-basic',
  type: 'BASIC',
  description: 'For a growing seller',
  features: ['10 shops', 'Flash-sale automation'],
  salePrice: 79,
  basePrice: 99,
  maxShops: 10,
  durationDays: 30,
  monthlyListings: 10000,
  monthlyFulfillments: 5000,
  promotions: true,
};

const root = { id: 'root', role: 'SUPER_ADMIN' as const, timezone: 'UTC' };

describe('plans editor', () => {
  it('lists the plans and saves new terms, an emptied allowance as unlimited', async () => {
    let current = basic;
    const app = renderApp(paths.clients.list, {
      user: root,
      handlers: {
        Clients: () => ok({ getClientSubscriptions: pageOf([]) }),
        ConsolePlans: () => ok({ getAllSubscriptionPlans: [current] }),
        UpdateSubscriptionPlan: (v) => {
          const input = v?.input as Record<string, unknown>;
          current = { ...basic, salePrice: Number(input.salePrice), monthlyListings: input.monthlyListings as never };
          return ok({ updateSubscriptionPlan: current });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('edit-plans'));
    const table = await screen.findByTestId('console-plans');
    expect(within(table).getByText('$79.00')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Edit the Basic plan' }));
    const sale = screen.getByLabelText('Sale price');
    await user.clear(sale);
    await user.type(sale, '69');
    await user.clear(screen.getByLabelText('Listings a month'));
    await user.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'UpdateSubscriptionPlan')).toHaveLength(1));
    expect(variablesOf(app.api.calls, 'UpdateSubscriptionPlan')[0]).toEqual({
      id: 'plan-basic',
      input: {
        description: 'For a growing seller',
        features: ['10 shops', 'Flash-sale automation'],
        salePrice: 69,
        basePrice: 99,
        durationDays: 30,
        maxShops: 10,
        monthlyListings: null,
        monthlyFulfillments: 5000,
        promotions: true,
      },
    });
    const updated = await screen.findByTestId('console-plans');
    expect(await within(updated).findByText('$69.00')).toBeInTheDocument();
    expect(within(updated).getByText('Unlimited')).toBeInTheDocument();
  });

  it('keeps a refusal on its field', async () => {
    renderApp(paths.clients.list, {
      user: root,
      handlers: {
        Clients: () => ok({ getClientSubscriptions: pageOf([]) }),
        ConsolePlans: () => ok({ getAllSubscriptionPlans: [basic] }),
        UpdateSubscriptionPlan: () => gqlError('must be an amount with at most two decimals', 'BAD_USER_INPUT', 'salePrice'),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('edit-plans'));
    await user.click(within(await screen.findByTestId('console-plans')).getByRole('button', { name: 'Edit the Basic plan' }));
    await user.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText('must be an amount with at most two decimals')).toBeInTheDocument();
    expect(screen.getByTestId('plan-form')).toBeInTheDocument();
  });
});
