// Issue 21's measure: on a fresh demo, from the sign-in page to a first product LIVE on the demo
// TikTok shop in at most 10 clicks and 3 typed entries (a design upload through its file chooser
// counts as one click). Every click and every typed entry goes through the counters below.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, waitForPath } from './support/browser.mjs';
import { png } from './support/images.mjs';
import { DEMO_ADMIN, startServer } from './support/server.mjs';

const MAX_CLICKS = 10;
const MAX_TYPED = 3;

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Counts what a seller does: clicks (an upload is its click) and typed entries. */
function counter(page) {
  const done = { clicks: [], typed: [] };
  return {
    done,
    async click(locator, what) {
      done.clicks.push(what);
      await locator.click();
    },
    async type(locator, text, what) {
      done.typed.push(what);
      await locator.fill(text);
    },
    async upload(locator, file, what) {
      done.clicks.push(what);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), locator.click()]);
      await chooser.setFiles(file);
    },
  };
}

/** Waits until `probe` answers something truthy. */
async function eventually(what, probe, { timeoutMs = 90_000, everyMs = 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await probe().catch((e) => e);
    if (last && !(last instanceof Error)) return last;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

it('takes a new demo seller from sign-in to a live product in at most 10 clicks and 3 typed entries', async () => {
  const { page, context, problems } = await newPage(browser, server);
  const seller = counter(page);
  const DESIGN = 'Sunset Wave';

  // Sign in: two typed entries and one click.
  await page.goto('/auth/login');
  await seller.type(page.locator('#email'), DEMO_ADMIN.email, 'email');
  await seller.type(page.locator('#password'), DEMO_ADMIN.password, 'password');
  await seller.click(page.getByRole('button', { name: 'Sign in' }), 'sign in');
  await waitForPath(page, '/dashboard');

  // The empty catalogue offers the first product at once, from the ready template.
  const start = page.getByTestId('first-product').getByTestId('first-product-start');
  await start.waitFor({ timeout: 30_000 });
  await screenshot(page, 'first-listing-01-dashboard');
  await seller.click(start, 'create your first product');
  await waitForPath(page, '/products/create?first=1');
  // Template, shop and live mode are chosen already (nothing to click for them).
  await page.getByTestId('create-template').locator('.p-dropdown-label', { hasText: 'Classic T-shirt' }).waitFor();
  await page.getByTestId('create-shops').locator('.p-multiselect-token', { hasText: 'Sellerdesk Demo Shop' }).waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('#create-mode-live').isChecked(), true, 'live mode is chosen');

  await seller.upload(page.getByTestId('upload-designs'), { name: 'sunset-wave.png', mimeType: 'image/png', buffer: png(600, 600) }, 'upload the design');
  const card = page.getByTestId('design-card').first();
  await card.locator('img.thumb').first().waitFor({ timeout: 30_000 });
  await seller.type(card.getByLabel('Design 1 name'), DESIGN, 'design name');
  await screenshot(page, 'first-listing-02-create');
  await seller.click(page.getByTestId('create-submit'), 'create and list');

  // The listing runs to its end on the result card: live on the demo shop.
  const progress = page.getByTestId('create-progress').locator('[data-testid="bulk-progress"][data-state="done"]');
  await progress.waitFor({ timeout: 120_000 });
  await progress.getByText('The item succeeded.').waitFor();
  await screenshot(page, 'first-listing-03-done');

  const token = await login(server, DEMO_ADMIN);
  const live = await eventually('the product live on the demo shop', async () => {
    const data = await gqlData(server, '{ getAllShopProducts(filter: { limit: 10 }) { items { liveStatus shopName product { name } } } }', {}, token);
    return data.getAllShopProducts.items.find((i) => i.product.name.startsWith(DESIGN) && i.liveStatus === 'LIVE');
  });
  assert.equal(live.shopName, 'Sellerdesk Demo Shop');

  // And the catalogue shows it live there.
  await seller.click(page.getByRole('link', { name: 'Go to products' }), 'go to products');
  await waitForPath(page, '/products');
  await page.getByTestId('products-table').getByText('Sellerdesk Demo Shop · Live').waitFor({ timeout: 30_000 });

  const { clicks, typed } = seller.done;
  console.log(`first listing: ${clicks.length} clicks (${clicks.join(', ')}); ${typed.length} typed (${typed.join(', ')})`);
  assert.ok(clicks.length <= MAX_CLICKS, `${clicks.length} clicks: ${clicks.join(', ')}`);
  assert.ok(typed.length <= MAX_TYPED, `${typed.length} typed entries: ${typed.join(', ')}`);
  assert.deepEqual(problems, []);
  await context.close();
});
