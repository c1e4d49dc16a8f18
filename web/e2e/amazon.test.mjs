// Amazon end to end, as a seller lives it: connect an Amazon shop from /shop through Amazon's
// consent page (the demo's SP-API stand-in), give a template Amazon's product type and
// attributes, and list a product made from it on the new shop from the shop's own row.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gqlData, login, waitForMailLink } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, useToken, waitForPath } from './support/browser.mjs';
import { startServer } from './support/server.mjs';

let server;
let browser;
let token;

const stamp = Date.now().toString(36);
const seller = {
  clientName: `Amazon seller ${stamp}`,
  clientKey: `e2e-amz-${stamp}`,
  email: `owner-${stamp}@amazon.sellerdesk.test`,
  password: 'amazon-secret-1',
  firstName: 'Ama',
  lastName: 'Zon',
};
/** The store the stand-in's consent page grants. */
const STORE = 'Sandbox Apparel Store';
const TEMPLATE_NAME = `Amazon tee ${stamp}`;
const PRODUCT_NAME = `Sunrise ${stamp}`;

/** The smallest valid PNG (1×1, transparent): the product's design and mockup. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A new client (FREE plan: one shop, the Amazon one this walk connects), verified through its mail link. */
async function registerSeller() {
  await gqlData(server, 'mutation($input: SignUpClientInput!) { signUpClient(input: $input) }', { input: seller });
  const link = await waitForMailLink(server, seller.email, new RegExp(`${escapeRe(server.url)}/verify-email\\?token=[A-Za-z0-9_\\-%.]+`));
  const verifyToken = decodeURIComponent(new URL(link).searchParams.get('token'));
  await gqlData(server, 'mutation($token: String!) { verifyClient(token: $token) }', { token: verifyToken });
  return login(server, seller);
}

