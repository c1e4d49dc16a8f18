// Accounts end to end: sign-up with the mail link, password reset, revoked tokens, users and settings.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gql, gqlData, login, waitForMailLink } from './support/api.mjs';
import { launchBrowser, loginRedirect, newPage, recordGraphql, screenshot, signIn, storedToken, useToken, waitForPath } from './support/browser.mjs';
import { DEMO_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;
let adminToken;

const CREATE_USER = 'mutation CreateUser($input: CreateUserInput!) { signUp(input: $input) }';
const CHANGE_PASSWORD = 'mutation ChangePassword($input: ChangePasswordInput!) { changePassword(input: $input) }';

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await login(server, DEMO_ADMIN);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

let seq = 0;
/** A new user of the demo client, made through the API. */
async function createUser(role = 'STAFF') {
  seq += 1;
  const user = { email: `e2e-${Date.now()}-${seq}@demo.sellerdesk.test`, password: `first-pass-${seq}-x`, firstName: 'Test', lastName: `User${seq}`, role };
  await gqlData(server, CREATE_USER, { input: user }, adminToken);
  return user;
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const linkPattern = (path) => new RegExp(`${escapeRe(server.url)}${escapeRe(path)}\\?token=[A-Za-z0-9_\\-%.]+`);

describe('sign-up', () => {
  it('register, follow the mail link to verify, then sign in', async () => {
    const { page, context, problems } = await newPage(browser, server);
    const key = `e2e-shop-${Date.now().toString(36)}`;
    const email = `owner-${key}@example.test`;
    await page.goto('/auth/register');
    await page.locator('#clientName').fill('Nova Prints');
    // The key follows the name until edited; a taken key is flagged while typing.
    assert.equal(await page.locator('#clientKey').inputValue(), 'nova-prints');
    await page.locator('#clientKey').fill('demo');
    await page.locator('.key-status[data-state="taken"]').waitFor();
    await page.locator('#clientKey').fill(key);
    await page.locator('.key-status[data-state="free"]').waitFor();
    await page.locator('#firstName').fill('Nora');
    await page.locator('#lastName').fill('Vance');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('nova-secret-123');
    await screenshot(page, '02-register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('register-done').waitFor();

    // Not verified yet: signing in fails with the server's message.
    await signIn(page, { email, password: 'nova-secret-123' });
    await page.locator('.p-toast-message-error').waitFor();
    assert.equal(await storedToken(page), null);

    const link = await waitForMailLink(server, email, linkPattern('/verify-email'));
    await page.goto(link);
    await page.getByTestId('verify-done').waitFor();
    await screenshot(page, '03-verify-email');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/auth/login');
    await signIn(page, { email, password: 'nova-secret-123' }, null);
    await waitForPath(page, '/dashboard');
    // A new client is not the promotions client.
    await page.goto('/promotions/settings');
    await waitForPath(page, '/dashboard');

    // The link is single-use.
    await page.goto(link);
    await page.getByTestId('verify-failed').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('passwords', () => {
  it('forgot password → mail link → new password → sign in with it', async () => {
    const user = await createUser();
    const { page, context } = await newPage(browser, server);
    await page.goto('/auth/forgot-password');
    await page.locator('#email').fill(user.email);
    await screenshot(page, '04-forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('forgot-done').waitFor();

    const link = await waitForMailLink(server, user.email, linkPattern('/auth/reset-password'));
    await page.goto(link);
    await page.locator('#password').fill('brand-new-pass-1');
    await page.locator('#confirm').fill('brand-new-pass-1');
    await screenshot(page, '05-reset-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(page, '/auth/login');
    await page.locator('.p-toast-message-success').waitFor();

    await signIn(page, { email: user.email, password: 'brand-new-pass-1' }, null);
    await waitForPath(page, '/dashboard');
    const old = await gql(server, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: user.email, password: user.password } });
    assert.equal(old.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');

    // A used reset link fails with the server's message.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(link);
    await page.locator('#password').fill('another-pass-12');
    await page.locator('#confirm').fill('another-pass-12');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.locator('.p-toast-message-error').waitFor();
    await context.close();
  });

  it('a revoked token signs the user out, back to sign in with the redirect', async () => {
    const user = await createUser('ADMIN');
    const token = await login(server, user);
    const { page, context } = await newPage(browser, server);
    const calls = recordGraphql(page);
    await useToken(page, token);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // The dashboard's reads must all be answered before the token is revoked: one still on its
    // way would sign out from /dashboard, before the click this test is about.
    await calls.settled({ after: ['Me', 'DashboardSummary'] });

    // The password changes elsewhere: every older token is revoked.
    calls.mark('revoking');
    await gqlData(server, CHANGE_PASSWORD, { input: { currentPassword: user.password, newPassword: 'changed-elsewhere-1' } }, token);
    calls.mark('revoked; clicking Users');

    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
      await waitForPath(page, loginRedirect('/users'));
    } catch (error) {
      // Which request signed out, and when, is what a failure here needs to say.
      error.message += `\nThe page's GraphQL calls:\n${calls.text()}`;
      throw error;
    }
    assert.equal(await storedToken(page), null);

    // Signing in again lands where the user was going.
    await signIn(page, { email: user.email, password: 'changed-elsewhere-1' }, null);
    await waitForPath(page, '/users');
    await context.close();
  });

  it('a revoked token found on reload signs out too', async () => {
    const user = await createUser();
    const token = await login(server, user);
    const { page, context } = await newPage(browser, server);
    await useToken(page, token);
    await page.goto('/users/settings?tab=zone');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await gqlData(server, CHANGE_PASSWORD, { input: { currentPassword: user.password, newPassword: 'changed-elsewhere-2' } }, token);
    await page.reload();
    await waitForPath(page, loginRedirect('/users/settings?tab=zone'));
    await context.close();
  });
});

describe('users screen', () => {
  it('adds a user, sends a reset link and removes with confirmation', async () => {
    const { page, context, problems } = await newPage(browser, server);
    await useToken(page, adminToken);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByTestId('users-table').getByText(DEMO_ADMIN.email).waitFor();
    await screenshot(page, '20-users');

    const email = `new-${Date.now()}@demo.sellerdesk.test`;
    await page.locator('.page-actions').getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.locator('#new-firstName').fill('Quinn');
    await dialog.locator('#new-lastName').fill('Rivera');
    await dialog.locator('#new-email').fill(email);
    await dialog.locator('#new-password').fill('quinn-pass-123');
    await screenshot(page, '21-users-add');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('Quinn Rivera can now sign in.').waitFor();
    await page.getByTestId('users-table').getByText(email).waitFor();

    // Adding the same email again fails with the server's message.
    await page.locator('.page-actions').getByRole('button', { name: 'Add user' }).click();
    await dialog.locator('#new-firstName').fill('Quinn');
    await dialog.locator('#new-lastName').fill('Again');
    await dialog.locator('#new-email').fill(email);
    await dialog.locator('#new-password').fill('quinn-pass-123');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page.locator('.p-toast-message-error').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const since = Date.now();
    await page.getByRole('button', { name: `Send a reset link to ${email}` }).click();
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(`A reset link was sent to ${email}.`).waitFor();
    await waitForMailLink(server, email, linkPattern('/auth/reset-password'), { after: since - 1000 });

    await page.getByRole('button', { name: `Remove ${email}` }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Remove user' }));
    await confirm.getByText('Remove Quinn Rivera').waitFor();
    await screenshot(page, '22-users-remove-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('users-table').getByText(email).waitFor();

    await page.getByRole('button', { name: `Remove ${email}` }).click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText(`${email} was removed.`).waitFor();
    await page.getByTestId('users-table').getByText(email).waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('pages the list', async () => {
    for (let i = 0; i < 11; i += 1) await createUser();
    const { page, context } = await newPage(browser, server);
    await useToken(page, adminToken);
    await page.goto('/users');
    const table = page.getByTestId('users-table');
    await table.locator('.p-paginator-current').waitFor();
    await page.locator('.p-paginator .p-dropdown').click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await table.getByText(/^1–10 of \d+$/).waitFor();
    await table.getByRole('button', { name: /^(Page )?2$/ }).click();
    await table.getByText(/^11–\d+ of \d+$/).waitFor();
    // The page size is remembered for this user.
    await page.reload();
    await table.getByText(/^1–10 of \d+$/).waitFor();
    await context.close();
  });
});

describe('settings', () => {
  it('timezone from a searchable list changes how dates show; password change keeps the user signed in', async () => {
    const user = await createUser();
    const token = await login(server, user);
    const { page, context } = await newPage(browser, server, { timezoneId: 'Europe/Paris' });
    const calls = recordGraphql(page);
    await useToken(page, token);
    await page.goto('/users/settings');
    await page.getByTestId('effective-timezone').getByText('Europe/Paris').waitFor();
    const dropdown = page.locator('.timezone-dropdown');
    try {
      await dropdown.click();
      await page.locator('.p-dropdown-filter').fill('tokyo');
      await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
      // The choice shows in the closed dropdown before it is saved, as a user would check.
      await dropdown.locator('.p-dropdown-label').getByText('Asia/Tokyo', { exact: true }).waitFor();
      calls.mark('Asia/Tokyo chosen; saving');
      await page.getByRole('button', { name: 'Save time zone' }).click();
      await page.getByText('Dates are now shown in Asia/Tokyo.').waitFor();
      await page.getByTestId('effective-timezone').getByText('Asia/Tokyo').waitFor();
    } catch (error) {
      // What the dropdown held and what the page asked the server is what a failure here needs.
      const label = await dropdown.locator('.p-dropdown-label').textContent({ timeout: 1_000 }).catch(() => '(none)');
      error.message += `\nThe dropdown showed: ${label}\nThe page's GraphQL calls:\n${calls.text()}`;
      throw error;
    }
    await page.reload();
    await page.getByTestId('effective-timezone').getByText('Asia/Tokyo').waitFor();
    await screenshot(page, '40-settings');

    await page.locator('#currentPassword').fill(user.password);
    await page.locator('#newPassword').fill('settings-new-pass-1');
    await page.locator('#repeatPassword').fill('settings-new-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('.p-toast-message-success').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const me = await gql(server, '{ getMe { id } }', {}, token);
    assert.equal(me.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
    assert.notEqual(await storedToken(page), token);
    await context.close();
  });
});
