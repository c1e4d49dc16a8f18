import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const admin = { id: 'admin-1', role: 'ADMIN' as const, timezone: 'UTC' };

const gearment = { id: 'fp-2', provider: 'GEARMENT', name: null };
const printify = { id: 'fp-1', provider: 'PRINTIFY', name: 'Main' };
const mangotee = { id: 'fp-3', provider: 'MANGO_TEE', name: null };

function item(id: string, extra: Record<string, unknown> = {}) {
  return { id, productName: 'Classic tee', skuName: 'Black / L', skuImage: `https://img.example.test/${id}.png`, quantity: 1, sellerSku: null, skuId: 'sk-tee-bl-l', catalogueProductId: 'p-tee', ...extra };
}

function sourceOrder(id: string, externalOrderId: string, items: unknown[], extra: Record<string, unknown> = {}) {
  return {
    id,
    externalOrderId,
    status: 'AWAITING_FULFILLMENT',
    marketplaceStatus: 'AWAITING_SHIPMENT',
    recipientName: 'Grace Hopper',
    recipientPhone: '+1 555 0100',
    recipientAddress: null,
    recipientAddress1: '1 Navy Way',
    recipientAddress2: null,
    recipientCity: 'Arlington',
    recipientState: 'VA',
    recipientRegionCode: 'US',
    recipientPostalCode: '22201',
    shop: { id: 'shop-1', name: 'Tees US' },
    items,
    ...extra,
  };
}

const orders: Record<string, unknown> = {
  o1: sourceOrder('o1', '577001', [item('i1', { quantity: 2 }), item('i2', { productName: 'Mug', skuName: null, skuId: 'sk-mug', catalogueProductId: 'p-mug' })]),
  o2: sourceOrder('o2', '577002', [item('i3')]),
};

const designs: Record<string, unknown[]> = {
  'p-tee': [{ id: 'd1', variant: null, designFrontUrl: 'https://cdn.example.test/tee-front.png', designBackUrl: 'https://cdn.example.test/tee-back.png', images: [] }],
  'p-mug': [],
};

const hostileDescription = '<p>Soft <b>cotton</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>';

const catalogue = [
  {
    id: 'G5000',
    name: 'Gildan 5000',
    image: 'https://img.example.test/g5000.png',
    description: hostileDescription,
    printAreas: ['front', 'back'],
    variants: [
      { sku: 'GM-BL-L', size: 'L', color: 'Black', colorCode: '#000000', stock: 120, printArea: null, cost: 7.5 },
      { sku: 'GM-WH-L', size: 'L', color: 'White', colorCode: '#ffffff', stock: 0, printArea: null, cost: 7.5 },
    ],
  },
];

function baseHandlers(providers: unknown[]) {
  return {
    SimpleFulfillmentProviders: () => ok({ getSimpleFulfillmentProviders: providers }),
    FulfillmentSourceOrder: (v: Record<string, unknown> | undefined) => ok({ getOrderById: orders[v?.orderId as string] }),
    FulfillmentDesigns: (v: Record<string, unknown> | undefined) => ok({ getFullListProductDesigns: designs[(v?.filter as { productId: string }).productId] ?? [] }),
    FulfillmentSkuMappings: () =>
      ok({
        getFulfillmentSkuMappings: [
          { orderItemId: 'i2', fulfillmentSku: 'MUG-11OZ', designFrontUrl: 'https://cdn.example.test/mug.png', designBackUrl: null, fromTemplate: true, cost: 4 },
        ],
      }),
    FulfillmentProducts: () => ok({ getFulfillmentProducts: pageOf(catalogue, 1) }),
  };
}

