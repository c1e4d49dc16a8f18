// The clients console: a SUPER_ADMIN finds the demo client, credits its balance by hand with a
// note, and deactivates it (its users are signed out and cannot sign in) and reactivates it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gql, gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, signIn, takeCspViolations, waitForPath } from './support/browser.mjs';
import { DEMO_ADMIN, SUPER_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;

const ME = '{ getMe { id client { id } } }';
const TRANSACTIONS = `query($clientId: ID!) {
  getTransactionPage(clientId: $clientId, limit: 5) { items { amount content type } }
}`;
const SUBSCRIPTION = `query($clientId: ID!) { getClientSubscription(clientId: $clientId) { balance } }`;
const SHOPS = '{ getShops(filter: { limit: 1 }) { items { name } pageInfo { totalCount } } }';

const money = (n) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('clients console', () => {
  it('finds the demo client, adds balance with a note, deactivates and reactivates it', { timeout: 180_000 }, async () => {
    const sellerToken = await login(server, DEMO_ADMIN);
    const { getMe: seller } = await gqlData(server, ME, {}, sellerToken);
    const rootToken = await login(server, SUPER_ADMIN);
    const before = (await gqlData(server, SUBSCRIPTION, { clientId: seller.client.id }, rootToken)).getClientSubscription.balance;

    const { page, context, problems } = await newPage(browser, server);
    await signIn(page, SUPER_ADMIN);
    await waitForPath(page, '/dashboard');
    await page.goto('/clients');
    const table = page.getByTestId('clients-table');
    await table.locator('tbody tr').first().waitFor();
    await page.getByTestId('clients-search').fill('demo');
    const row = table.locator('tbody tr', { hasText: 'Demo Store' });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="clients-table"] tbody tr').length === 1);
    await screenshot(page, '80-clients');
    await row.locator('td').nth(3).click();
    await waitForPath(page, `/clients/${seller.client.id}`);
    await page.getByRole('heading', { name: 'Demo Store' }).waitFor();
    await page.getByTestId('client-balance').getByText(money(before)).waitFor();

    // Its users and shops, as its admin sees them.
    await page.getByTestId('client-users-table').getByText(DEMO_ADMIN.email).waitFor();
    const { getShops: shops } = await gqlData(server, SHOPS, {}, sellerToken);
    assert.ok(shops.pageInfo.totalCount > 0, 'the demo client has a shop');
    await page.getByTestId('client-shops-table').getByText(shops.items[0].name).waitFor();

    // A bank transfer received: 25.50 with its note, after a second look.
    const note = `Bank transfer e2e-${Date.now()}`;
    await page.getByTestId('client-add-balance').click();
    await page.getByLabel('Amount (USD)').pressSequentially('25.50');
    await page.getByTestId('add-balance-note').fill(note);
    await page.getByTestId('add-balance-review').click();
    await screenshot(page, '81-client-add-balance');
    await page.getByTestId('add-balance-summary').getByText(`Credit ${money(25.5)} to Demo Store?`).waitFor();
    await page.getByTestId('add-balance-confirm').click();
    await page.getByTestId('client-balance').getByText(money(before + 25.5)).waitFor();
    await page.getByTestId('client-transactions').locator('tbody tr', { hasText: note }).getByText(`+${money(25.5)}`).waitFor();
    const { getTransactionPage: tx } = await gqlData(server, TRANSACTIONS, { clientId: seller.client.id }, rootToken);
    assert.equal(tx.items[0].type, 'TOP_UP');
    assert.equal(tx.items[0].amount, 25.5);
    assert.ok(tx.items[0].content.includes(note), `the top-up says why: ${tx.items[0].content}`);
    await screenshot(page, '82-client-detail');

    // Deactivation asks first; then the seller's token stops working at once.
    await page.getByTestId('client-toggle-active').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('signed out at once').waitFor();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByTestId('client-toggle-active').getByText('Reactivate').waitFor();
    const refused = await gql(server, ME, {}, sellerToken);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', `a deactivated client's token is refused: ${JSON.stringify(refused)}`);

    await page.getByTestId('client-toggle-active').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
    await page.getByTestId('client-toggle-active').getByText('Deactivate').waitFor();
    // Reactivated: its users sign in again.
    const again = await login(server, DEMO_ADMIN);
    assert.ok(again);

    // The list reads the same.
    await page.goto('/clients');
    await page.getByTestId('clients-search').fill('demo');
    await table.locator('tbody tr', { hasText: 'Demo Store' }).getByText('Active').waitFor();

    assert.deepEqual(problems, []);
    assert.deepEqual(takeCspViolations(), []);
    await context.close();
  });
});
