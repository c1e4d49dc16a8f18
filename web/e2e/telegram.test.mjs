// Telegram alerts: the demo ADMIN links the product's bot from /users/settings through its deep
// link (the demo's Bot API stand-in plays the user pressing Start), keeps the alerts it wants,
// and disconnects after a confirmation.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, takeCspViolations, useToken } from './support/browser.mjs';
import { DEMO_ADMIN, startServer } from './support/server.mjs';

let server;
let browser;
let token;

const LINKED = '{ getTelegramUser { id firstName lastName username } }';
const ALERTS = '{ getTelegramAlerts }';
const ANN = { id: 424242, first_name: 'Ann', last_name: 'Lee', username: 'annlee' };

/** The demo's Bot API stand-in, as the server printed it at start. */
async function botSandbox() {
  for (let i = 0; i < 50; i++) {
    const found = fs.readFileSync(server.logFile, 'utf8').match(/Telegram\s+sandbox bot @\S+ at (http:\/\/\S+)/);
    if (found) return found[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the demo did not start its Telegram stand-in');
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await login(server, DEMO_ADMIN);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('telegram', () => {
  it('links the bot by its deep link, keeps the chosen alerts and disconnects after a confirmation', { timeout: 120_000 }, async () => {
    const bot = await botSandbox();
    const { page, context, problems } = await newPage(browser, server);
    await useToken(page, token);

    await page.goto('/users/settings');
    await page.getByRole('button', { name: 'Link Telegram' }).click();
    const open = page.getByRole('link', { name: /^Open @\S+ in Telegram$/ });
    await open.waitFor();
    const href = await open.getAttribute('href');
    const payload = new URL(href).searchParams.get('start');
    assert.ok(href.startsWith('https://t.me/') && payload, href);
    await screenshot(page, '95-telegram-link');

    // The user opens the link in Telegram and presses Start.
    const started = await fetch(`${bot}/__sandbox/telegram/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: ANN, payload }),
    });
    assert.equal(started.status, 200);
    await page.getByTestId('telegram-linked').getByText('Ann Lee').waitFor({ timeout: 30_000 });
    const { getTelegramUser: linked } = await gqlData(server, LINKED, {}, token);
    assert.equal(linked.username, 'annlee');

    // Keep every alert but the low balance.
    await page.getByLabel('My balance is low').click();
    await page.getByRole('button', { name: 'Save alerts' }).click();
    await page.getByText('Your Telegram alerts are saved.').waitFor();
    const { getTelegramAlerts: alerts } = await gqlData(server, ALERTS, {}, token);
    assert.ok(!alerts.includes('LOW_BALANCE') && alerts.includes('ORDERS_DUE'), JSON.stringify(alerts));
    await screenshot(page, '96-telegram-linked');

    // Disconnecting asks first; cancelling keeps the link.
    await page.getByRole('button', { name: 'Disconnect Telegram' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.ok((await gqlData(server, LINKED, {}, token)).getTelegramUser, 'still linked');
    await page.getByRole('button', { name: 'Disconnect Telegram' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.getByRole('button', { name: 'Link Telegram' }).waitFor();
    assert.equal((await gqlData(server, LINKED, {}, token)).getTelegramUser, null);

    assert.deepEqual(problems, []);
    assert.deepEqual(takeCspViolations(), []);
    await context.close();
  });
});
