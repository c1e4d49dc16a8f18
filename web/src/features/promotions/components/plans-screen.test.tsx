import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { gqlError, ok, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const admin = { id: 'admin-1', role: 'ADMIN' as const, promotionsEnabled: true, timezone: 'UTC' };
const weekend = { id: 'plan-1', title: 'Weekend flash', type: 'FLASHSALE', duration: 48, productLevel: 'VARIATION', discount: 15 };
const daily = { id: 'plan-2', title: 'Daily deal', type: 'FLASHSALE', duration: 24, productLevel: 'PRODUCT', discount: 10 };

describe('promotion settings', () => {
  it('shows a skeleton table, not an empty state, while the plans load', async () => {
    renderApp(paths.promotionSettings, { user: admin, handlers: { GetPromotionPlans: () => new Promise(() => {}) } });
    expect(await screen.findByTestId('plans-loading')).toBeInTheDocument();
    expect(screen.queryByText('No promotion plan yet')).not.toBeInTheDocument();
  });

  it('lists the plans with their duration, level and discount', async () => {
    renderApp(paths.promotionSettings, { user: admin, handlers: { GetPromotionPlans: () => ok({ getPromotionPlans: [weekend, daily] }) } });
    const table = await screen.findByTestId('plans-table');
    const row = within(table).getByText('Weekend flash').closest('tr')!;
    expect(row).toHaveTextContent('48 hours (2 days)');
    expect(row).toHaveTextContent('Each variant');
    expect(row).toHaveTextContent('15% off');
    expect(within(table).getByText('Daily deal').closest('tr')).toHaveTextContent('Whole product');
  });

  it('validates a new plan on the form before asking the server, then creates it', async () => {
    let plans = [daily];
    const app = renderApp(paths.promotionSettings, {
      user: admin,
      handlers: {
        GetPromotionPlans: () => ok({ getPromotionPlans: plans }),
        CreatePromotionPlan: (v) => {
          const input = (v as { input: typeof weekend }).input;
          plans = [...plans, { ...input, id: 'plan-9' }];
          return ok({ createPromotionPlan: 'plan-9' });
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByTestId('plans-table');
    await user.click(screen.getByTestId('new-plan'));
    const form = await screen.findByRole('form', { name: 'New promotion plan' });
    await user.clear(within(form).getByLabelText('Duration (hours)'));
    await user.click(within(form).getByTestId('plan-submit'));
    expect(await within(form).findByText('Give the plan a title')).toBeInTheDocument();
    expect(within(form).getByText('A whole number of hours from 1 to 8759')).toBeInTheDocument();
    expect(within(form).getByText('A discount from 1 to 99 %')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Title'), 'Weekend flash');
    await user.type(within(form).getByLabelText('Duration (hours)'), '48');
    await user.type(within(form).getByLabelText('Discount (%)'), '150');
    await user.click(within(form).getByTestId('plan-submit'));
    expect(await within(form).findByText('A discount from 1 to 99 %')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'CreatePromotionPlan')).toEqual([]);

    await user.clear(within(form).getByLabelText('Discount (%)'));
    await user.type(within(form).getByLabelText('Discount (%)'), '15');
    await user.click(within(form).getByLabelText(/Each variant/));
    await user.click(within(form).getByTestId('plan-submit'));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'CreatePromotionPlan')).toEqual([
        { input: { title: 'Weekend flash', type: 'FLASHSALE', duration: 48, productLevel: 'VARIATION', discount: 15 } },
      ]),
    );
    expect(await screen.findByText('Weekend flash was created.')).toBeInTheDocument();
    expect(await within(screen.getByTestId('plans-table')).findByText('Weekend flash')).toBeInTheDocument();
  });

  it("shows the server's objection on the field it names", async () => {
    renderApp(paths.promotionSettings, {
      user: admin,
      handlers: {
        GetPromotionPlans: () => ok({ getPromotionPlans: [daily] }),
        UpdatePromotionPlan: () => gqlError('a flash sale runs at most 72 hours', 'BAD_USER_INPUT', 'input.duration'),
      },
    });
    const user = userEvent.setup();
    const table = await screen.findByTestId('plans-table');
    await user.click(within(table).getByRole('button', { name: 'Edit Daily deal' }));
    const form = await screen.findByRole('form', { name: 'Edit Daily deal' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Daily deal');
    await user.clear(within(form).getByLabelText('Duration (hours)'));
    await user.type(within(form).getByLabelText('Duration (hours)'), '100');
    await user.click(within(form).getByTestId('plan-submit'));
    const duration = within(form).getByLabelText('Duration (hours)').closest('.field')!;
    expect(await within(duration as HTMLElement).findByText('a flash sale runs at most 72 hours')).toBeInTheDocument();
    // Shown on the form, not as a toast.
    expect(screen.getAllByText('a flash sale runs at most 72 hours')).toHaveLength(1);
  });

  it('deletes a plan only after confirmation', async () => {
    const app = renderApp(paths.promotionSettings, {
      user: admin,
      handlers: { GetPromotionPlans: () => ok({ getPromotionPlans: [weekend, daily] }), RemovePromotionPlan: () => ok({ removePromotionPlan: true }) },
    });
    const user = userEvent.setup();
    const table = await screen.findByTestId('plans-table');
    await user.click(within(table).getByRole('button', { name: 'Delete Weekend flash' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the plan Weekend flash?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'RemovePromotionPlan')).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Delete Weekend flash' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'RemovePromotionPlan')).toEqual([{ id: 'plan-1' }]));
  });

  it('says why a plan in use cannot be deleted', async () => {
    renderApp(paths.promotionSettings, {
      user: admin,
      handlers: {
        GetPromotionPlans: () => ok({ getPromotionPlans: [weekend] }),
        RemovePromotionPlan: () => gqlError('the plan is used by an auto-renewing promotion', 'CONFLICT'),
      },
    });
    const user = userEvent.setup();
    const table = await screen.findByTestId('plans-table');
    await user.click(within(table).getByRole('button', { name: 'Delete Weekend flash' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('the plan is used by an auto-renewing promotion')).toBeInTheDocument();
  });

  it('shows staff the plans without a way to change them', async () => {
    renderApp(paths.promotionSettings, { user: { id: 'staff-1', role: 'STAFF', promotionsEnabled: true }, handlers: { GetPromotionPlans: () => ok({ getPromotionPlans: [weekend] }) } });
    const table = await screen.findByTestId('plans-table');
    expect(within(table).getByText('Weekend flash')).toBeInTheDocument();
    expect(screen.queryByTestId('new-plan')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete Weekend flash' })).toBeNull();
    expect(screen.getByText(/Your admins change them/)).toBeInTheDocument();
  });
});
