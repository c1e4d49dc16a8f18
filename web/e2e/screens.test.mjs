// axe-core on the main screens, as each user sees them: no serious or critical accessibility
// violation (contrast at WCAG AA, names of controls, landmarks…) on any of them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, useToken } from './support/browser.mjs';
import { DEMO_ADMIN, SUPER_ADMIN, startServer } from './support/server.mjs';

// Evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
// (no inline script) does not govern: the app's policy stays as users get it.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server;
let browser;
const tokens = {};

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tokens.admin = await login(server, DEMO_ADMIN);
  tokens.root = await login(server, SUPER_ADMIN);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The serious and critical violations axe finds on the page as it is now. */
async function violations(page) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    // Left out: PrimeReact's own markup, not this app's — the visually hidden mirrors of its
    // dropdowns (a labelled combobox stands for each), its table checkboxes and switches (a role
    // on a wrapper of a native input) and its dropdown triggers (the combobox is the control).
    const context = { exclude: [['.p-hidden-accessible'], ['.p-checkbox'], ['.p-inputswitch'], ['.p-dropdown-trigger'], ['.p-treeselect-trigger'], ['.p-multiselect-trigger']] };
    const result = await window.axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const report = (found) => found.map((v) => `${v.impact} ${v.id} (${v.help}):\n  ${v.nodes.join('\n  ')}`).join('\n');

/** Opens `path` as `who`, waits for `ready`, and checks the screen. */
async function check(who, path, ready, name) {
  const { page, context } = await newPage(browser, server);
  if (who) await useToken(page, tokens[who]);
  await page.goto(path);
  await ready(page);
  // Past transitions, spinners and the first toasts.
  await page.waitForTimeout(600);
  await screenshot(page, `axe-${name}`);
  const found = await violations(page);
  await context.close();
  assert.equal(found.length, 0, `${path}:\n${report(found)}`);
}

const heading = (text) => (page) => page.getByRole('heading', { name: text, exact: true }).first().waitFor({ timeout: 30_000 });
const testId = (id) => (page) => page.getByTestId(id).first().waitFor({ timeout: 30_000 });

describe('axe finds no serious violation', () => {
  it('on sign-in', () => check(null, '/auth/login', heading('Sign in'), 'sign-in'));
  it('on the dashboard', () => check('admin', '/dashboard', testId('order-summary'), 'dashboard'));
  it('on products (the empty catalogue)', () => check('admin', '/products', heading('Products'), 'products'));
  it('on the first-product form', () => check('admin', '/products/create?first=1', testId('create-submit'), 'create-products'));
  it('on templates', () => check('admin', '/product-templates', testId('templates-table'), 'templates'));
  it('on the template form', () => check('admin', '/product-templates/create', testId('template-save'), 'template-form'));
  it('on shop products', () => check('admin', '/shop-product', heading('Shop products'), 'shop-products'));
  it('on orders', () => check('admin', '/orders', heading('Orders'), 'orders'));
  it('on shops', () => check('admin', '/shop', heading('Shops'), 'shops'));
  it('on users', () => check('admin', '/users', heading('Users'), 'users'));
  it('on monitors, as super-admin', () => check('root', '/monitors', heading('Monitors'), 'monitors'));
});
