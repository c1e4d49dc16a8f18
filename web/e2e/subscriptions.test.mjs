// The seller's subscription: the demo ADMIN tops the balance up by card on the payment
// provider's hosted page (the Stripe stand-in), comes back to see the payment credited, then
// buys a plan through the confirmation and finds the plan and its PLAN_PURCHASE transaction.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, takeCspViolations, useToken } from './support/browser.mjs';
import { DEMO_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;
let token;

const ME = '{ getMe { id client { id } } }';
const SUBSCRIPTION = `query($clientId: ID!) {
  getClientSubscription(clientId: $clientId) { balance endDate plan { type } }
}`;
const TRANSACTIONS = `query($clientId: ID!) {
  getTransactionPage(clientId: $clientId, limit: 5) { items { amount content type } }
}`;
const PLANS = '{ getAllSubscriptionPlans { id type salePrice } }';

const money = (n) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await login(server, DEMO_ADMIN);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('subscription', () => {
  it('tops up by card on the hosted page, then subscribes to a plan through the confirmation', { timeout: 240_000 }, async () => {
    const { getMe: me } = await gqlData(server, ME, {}, token);
    const clientId = me.client.id;
    const start = (await gqlData(server, SUBSCRIPTION, { clientId }, token)).getClientSubscription;
    const { getAllSubscriptionPlans: plans } = await gqlData(server, PLANS, {}, token);
    // A paid plan the demo client is not on.
    const target = plans.find((p) => p.salePrice > 0 && p.type !== start.plan?.type && p.type === 'BASIC') ?? plans.find((p) => p.salePrice > 0 && p.type !== start.plan?.type);
    assert.ok(target, 'a paid plan to switch to');
    const topUp = Math.ceil(target.salePrice) + 21;

    const { page, context, problems } = await newPage(browser, server);
    await useToken(page, token);

    // Top up by card: the amount, the provider's page, and back.
    await page.goto('/subscriptions/add-balance');
    await page.getByTestId('balance').getByText(money(start.balance)).waitFor();
    const amount = page.getByLabel('Amount (USD)');
    await amount.selectText();
    await amount.press('Backspace');
    await amount.pressSequentially(String(topUp));
    await amount.press('Tab');
    await page.getByTestId('card-top-up-pay').getByText(`Pay ${money(topUp)} by card`).waitFor();
    await screenshot(page, '90-add-balance');
    await page.getByTestId('card-top-up-pay').click();
    await page.locator('#pay').waitFor({ timeout: 30_000 });
    // The provider's page asks for what was typed.
    assert.match(await page.locator('#amount').innerText(), new RegExp(`${topUp}\\.00`));
    await screenshot(page, '91-hosted-checkout');
    await page.locator('#pay').click();
    await page.waitForURL((u) => u.pathname === '/subscriptions/add-balance', { timeout: 30_000 });
    await page.getByTestId('card-top-up-paid').waitFor({ timeout: 30_000 });
    await page.getByTestId('balance').getByText(money(start.balance + topUp)).waitFor();
    await screenshot(page, '92-top-up-paid');
    const credited = (await gqlData(server, SUBSCRIPTION, { clientId }, token)).getClientSubscription;
    assert.equal(credited.balance, start.balance + topUp);

    // Subscribe: the confirmation shows the debit; then the plan and its transaction.
    await page.goto('/subscriptions');
    await page.getByTestId('balance').getByText(money(start.balance + topUp)).waitFor();
    await page.getByTestId(`choose-${target.type}`).click();
    const dialog = page.getByTestId('subscribe-dialog');
    await dialog.getByTestId('subscribe-debit').getByText(money(target.salePrice), { exact: false }).waitFor();
    await screenshot(page, '93-subscribe-confirm');
    await page.getByTestId('subscribe-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    const label = target.type.charAt(0) + target.type.slice(1).toLowerCase();
    await page.getByTestId('current-plan').getByText(label).waitFor();
    await page.getByTestId('transactions').locator('tbody tr', { hasText: 'Plan purchase' }).getByText(money(-target.salePrice).replace('-', '')).waitFor();
    await screenshot(page, '94-subscribed');

    const after = (await gqlData(server, SUBSCRIPTION, { clientId }, token)).getClientSubscription;
    assert.equal(after.plan.type, target.type);
    assert.ok(after.endDate, 'a paid plan has an end');
    const { getTransactionPage: tx } = await gqlData(server, TRANSACTIONS, { clientId }, token);
    const purchase = tx.items.find((t) => t.type === 'PLAN_PURCHASE');
    assert.ok(purchase, `a PLAN_PURCHASE transaction: ${JSON.stringify(tx.items)}`);
    assert.equal(purchase.amount, -target.salePrice);

    assert.deepEqual(problems, []);
    assert.deepEqual(takeCspViolations(), []);
    await context.close();
  });
});
