import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { gqlError, ok, pageOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const design = {
  id: 'd1',
  externalProductId: null,
  sellerProductId: 'SP-1',
  images: [],
  designFrontUrl: 'https://cdn.test/front.png',
  designBackUrl: null,
  designSleeveUrl: null,
  designHoodUrl: null,
  variant: 'Black / M',
  product: { id: 'p1', name: 'Classic tee' },
};

describe('need-payment banner', () => {
  it('shows when a mutation answers PAYMENT_REQUIRED, says so in words, leads to the plans, and can be dismissed', async () => {
    renderApp(paths.productDesigns, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetListProductDesigns: () => ok({ getListProductDesigns: pageOf([design]) }),
        RemoveProductDesign: () => gqlError('PAYMENT_REQUIRED', 'PAYMENT_REQUIRED'),
      },
    });
    const user = userEvent.setup();
    const table = await screen.findByTestId('designs-table');
    await within(table).findByText('Classic tee');
    expect(screen.queryByTestId('need-payment')).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Remove the design of Classic tee' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));

    const banner = await screen.findByTestId('need-payment');
    expect(banner).toHaveTextContent('needs a bigger plan or more balance');
    expect(within(banner).getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', paths.subscriptions.list);
    // The toast speaks words, not the contract's bare code.
    expect(await screen.findByText(/see Subscription to upgrade or add balance/)).toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('need-payment')).not.toBeInTheDocument());
  });
});
