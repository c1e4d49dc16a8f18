// Every guard rule, in a real browser against the real server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { login } from './support/api.mjs';
import { launchBrowser, loginRedirect, newPage, screenshot, signIn, useToken, waitForPath } from './support/browser.mjs';
import { DEMO_ADMIN, DEMO_STAFF, SUPER_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;
const tokens = {};

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tokens.admin = await login(server, DEMO_ADMIN);
  tokens.staff = await login(server, DEMO_STAFF);
  tokens.root = await login(server, SUPER_ADMIN);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAs(who) {
  const session = await newPage(browser, server);
  if (who) await useToken(session.page, tokens[who]);
  return session;
}

async function expectScreen(page, heading) {
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
}

describe('visitors', () => {
  it('go to sign in with the redirect keeping path and query, and signing in honours it', async () => {
    const { page, context, problems } = await pageAs(null);
    await page.goto('/users?page=2&q=ann lee');
    await waitForPath(page, loginRedirect('/users?page=2&q=ann%20lee'));
    await expectScreen(page, 'Sign in');
    await screenshot(page, '01-sign-in');
    await signIn(page, DEMO_ADMIN, null);
    await waitForPath(page, '/users?page=2&q=ann%20lee');
    await expectScreen(page, 'Users');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('are sent to sign in from every protected route', async () => {
    const { page, context } = await pageAs(null);
    for (const path of ['/dashboard', '/monitors', '/clients/c1', '/shops/tiktok/promotions', '/users/settings', '/orders/o1?tab=items']) {
      await page.goto(path);
      await waitForPath(page, loginRedirect(path));
    }
    await page.goto('/');
    await waitForPath(page, loginRedirect('/dashboard'));
    await context.close();
  });

  it('see the public screens', async () => {
    const { page, context } = await pageAs(null);
    await page.goto('/auth/register');
    await expectScreen(page, 'Create your account');
    await page.goto('/auth/forgot-password');
    await expectScreen(page, 'Forgot your password?');
    await page.goto('/auth/reset-password?token=abc');
    await expectScreen(page, 'Choose a new password');
    await context.close();
  });

  it('get a not-found screen with a way back on unknown paths', async () => {
    const { page, context } = await pageAs(null);
    await page.goto('/this/does/not/exist');
    await page.getByTestId('not-found').waitFor();
    await screenshot(page, '90-not-found');
    await page.getByRole('button', { name: 'Go to dashboard' }).click();
    await waitForPath(page, loginRedirect('/dashboard'));
    await context.close();
  });
});

describe('signed-in users', () => {
  it('leave public routes for the redirect parameter or the dashboard, never off the site', async () => {
    const { page, context } = await pageAs('admin');
    await page.goto('/auth/login');
    await waitForPath(page, '/dashboard');
    await page.goto(`/auth/register?${new URLSearchParams({ redirect: '/users/settings?from=mail' })}`);
    await waitForPath(page, '/users/settings?from=mail');
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      await page.goto(`/auth/login?${new URLSearchParams({ redirect: evil })}`);
      await waitForPath(page, '/dashboard');
      assert.equal(new URL(page.url()).host, new URL(server.url).host);
    }
    await context.close();
  });

  it('ADMIN opens users and providers, not clients or monitors', async () => {
    const { page, context } = await pageAs('admin');
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await screenshot(page, '10-dashboard-admin');
    await page.goto('/users');
    await expectScreen(page, 'Users');
    await page.goto('/fulfillments/providers');
    await expectScreen(page, 'Fulfilment providers');
    for (const path of ['/monitors', '/clients', '/clients/abc']) {
      await page.goto(path);
      await waitForPath(page, '/dashboard');
    }
    await page.goto(`/monitors?${new URLSearchParams({ redirect: '/users?page=1' })}`);
    await waitForPath(page, '/users?page=1');
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await nav.getByRole('link', { name: 'Users' }).count(), 1);
    assert.equal(await nav.getByRole('link', { name: 'Monitors' }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'Clients' }).count(), 0);
    await context.close();
  });

  it('STAFF stays out of users and providers, and sees no link to them', async () => {
    const { page, context } = await pageAs('staff');
    for (const path of ['/users', '/fulfillments/providers', '/monitors', '/clients']) {
      await page.goto(path);
      await waitForPath(page, '/dashboard');
    }
    await page.goto('/products');
    await expectScreen(page, 'Products');
    await screenshot(page, '30-products-as-staff');
    await page.goto('/users/settings');
    await expectScreen(page, 'Settings');
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await nav.getByRole('link', { name: 'Users' }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'Providers' }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'Products', exact: true }).count(), 1);
    await context.close();
  });

  it('SUPER_ADMIN opens clients and monitors', async () => {
    const { page, context } = await pageAs('root');
    await page.goto('/clients');
    await expectScreen(page, 'Clients');
    await page.goto('/clients/some-client');
    await expectScreen(page, 'Client');
    await page.goto('/monitors');
    await expectScreen(page, 'Monitors');
    await page.goto('/users');
    await expectScreen(page, 'Users');
    await context.close();
  });

  it('promotion routes open only for the promotions client', async () => {
    const screens = { '/shops/tiktok/promotions': 'Promotions', '/shops/tiktok/promotions/create': 'New promotion', '/promotions/settings': 'Promotion settings' };
    const promoPaths = Object.keys(screens);
    // The demo client is the promotions client in demo mode.
    for (const who of ['admin', 'staff']) {
      const { page, context } = await pageAs(who);
      for (const path of promoPaths) {
        await page.goto(path);
        await expectScreen(page, screens[path]);
        assert.equal(new URL(page.url()).pathname, path);
      }
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promotions' }).count(), 1);
      await context.close();
    }
    // The platform operator's own client is not.
    const { page, context } = await pageAs('root');
    for (const path of promoPaths) {
      await page.goto(path);
      await waitForPath(page, '/dashboard');
    }
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promotions' }).count(), 0);
    await context.close();
  });

  it('/spy-products is a named route that shows not-found inside the app', async () => {
    const { page, context } = await pageAs('staff');
    await page.goto('/spy-products');
    await page.getByTestId('not-found').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await context.close();
  });

  it('signing out from the user menu forgets the token and shows sign in', async () => {
    const { page, context } = await pageAs('staff');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await screenshot(page, '11-user-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await waitForPath(page, '/auth/login');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('sellerdesk:access-token')), null);
    await page.goto('/dashboard');
    await waitForPath(page, loginRedirect('/dashboard'));
    await context.close();
  });

  it('a token that is not a token counts as signed out', async () => {
    const { page, context } = await pageAs(null);
    await page.goto('/auth/login');
    await page.evaluate(() => window.localStorage.setItem('sellerdesk:access-token', 'definitely-not-a-jwt'));
    await page.goto('/dashboard');
    await waitForPath(page, loginRedirect('/dashboard'));
    assert.equal(await page.evaluate(() => window.localStorage.getItem('sellerdesk:access-token')), null);
    await context.close();
  });
});