/** Waits until `probe` answers something truthy (background jobs). */
async function eventually(what, probe, { timeoutMs = 60_000, everyMs = 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

/** Types into a PrimeReact InputNumber the way a person does (it listens to key presses). */
async function typeNumber(locator, value) {
  await locator.click();
  await locator.press('ControlOrMeta+a');
  await locator.press('Backspace');
  await locator.pressSequentially(String(value));
  await locator.press('Tab');
}

/** One product made from the template, with an uploaded design (setup the browser need not click through). */
async function createProduct(templateId) {
  const upload = await gqlData(
    server,
    'mutation($i: PresignedUrlInput!) { getPresignedUrl(input: $i) { fileUrl presignedUrl } }',
    { i: { fileName: `sunrise-${stamp}.png`, contentType: 'image/png', folder: 'designs' } },
    token,
  );
  const put = await fetch(upload.getPresignedUrl.presignedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
  assert.ok(put.ok, `upload answered ${put.status}`);
  const fileUrl = upload.getPresignedUrl.fileUrl;
  const created = await gqlData(
    server,
    'mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }',
    { i: { templateId, designs: [{ name: PRODUCT_NAME, designFrontUrl: fileUrl, mockupUrls: [fileUrl] }] } },
    token,
  );
  return created.createProductWithTemplate[0];
}

before(async () => {
  server = await startServer({
    // A calm marketplace: this walk is about the flow; the fault tests live in the server.
    SANDBOX_ERROR_RATE: '0',
    SANDBOX_THROTTLE_RATE: '0',
    SANDBOX_LATENCY_MS: '0',
    SANDBOX_AUDIT_DELAY_MS: '500',
    SANDBOX_LISTING_REJECT_RATE: '0',
  });
  browser = await launchBrowser();
  token = await registerSeller();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('amazon', () => {
  it('connect an Amazon shop through its consent page, give a template Amazon fields and list a product on the shop', { timeout: 600_000 }, async () => {
    const { page, context, problems } = await newPage(browser, server);
    try {
      await walk(page);
    } catch (error) {
      await screenshot(page, '89-amazon-failed').catch(() => {});
      throw error;
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
});

async function walk(page) {
  await useToken(page, token);

  // 1. Connect: our link → Amazon's consent page (the stand-in's origin) → back to /shops/amazon/callback → /shop.
  await page.goto('/shop');
  await page.getByRole('heading', { name: 'Shops', exact: true }).waitFor();
  await page.getByText('No shop connected yet').waitFor();
  await screenshot(page, '80-shops-empty');
  await page.getByTestId('connect-amazon').click();
  const confirm = page.locator('#confirm');
  await confirm.waitFor({ timeout: 30_000 });
  assert.notEqual(new URL(page.url()).origin, server.url, 'the consent page is Amazon’s, not ours');
  await page.getByText(STORE).first().waitFor();
  await screenshot(page, '81-amazon-consent');
  await confirm.click();
  await waitForPath(page, '/shop', 30_000);
  await page.locator('.p-toast-message-success', { hasText: `${STORE} is connected` }).waitFor();
  const shops = page.getByTestId('shops-table');
  const row = shops.locator('tbody tr', { hasText: STORE });
  await row.getByRole('link', { name: STORE, exact: true }).waitFor();
  // Amazon's actions only: no TikTok look-ups on its row.
  await row.getByRole('button', { name: `Sync ${STORE}` }).waitFor();
  assert.equal(await row.getByRole('button', { name: /on TikTok Shop/ }).count(), 0);
  const { getShops } = await gqlData(server, '{ getShops { items { id name saleChannel connection } } }', {}, token);
  assert.equal(getShops.items.length, 1);
  const shop = getShops.items[0];
  assert.deepEqual({ name: shop.name, saleChannel: shop.saleChannel, connection: shop.connection }, { name: STORE, saleChannel: 'AMAZON', connection: 'CONNECTED' });
  await screenshot(page, '82-amazon-shop-connected');

  // 2. A template with Amazon's product type and attributes, through the form.
  await page.goto('/product-templates/create');
  await page.locator('#template-name').fill(TEMPLATE_NAME);
  await page.locator('#template-title').fill('Classic cotton tee');
  await page.locator('#template-description').fill('Soft cotton, printed on demand.');
  const amazon = page.getByTestId('amazon-fields');
  await amazon.getByLabel('Product type').fill('shirt');
  const attributes = { brand: 'Sellerdesk Demo', department: 'Unisex Adult', fabric_type: '100% Cotton', bullet_point: 'Printed on demand', condition_type: 'new_new' };
  for (const [i, [name, value]] of Object.entries(attributes).entries()) {
    await amazon.getByLabel(`Attribute ${i + 1} name`).fill(name);
    await amazon.getByLabel(`Attribute ${i + 1} value`).fill(value);
  }
  // No Walmart category: a template naming one must carry its item spec too (it would be
  // refused as incomplete for Walmart), and this walk lists on Amazon only.
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option 1 name').fill('Color');
  await page.getByLabel('Option 1 values').pressSequentially('Black');
  await page.getByLabel('Option 1 values').press('Enter');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option 2 name').fill('Size');
  await page.getByLabel('Option 2 values').pressSequentially('M');
  await page.getByLabel('Option 2 values').press('Enter');
  await page.getByTestId('variant-rows').getByText('Black / M').waitFor();
  await page.getByLabel('SKU prefix').fill(`AMZ${stamp}`);
  await page.getByRole('button', { name: 'Generate SKUs' }).click();
  await typeNumber(page.getByLabel('Sale price for all rows'), '20');
  await typeNumber(page.getByLabel('Quantity for all rows'), '10');
  await page.getByRole('button', { name: 'Apply to all rows' }).click();
  await screenshot(page, '83-template-amazon-fields');
  await page.getByTestId('template-save').click();
  await waitForPath(page, '/product-templates', 30_000);
  await page.getByTestId('templates-table').getByRole('link', { name: TEMPLATE_NAME }).waitFor();

  // The template keeps what the form sent.
  const { getProductTemplates } = await gqlData(
    server,
    'query($f: ProductTemplateFilter) { getProductTemplates(filter: $f) { items { id name amazonProductType amazonAttributes walmartCategory walmartItemSpec } } }',
    { f: { search: TEMPLATE_NAME } },
    token,
  );
  const template = getProductTemplates.items.find((t) => t.name === TEMPLATE_NAME);
  assert.ok(template, 'the template was saved');
  assert.equal(template.amazonProductType, 'SHIRT');
  assert.deepEqual(template.amazonAttributes, attributes);
  assert.equal(template.walmartCategory, null);
  assert.equal(template.walmartItemSpec, null);

  // 3. A product from the template, listed on the Amazon shop from the shop's row.
  const productId = await createProduct(template.id);
  await page.goto('/shop');
  await row.getByRole('button', { name: `List products on ${STORE}` }).click();
  await waitForPath(page, `/products?listOn=${shop.id}`);
  await page.getByTestId('list-on-hint').getByText(STORE).waitFor();
  const products = page.getByTestId('products-table');
  const productRow = products.locator('tbody tr', { hasText: PRODUCT_NAME });
  await productRow.waitFor();
  await productRow.locator('input[type="checkbox"]').click();
  await page.getByTestId('selection-bar').getByText('1 selected').waitFor();
  await page.getByTestId('bulk-list').click();
  const dialog = page.getByRole('dialog', { name: 'List 1 product on shops' });
  await dialog.waitFor();
  // The shop the seller came from is already chosen.
  await dialog.getByTestId('list-shops-select').getByText(`${STORE} (Amazon)`).waitFor();
  await dialog.locator('label[for="mode-LISTING"]').click();
  await screenshot(page, '84-list-on-amazon');
  await dialog.getByTestId('list-submit').click();

  const progress = page.locator('[data-testid="bulk-progress"]', { hasText: `Listing 1 product on ${STORE}` });
  await progress.waitFor({ timeout: 30_000 });
  await screenshot(page, '85-amazon-listing-queued');
  await page.locator('[data-testid="bulk-progress"][data-state="done"]', { hasText: `Listing 1 product on ${STORE}` }).waitFor({ timeout: 300_000 });
  await screenshot(page, '86-amazon-listing-done');

  // The shop's page shows the listing, with Amazon's status and, once created, its SKU id.
  await page.goto(`/shops/${shop.id}`);
  await page.getByRole('heading', { name: STORE }).waitFor();
  const listings = page.getByTestId('shop-products-table');
  await listings.locator('tbody tr', { hasText: PRODUCT_NAME }).waitFor({ timeout: 30_000 });
  const listing = await eventually('the shop product', async () => {
    const data = await gqlData(
      server,
      'query($shopId: ID!) { getShopProducts(shopId: $shopId) { items { liveStatus externalId errorMessages product { id } } } }',
      { shopId: shop.id },
      token,
    );
    const item = data.getShopProducts.items.find((i) => i.product.id === productId);
    // Amazon accepts first and decides after processing: the walk waits for the decision.
    return item && item.liveStatus === 'LIVE' ? item : undefined;
  });
  assert.deepEqual(listing.errorMessages, [], 'Amazon took the listing without issues');
  assert.ok(listing.externalId, 'the listing has its Amazon id');
  await screenshot(page, '87-amazon-shop-listings');
}
