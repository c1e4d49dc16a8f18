// The order desk, one order and the dashboard, on the demo shop's synced orders.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, pathOf, screenshot, useToken, waitForPath } from './support/browser.mjs';
import { DEMO_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;
let token;

const ORDERS = `query($filter: OrderFilter) {
  getOrders(filter: $filter) { items { id externalOrderId status allowedStatuses } pageInfo { totalCount } }
}`;

/** The demo shop's first sync runs as a job at start: waits until it has brought orders in. */
async function waitForOrders(min = 1, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = await gqlData(server, ORDERS, { filter: { limit: 100, page: 1 } }, token);
    if (data.getOrders.pageInfo.totalCount >= min) return data.getOrders;
    if (Date.now() > deadline) throw new Error(`the demo shop synced ${data.getOrders.pageInfo.totalCount} orders in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
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

describe('orders', () => {
  it('walks the desk: tabs with counts, search, kept filters, export', async () => {
    const synced = await waitForOrders();
    const { page, context, problems } = await newPage(browser, server, { timezoneId: 'America/New_York' });
    await useToken(page, token);
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const table = page.getByTestId('orders-table');
    await table.locator('tbody tr').first().waitFor();
    const tabs = page.getByTestId('order-status-tabs');
    await tabs.getByRole('tab', { name: new RegExp(`^All ${synced.pageInfo.totalCount.toLocaleString('en-US')}`) }).waitFor();
    await screenshot(page, '60-orders');

    // Search by the marketplace's order id finds that one order.
    const wanted = synced.items[0];
    await page.getByTestId('orders-search').fill(wanted.externalOrderId);
    await table.locator('tbody tr', { hasText: `#${wanted.externalOrderId}` }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="orders-table"] tbody tr').length === 1);
    await page.getByTestId('orders-search').fill('');

    // A status tab goes into the address; the counts stay.
    await tabs.getByRole('tab', { name: /^Awaiting fulfilment/ }).click();
    await waitForPath(page, '/orders?status=AWAITING_FULFILLMENT');

    // The channel is kept for this user across a reload.
    await page.getByTestId('orders-channel').click();
    await page.getByRole('option', { name: 'TikTok Shop' }).click();
    await page.reload();
    await page.getByTestId('orders-channel').locator('.p-dropdown-label', { hasText: 'TikTok Shop' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // Export what is filtered: progress, then a link to a CSV of the same orders.
    await tabs.getByRole('tab', { name: /^All/ }).click();
    // The export takes the filters on screen when it is clicked: wait for the tab's to be in.
    await waitForPath(page, '/orders');
    await page.getByTestId('orders-export').click();
    const link = page.getByTestId('export-download');
    await link.waitFor({ timeout: 60_000 });
    await screenshot(page, '61-orders-export');
    // The file needs the bearer token: the button fetches it and hands it over as a download.
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.match(download.suggestedFilename(), /^orders-\d{8}-\d{4}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    const total = (await gqlData(server, ORDERS, { filter: { limit: 1, page: 1 } }, token)).getOrders.pageInfo.totalCount;
    assert.ok(lines.length - 1 >= synced.pageInfo.totalCount && lines.length - 1 <= total, `CSV has ${lines.length - 1} orders, the list ${total}`);
    assert.ok(csv.includes(wanted.externalOrderId), 'the CSV holds the listed orders');
    await page.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('opens an order and moves it with confirmation, the move joining its timeline', async () => {
    const synced = await waitForOrders();
    const movable = synced.items.find((o) => o.allowedStatuses.length > 0);
    assert.ok(movable, 'some demo order allows a move by hand');
    const { page, context, problems } = await newPage(browser, server);
    await useToken(page, token);
    await page.goto('/orders');
    await page.getByTestId('orders-search').fill(movable.externalOrderId);
    await page.getByTestId('orders-table').locator('tbody tr', { hasText: `#${movable.externalOrderId}` }).click();
    await waitForPath(page, `/orders/${movable.id}`);
    await page.getByRole('heading', { name: `Order #${movable.externalOrderId}` }).waitFor();
    await page.getByTestId('order-items').locator('tbody tr').first().waitFor();
    await page.getByTestId('profit').waitFor();
    await page.getByTestId('timeline').waitFor();
    await screenshot(page, '62-order');

    await page.getByTestId('change-status').click();
    const dialog = page.getByTestId('status-change-dialog');
    await dialog.locator('label.radio-option').first().waitFor();
    const radios = dialog.locator('input[type="radio"]');
    assert.equal(await radios.count(), movable.allowedStatuses.filter((s) => s !== movable.status).length);
    const choice = dialog.locator('label.radio-option').first();
    const label = (await choice.innerText()).trim();
    await choice.click();
    await screenshot(page, '63-order-status');
    await page.getByTestId('status-change-confirm').click();
    await page.locator('.p-toast-message-success').waitFor();
    await page.getByTestId('order-status').getByText(label).waitFor();
    const { getMe } = await gqlData(server, '{ getMe { firstName lastName } }', {}, token);
    await page.getByTestId('timeline').getByText(`${getMe.firstName} ${getMe.lastName}`.trim()).first().waitFor();
    const after = await gqlData(server, 'query($id: ID!) { getOrderById(orderId: $id) { status } }', { id: movable.id }, token);
    assert.notEqual(after.getOrderById.status, movable.status);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows the dashboard with real numbers, a chart, and need-action cards that open the desk', async () => {
    await waitForOrders();
    const { page, context, problems } = await newPage(browser, server, { timezoneId: 'Asia/Ho_Chi_Minh' });
    await useToken(page, token);
    await page.goto('/dashboard');
    const summary = page.getByTestId('order-summary');
    await summary.waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="order-summary"] .p-skeleton'));
    assert.doesNotMatch(await summary.innerText(), /—/);
    await page.getByTestId('orders-chart').locator('svg.recharts-surface').first().waitFor();
    await page.getByTestId('sold-products').waitFor();
    await page.getByText('Last failed jobs').waitFor();
    await screenshot(page, '64-dashboard');

    await page.getByTestId('need-overdue').click();
    await waitForPath(page, '/orders?deadline=OVERDUE');
    await page.getByTestId('orders-deadline').waitFor();
    assert.equal(pathOf(page), '/orders?deadline=OVERDUE');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