describe('new fulfilment order from marketplace orders', () => {
  it('maps each item from the catalogue, previews the cost, sends order by order and shows each failure', async () => {
    let attempts = 0;
    const app = renderApp(`${paths.fulfillments.ordersCreate}?orderIds=o1,o2`, {
      user: admin,
      handlers: {
        ...baseHandlers([gearment]),
        CreateFulfillmentOrder: (v) => {
          const input = v?.input as { orderId: string };
          if (input.orderId === 'o2' && attempts++ === 0) return gqlError('item "Classic tee — Black / L": Gearment has no variant GM-BL-L in stock', 'BAD_USER_INPUT', 'items.0.fulfillmentSku');
          return ok({ createFulfillmentOrder: { id: `ff-${input.orderId}`, status: 'CREATED', externalId: null, totalAmount: null } });
        },
      },
    });
    const user = userEvent.setup();
    const o1 = await screen.findByTestId('draft-o1');
    expect(o1).toHaveTextContent('Ships to Grace Hopper, 1 Navy Way, Arlington, VA, 22201, US');
    // The tee's design comes from the catalogue; the mug's variant from its template.
    const tee = within(o1).getByTestId('item-i1');
    expect(within(tee).getByRole('img', { name: 'Front print file' })).toHaveAttribute('src', 'https://cdn.example.test/tee-front.png');
    const mug = within(o1).getByTestId('item-i2');
    await waitFor(() => expect(within(mug).getByTestId('item-i2-choice')).toHaveTextContent('MUG-11OZ'));
    expect(mug).toHaveTextContent('From its template');
    expect(variablesOf(app.api.calls, 'FulfillmentSkuMappings')[0]).toEqual({ providerId: 'fp-2', orderItemIds: ['i1', 'i2', 'i3'] });
    expect(screen.getByTestId('send-orders')).toBeDisabled();

    // The catalogue: pictures, variants, stock and base cost; the provider's HTML sanitized.
    await user.click(within(tee).getByRole('button', { name: 'Choose the variant of Classic tee — Black / L' }));
    const picker = await screen.findByTestId('sku-picker');
    const description = await within(picker).findByTestId('catalog-description');
    expect(description).toHaveTextContent('Soft cotton');
    expect(description.querySelector('script, img, [onerror]')).toBeNull();
    expect(within(picker).getByRole('button', { name: 'Choose Gildan 5000 — White / L' })).toBeDisabled();
    expect(within(picker).getByText('Out of stock')).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Choose Gildan 5000 — Black / L' }));
    await waitFor(() => expect(screen.queryByTestId('sku-picker')).toBeNull());

    // One choice maps the same variant in the other order too.
    expect(within(tee).getByTestId('item-i1-choice')).toHaveTextContent('Gildan 5000 — Black / L');
    expect(within(screen.getByTestId('draft-o2')).getByTestId('item-i3-choice')).toHaveTextContent('Same variant as another item');
    const preview = screen.getByTestId('cost-preview');
    expect(preview).toHaveTextContent('#577001 · 3 units$19.00');
    expect(preview).toHaveTextContent('#577002 · 1 unit$7.50');
    expect(screen.getByTestId('cost-total')).toHaveTextContent('$26.50');

    await user.click(screen.getByRole('button', { name: 'Send 2 orders to Gearment' }));
    await waitFor(() => expect(screen.getByTestId('send-o2')).toHaveAttribute('data-state', 'failed'));
    expect(screen.getByTestId('send-o1')).toHaveAttribute('data-state', 'sent');
    expect(within(screen.getByTestId('send-o1')).getByRole('link', { name: 'Open its fulfilment order' })).toHaveAttribute('href', '/fulfillments/orders/ff-o1');
    expect(screen.getByTestId('send-o2')).toHaveTextContent('item "Classic tee — Black / L": Gearment has no variant GM-BL-L in stock');
    expect(screen.getByTestId('send-counts')).toHaveTextContent('1 sent');
    expect(variablesOf(app.api.calls, 'CreateFulfillmentOrder')[0]).toEqual({
      input: {
        orderId: 'o1',
        providerId: 'fp-2',
        items: [
          {
            orderItemId: 'i1',
            fulfillmentSku: 'GM-BL-L',
            quantity: 2,
            image: 'https://img.example.test/i1.png',
            designFrontUrl: 'https://cdn.example.test/tee-front.png',
            designBackUrl: 'https://cdn.example.test/tee-back.png',
          },
          { orderItemId: 'i2', fulfillmentSku: 'MUG-11OZ', quantity: 1, image: 'https://img.example.test/i2.png', designFrontUrl: 'https://cdn.example.test/mug.png' },
        ],
      },
    });
    // Not in a toast: each order's outcome is beside it.
    expect(document.querySelector('.p-toast-message-error')).toBeNull();

    // The sent order is locked; sending again sends only the one that failed.
    expect(within(tee).getByRole('button', { name: 'Change the variant of Classic tee — Black / L' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send 1 order to Gearment' }));
    await waitFor(() => expect(screen.getByTestId('send-o2')).toHaveAttribute('data-state', 'sent'));
    expect(variablesOf(app.api.calls, 'CreateFulfillmentOrder').map((v) => (v?.input as { orderId: string }).orderId)).toEqual(['o1', 'o2', 'o2']);
    await user.click(await screen.findByTestId('view-fulfillments'));
    await waitFor(() => expect(app.location()).toBe(paths.fulfillments.orders));
  });

  it('leaves an item out when asked', async () => {
    const app = renderApp(`${paths.fulfillments.ordersCreate}?orderIds=o1`, {
      user: admin,
      handlers: { ...baseHandlers([gearment]), CreateFulfillmentOrder: () => ok({ createFulfillmentOrder: { id: 'ff-1', status: 'CREATED', externalId: null, totalAmount: null } }) },
    });
    const user = userEvent.setup();
    const o1 = await screen.findByTestId('draft-o1');
    await user.click(within(o1).getByText('Classic tee'));
    expect(within(o1).getByTestId('item-i1')).toHaveTextContent('Left out of this fulfilment order.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send 1 order to Gearment' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send 1 order to Gearment' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'CreateFulfillmentOrder')).toHaveLength(1));
    expect((variablesOf(app.api.calls, 'CreateFulfillmentOrder')[0]?.input as { items: { orderItemId: string }[] }).items.map((i) => i.orderItemId)).toEqual(['i2']);
  });

  it('browses Printify blueprint → print provider → variant', async () => {
    const app = renderApp(`${paths.fulfillments.ordersCreate}?orderIds=o2`, {
      user: admin,
      handlers: {
        ...baseHandlers([printify]),
        FulfillmentSkuMappings: () => ok({ getFulfillmentSkuMappings: [] }),
        PrintifyBlueprints: () =>
          ok({
            getPrintifyBlueprints: [
              { id: '6', title: 'Unisex Heavy Cotton Tee', brand: 'Gildan', model: '5000', images: ['https://img.example.test/bp6.png'], description: '<p>Classic <i>fit</i></p><script>alert(1)</script>' },
              { id: '12', title: 'Mug 11oz', brand: null, model: null, images: [], description: null },
            ],
          }),
        PrintifyPrintProviders: (v) => ok({ getPrintifyPrintProviders: v?.blueprintId === '6' ? [{ id: '99', title: 'Monster Digital' }] : [] }),
        PrintifyVariants: () => ok({ getPrintifyVariants: [{ id: '17390', title: 'Black / L', options: { color: 'Black', size: 'L' }, placeholders: [] }] }),
        CreateFulfillmentOrder: () => ok({ createFulfillmentOrder: { id: 'ff-9', status: 'CREATED', externalId: null, totalAmount: null } }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Choose the variant of Classic tee — Black / L' }));
    const picker = await screen.findByTestId('sku-picker');
    await user.type(within(picker).getByRole('searchbox', { name: 'Search blueprints' }), 'gildan');
    expect(within(picker).queryByText('Mug 11oz')).toBeNull();
    await user.click(within(picker).getByRole('button', { name: 'Open Unisex Heavy Cotton Tee' }));
    const description = await within(picker).findByTestId('catalog-description');
    expect(description).toHaveTextContent('Classic fit');
    expect(description.querySelector('script')).toBeNull();
    await user.click(await within(picker).findByRole('button', { name: 'Open Monster Digital' }));
    expect(await within(picker).findByText('color: Black · size: L')).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Choose Unisex Heavy Cotton Tee — Black / L (Monster Digital)' }));
    const choice = await screen.findByTestId('item-i3-choice');
    expect(choice).toHaveTextContent('6:99:17390');
    expect(screen.getByTestId('cost-preview')).toHaveTextContent('1 priced by Printify');
    await user.click(screen.getByRole('button', { name: 'Send 1 order to Printify' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'CreateFulfillmentOrder')).toHaveLength(1));
    expect((variablesOf(app.api.calls, 'CreateFulfillmentOrder')[0]?.input as { items: { fulfillmentSku: string }[] }).items[0]?.fulfillmentSku).toBe('6:99:17390');
  });

  it('browses MangoTee production line → product → variant', async () => {
    const app = renderApp(`${paths.fulfillments.ordersCreate}?orderIds=o2`, {
      user: admin,
      handlers: {
        ...baseHandlers([mangotee]),
        FulfillmentSkuMappings: () => ok({ getFulfillmentSkuMappings: [] }),
        MangoteeProductLines: () => ok({ getMangoteeProductLines: [{ id: 'US1', name: 'US1', sku: null, stock: null }] }),
        MangoteeProducts: () => ok({ getMangoteeProducts: [{ id: 'mp-1', name: 'Unisex tee', sku: 'UTEE', stock: 500 }] }),
        MangoteeVariants: () => ok({ getMangoteeVariants: [{ id: 'mv-1', name: 'Black / L', sku: 'US1-UTEE-BL-L', stock: 40 }] }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Choose the variant of Classic tee — Black / L' }));
    const picker = await screen.findByTestId('sku-picker');
    await user.click(within(picker).getByTestId('mangotee-line'));
    await user.click(await screen.findByRole('option', { name: 'US1', hidden: true }));
    await user.click(await within(picker).findByRole('button', { name: 'Open Unisex tee' }));
    await user.click(await within(picker).findByRole('button', { name: 'Choose Unisex tee — Black / L' }));
    expect(await screen.findByTestId('item-i3-choice')).toHaveTextContent('US1-UTEE-BL-L');
    expect(variablesOf(app.api.calls, 'MangoteeProducts')[0]).toEqual({ filter: { productLineId: 'US1', limit: 50, page: 1 } });
    expect(variablesOf(app.api.calls, 'MangoteeVariants')[0]).toEqual({ productLineId: 'US1', productId: 'mp-1' });
  });

  it('asks for every variant when saved mappings cannot be read', async () => {
    renderApp(`${paths.fulfillments.ordersCreate}?orderIds=o1`, {
      user: admin,
      handlers: { ...baseHandlers([gearment]), FulfillmentSkuMappings: () => gqlError('Cannot query field "getFulfillmentSkuMappings"', 'GRAPHQL_VALIDATION_FAILED') },
    });
    expect(await screen.findByText('Saved mappings could not be read: choose a variant for each item.')).toBeInTheDocument();
    expect(screen.getByTestId('item-i2-choice')).toHaveTextContent('No variant chosen');
  });
});

describe('new fulfilment order by hand', () => {
  it('sends items, address and label, then opens the new order', async () => {
    const app = renderApp(paths.fulfillments.ordersCreate, {
      user: admin,
      handlers: { ...baseHandlers([gearment, printify]), CreateSimpleFulfillmentOrder: () => ok({ createSimpleFulfillmentOrder: 'ff-manual' }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('fulfillment-provider'));
    await user.click(await screen.findByRole('option', { name: 'Gearment', hidden: true }));
    const form = await screen.findByTestId('manual-form');
    await user.click(within(form).getByTestId('send-manual'));
    expect(within(form).getByText('Choose a variant or type the provider’s SKU')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'CreateSimpleFulfillmentOrder')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Choose from catalogue' }));
    await user.click(await within(await screen.findByTestId('sku-picker')).findByRole('button', { name: 'Choose Gildan 5000 — Black / L' }));
    // The closing dialog hands focus back when it is gone: typing starts after that.
    await waitFor(() => expect(document.querySelector('.p-dialog')).toBeNull());
    await user.clear(within(form).getByLabelText('Quantity'));
    await user.type(within(form).getByLabelText('Quantity'), '3');
    await user.type(within(form).getByLabelText('Front print file URL'), 'https://cdn.example.test/front.png');
    await user.type(within(form).getByLabelText('Recipient'), 'Grace Hopper');
    await user.type(within(form).getByLabelText('Address'), '1 Navy Way');
    await user.type(within(form).getByLabelText('City'), 'Arlington');
    await user.type(within(form).getByLabelText('State or province'), 'VA');
    await user.type(within(form).getByLabelText('Postal code'), '22201');
    await user.type(within(form).getByLabelText('Your order number (optional)'), 'ETSY-88');
    await user.type(within(form).getByLabelText('Shipping label URL (optional)'), 'javascript:alert(1)');
    await user.click(within(form).getByTestId('send-manual'));
    expect(within(form).getByText('An http(s) address')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Shipping label URL (optional)'));
    await user.type(within(form).getByLabelText('Shipping label URL (optional)'), 'https://labels.example.test/1.pdf');
    expect(screen.getByTestId('cost-total')).toHaveTextContent('$22.50');
    await user.click(within(form).getByTestId('send-manual'));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'CreateSimpleFulfillmentOrder')).toEqual([
        {
          input: {
            providerId: 'fp-2',
            refOrderId: 'ETSY-88',
            labelUrl: 'https://labels.example.test/1.pdf',
            items: [{ fulfillmentSku: 'GM-BL-L', quantity: 3, image: 'https://img.example.test/g5000.png', designFrontUrl: 'https://cdn.example.test/front.png' }],
            shipping: { name: 'Grace Hopper', address1: '1 Navy Way', city: 'Arlington', state: 'VA', postalCode: '22201', regionCode: 'US' },
          },
        },
      ]),
    );
    await waitFor(() => expect(app.location()).toBe('/fulfillments/orders/ff-manual'));
  });

  it('shows the server’s refusal in the form', async () => {
    renderApp(paths.fulfillments.ordersCreate, {
      user: admin,
      handlers: { ...baseHandlers([gearment]), CreateSimpleFulfillmentOrder: () => gqlError('postal code 00000 is not a US postal code', 'BAD_USER_INPUT', 'input.shipping.postalCode') },
    });
    const user = userEvent.setup();
    const form = await screen.findByTestId('manual-form');
    await user.type(within(form).getByLabelText('Provider SKU'), 'GM-BL-L');
    await user.type(within(form).getByLabelText('Recipient'), 'Grace Hopper');
    await user.type(within(form).getByLabelText('Address'), '1 Navy Way');
    await user.type(within(form).getByLabelText('City'), 'Arlington');
    await user.type(within(form).getByLabelText('Postal code'), '00000');
    await user.click(within(form).getByTestId('send-manual'));
    const error = await within(form).findByText('postal code 00000 is not a US postal code');
    expect(error.closest('.field')).toHaveTextContent('Postal code');
  });

  it('leads to connecting a provider when none is', async () => {
    const app = renderApp(paths.fulfillments.ordersCreate, { user: admin, handlers: baseHandlers([]) });
    expect(await screen.findByText('No provider connected')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect a provider' }));
    await waitFor(() => expect(app.location()).toBe(paths.fulfillments.providers));
  });

  it('tells STAFF to ask an admin when no provider is connected', async () => {
    renderApp(paths.fulfillments.ordersCreate, { user: { id: 'staff-1', role: 'STAFF' }, handlers: baseHandlers([]) });
    expect(await screen.findByText('Ask an admin of your team to connect a provider account first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect a provider' })).toBeNull();
  });
});
