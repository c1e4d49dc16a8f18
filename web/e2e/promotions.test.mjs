// Promotions end to end, as the demo seller lives them: the demo ADMIN (the demo client is the
// promotions client in demo mode) signs in, creates a flash-sale plan on /promotions/settings,
// schedules it on the demo TikTok shop (every live product, priced in the preview) with auto-renew
// on, follows the batch, and finds the promotion listed as scheduled and auto-renewing, with its
// next window.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, signIn, waitForPath } from './support/browser.mjs';
import { DEMO_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;
let token;

const stamp = Date.now().toString(36);
const PLAN = `E2E flash ${stamp}`;

/** Types into a PrimeReact InputNumber the way a person does (it listens to key presses). */
async function typeNumber(locator, value) {
  await locator.click();
  await locator.press('ControlOrMeta+a');
  await locator.press('Backspace');
  await locator.pressSequentially(String(value));
  await locator.press('Tab');
}

/** Opens a PrimeReact dropdown or multiselect (its root element) and picks the option with `label`. */
async function pick(page, root, label, { multiple = false } = {}) {
  await root.click();
  const panel = page.locator(multiple ? '.p-multiselect-panel' : '.p-dropdown-panel').last();
  await panel.waitFor();
  await panel.locator(multiple ? '.p-multiselect-item' : '.p-dropdown-item', { hasText: label }).first().click();
  if (multiple) {
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  }
}

before(async () => {
  server = await startServer({
    // A calm marketplace: this walk is about the flow; the fault tests live in the server.
    SANDBOX_ERROR_RATE: '0',
    SANDBOX_THROTTLE_RATE: '0',
    SANDBOX_LATENCY_MS: '0',
  });
  browser = await launchBrowser();
  token = await login(server, DEMO_ADMIN);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('promotions', () => {
  it('create a plan, schedule it on the demo shop with auto-renew, and see it scheduled and auto-renewing', { timeout: 300_000 }, async () => {
    const { page, context, problems } = await newPage(browser, server);
    try {
      await walk(page);
    } catch (error) {
      await screenshot(page, '99-promotions-failed').catch(() => {});
      throw error;
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
});

async function walk(page) {
  // What the walk stands on, said plainly when missing: the demo client is the promotions client
  // and its plan covers promotions (otherwise scheduling answers PAYMENT_REQUIRED).
  const { getMe } = await gqlData(server, '{ getMe { client { id promotionsEnabled } } }', {}, token);
  assert.equal(getMe.client.promotionsEnabled, true, 'the demo client is the promotions client');
  const { getClientSubscription } = await gqlData(server, 'query($id: ID!) { getClientSubscription(clientId: $id) { effectivePlan { type promotions } } }', { id: getMe.client.id }, token);
  assert.equal(getClientSubscription?.effectivePlan?.promotions, true, `the demo client's plan covers promotions: ${JSON.stringify(getClientSubscription)}`);

  const { getShops } = await gqlData(server, '{ getShops(filter: { saleChannel: TIKTOK }) { items { id name } } }', {}, token);
  const shop = getShops.items[0];
  assert.ok(shop, 'the demo client has a TikTok shop');

  // 1. Sign in as the demo ADMIN; promotions are in the navigation of the promotions client.
  await signIn(page, DEMO_ADMIN);
  await waitForPath(page, '/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Promotion settings' }).click();
  await waitForPath(page, '/promotions/settings');
  await page.getByRole('heading', { name: 'Promotion settings', exact: true }).waitFor();

  // 2. A plan: 24 hours, 20 % off, one price per product. The form checks the discount first.
  await page.getByTestId('new-plan').click();
  const form = page.getByRole('form', { name: 'New promotion plan' });
  await form.locator('#plan-title').fill(PLAN);
  await typeNumber(form.locator('#plan-duration'), 24);
  await typeNumber(form.locator('#plan-discount'), 120);
  await form.getByTestId('plan-submit').click();
  await form.getByText('A discount from 1 to 99 %').waitFor();
  await typeNumber(form.locator('#plan-discount'), 20);
  await form.getByText('Whole product').click();
  await screenshot(page, '97-promotion-plan-form');
  await form.getByTestId('plan-submit').click();
  await page.getByText(`${PLAN} was created.`).waitFor();
  await page.getByTestId('plans-table').locator('tbody tr', { hasText: PLAN }).getByText('20% off').waitFor();
  const { getPromotionPlans } = await gqlData(server, '{ getPromotionPlans { id title type duration productLevel discount } }', {}, token);
  const plan = getPromotionPlans.find((p) => p.title === PLAN);
  assert.deepEqual(plan && { type: plan.type, duration: plan.duration, productLevel: plan.productLevel, discount: plan.discount }, {
    type: 'FLASHSALE',
    duration: 24,
    productLevel: 'PRODUCT',
    discount: 20,
  });

  // 3. Schedule it on the demo shop, every live product, from the suggested begin, renewing itself.
  await page.goto('/shops/tiktok/promotions/create');
  await page.getByRole('heading', { name: 'New promotion', exact: true }).waitFor();
  await pick(page, page.getByTestId('promotion-plan'), PLAN);
  await pick(page, page.getByTestId('promotion-shops'), shop.name, { multiple: true });
  assert.ok(await page.locator('#products-all').isChecked(), 'every live product by default');
  assert.ok(await page.locator('#promotion-auto-renew').isChecked(), 'auto-renew on by default');
  const begin = await page.locator('#promotion-begin').inputValue();
  assert.match(begin, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await page.getByText(/^Ends /).waitFor();
  // The preview prices the shop's live products as the marketplace holds them: the sandbox's
  // sample tee sells at $19.99, so 20 % off the whole product is $15.99.
  const tee = page.getByTestId('price-preview').locator('tr', { hasText: 'Retro Sunset Graphic Tee' });
  await tee.waitFor();
  assert.match(await tee.textContent(), /\$19\.99\$15\.99/);
  await screenshot(page, '98-promotion-create');
  await page.getByTestId('schedule-submit').click();

  // 4. One scheduling job per shop; the batch's progress shows until it is done.
  const progress = page.getByTestId('bulk-progress');
  await progress.waitFor();
  await page.locator('[data-testid="bulk-progress"][data-state="done"]').waitFor({ timeout: 120_000 });
  assert.equal(await progress.getByTestId('bulk-progress-state').textContent(), 'Finished');

  // 5. The list shows it scheduled, auto-renewing, with its next window.
  await page.getByTestId('see-promotions').click();
  await waitForPath(page, '/shops/tiktok/promotions');
  const row = page.getByTestId('promotions-table').locator('tbody tr', { hasText: PLAN }).first();
  await row.getByText('Scheduled', { exact: true }).waitFor();
  assert.ok(await row.getByLabel(`Auto-renew ${PLAN} on ${shop.name}`).isChecked(), 'auto-renew is on in the list');
  await row.getByRole('button').first().click();
  const next = page.getByTestId('promotion-next-renewal');
  await next.waitFor();
  assert.match(await next.textContent(), /\(in \d+ (min|h|d)\)/);
  await page.getByTestId('promotion-history').getByTestId('window-1').getByText('First').waitFor();
  await screenshot(page, '99-promotions-list');

  const { getTiktokPromotions } = await gqlData(
    server,
    'query($filter: TiktokPromotionFilter) { getTiktokPromotions(filter: $filter) { items { title status autoRenew activityId activityStatus nextRenewalAt syncShop { id } beginTime endTime windows { seq status } } } }',
    { filter: { search: PLAN } },
    token,
  );
  const scheduled = getTiktokPromotions.items.filter((p) => p.title.startsWith(PLAN));
  assert.equal(scheduled.length, 1, JSON.stringify(getTiktokPromotions.items));
  assert.equal(scheduled[0].status, 'SUCCESS');
  assert.equal(scheduled[0].autoRenew, true);
  assert.equal(scheduled[0].syncShop.id, shop.id);
  assert.ok(scheduled[0].activityId, 'the activity exists on the marketplace');
  assert.equal(scheduled[0].activityStatus, 'NOT_START');
  assert.ok(scheduled[0].nextRenewalAt, 'an auto-renewing promotion has its next renewal planned');
  assert.deepEqual(scheduled[0].windows, [{ seq: 1, status: 'SUCCESS' }]);
  assert.equal(new Date(scheduled[0].endTime).getTime() - new Date(scheduled[0].beginTime).getTime(), 24 * 3_600_000);
}
