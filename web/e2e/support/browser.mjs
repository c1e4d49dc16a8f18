// Debian's Chromium driven by playwright-core: no browser download, no network of its own.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import { RESULTS_DIR } from './server.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const TOKEN_KEY = 'sellerdesk:access-token';

export async function launchBrowser() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * What the Content-Security-Policy refused on any page of any test since the last check. The app
 * is served with a policy that forbids inline script (and unnonced inline style); a screen that
 * needs something the policy refuses is broken for users, so every test of every file fails on it.
 */
const cspViolations = [];
const isCspViolation = (text) => /^Refused to |Content Security Policy/.test(text);

function watchCsp(page) {
  page.on('console', (message) => {
    if (isCspViolation(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
}

afterEach(() => {
  const seen = cspViolations.splice(0);
  if (seen.length) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
});

/** The CSP violations seen so far, taken: for tests that assert on them themselves. */
export function takeCspViolations() {
  return cspViolations.splice(0);
}

/** A fresh browser context (its own local storage) on the server. */
export async function newPage(browser, server, { timezoneId = 'UTC' } = {}) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, timezoneId, locale: 'en-US' });
  context.on('page', watchCsp);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

/**
 * The page's GraphQL calls in order, each when sent and when answered (HTTP status and the
 * errors' codes), with the test's own marks between them: for a test to print when it fails, to
 * say which request did what; and `settled`, to wait until the page's calls are all answered.
 */
export function recordGraphql(page) {
  const t0 = Date.now();
  const lines = [];
  const inFlight = new Set();
  const answered = new Set();
  let lastActivity = Date.now();
  const at = () => `+${String(Date.now() - t0).padStart(6)} ms`;
  const isGraphql = (request) => new URL(request.url()).pathname === '/graphql';
  const operation = (request) => {
    try {
      return request.postDataJSON()?.operationName ?? '(unnamed)';
    } catch {
      return '(not JSON)';
    }
  };
  const ended = (request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    if (!isGraphql(request)) return;
    inFlight.add(request);
    lastActivity = Date.now();
    lines.push(`${at()} -> ${operation(request)}`);
  });
  page.on('response', async (response) => {
    const request = response.request();
    if (!isGraphql(request)) return;
    let codes;
    try {
      const body = await response.json();
      codes = (body.errors ?? []).map((e) => e.extensions?.code ?? '(no code)').join(',');
    } catch {
      codes = '(no JSON body)';
    }
    answered.add(operation(request));
    lines.push(`${at()} <- ${operation(request)} ${response.status()} ${codes}`.trimEnd());
  });
  page.on('requestfinished', (request) => {
    if (isGraphql(request)) ended(request);
  });
  page.on('requestfailed', (request) => {
    if (!isGraphql(request)) return;
    ended(request);
    lines.push(`${at()} !! ${operation(request)} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) lines.push(`${at()} page at ${frame.url()}`);
  });
  const text = () => lines.join('\n');
  return {
    mark: (label) => lines.push(`${at()} -- ${label}`),
    text,
    /**
     * Waits until the operations named in `after` have been answered and no call has been on
     * its way for `quietMs`. Playwright's `networkidle` does not promise it: it can come before
     * a screen's queries are sent, and once it came it does not wait again.
     */
    settled: async ({ after = [], quietMs = 500, timeoutMs = 15_000 } = {}) => {
      const started = Date.now();
      const done = () => after.every((op) => answered.has(op)) && inFlight.size === 0 && Date.now() - lastActivity >= quietMs;
      while (!done()) {
        if (Date.now() - started > timeoutMs) throw new Error(`the page's GraphQL calls did not settle in ${timeoutMs} ms:\n${text()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export async function screenshot(page, name) {
  const dir = path.join(RESULTS_DIR, 'screens');
  fs.mkdirSync(dir, { recursive: true });
  // Let transitions and spinners settle so the picture shows the screen, not its loading.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Signs in through the sign-in screen. */
export async function signIn(page, { email, password }, from = '/auth/login') {
  if (from) await page.goto(from);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Starts the page signed in with `token`, the way the app keeps it. */
export async function useToken(page, token) {
  await page.goto('/auth/login');
  await page.evaluate(([key, t]) => window.localStorage.setItem(key, t), [TOKEN_KEY, token]);
}

export async function storedToken(page) {
  return page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
}

export const pathOf = (page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};

/** Waits until the address bar shows exactly `expected` (path + query). */
export async function waitForPath(page, expected, timeout = 15_000) {
  try {
    await page.waitForFunction((want) => `${location.pathname}${location.search}` === want, expected, { timeout });
  } catch (error) {
    throw new Error(`expected ${expected}, still at ${pathOf(page)}: ${error.message}`, { cause: error });
  }
}

export const loginRedirect = (target) => `/auth/login?${new URLSearchParams({ redirect: target })}`;
