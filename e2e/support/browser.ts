import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_FLAGS } from './chromium';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export const baseUrl = () => inject('baseUrl');

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_FLAGS });
}

/**
 * A fresh context (cookies and storage of its own). Console errors and failed page loads are
 * collected; call `expectNoConsoleErrors` at the end of a test.
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  /** Another server than the journeys' shared one (a journey with a shop of its own). */
  server = baseUrl(),
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    baseURL: server,
    viewport,
    hasTouch: viewport === PHONE,
    isMobile: viewport === PHONE,
  });
  // A Content-Security-Policy violation the page recovers from (zod's eval probe was one) is
  // otherwise silent to the test: report it as a console error.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // The browser reports every 4xx response it receives; tests assert those on purpose.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    consoleErrors.push(text);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

let counter = 0;
export function uniqueName(prefix = 'shopper') {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export const PASSWORD = 'correct-horse-battery';

/** Registers through the API (fast) and signs the page's context in. */
export async function signUpViaApi(
  page: Page,
  options: { username?: string; isAdmin?: boolean } = {},
) {
  const username = options.username ?? uniqueName();
  const register = await page.request.post('/api/user/register', {
    data: {
      username,
      password: PASSWORD,
      firstName: 'Test',
      lastName: 'Shopper',
      email: `${username}@example.com`,
      isAdmin: options.isAdmin ?? false,
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  const login = await page.request.post('/api/user/login', {
    data: { username, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return { username, user: await login.json() };
}

export async function signInAsDemoAdmin(page: Page) {
  const login = await page.request.post('/api/user/login', {
    data: { username: 'admin', password: 'drape-admin-2026' },
  });
  expect(login.status()).toBe(200);
}

/**
 * Waits for the page's finite animations and transitions (a message bar fading in, a dialog
 * opening) to end, for at most two seconds. Mid-fade, text and its background blend with the
 * page, and axe would judge a contrast no shopper sees once the element has settled. Endless
 * ones (a spinner, a skeleton's pulse) are not waited for.
 */
export async function settleAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 2000, polling: 50 },
    )
    .catch(() => {
      // Still moving after two seconds: judge the page as it is.
    });
}

/**
 * axe: no serious or critical violations, once the page has stopped moving. A message bar hides
 * itself after four seconds, and one that starts fading out while axe reads the page is judged
 * half transparent; a window that loses focus holds the bar's timer (MUI's Snackbar), so the
 * audit runs as if the shopper had switched windows, and the focus comes back after it.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  try {
    await settleAnimations(page);
    results = await new AxeBuilder({ page }).analyze();
  } finally {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  }
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(', ')})`,
    ),
  ).toEqual([]);
}

export function expectNoConsoleErrors(errors: string[]) {
  expect(errors).toEqual([]);
}

/** Waits (up to three seconds) for the pictures on screen to arrive; lazy ones below stay out. */
async function settleImages(page: Page) {
  await page
    .waitForFunction(
      () =>
        Array.from(document.images).every((img) => {
          const box = img.getBoundingClientRect();
          const onScreen = box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
          return !onScreen || img.complete;
        }),
      undefined,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => {
      // Still arriving after three seconds: the screenshot shows them as they are.
    });
}

/** Screenshots go to test-results/screenshots for a person to look at, taken at rest. */
export async function screenshot(page: Page, name: string) {
  await settleImages(page);
  await settleAnimations(page);
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}
