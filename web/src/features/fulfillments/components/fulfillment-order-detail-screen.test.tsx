import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathTo, paths } from '@/config/paths';
import { gqlError, ok, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { timelineOf } from './fulfillment-order-detail-screen';

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };

function fulfilment(extra: Record<string, unknown> = {}) {
  return {
    id: 'ff-0001-abcdefgh',
    externalId: '5f1e2d3c',
    refOrderId: null,
    status: 'IN_TRANSIT',
    providerStatus: 'in-production',
    error: null,
    totalAmount: 23.4,
    labelUrl: null,
    trackingNumber: '9400111899223197428490',
    trackingUrl: 'https://tools.usps.example.test/go/TrackConfirmAction?tLabels=9400111899223197428490',
    trackingCompany: 'USPS',
    shippingName: 'Grace Hopper',
    shippingPhone: '+1 555 0100',
    shippingAddress1: '1 Navy Way',
    shippingAddress2: null,
    shippingCity: 'Arlington',
    shippingState: 'VA',
    shippingPostalCode: '22201',
    shippingRegionCode: 'US',
    shippingMethod: 'standard',
    createdAt: '2026-03-01T10:00:00Z',
    submittedAt: '2026-03-01T10:00:04Z',
    updatedAt: '2026-03-03T08:30:00Z',
    provider: { id: 'fp-1', provider: 'PRINTIFY', name: 'Main' },
    order: { id: 'o1', externalOrderId: '577001', shop: { id: 'shop-1', name: 'Tees US' } },
    items: [
      {
        id: 'fi-1',
        fulfillmentSku: '6:99:17390',
        quantity: 2,
        image: 'https://img.example.test/mockup.png',
        designFrontUrl: 'https://img.example.test/front.png',
        designBackUrl: 'javascript:alert(1)',
        bgColorCode: '#000000',
        cost: 9.2,
      },
    ],
    ...extra,
  };
}

const at = pathTo(paths.fulfillments.orderDetail, { orderId: 'ff-0001-abcdefgh' });

