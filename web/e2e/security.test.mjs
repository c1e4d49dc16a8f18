// Stored XSS, as an attacker inside a client would try it: a STAFF user writes hostile HTML into a
// product description (and a template's), lists the product on the client's TikTok shop, and an
// ADMIN — whose token sits in local storage — opens every screen that shows it. Nothing may run:
// the description is sanitized (DOMPurify), and the page's Content-Security-Policy refuses inline
// script should anything slip through.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, takeCspViolations, useToken } from './support/browser.mjs';
import { DEMO_ADMIN, DEMO_STAFF, SUPER_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;
let staff;
let admin;

const stamp = Date.now().toString(36);
const SAFE_TEXT = `Soft cotton, printed on demand ${stamp}`;
const SKU = `XSS-${stamp}`.toUpperCase();
const DESIGN = `Hostile ${stamp}`;
/** Each way in sets `window.__xss` when it runs. */
const HOSTILE = [
  `<p>${SAFE_TEXT}</p>`,
  '<div><img src=x onerror="window.__xss=1"></div>',
  '<script>window.__xss=2</script>',
  '<svg onload="window.__xss=3"><circle r="1"></circle></svg>',
  '<a href="javascript:window.__xss=4">click me</a>',
  '<p><span onmouseover="window.__xss=5"><img src=x onerror="window.__xss=6"></span></p>',
  '<iframe srcdoc="<script>parent.__xss=7</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=8"></style></mglyph></table></mtext></math>',
].join('');

/** A design picture the marketplace accepts (200×200): the server tests' own. */
const PNG = fs.readFileSync(new URL('../../api/tests/fixtures/design.png', import.meta.url));

async function eventually(what, probe, { timeoutMs = 90_000, everyMs = 500 } = {}) {
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

/** As the demo STAFF, through the API: a template and a product carrying the hostile HTML, listed on the demo shop. */
async function plant() {
  const shops = await gqlData(server, '{ getShops { items { id name } } }', {}, staff);
  const shop = shops.getShops.items[0];
  assert.ok(shop, 'the demo STAFF works on the demo shop');

  const template = await gqlData(
    server,
    'mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }',
    {
      i: {
        name: `Hostile template ${stamp}`,
        title: '{design} Classic Tee',
        description: HOSTILE,
        packageWeight: { value: 0.3, unit: 'KILOGRAM' },
        packageDimensions: { width: 20, height: 2, length: 30, unit: 'CENTIMETER' },
        tiktokCategoryId: '601226',
        variants: [{ attributes: { Color: 'Black', Size: 'M' }, sku: SKU, salePrice: 10, listPrice: 14, quantity: 20 }],
        tiktokProductAttribute: [
          { attributeId: '100198', valueIds: ['1001981'] },
          { attributeId: '100392', valueIds: ['1003921'] },
        ],
        priceFormula: 'price * 1.5 + 0.99',
        type: 'POD',
      },
    },
    staff,
  );

  const upload = await gqlData(
    server,
    'mutation($i: PresignedUrlInput!) { getPresignedUrl(input: $i) { fileUrl presignedUrl } }',
    { i: { fileName: `hostile-${stamp}.png`, contentType: 'image/png', folder: 'designs' } },
    staff,
  );
  const put = await fetch(upload.getPresignedUrl.presignedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
  assert.ok(put.ok, `upload answered ${put.status}`);
  const fileUrl = upload.getPresignedUrl.fileUrl;

  const created = await gqlData(
    server,
    'mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }',
    { i: { templateId: template.createProductTemplate.id, designs: [{ name: DESIGN, designFrontUrl: fileUrl, mockupUrls: [fileUrl] }] } },
    staff,
  );
  const productId = created.createProductWithTemplate[0];
  await gqlData(server, 'mutation($id: ID!, $i: UpdateProductInput!) { updateProduct(id: $id, input: $i) }', { id: productId, i: { description: HOSTILE } }, staff);

  const listed = await gqlData(
    server,
    'mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId } }',
    { i: { shopId: shop.id, productIds: [productId], mode: 'AS_DRAFT' } },
    staff,
  );
  const batch = await eventually('the listing', async () => {
    const data = await gqlData(server, 'query($id: ID!) { getJobBatch(id: $id) { pending processing succeeded failed failures { error } } }', { id: listed.bulkListingProduct.batchId }, staff);
    const b = data.getJobBatch;
    return b.pending === 0 && b.processing === 0 ? b : null;
  });
  assert.equal(batch.succeeded, 1, `the listing succeeded: ${JSON.stringify(batch)}`);
  return { productId, templateId: template.createProductTemplate.id, shop };
}

/** Nothing ran, nothing that could run is in the page, and the policy refused nothing the app needs. */
async function assertNothingRan(page, where) {
  assert.equal(await page.evaluate(() => window.__xss), undefined, `${where}: a hostile script ran`);
  const live = await page.evaluate(() =>
    Array.from(document.querySelectorAll('#root *, .p-dialog *'))
      .filter((el) => Array.from(el.attributes).some((a) => /^on/i.test(a.name) || /javascript:/i.test(a.value)) || el.tagName === 'SCRIPT' || el.tagName === 'IFRAME')
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  assert.deepEqual(live, [], `${where}: live markup in the page`);
}

before(async () => {
  server = await startServer({
    SANDBOX_ERROR_RATE: '0',
    SANDBOX_THROTTLE_RATE: '0',
    SANDBOX_LATENCY_MS: '0',
    SANDBOX_AUDIT_DELAY_MS: '200',
  });
  browser = await launchBrowser();
  staff = await login(server, DEMO_STAFF);
  admin = await login(server, DEMO_ADMIN);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('security', () => {
  it('the app, its routes and GraphQL answers carry the Content-Security-Policy and the framing and referrer headers', async () => {
    for (const path of ['/', '/products', '/shops/tiktok/products', '/auth/login?redirect=%2Fproducts']) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.status, 200, path);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /(^|;)\s*script-src 'self'\s*(;|$)/, `${path}: ${csp}`);
      assert.match(csp, /default-src 'self'/, `${path}: ${csp}`);
      assert.match(csp, /object-src 'none'/, `${path}: ${csp}`);
      assert.match(csp, /frame-ancestors 'none'/, `${path}: ${csp}`);
      assert.match(csp, /style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/, `${path}: ${csp}`);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, `${path}: ${csp}`);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      const nonce = csp.match(/'nonce-([^']+)'/)[1];
      assert.ok((await res.text()).includes(`nonce="${nonce}"`), `${path}: the page carries its nonce`);
    }
    const api = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    assert.match(api.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  });

  it('a description written by STAFF runs nothing in an ADMIN’s browser, on every screen that shows it', { timeout: 300_000 }, async () => {
    const { productId, templateId } = await plant();
    const { page, context, problems } = await newPage(browser, server);
    try {
      await useToken(page, admin);

      // The catalogue and the product's own form (the description as text in its field).
      await page.goto('/products');
      await page.getByText(DESIGN).first().waitFor();
      await assertNothingRan(page, '/products');
      await page.goto(`/products/${productId}/edit`);
      const field = page.locator('#product-description');
      await field.waitFor();
      assert.equal(await field.inputValue(), HOSTILE, 'the description is shown as the text it is');
      await assertNothingRan(page, 'product form');

      // The template's form, same.
      await page.goto(`/product-templates/${templateId}/edit`);
      const templateField = page.locator('#template-description');
      await templateField.waitFor();
      assert.equal(await templateField.inputValue(), HOSTILE);
      await assertNothingRan(page, 'template form');

      // The marketplace's copy, rendered as HTML in the product's details.
      await page.goto('/shops/tiktok/products');
      await page.getByTestId('tiktok-products-search').fill(SKU);
      const title = `${DESIGN} Classic Tee`;
      await page.getByRole('button', { name: `Details of ${title}` }).click();
      const description = page.getByTestId('tiktok-product-description');
      await description.waitFor();
      await page.locator('.p-dialog .thumb').first().waitFor();
      const text = await description.textContent();
      assert.ok(text.includes(SAFE_TEXT), `the safe text is shown: ${text}`);
      assert.ok(text.includes('click me'), `a link's words stay, the link goes: ${text}`);
      assert.equal(await description.locator('img, svg, a, script, iframe, math, style').count(), 0, await description.innerHTML());
      await assertNothingRan(page, 'TikTok product details');
      await screenshot(page, '60-hostile-description-sanitized');
      await page.keyboard.press('Escape');
      await description.waitFor({ state: 'detached' });
      // Chromium reports the handlers and styles of the hostile HTML as refused while DOMPurify
      // parses it (in an inert document that shares the page's policy): blocked, and never run
      // even without the policy. Those, and only those, are expected here.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
      const parsed = takeCspViolations();
      assert.ok(parsed.length > 0, 'the hostile handlers met the policy');
      assert.deepEqual(parsed.filter((m) => !/Executing inline event handler violates|Applying inline style violates/.test(m)), []);
      assert.equal(await page.evaluate(() => window.__xss), undefined);

      // The policy itself: an inline script that made it into the page is refused, and said so.
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__xss = 99';
        document.body.appendChild(script);
      });
      assert.equal(await page.evaluate(() => window.__xss), undefined, 'the CSP refuses inline script');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
      const refused = takeCspViolations();
      assert.equal(refused.length, 1, refused.join('\n'));
      assert.match(refused[0], /Executing inline script violates|Refused to execute inline script/);
    } catch (error) {
      await screenshot(page, '69-security-failed').catch(() => {});
      throw error;
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('every screen renders under the policy (a violation fails the test)', { timeout: 300_000 }, async () => {
    const shops = await gqlData(server, '{ getShops { items { id } } }', {}, admin);
    const screens = {
      [DEMO_ADMIN.email]: [
        '/dashboard', '/products', '/products/create', '/product-templates', '/product-templates/create', '/product-designs',
        '/shops/tiktok', '/shops/tiktok/products', '/shops/tiktok/promotions', '/shops/tiktok/promotions/create',
        `/shops/${shops.getShops.items[0].id}`, '/shop', '/shop-product', '/spy-products', '/orders',
        '/fulfillments/providers', '/fulfillments/orders', '/fulfillments/orders/create', '/subscriptions',
        '/subscriptions/add-balance', '/promotions/settings', '/users', '/users/settings', '/this/does/not/exist',
      ],
      [SUPER_ADMIN.email]: ['/clients', '/monitors'],
    };
    for (const [email, paths] of Object.entries(screens)) {
      const token = email === SUPER_ADMIN.email ? await login(server, SUPER_ADMIN) : admin;
      const { page, context, problems } = await newPage(browser, server);
      await useToken(page, token);
      for (const path of paths) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await page.locator('[data-testid="page-spinner"]').waitFor({ state: 'detached' });
        // Console messages arrive in order with this answer: the screen's violations are in.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
        const seen = takeCspViolations();
        assert.deepEqual(seen, [], `${path} as ${email}`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  it('GraphiQL runs under its own policy: its inline script is let through by hash', async () => {
    const { page, context } = await newPage(browser, server);
    // No network here: unpkg is unreachable, so GraphiQL itself fails to load; what matters is
    // that the policy refuses nothing of the page (the afterEach check), its script included.
    await page.route(/unpkg\.com|graphql\.org/, (route) => route.abort());
    const res = await page.goto('/graphql');
    assert.equal(res.status(), 200);
    const csp = res.headers()['content-security-policy'];
    assert.match(csp, /script-src https:\/\/unpkg\.com 'sha256-/);
    assert.equal(res.headers()['x-frame-options'], 'DENY');
    // The inline script ran (and stopped at React, which did not load): it was not refused.
    await eventually('the inline script to run', async () => (await page.evaluate(() => typeof window.customFetch)) === 'function', { timeoutMs: 10_000, everyMs: 100 });
    await context.close();
  });
});
