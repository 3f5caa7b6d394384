import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  expectNoConsoleErrors,
  launch,
  newPage,
  PASSWORD,
  PHONE,
  screenshot,
  signInAsDemoAdmin,
  signUpViaApi,
  uniqueName,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('a new shopper', () => {
  it('registers, lands signed in with the header and bottom bar, and signs out', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    const username = uniqueName();
    await page.goto('/home');
    // A first visit says what Drape is, with the shop's own pictures, then log in or register.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome to Drape', level: 1 }).isVisible())
      .toBe(true);
    expect(await page.getByText(/Welcome back/).count()).toBe(0);
    const look = page.getByRole('group', { name: 'A look from the shop' }).getByRole('img');
    expect(await look.count()).toBe(5);
    await expect
      .poll(() =>
        look.evaluateAll((pictures) =>
          pictures.every(
            (p) => (p as HTMLImageElement).complete && (p as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await screenshot(page, 'welcome-phone');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect.poll(() => page.url()).toMatch(/\/registration$/);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('First Name').fill('Nora');
    await page.getByLabel('Last Name').fill('Quinn');
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await screenshot(page, 'registration-phone');
    await page.getByRole('button', { name: 'Register' }).click();

    await expect.poll(() => page.url()).toMatch(/\/home$/);
    await expect.poll(() => page.getByRole('link', { name: 'Drape home' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Drape home' }).textContent()).toBe('DRAPE');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Closet', 'Search', 'Swipe', 'Cart', 'Favorites']) {
      expect(await nav.getByRole('link', { name: label, exact: false }).count()).toBeGreaterThan(0);
    }

    await page.goto('/user');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome, Nora' }).isVisible())
      .toBe(true);
    expect(await page.getByText(`Username: ${username}`).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(401);
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('shows SPEC messages and plain field messages for empty fields, a wrong password, a short password and a taken username', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto('/home');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome to Drape' }).isVisible())
      .toBe(true);
    await screenshot(page, 'welcome-desktop');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect
      .poll(() => page.getByText('Enter your username and password!').isVisible())
      .toBe(true);
    expect(await page.getByText('Enter your username', { exact: true }).isVisible()).toBe(true);

    await page.getByLabel('Username').fill('nobody-at-all');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect
      .poll(() =>
        page.getByText("Oops! The username and password didn't match. Try again!").isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'login-error-desktop');

    await page.goto('/registration');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect
      .poll(() => page.getByText('Choose a username and password!').isVisible())
      .toBe(true);
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    const password = page.getByLabel('Password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    expect(await page.getByText(/Invalid body/).count()).toBe(0);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    // The server's own word for a taken name, beside the username.
    const taken = 'The username "demo" is already taken. Choose another.';
    await expect.poll(() => page.getByText(taken).isVisible()).toBe(true);
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'registration-errors-desktop');
    await context.close();
  });
});

describe('redirect rules', () => {
  it('for a visitor: / → /home (login), /admin shows the admin card, /admin/design → /admin', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    await page.goto('/admin/design');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Admin login' }).isVisible())
      .toBe(true);
    await page.goto('/registration');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Join Drape' }).isVisible())
      .toBe(true);
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('This page went out of style').isVisible()).toBe(true);
    await context.close();
  });

  it('for a shopper: /registration → /home, /admin → /home, /admin/design → /admin → /home', async () => {
    const { page, context } = await newPage(browser);
    await signUpViaApi(page);
    for (const start of ['/registration', '/admin', '/admin/design']) {
      await page.goto(start);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    }
    await context.close();
  });

  it('for an admin: /admin → /admin/design, and no header or bottom bar', async () => {
    const { page, context } = await newPage(browser);
    await signInAsDemoAdmin(page);
    await page.goto('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/design');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Drape home' }).count()).toBe(0);
    await context.close();
  });

  it('an admin signs in through the /admin card and lands on the design area', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/admin');
    await screenshot(page, 'admin-login-phone');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('drape-admin-2026');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/design');
    await context.close();
  });
});

describe('accessibility', () => {
  it.each([
    ['/home', 'welcome'],
    ['/registration', 'registration'],
    ['/admin', 'admin'],
  ])('%s (%s) has no serious or critical axe violations', async (path) => {
    const { page, context } = await newPage(browser);
    await page.goto(path);
    await page.waitForSelector('form');
    await expectAccessible(page);
    await context.close();
  });
});
