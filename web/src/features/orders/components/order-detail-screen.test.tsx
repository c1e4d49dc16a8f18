import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathTo, paths } from '@/config/paths';
import { gqlError, ok, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

function order(extra: Record<string, unknown> = {}) {
  return {
    id: 'o1',
    externalOrderId: '577001',
    status: 'AWAITING_FULFILLMENT',
    marketplaceStatus: 'AWAITING_SHIPMENT',
    allowedStatuses: ['AWAITING_DESIGN', 'AWAITING_SHIPMENT', 'FULFILLED'],
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T11:00:00Z',
    shipByAt: '2026-03-04T10:00:00Z',
    isLate: false,
    isDueSoon: false,
    totalAmount: 50,
    refundAmount: 0,
    revenueEstimate: 41.5,
    buyerEmail: 'buyer@example.test',
    buyerMessage: '<b>gift</b> wrap please',
    recipientName: 'Grace Hopper',
    recipientPhone: '+1 555 0100',
    recipientAddress: null,
    recipientAddress1: '1 Navy Way',
    recipientAddress2: null,
    recipientCity: 'Arlington',
    recipientState: 'VA',
    recipientRegionCode: 'US',
    recipientPostalCode: '22201',
    shop: { id: 'shop-1', name: 'Tees US', saleChannel: 'TIKTOK' },
    owner: null,
    items: [
      { id: 'i1', productName: 'Classic tee', skuName: 'Black / L', skuImage: 'https://img.example.test/tee.png', quantity: 2, salePrice: 20, originalPrice: 25, sellerSku: 'TEE-BL-L', sellerProductId: null, originProductUrl: null },
      { id: 'i2', productName: 'Mug', skuName: null, skuImage: null, quantity: 1, salePrice: 10, originalPrice: 10, sellerSku: null, sellerProductId: null, originProductUrl: null },
    ],
    profit: { sale: 50, commissionFee: 3, transactionFee: 1.5, shippingFee: 4, totalFees: 8.5, fulfillmentCost: 0, refund: 0, net: 41.5, feesSettled: false },
    timeline: [
      { id: 'e1', source: 'SYNC', fromStatus: null, toStatus: 'AWAITING_DESIGN', marketplaceStatus: 'AWAITING_SHIPMENT', createdAt: '2026-03-01T10:00:05Z', user: null },
      { id: 'e2', source: 'USER', fromStatus: 'AWAITING_DESIGN', toStatus: 'AWAITING_FULFILLMENT', marketplaceStatus: null, createdAt: '2026-03-01T11:00:00Z', user: { id: 'admin-1', firstName: 'Ada', lastName: 'Lovelace' } },
    ],
    ...extra,
  };
}

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };
const at = pathTo(paths.orders.detail, { orderId: 'o1' });

