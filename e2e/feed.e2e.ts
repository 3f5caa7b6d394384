import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedOutfit, FeedPage } from '../contracts/feed';
import {
  DESKTOP,
  expectAccessible,
  expectNoConsoleErrors,
  launch,
  newPage,
  PHONE,
  screenshot,
  signUpViaApi,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const HINTS = [
  'Love an outfit? Swipe right!',
  'Not crazy about an outfit? Swipe left!',
  'Love an item in an outfit? Tap the heart icon!',
];

/** Animations run slowly on a busy machine: give the page time. */
const eventually = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: options.timeout ?? 10_000, interval: 100 });

const topCard = (page: Page) => page.locator('[aria-roledescription="outfit card"]');

/** The top card's accessible name: "Outfit name, Occasion". */
async function topCardLabel(page: Page): Promise<string> {
  await eventually(() => topCard(page).count()).toBe(1);
  return (await topCard(page).getAttribute('aria-label')) ?? '';
}

/** Every outfit the shopper's feed still offers, read through the API page by page. */
async function wholeFeed(page: Page): Promise<FeedOutfit[]> {
  const seen: FeedOutfit[] = [];
  for (let guard = 0; guard < 10; guard++) {
    const exclude = seen.map((o) => o.id).join(',');
    const res = await page.request.get(`/api/outfit/home?limit=30&exclude=${exclude}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as FeedPage;
    seen.push(...body.outfits);
    if (!body.hasMore) break;
  }
  return seen;
}

async function outfitIdByLabel(page: Page, label: string): Promise<number> {
  const outfit = (await wholeFeed(page)).find((o) => `${o.name}, ${o.occasion}` === label);
  if (outfit) return outfit.id;
  // Already swiped: find it among the favorites instead.
  const favorites = (await (await page.request.get('/api/favorites/outfits')).json()).items as {
    id: number;
    name: string;
    occasion: string;
  }[];
  const favorite = favorites.find((o) => `${o.name}, ${o.occasion}` === label);
  if (!favorite) throw new Error(`no outfit named ${label}`);
  return favorite.id;
}

/** Drags the top card sideways with the mouse, as a person would. */
async function drag(page: Page, dx: number, options: { release?: boolean } = {}) {
  const box = await topCard(page).boundingBox();
  if (!box) throw new Error('no top card');
  // Grab the card by its title, away from the heart buttons.
  const x = box.x + box.width / 2;
  const y = box.y + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x + (dx * i) / 12, y + i, { steps: 2 });
  if (options.release !== false) await page.mouse.up();
}

describe('the swipe feed at /home', () => {
  it('a new shopper drags, uses the keys, undoes, hearts a piece, and swiped outfits stay gone', async () => {
    const { page, context, consoleErrors } = await newPage(browser, DESKTOP);
    await signUpViaApi(page);
    const offeredAtFirst = (await wholeFeed(page)).length;
    await page.goto('/home');
    const first = await topCardLabel(page);
    for (const hint of HINTS) {
      expect(await page.getByText(hint, { exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'feed-desktop');

    // Drag right, past the threshold: LIKE shows while dragging, then the card flies off.
    await drag(page, 180, { release: false });
    const stamp = (label: string) =>
      topCard(page)
        .locator(`[data-stamp="${label}"]`)
        .evaluate((el) => Number(getComputedStyle(el).opacity));
    expect(await stamp('LIKE')).toBeGreaterThan(0.9);
    expect(await stamp('NOPE')).toBe(0);
    await screenshot(page, 'feed-drag-like-desktop');
    await page.mouse.up();
    await eventually(() => topCardLabel(page)).not.toBe(first);
    const likedId = await outfitIdByLabel(page, first);
    await eventually(async () => {
      const favorites = (await (await page.request.get('/api/favorites/outfits')).json()).items as {
        id: number;
      }[];
      return favorites.map((o) => o.id);
    }).toContain(likedId);

    // A short drag springs back and changes nothing.
    const second = await topCardLabel(page);
    await drag(page, 40);
    await eventually(() => topCardLabel(page)).toBe(second);

    // ← rejects the next one while the deck has focus; undo, once the server has it, brings it
    // back, and focus stays on Undo rather than falling to the page.
    await page.getByRole('region', { name: 'Outfits to swipe' }).focus();
    const rejected = page.waitForResponse((r) => r.url().endsWith('/api/outfit/reject'));
    await page.keyboard.press('ArrowLeft');
    await eventually(() => topCardLabel(page)).not.toBe(second);
    await rejected;
    const undoButton = page.getByRole('button', { name: 'Undo last swipe' });
    await undoButton.focus();
    // The undo goes to the server (the swipe was saved), not through the outbox.
    const undone = page.waitForResponse((r) => r.url().endsWith('/api/outfit/undo'));
    await page.keyboard.press('Enter');
    expect((await undone).status()).toBe(200);
    await eventually(() => topCardLabel(page)).toBe(second);
    expect(await undoButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // Heart a piece on it; the heart is saved, and the outfit stays in the feed.
    const heart = topCard(page)
      .getByRole('button', { name: /^Favorite / })
      .first();
    const pieceName = ((await heart.getAttribute('aria-label')) ?? '').replace(/^Favorite /, '');
    await heart.click();
    await eventually(() => heart.getAttribute('aria-pressed')).toBe('true');
    // The piece's sheet shows that same heart; taken away there, it goes off the card too.
    const named = pieceName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await topCard(page)
      .getByRole('button', { name: new RegExp(`^View ${named}, `) })
      .click();
    const sheet = page.getByRole('dialog');
    const sheetHeart = sheet.getByRole('button', { name: /^Favorite / });
    await eventually(() => sheetHeart.getAttribute('aria-pressed')).toBe('true');
    const unhearted = page.waitForResponse((r) => r.url().includes('/api/item/search/unfavorite/'));
    await sheetHeart.click();
    expect((await unhearted).status()).toBe(200);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await eventually(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await eventually(() => heart.getAttribute('aria-pressed')).toBe('true');
    const secondId = await outfitIdByLabel(page, second);
    await eventually(
      async () => (await wholeFeed(page)).find((o) => o.id === secondId)?.heartedItemIds,
    ).toHaveLength(1);

    // → favorites it with the key, once the deck (not the heart) has focus.
    const liked = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/outfit/favorite') &&
        (r.request().postData() ?? '').includes(`"outfitId":${secondId}`),
    );
    await page.getByRole('region', { name: 'Outfits to swipe' }).focus();
    await page.keyboard.press('ArrowRight');
    await eventually(() => topCardLabel(page)).not.toBe(second);
    // Reloaded once the like has reached the server: a reload in the very moment of a swipe,
    // before the outbox has written it down, is the offline journeys' matter, not this one's.
    expect((await liked).ok()).toBe(true);

    await page.reload();
    const afterReload = await topCardLabel(page);
    expect([first, second]).not.toContain(afterReload);
    // The key's swipe may still be on its way from the outbox: once it is a favourite, the
    // whole feed (several pages of the demo shop) is read once.
    await eventually(
      async () =>
        (
          (await (await page.request.get('/api/favorites/outfits')).json()).items as {
            id: number;
          }[]
        ).map((o) => o.id),
      { timeout: 20_000 },
    ).toContain(secondId);
    const ids = (await wholeFeed(page)).map((o) => o.id);
    expect(ids).not.toContain(secondId);
    expect(ids).not.toContain(likedId);
    // Two outfits fewer than the feed offered before: the one liked and the one favourited.
    expect(ids).toHaveLength(offeredAtFirst - 2);
    const favorites = (await (await page.request.get('/api/favorites/outfits')).json()).items as {
      id: number;
      items: { name: string; favorite: unknown }[];
    }[];
    expect(favorites.map((o) => o.id).sort()).toEqual([likedId, secondId].sort());
    expect(favorites.find((o) => o.id === secondId)?.items.some((i) => i.name === pieceName)).toBe(
      true,
    );
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('keeps swipes made offline and sends them once back online', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    await page.goto('/home');
    const first = await topCardLabel(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Reject outfit' }).click();
    await eventually(() => topCardLabel(page)).not.toBe(first);
    await eventually(() => page.getByText(/will be saved when you reconnect/).isVisible(), {
      timeout: 10_000,
    }).toBe(true);
    await screenshot(page, 'feed-offline-phone');
    // Not sent yet: the server still offers the outfit (the page's requests are offline, the
    // test's own are not).
    const offered = async () => (await wholeFeed(page)).map((o) => `${o.name}, ${o.occasion}`);
    expect(await offered()).toContain(first);
    await context.setOffline(false);
    // Back online the swipe reaches the server: the outfit leaves the feed and, being a
    // rejection, is not among the favourites either.
    await eventually(offered, { timeout: 15_000 }).not.toContain(first);
    await eventually(() => page.getByText(/will be saved when you reconnect/).isVisible()).toBe(
      false,
    );
    const favorites = await page.request.get('/api/favorites/outfits');
    expect(favorites.status()).toBe(200);
    const liked = ((await favorites.json()) as { items: { name: string; occasion: string }[] })
      .items;
    expect(liked.map((o) => `${o.name}, ${o.occasion}`)).not.toContain(first);
    // Offline fetches fail in the browser console by design; only page errors would matter.
    expect(consoleErrors.filter((e) => !/Failed to load resource|ERR_INTERNET/.test(e))).toEqual(
      [],
    );
    await context.close();
  });

  it('on a phone: swipe by touch-sized buttons down to the empty state', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    // Swipe all but three through the API, so the screen shows the end of the feed.
    const outfits = await wholeFeed(page);
    for (const outfit of outfits.slice(3)) {
      const res = await page.request.post('/api/outfit/reject', { data: { outfitId: outfit.id } });
      expect(res.status()).toBe(200);
    }
    await page.goto('/home');
    await topCardLabel(page);
    await screenshot(page, 'feed-phone');
    await expectAccessible(page);
    for (let i = 0; i < 3; i++) {
      const label = await topCardLabel(page);
      await page.getByRole('button', { name: i % 2 ? 'Favorite outfit' : 'Reject outfit' }).click();
      if (i < 2) await eventually(() => topCardLabel(page)).not.toBe(label);
    }
    await eventually(() =>
      page.getByText('No more outfits to swipe', { exact: true }).isVisible(),
    ).toBe(true);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Favorites' }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Search' }).isVisible()).toBe(true);
    await screenshot(page, 'feed-empty-phone');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Undo last swipe' }).click();
    await eventually(() => topCard(page).count()).toBe(1);
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('fetches the shopper and the first page while the app loads, once each', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/user' || pathname === '/api/outfit/home') asked.push(pathname);
    });
    await page.goto('/home');
    await topCardLabel(page);
    // Named by the page's response, both start before the app's own code runs; the app's
    // requests are answered from them instead of asking again.
    const started = await page.evaluate(() =>
      ['/api/user', '/api/outfit/home?limit=10'].map(
        (url) =>
          (
            performance.getEntriesByName(new URL(url, location.href).href)[0] as
              | PerformanceResourceTiming
              | undefined
          )?.initiatorType,
      ),
    );
    expect(started).toEqual(['link', 'link']);
    expect(asked.sort()).toEqual(['/api/outfit/home', '/api/user']);
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it("keeps the shopper's first download within its budget: 200 KiB of JS and CSS, gzipped", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (/\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) {
        bodies.push(response.body());
      }
    });
    await page.goto('/home');
    await topCardLabel(page);
    await page.waitForLoadState('networkidle');
    const gzipped = (await Promise.all(bodies)).reduce(
      (sum, body) => sum + gzipSync(body, { level: 9 }).length,
      0,
    );
    // A module the swipe screen imports that brings zod or a chart library along shows up here.
    expect(gzipped / 1024).toBeLessThanOrEqual(200);
    await context.close();
  });

  it('has no serious axe violations on the desktop feed', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signUpViaApi(page);
    await page.goto('/home');
    await topCardLabel(page);
    await expectAccessible(page);
    await context.close();
  });
});