describe('one fulfilment order', () => {
  it('shows its items with their print files, the marketplace order, tracking and the address', async () => {
    renderApp(at, { user: admin, handlers: { FulfillmentOrderDetail: () => ok({ getFulfillmentOrderById: fulfilment() }) } });
    expect(await screen.findByRole('heading', { name: 'Fulfilment ABCDEFGH' })).toBeInTheDocument();
    expect(screen.getByTestId('fulfillment-status')).toHaveTextContent('In transit');
    expect(screen.getByTestId('fulfillment-provider-status')).toHaveTextContent('In production · #5f1e2d3c');
    expect(screen.getByTestId('fulfillment-marketplace-order')).toHaveAttribute('href', '/orders/o1');
    expect(screen.getByTestId('fulfillment-cost')).toHaveTextContent('$23.40');

    const items = screen.getByTestId('fulfillment-items');
    expect(within(items).getByText('6:99:17390')).toBeInTheDocument();
    const files = within(items).getByTestId('print-files');
    expect(within(files).getByRole('img', { name: 'Front print file' })).toHaveAttribute('src', 'https://img.example.test/front.png');
    // A print file that is not an http(s) address is not shown at all.
    expect(within(files).queryByRole('img', { name: 'Back print file' })).toBeNull();
    expect(within(items).getByText('$9.20')).toBeInTheDocument();

    const tracking = screen.getByTestId('fulfillment-tracking');
    expect(within(tracking).getByTestId('tracking-link')).toHaveAttribute('href', fulfilment().trackingUrl);
    expect(tracking).toHaveTextContent('USPS');
    expect(within(tracking).getByRole('link', { name: 'Track the package' })).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('fulfillment-shipping')).toHaveTextContent('Arlington, VA, 22201');
    // Shipped: too late to cancel, so it is not offered.
    expect(screen.queryByTestId('cancel-fulfillment')).toBeNull();
  });

  it('draws the timeline with the times it has', async () => {
    renderApp(at, { user: admin, handlers: { FulfillmentOrderDetail: () => ok({ getFulfillmentOrderById: fulfilment() }) } });
    const timeline = await screen.findByTestId('fulfillment-timeline');
    const states = Array.from(timeline.querySelectorAll('[data-step]')).map((e) => `${e.getAttribute('data-step')}:${e.getAttribute('data-state')}`);
    expect(states).toEqual(['CREATED:done', 'ACCEPTED:done', 'IN_TRANSIT:done', 'COMPLETED:waiting']);
    expect(timeline).toHaveTextContent('Mar 01, 2026, 10:00:00');
    expect(timeline).toHaveTextContent('Mar 03, 2026, 08:30:00');
    expect(timeline).toHaveTextContent('USPS 9400111899223197428490');
  });

  it('tells the steps apart for a new, a cancelled and a completed order', () => {
    const base = fulfilment() as Parameters<typeof timelineOf>[0];
    const fresh = timelineOf({ ...base, status: 'CREATED', externalId: null, submittedAt: null, trackingNumber: null });
    expect(fresh.map((s) => `${s.key}:${s.state}`)).toEqual(['CREATED:done', 'ACCEPTED:current', 'IN_TRANSIT:waiting', 'COMPLETED:waiting']);
    const cancelled = timelineOf({ ...base, status: 'CANCELLED', trackingNumber: null });
    expect(cancelled.map((s) => `${s.key}:${s.state}`)).toEqual(['CREATED:done', 'ACCEPTED:done', 'CANCELLED:done']);
    expect(cancelled.at(-1)?.at).toBe(base.updatedAt);
    const completed = timelineOf({ ...base, status: 'COMPLETED' });
    expect(completed.map((s) => `${s.key}:${s.at}`)).toEqual([
      `CREATED:${base.createdAt}`,
      `ACCEPTED:${base.submittedAt}`,
      'IN_TRANSIT:null',
      `COMPLETED:${base.updatedAt}`,
    ]);
  });

  it('says when the provider refused the order and shows no tracking yet', async () => {
    renderApp(at, {
      user: admin,
      handlers: {
        FulfillmentOrderDetail: () =>
          ok({
            getFulfillmentOrderById: fulfilment({
              status: 'CREATED',
              externalId: null,
              submittedAt: null,
              providerStatus: null,
              totalAmount: null,
              trackingNumber: null,
              trackingUrl: null,
              trackingCompany: null,
              error: 'the variant 17390 is out of stock',
            }),
          }),
      },
    });
    expect(await screen.findByTestId('fulfillment-error')).toHaveTextContent('Printify refused this order: the variant 17390 is out of stock');
    expect(screen.getByTestId('fulfillment-no-tracking')).toHaveTextContent('Printify adds the tracking number once the package ships');
    expect(screen.getByTestId('fulfillment-cost')).toHaveTextContent('Not stated yet');
  });

  it('cancels at the provider once confirmed', async () => {
    let current = fulfilment({ status: 'CREATED', trackingNumber: null, trackingUrl: null, trackingCompany: null });
    const app = renderApp(at, {
      user: admin,
      handlers: {
        FulfillmentOrderDetail: () => ok({ getFulfillmentOrderById: current }),
        RemoveFulfillmentOrder: () => {
          current = { ...current, status: 'CANCELLED' };
          return ok({ removeFulfillmentOrder: true });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('cancel-fulfillment'));
    expect(await screen.findByTestId('cancel-fulfillment-dialog')).toHaveTextContent('Ask Printify to cancel this order?');
    await user.click(screen.getByTestId('cancel-fulfillment-confirm'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'RemoveFulfillmentOrder')).toEqual([{ orderId: 'ff-0001-abcdefgh' }]));
    await waitFor(() => expect(screen.getByTestId('fulfillment-status')).toHaveTextContent('Cancelled'));
    expect(screen.queryByTestId('cancel-fulfillment')).toBeNull();
  });

  it('shows the provider’s status when it is too late to cancel', async () => {
    let current = fulfilment({ status: 'CREATED', providerStatus: 'pending', trackingNumber: null });
    renderApp(at, {
      user: admin,
      handlers: {
        FulfillmentOrderDetail: () => ok({ getFulfillmentOrderById: current }),
        RemoveFulfillmentOrder: () => {
          current = { ...current, providerStatus: 'in-production' };
          return gqlError('Printify cannot cancel an order that is in-production', 'CONFLICT');
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('cancel-fulfillment'));
    await user.click(await screen.findByTestId('cancel-fulfillment-confirm'));
    expect(await screen.findByTestId('cancel-conflict')).toHaveTextContent('Printify no longer lets it be cancelled: Printify cannot cancel an order that is in-production');
    // Read again: the page shows where it stands now.
    await waitFor(() => expect(screen.getByTestId('fulfillment-provider-status')).toHaveTextContent('In production'));
    expect(document.querySelector('.p-toast-message')).toBeNull();
  });

  it('says when the order does not exist (or is another client’s), and shows skeletons while it loads', async () => {
    const missing = renderApp(at, { user: admin, handlers: { FulfillmentOrderDetail: () => gqlError('not found', 'NOT_FOUND') } });
    expect(await screen.findByText('No such fulfilment order')).toBeInTheDocument();
    missing.unmount();
    renderApp(at, { user: admin, handlers: { FulfillmentOrderDetail: () => new Promise(() => {}) } });
    expect(await screen.findByTestId('fulfillment-loading')).toBeInTheDocument();
  });
});