describe('one order', () => {
  it('shows items, buyer, recipient, the profit as an estimate, and the timeline newest first', async () => {
    renderApp(at, { user: admin, handlers: { OrderDetail: () => ok({ getOrderById: order() }) } });
    expect(await screen.findByRole('heading', { name: 'Order #577001' })).toBeInTheDocument();
    const items = screen.getByTestId('order-items');
    expect(within(items).getByText('Classic tee')).toBeInTheDocument();
    expect(within(items).getByRole('img', { name: 'Classic tee' })).toHaveAttribute('src', 'https://img.example.test/tee.png');
    expect(within(items).getByText('$40.00')).toBeInTheDocument();
    // A buyer's message is text, never markup.
    expect(screen.getByText('<b>gift</b> wrap please')).toBeInTheDocument();
    expect(screen.getByTestId('recipient')).toHaveTextContent('1 Navy Way');
    expect(screen.getByTestId('profit-estimate')).toHaveTextContent('Estimate');
    expect(screen.getByTestId('profit')).toHaveTextContent('Net (estimate)$41.50');
    const timeline = screen.getByTestId('timeline');
    const text = timeline.textContent ?? '';
    expect(text.indexOf('Ada Lovelace')).toBeLessThan(text.indexOf('Marketplace sync'));
  });

  it('sends the order to a provider, and finds the fulfilment orders made for it', async () => {
    renderApp(at, { user: admin, handlers: { OrderDetail: () => ok({ getOrderById: order() }) } });
    expect(await screen.findByTestId('send-to-provider')).toHaveAttribute('href', '/fulfillments/orders/create?orderIds=o1');
    expect(screen.getByTestId('order-fulfillments')).toHaveAttribute('href', '/fulfillments/orders?search=577001');
  });

  it('says the recipient is hidden while the marketplace holds the order', async () => {
    const held = order({
      marketplaceStatus: 'ON_HOLD',
      recipientName: null,
      recipientPhone: null,
      recipientAddress1: null,
      recipientCity: null,
      recipientState: null,
      recipientPostalCode: null,
      recipientRegionCode: null,
      profit: { ...order().profit, feesSettled: true },
    });
    renderApp(at, { user: admin, handlers: { OrderDetail: () => ok({ getOrderById: held }) } });
    expect(await screen.findByTestId('recipient-hidden')).toHaveTextContent('Hidden by TikTok Shop while the order is on hold');
    expect(screen.queryByTestId('profit-estimate')).not.toBeInTheDocument();
    expect(screen.getByTestId('profit')).toHaveTextContent('Net$41.50');
  });

  it('offers only the allowed moves and asks before moving', async () => {
    let current = order();
    const app = renderApp(at, {
      user: admin,
      handlers: {
        OrderDetail: () => ok({ getOrderById: current }),
        UpdateOrderStatus: (v) => {
          current = order({ status: v?.status, allowedStatuses: ['AWAITING_FULFILLMENT', 'FULFILLED'] });
          return ok({ updateOrderStatus: { id: 'o1', status: v?.status } });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('change-status'));
    const dialog = await screen.findByTestId('status-change-dialog');
    const options = within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(options).toEqual(['Awaiting design', 'Awaiting shipment', 'Fulfilled']);
    expect(screen.getByTestId('status-change-confirm')).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Awaiting shipment'));
    await user.click(screen.getByRole('button', { name: 'Move to awaiting shipment' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'UpdateOrderStatus')).toEqual([{ orderId: 'o1', status: 'AWAITING_SHIPMENT' }]));
    await waitFor(() => expect(screen.queryByTestId('status-change-dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Awaiting shipment'));
  });

  it('asks in red before a final move', async () => {
    renderApp(at, { user: admin, handlers: { OrderDetail: () => ok({ getOrderById: order({ status: 'DELIVERED', allowedStatuses: ['REFUNDED'] }) }) } });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('change-status'));
    const dialog = await screen.findByTestId('status-change-dialog');
    await user.click(within(dialog).getByLabelText('Refunded'));
    expect(dialog).toHaveTextContent('This is a final status');
    expect(screen.getByRole('button', { name: 'Move to refunded' })).toHaveClass('p-button-danger');
  });

  it('shows a CONFLICT in the dialog and offers what is allowed now', async () => {
    let current = order();
    renderApp(at, {
      user: admin,
      handlers: {
        OrderDetail: () => ok({ getOrderById: current }),
        UpdateOrderStatus: () => {
          // The marketplace shipped it meanwhile.
          current = order({ status: 'IN_TRANSIT', marketplaceStatus: 'IN_TRANSIT', allowedStatuses: ['REFUNDED'] });
          return gqlError('an order cannot move from IN_TRANSIT to FULFILLED by hand; allowed: REFUNDED', 'CONFLICT');
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('change-status'));
    const dialog = await screen.findByTestId('status-change-dialog');
    await user.click(within(dialog).getByLabelText('Fulfilled'));
    await user.click(screen.getByRole('button', { name: 'Move to fulfilled' }));
    expect(await screen.findByTestId('status-conflict')).toHaveTextContent('This move is not allowed: an order cannot move from IN_TRANSIT to FULFILLED by hand; allowed: REFUNDED');
    await waitFor(() => expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Refunded']));
    // Shown where the user looks, not also as a toast.
    expect(document.querySelector('.p-toast-message')).toBeNull();
  });

  it('says when the order does not exist (or is another client’s)', async () => {
    renderApp(at, { user: admin, handlers: { OrderDetail: () => gqlError('order not found', 'NOT_FOUND') } });
    expect(await screen.findByText('No such order')).toBeInTheDocument();
  });

  it('shows skeletons while the order loads', async () => {
    renderApp(at, { user: admin, handlers: { OrderDetail: () => new Promise(() => {}) } });
    expect(await screen.findByTestId('order-loading')).toBeInTheDocument();
  });
});
