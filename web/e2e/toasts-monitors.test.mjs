// The feel of toasts (place, size, colours, life, hover) and the monitors screen on real jobs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gqlData, login } from './support/api.mjs';
import { launchBrowser, newPage, screenshot, signIn, useToken } from './support/browser.mjs';
import { DEMO_ADMIN, DEMO_STAFF, SUPER_ADMIN, startServer } from './support/server.mjs';

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

/** Milliseconds until no toast message is left on the page, measured in the page itself. */
function timeUntilToastsGone(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const start = performance.now();
        const tick = () => (document.querySelector('.p-toast-message') ? requestAnimationFrame(tick) : resolve(performance.now() - start));
        tick();
      }),
  );
}

describe('toasts', () => {
  it('a failed sign-in shows a red toast at top-center, 24rem wide, with the server message', async () => {
    const { page, context } = await newPage(browser, server);
    await signIn(page, { email: DEMO_ADMIN.email, password: 'wrong-password' });
    const message = page.locator('.p-toast-message-error');
    await message.waitFor();
    await page.waitForTimeout(350); // past the enter animation
    await screenshot(page, '91-toast');
    assert.match(await message.innerText(), /Failed/);
    const box = await page.locator('.p-toast').boundingBox();
    const rootPx = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    const viewport = page.viewportSize();
    assert.ok(Math.abs(box.width - 24 * rootPx) < 1, `toast width ${box.width} != 24rem (${24 * rootPx}px)`);
    assert.ok(Math.abs(box.x + box.width / 2 - viewport.width / 2) < 2, `toast not centred: x=${box.x}`);
    assert.ok(box.y < 40, `toast not at the top: y=${box.y}`);
    const style = await message.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, fg: getComputedStyle(el).color }));
    assert.equal(style.bg, 'rgb(220, 38, 38)');
    assert.equal(style.fg, 'rgb(255, 255, 255)');
    await context.close();
  });

  it('lives 3000 ms (plus its 300 ms exit), pauses on hover and restarts on leave', async () => {
    const { page, context } = await newPage(browser, server);
    await signIn(page, { email: DEMO_ADMIN.email, password: 'wrong-password' });
    await page.locator('.p-toast-message').waitFor();
    const life = await timeUntilToastsGone(page);
    assert.ok(life > 2800 && life < 3900, `toast lived ${life} ms`);

    await page.getByRole('button', { name: 'Sign in' }).click();
    const message = page.locator('.p-toast-message');
    await message.waitFor();
    await message.hover();
    await page.waitForTimeout(4500);
    assert.equal(await message.count(), 1, 'a hovered toast must stay');
    await page.mouse.move(5, 890);
    const rest = await timeUntilToastsGone(page);
    assert.ok(rest > 2800 && rest < 3900, `after leaving, toast lived ${rest} ms`);
    await context.close();
  });

  it('uses green, blue, orange and red with white text', async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/auth/login');
    await page.locator('.p-toast').waitFor({ state: 'attached' });
    const colours = await page.evaluate(() => {
      const host = document.querySelector('.p-toast');
      return Object.fromEntries(
        ['success', 'info', 'warn', 'error'].map((severity) => {
          const el = document.createElement('div');
          el.className = `p-toast-message p-toast-message-${severity}`;
          host.appendChild(el);
          const { backgroundColor, color } = getComputedStyle(el);
          el.remove();
          return [severity, `${backgroundColor} / ${color}`];
        }),
      );
    });
    // White text at WCAG AA (4.5:1) on each.
    assert.deepEqual(colours, {
      success: 'rgb(21, 128, 61) / rgb(255, 255, 255)',
      info: 'rgb(37, 99, 235) / rgb(255, 255, 255)',
      warn: 'rgb(194, 65, 12) / rgb(255, 255, 255)',
      error: 'rgb(220, 38, 38) / rgb(255, 255, 255)',
    });
    await context.close();
  });
});

describe('monitors', () => {
  it('shows a job that ran, its payload, the workers, and refreshes live', async () => {
    // Something real to look at: a reset mail is a mail.send job.
    await gqlData(server, 'mutation($e: String!) { forgotPassword(email: $e) }', { e: DEMO_STAFF.email });
    const token = await login(server, SUPER_ADMIN);
    const { page, context, problems } = await newPage(browser, server);
    await useToken(page, token);
    await page.goto('/monitors');
    await page.getByRole('heading', { name: 'Monitors' }).waitFor();

    const jobs = page.getByTestId('jobs-table');
    const row = jobs.locator('tbody tr', { hasText: 'mail.send' }).filter({ hasText: 'Success' }).first();
    await row.waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: 'Workers' }).locator('tbody tr').first().getByText(/s ago|min ago/).waitFor();
    await page.getByRole('table', { name: 'Queues' }).getByText('mail.send').waitFor();
    await screenshot(page, '50-monitors');

    await row.locator('.p-row-toggler').click();
    await jobs.locator('.event-details').getByText('Payload').waitFor();
    await screenshot(page, '51-monitors-job');

    // Live refresh: a job queued now shows without reloading.
    const countBefore = await jobs.locator('tbody tr', { hasText: 'mail.send' }).count();
    await gqlData(server, 'mutation($e: String!) { forgotPassword(email: $e) }', { e: DEMO_ADMIN.email });
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="jobs-table"] tbody tr').length > n,
      countBefore,
      { timeout: 20_000 },
    );

    // Filters: by status.
    await page.locator('.filter-status').click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await jobs.getByText('No job matches these filters').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('an ADMIN does not get the monitors', async () => {
    const token = await login(server, DEMO_ADMIN);
    const { page, context } = await newPage(browser, server);
    await useToken(page, token);
    await page.goto('/monitors');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
