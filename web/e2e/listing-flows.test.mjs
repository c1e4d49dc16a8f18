// Issue 21's listing bugs, one test each, on the demo in a real browser: a failed listing is
// impossible to miss (on /products with its message and a retry; /shop-product rows lead to their
// product), the "List on shops" dialog starts with the shop and the mode last used, Escape closes
// a dropdown and not its dialog, progress counts mean what they say, tables load with skeletons,
// guards say why they sent someone away, values read as words, and the result card is legible.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, signIn, useToken, waitForPath } from './support/browser.mjs';
import { png } from './support/images.mjs';
import { DEMO_ADMIN, DEMO_STAFF, startServer } from './support/server.mjs';

let server;
let browser;
const tokens = {};
let shopId;
let templateId;
/** A product whose live listing the review rejects ("replica"); "Quiet Moon" is listed nowhere. */
let rejected;

/** Uploads a design through the API's presigned URL, as the upload button does. */
async function uploadDesign(token, name) {
  const body = png(400, 400);
  const { getPresignedUrl } = await gqlData(
    server,
    'mutation($input: PresignedUrlInput!) { getPresignedUrl(input: $input) { presignedUrl fileUrl } }',
    { input: { fileName: `${name}.png`, contentType: 'image/png', folder: 'designs', contentLength: body.length } },
    token,
  );
  const res = await fetch(getPresignedUrl.presignedUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png', 'If-None-Match': '*' }, body });
  assert.ok(res.ok, `upload: HTTP ${res.status}`);
  return getPresignedUrl.fileUrl;
}

async function createProduct(name, listing) {
  const designFrontUrl = await uploadDesign(tokens.admin, name.replace(/\s+/g, '-').toLowerCase());
  const input = { templateId, designs: [{ name, designFrontUrl }], ...(listing ? { shopIds: [shopId], listingMode: 'LISTING' } : {}) };
  const data = await gqlData(server, 'mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }', { i: input }, tokens.admin);
  return data.createProductWithTemplate[0];
}

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

before(async () => {
  server = await startServer({ SANDBOX_ERROR_RATE: '0', SANDBOX_THROTTLE_RATE: '0', SANDBOX_LATENCY_MS: '0', SANDBOX_AUDIT_DELAY_MS: '500' });
  browser = await launchBrowser();
  tokens.admin = await login(server, DEMO_ADMIN);
  tokens.staff = await login(server, DEMO_STAFF);
  const setup = await eventually('the demo shop and template', async () => {
    const d = await gqlData(server, '{ getShops { items { id name } } getProductTemplates { items { id name } } }', {}, tokens.admin);
    const shop = d.getShops.items.find((s) => s.name === 'Sellerdesk Demo Shop');
    const template = d.getProductTemplates.items.find((t) => t.name === 'Classic T-shirt');
    return shop && template ? { shop, template } : null;
  });
  shopId = setup.shop.id;
  templateId = setup.template.id;
  rejected = await createProduct('Replica Logo', true);
  await createProduct('Quiet Moon', false);
  await eventually('the review to reject the replica', async () => {
    const d = await gqlData(server, '{ getAllShopProducts(filter: { status: FAILED }) { items { product { id } } } }', {}, tokens.admin);
    return d.getAllShopProducts.items.some((i) => i.product.id === rejected);
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAs(who) {
  const session = await newPage(browser, server);
  await useToken(session.page, tokens[who]);
  return session;
}

/** The table row that names `text`. */
const rowOf = (page, testId, text) => page.getByTestId(testId).locator('tbody tr', { hasText: text });

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a, b) {
  const lum = (rgb) => {
    const [r, g, b2] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('failures are impossible to miss', () => {
  it('a failed listing shows on /products as failed on its shop, with its message and a retry that says how it ended', async () => {
    const { page, context, problems } = await pageAs('admin');
    await page.goto('/products');
    const row = rowOf(page, 'products-table', 'Replica Logo');
    const failed = row.getByTestId('listing-failed');
    await failed.waitFor({ timeout: 30_000 });
    assert.match(await failed.innerText(), /Sellerdesk Demo Shop · Failed/);
    assert.match(await failed.innerText(), /prohibited word/);
    await screenshot(page, 'flows-01-failed-on-products');
    await failed.getByTestId('listing-retry').click();
    const progress = page.getByTestId('bulk-progress-dialog').locator('[data-testid="bulk-progress"][data-state="done"]');
    await progress.waitFor({ timeout: 60_000 });
    // It fails again (nothing changed): said in red on the card and in an error toast; never "All 1 item succeeded".
    await progress.getByText('The item failed.').waitFor();
    assert.equal(await progress.getByText(/All 1 item/).count(), 0);
    await page.locator('.p-toast-message-error', { hasText: 'Finished with failures' }).waitFor();
    const failedCount = progress.getByTestId('count-failed');
    assert.equal(await failedCount.evaluate((el) => getComputedStyle(el).color), 'rgb(180, 35, 24)');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a /shop-product row leads to its product, and a failed one retries from there', async () => {
    const { page, context } = await pageAs('admin');
    await page.goto('/shop-product');
    const row = rowOf(page, 'all-shop-products-table', 'Replica Logo');
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Failed', { exact: true }).waitFor();
    await row.getByTestId('shop-product-retry').waitFor();
    await row.getByTestId('shop-product-link').click();
    await waitForPath(page, `/products/${rejected}/edit`);
    // The product page says it too, with the retry.
    await page.getByTestId('listing-failed').getByTestId('listing-retry').waitFor();
    await context.close();
  });
});

describe('the List on shops dialog', () => {
  async function openDialog(page) {
    await page.goto('/products');
    const row = rowOf(page, 'products-table', 'Quiet Moon');
    await row.waitFor({ timeout: 30_000 });
    await row.locator('.p-checkbox').first().click();
    await page.getByTestId('bulk-list').click();
    const dialog = page.locator('.p-dialog', { hasText: 'on shops' });
    await dialog.waitFor();
    return dialog;
  }

  it('starts with the only shop chosen and the mode used last', async () => {
    const { page, context } = await pageAs('admin');
    let dialog = await openDialog(page);
    await dialog.getByTestId('list-shops-select').locator('.p-multiselect-token', { hasText: 'Sellerdesk Demo Shop' }).waitFor();
    assert.equal(await dialog.locator('#mode-LISTING').isChecked(), true, 'live by default');
    await dialog.locator('label[for="mode-AS_DRAFT"]').click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    dialog = await openDialog(page);
    assert.equal(await dialog.locator('#mode-AS_DRAFT').isChecked(), true, 'the mode chosen last');
    await context.close();
  });

  it('Escape on its open shop list closes the list, not the dialog', async () => {
    const { page, context } = await pageAs('admin');
    const dialog = await openDialog(page);
    await dialog.getByTestId('list-shops-select').click();
    const panel = page.locator('.p-multiselect-panel');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    assert.equal(await dialog.isVisible(), true, 'the dialog stays open');
    await dialog.getByTestId('list-shops-select').locator('.p-multiselect-token', { hasText: 'Sellerdesk Demo Shop' }).waitFor();
    // A second Escape, with nothing open inside, closes the dialog.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows progress as queued, running and done, each in its own colour', async () => {
    const { page, context } = await pageAs('admin');
    const dialog = await openDialog(page);
    await dialog.locator('label[for="mode-AS_DRAFT"]').click();
    await dialog.getByTestId('list-submit').click();
    const progress = page.getByTestId('bulk-progress-dialog').getByTestId('bulk-progress');
    await progress.waitFor();
    const counts = progress.getByTestId('bulk-progress-counts');
    await counts.waitFor();
    // One read of the state, the counts and the colour: read one by one, the batch could end
    // between them (its counts are then drawn again, and a detached one has no colour).
    const seen = await progress.evaluate((el) => {
      const queued = el.querySelector('[data-testid="count-queued"]');
      return {
        state: el.getAttribute('data-state'),
        counts: el.querySelector('[data-testid="bulk-progress-counts"]')?.textContent ?? '',
        queuedColour: queued ? getComputedStyle(queued).color : null,
      };
    });
    if (seen.state === 'running') {
      assert.match(seen.counts, /queued/);
      assert.match(seen.counts, /running/);
      assert.equal(seen.queuedColour, 'rgb(71, 84, 103)', 'waiting is neutral, not red');
    }
    const done = page.getByTestId('bulk-progress-dialog').locator('[data-testid="bulk-progress"][data-state="done"]');
    await done.waitFor({ timeout: 60_000 });
    assert.match(await counts.innerText(), /1 of 1 done/);
    await done.getByText('The item succeeded.').waitFor();
    const colour = (id) => done.getByTestId(id).evaluate((el) => getComputedStyle(el).color);
    assert.equal(await colour('count-succeeded'), 'rgb(6, 118, 71)', 'done is green');
    assert.equal(await colour('count-failed'), 'rgb(102, 112, 133)', 'no failure is not red');
    await context.close();
  });
});

describe('loading is not emptiness', () => {
  it('a table shows skeleton rows, not its empty state, while it loads', async () => {
    const { page, context } = await pageAs('admin');
    let release;
    const held = new Promise((r) => (release = r));
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('GetAllShopProducts') || body.includes('GetProducts')) await held;
      await route.continue();
    });
    await page.goto('/shop-product');
    await page.getByTestId('shop-products-loading').waitFor();
    assert.equal(await page.getByText('Nothing is listed yet').count(), 0);
    await page.goto('/products');
    await page.getByTestId('products-loading').waitFor();
    assert.equal(await page.getByText('No product yet').count(), 0);
    await screenshot(page, 'flows-02-skeleton');
    release();
    await page.getByTestId('products-table').waitFor();
    await context.close();
  });

  it('a guard that sends someone away says why', async () => {
    const staff = await pageAs('staff');
    await staff.page.goto('/users');
    await waitForPath(staff.page, '/dashboard');
    await staff.page.locator('.p-toast-message-warn', { hasText: 'admins of your account' }).waitFor();
    await staff.context.close();
    const admin = await pageAs('admin');
    await admin.page.goto('/monitors');
    await waitForPath(admin.page, '/dashboard');
    await admin.page.locator('.p-toast-message-warn', { hasText: 'operators' }).waitFor();
    await admin.context.close();
  });

  it('shows words, not raw values', async () => {
    const { page, context } = await newPage(browser, server);
    await signIn(page, { email: DEMO_ADMIN.email, password: 'not-the-password' });
    const toast = page.locator('.p-toast-message-error');
    await toast.waitFor();
    assert.match(await toast.innerText(), /The email or the password is not right\./);
    assert.doesNotMatch(await toast.innerText(), /wrong email or password/);
    await context.close();

    const admin = await pageAs('admin');
    await admin.page.goto('/products');
    const table = admin.page.getByTestId('products-table');
    await table.getByText('Quiet Moon').waitFor({ timeout: 30_000 });
    await table.getByText('Print on demand').first().waitFor();
    assert.equal(await table.getByText('Pod', { exact: true }).count(), 0);
    await admin.page.goto('/shops/tiktok/products');
    const body = admin.page.locator('main');
    await body.getByText('Active', { exact: true }).first().waitFor({ timeout: 30_000 });
    assert.equal(await body.getByText('Activate', { exact: true }).count(), 0);
    await admin.context.close();
  });
});

it('the result card’s "Go to products" is legible (WCAG AA)', async () => {
  const { page, context } = await pageAs('admin');
  await page.goto('/products/create');
  await page.getByTestId('create-template').click();
  await page.locator('.p-dropdown-item', { hasText: 'Classic T-shirt' }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('upload-designs').click()]);
  await chooser.setFiles({ name: 'plain-star.png', mimeType: 'image/png', buffer: png(300, 300) });
  await page.getByTestId('design-card').first().locator('img.thumb').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('create-shops').click();
  await page.locator('.p-multiselect-item', { hasText: 'Sellerdesk Demo Shop' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('create-submit').click();
  const button = page.getByRole('link', { name: 'Go to products' });
  await button.waitFor({ timeout: 30_000 });
  const { fg, bg } = await button.evaluate((el) => {
    const label = el.querySelector('.p-button-label') ?? el;
    return { fg: getComputedStyle(label).color, bg: getComputedStyle(el).backgroundColor };
  });
  const ratio = contrast(fg, bg);
  assert.ok(ratio >= 4.5, `"Go to products" is ${fg} on ${bg}: ${ratio.toFixed(2)}:1`);
  await context.close();
});
