// Fulfilment: from an order on the desk to a provider, and back with tracking. The demo client
// has an account at every provider's stand-in, so everything here runs offline.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, useToken, waitForPath } from './support/browser.mjs';
import { DEMO_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;
let token;

const ORDERS = `query($filter: OrderFilter) {
  getOrders(filter: $filter) { items { id externalOrderId status recipientName } pageInfo { totalCount } }
}`;

const ORDER = `query($id: ID!) {
  getOrderById(orderId: $id) { id externalOrderId status items { id productName skuName skuImage } }
}`;

const PROVIDERS = '{ getSimpleFulfillmentProviders { id provider name } }';

const FULFILLMENT = `query($id: ID!) {
  getFulfillmentOrderById(orderId: $id) {
    id status externalId trackingNumber trackingUrl trackingCompany error
    order { id externalOrderId }
  }
}`;

/** Statuses from which an order may go to a provider, the likeliest first. */
const SENDABLE = ['AWAITING_FULFILLMENT', 'AWAITING_DESIGN'];

/**
 * A demo order a provider can take: waiting for fulfilment and with its recipient released.
 * The demo shop's first sync runs as a job at start, so this waits for it.
 */
async function waitForSendableOrder(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const status of SENDABLE) {
      const data = await gqlData(server, ORDERS, { filter: { status, limit: 100, page: 1 } }, token);
      const order = data.getOrders.items.find((o) => o.recipientName);
      if (order) return order;
    }
    if (Date.now() > deadline) throw new Error(`no demo order in ${SENDABLE.join(' or ')} with a recipient after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The demo's account at a provider whose catalogue is one flat list (products and variants). */
async function flatCatalogueProvider() {
  const { getSimpleFulfillmentProviders: accounts } = await gqlData(server, PROVIDERS, {}, token);
  const account = accounts.find((a) => a.provider === 'GEARMENT') ?? accounts.find((a) => a.provider !== 'PRINTIFY' && a.provider !== 'MANGO_TEE');
  assert.ok(account, `the demo client has a provider account with a flat catalogue (has: ${accounts.map((a) => a.provider).join(', ')})`);
  return account;
}

/** Follows a fulfilment order through the API until the provider's shipment reached it. */
async function waitForTracking(id, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { getFulfillmentOrderById: f } = await gqlData(server, FULFILLMENT, { id }, token);
    if (f.error) throw new Error(`the provider refused fulfilment order ${id}: ${f.error}`);
    if (f.trackingNumber) return f;
    if (Date.now() > deadline) throw new Error(`fulfilment order ${id} has no tracking after ${timeoutMs} ms (status ${f.status}, provider id ${f.externalId})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await login(server, DEMO_ADMIN);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('fulfilment', () => {
  it('walks an order from the desk to a provider, and back with tracking', { timeout: 420_000 }, async () => {
    const wanted = await waitForSendableOrder();
    const { getOrderById: order } = await gqlData(server, ORDER, { id: wanted.id }, token);
    const account = await flatCatalogueProvider();
    const providerLabel = { GEARMENT: 'Gearment', MERCHIZE: 'Merchize', LENFUL: 'Lenful', HMFULFILL: 'HMFulfill' }[account.provider];

    const { page, context, problems } = await newPage(browser, server);
    await useToken(page, token);

    // The order desk: find the order, select it, send the selection to a provider.
    await page.goto('/orders');
    const table = page.getByTestId('orders-table');
    await table.locator('tbody tr').first().waitFor();
    await page.getByTestId('orders-search').fill(order.externalOrderId);
    const row = table.locator('tbody tr', { hasText: `#${order.externalOrderId}` });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="orders-table"] tbody tr').length === 1);
    await row.locator('input[type="checkbox"]').click();
    const bar = page.getByTestId('selection-bar');
    await bar.getByText('1 selected').waitFor();
    await bar.getByRole('button', { name: 'Send to provider' }).click();
    await waitForPath(page, `/fulfillments/orders/create?orderIds=${order.id}`);
    await page.getByRole('heading', { name: 'New fulfilment order' }).waitFor();

    // The provider, then a variant of its catalogue for every item.
    await page.getByTestId('fulfillment-provider').click();
    await page.getByRole('option', { name: new RegExp(`^${providerLabel}`) }).first().click();
    const draft = page.getByTestId(`draft-${order.id}`);
    await draft.waitFor();
    await screenshot(page, '70-fulfilment-create');
    for (const item of order.items) {
      const entry = draft.getByTestId(`item-${item.id}`);
      const choice = draft.getByTestId(`item-${item.id}-choice`);
      await choice.waitFor();
      // A saved mapping, or a choice made for another item of the same variant, may have filled it.
      if ((await choice.innerText()).includes('No variant chosen')) {
        await choice.getByRole('button', { name: /^Choose the variant of/ }).click();
        const picker = page.getByTestId('sku-picker');
        await picker.getByTestId('catalog-products').waitFor();
        await screenshot(page, '71-fulfilment-catalogue');
        await picker.locator('.catalog-variants button:not([disabled])', { hasText: 'Choose' }).first().click();
        await picker.waitFor({ state: 'detached' });
        await choice.getByRole('button', { name: /^Change the variant of/ }).waitFor();
      }
      // The provider prints from a front file: the product's design when it has one, else its
      // picture, else one the seller types.
      const front = entry.getByRole('textbox', { name: /^Front print file of/ });
      if (!(await front.inputValue())) await front.fill(item.skuImage ?? 'https://designs.example.com/front.png');
    }
    await page.getByTestId('cost-preview').waitFor();
    await screenshot(page, '72-fulfilment-cost');

    // Send: the order's outcome shows beside it.
    await page.getByTestId('send-orders').click();
    const outcome = page.getByTestId(`send-${order.id}`);
    await page.waitForFunction(
      (id) => ['sent', 'failed'].includes(document.querySelector(`[data-testid="send-${id}"]`)?.getAttribute('data-state') ?? ''),
      order.id,
      { timeout: 30_000 },
    );
    assert.equal(await outcome.getAttribute('data-state'), 'sent', `the send failed: ${await outcome.innerText()}`);
    const href = await outcome.getByRole('link', { name: 'Open its fulfilment order' }).getAttribute('href');
    const fulfillmentId = decodeURIComponent(href.split('/').pop());
    await screenshot(page, '73-fulfilment-sent');

    // The fulfilment order list shows it, with the marketplace order it fulfils.
    await page.getByTestId('view-fulfillments').click();
    await waitForPath(page, '/fulfillments/orders');
    const list = page.getByTestId('fulfillments-table');
    const listed = list.locator('tbody tr', { hasText: `#${order.externalOrderId}` }).first();
    await listed.waitFor();
    assert.equal(await listed.getByRole('link', { name: `#${order.externalOrderId}` }).getAttribute('href'), `/orders/${order.id}`);
    await screenshot(page, '74-fulfilment-orders');

    // Its page: items with print files, and tracking once the stand-in has shipped it (the page
    // reads an open order again by itself).
    await listed.locator('td').first().getByRole('link').click();
    await waitForPath(page, `/fulfillments/orders/${fulfillmentId}`);
    await page.getByTestId('fulfillment-items').locator('tbody tr').first().waitFor();
    await page.getByTestId('fulfillment-timeline').waitFor();
    const tracked = await waitForTracking(fulfillmentId);
    const tracking = page.getByTestId('fulfillment-tracking');
    await tracking.waitFor({ timeout: 30_000 });
    await tracking.getByText(tracked.trackingNumber).waitFor();
    if (tracked.trackingUrl) assert.equal(await tracking.getByTestId('tracking-link').getAttribute('href'), new URL(tracked.trackingUrl).href);
    await page.getByTestId('fulfillment-status').getByText(/In transit|Completed/).waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('[data-testid="fulfillment-timeline"] [data-step="IN_TRANSIT"]').getAttribute('data-state'), 'done');
    await screenshot(page, '75-fulfilment-tracked');

    // The marketplace order's page finds it again.
    await page.goto(`/orders/${order.id}`);
    await page.getByTestId('order-fulfillments').click();
    await waitForPath(page, `/fulfillments/orders?search=${order.externalOrderId}`);
    await page.getByTestId('fulfillments-table').locator('tbody tr', { hasText: tracked.trackingNumber }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('lists the demo accounts, checks one live, and shows why wrong credentials are refused', async () => {
    const { getSimpleFulfillmentProviders: accounts } = await gqlData(server, PROVIDERS, {}, token);
    const { page, context, problems } = await newPage(browser, server);
    await useToken(page, token);
    await page.goto('/fulfillments/providers');
    const table = page.getByTestId('providers-table');
    await table.locator('tbody tr').first().waitFor();
    assert.equal(await table.locator('tbody tr').count(), accounts.length);
    await screenshot(page, '76-fulfilment-providers');

    // A live look at the first account's catalogue.
    await table.locator('tbody tr').first().getByRole('button', { name: /^Test / }).click();
    await page.locator('[data-testid^="provider-test-"]').first().getByText(/^Answering/).waitFor({ timeout: 30_000 });

    // Credentials the stand-in does not know are refused by the live check; nothing is saved.
    await page.getByTestId('connect-provider').click();
    const form = page.getByTestId('connect-provider-form');
    await page.getByTestId('provider-type').click();
    await page.getByRole('option', { name: 'Gearment' }).click();
    await form.getByLabel('API key').fill('not-a-real-key');
    await form.getByLabel('API secret').fill('not-a-real-secret');
    await page.getByTestId('connect-submit').click();
    await form.locator('[data-testid="connect-error"], .field-error').first().waitFor({ timeout: 30_000 });
    await screenshot(page, '77-fulfilment-connect-refused');
    const text = await form.innerText();
    assert.ok(!text.includes('not-a-real-key') && !text.includes('not-a-real-secret'), 'the refusal does not repeat the credentials');
    const afterwards = await gqlData(server, PROVIDERS, {}, token);
    assert.equal(afterwards.getSimpleFulfillmentProviders.length, accounts.length);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
