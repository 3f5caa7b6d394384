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

/** A phone at 200% zoom: 390 CSS px shown at twice the size is 195 CSS px wide. */
const ZOOMED = { width: 195, height: 422 };
const PAGES = [
  '/home',
  '/cartlanding',
  '/shipping',
  '/cart',
  '/search',
  '/favorites/outfits',
  '/closet/occasions',
  // The shopper buys nothing: these two show their search field over an empty closet.
  '/closet/outfits',
  '/closet/categories/Accessories',
];

const eventually = <T>(fn: () => T | Promise<T>) =>
  expect.poll(fn, { timeout: 10_000, interval: 100 });

const topCard = (page: Page) => page.locator('[aria-roledescription="outfit card"]');
const deck = (page: Page) => page.getByRole('region', { name: 'Outfits to swipe' });

async function topCardLabel(page: Page): Promise<string> {
  await eventually(() => topCard(page).count()).toBe(1);
  return (await topCard(page).getAttribute('aria-label')) ?? '';
}

/**
 * A shopper with something in the cart, an address and a liked outfit, so every page has its
 * full content; `liked` is the list of that outfit's occasion, where its card is.
 */
async function shopperWithCart(page: Page) {
  const shopper = await signUpViaApi(page);
  const first = (await (await page.request.get('/api/outfit/home?limit=1')).json()) as FeedPage;
  const outfit = first.outfits[0]!;
  // The look's five pieces, each in a size chosen (the ones it was designed with).
  const added = await page.request.post('/api/cart/outfit', {
    data: { outfitId: outfit.id, itemIds: outfit.items.map((item) => item.id) },
  });
  expect(added.status(), await added.text()).toBe(200);
  const address = await page.request.post('/api/shipping', {
    data: {
      nickname: 'Home',
      recipient_name: 'Alexandra Montgomery-Whitfield',
      phone: '+1 415 555 0134',
      street_address: '1 Long Street Name Apartment 12',
      street_address_2: 'Building C, floor 4',
      city: 'San Francisco',
      state: 'CA',
      zip: '94110',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const like = await page.request.post('/api/outfit/favorite', { data: { outfitId: outfit.id } });
  expect(like.status(), await like.text()).toBe(200);
  return { ...shopper, liked: `/favorites/outfits/${outfit.occasionId}` };
}

/**
 * What does not fit: the page's own sideways scroll, controls and prices lying partly outside
 * the screen, and text cut short with an ellipsis.
 */
async function overflows(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const { scrollWidth } = document.scrollingElement ?? document.documentElement;
    if (scrollWidth > window.innerWidth) {
      problems.push(`page scrolls sideways: ${scrollWidth} > ${window.innerWidth}`);
    }
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="checkbox"]):not([type="radio"]), select, [role="tab"], h1, h2',
    );
    for (const el of controls) {
      if (!visible(el) || el.closest('[aria-hidden="true"], [inert]')) continue;
      const box = el.getBoundingClientRect();
      if (box.left < -1 || box.right > window.innerWidth + 1) {
        problems.push(
          `${name(el)} lies outside the screen (${Math.round(box.left)}..${Math.round(box.right)})`,
        );
      }
    }
    for (const el of document.querySelectorAll('body *')) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${name(el)} is cut short`);
      }
    }
    // Prices: every "$12.00" on screen is drawn whole.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !/\$\d/.test(node.textContent ?? '') || !visible(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.right > window.innerWidth + 1) problems.push(`price ${name(el)} is cut`);
    }
    return problems;
  });
}

async function visit(page: Page, path: string, rootFontPx?: number) {
  await page.goto(path);
  if (rootFontPx) {
    await page.addStyleTag({ content: `html { font-size: ${rootFontPx}px !important; }` });
  }
  await eventually(() => page.locator('main h1').count()).toBeGreaterThan(0);
  // Lists and cards arrive after the heading.
  await page.waitForLoadState('networkidle');
}

async function expectEverythingFits(page: Page, label: string, liked: string) {
  for (const path of [...PAGES, liked]) {
    await visit(page, path, label === 'text' ? 32 : undefined);
    expect(await overflows(page), `${path} at ${label}`).toEqual([]);
    // The swipe buttons stay on screen, and the tab bar's labels do not run together.
    if (path === '/home') {
      for (const name of ['Reject outfit', 'Favorite outfit']) {
        const box = await page.getByRole('button', { name }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width).toBe(true);
      }
    }
    const labels = await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 1; i < labels.length; i++) {
      const [a, b] = [labels[i - 1]!, labels[i]!];
      const overlap = a.top === b.top && a.right > b.left + 1;
      expect(overlap, `${path}: tab ${i} overlaps the one before`).toBe(false);
    }
  }
}

describe('readable at any size', () => {
  it('fits a phone at 200% zoom (195 px wide): nothing scrolls sideways, is cut or hidden', async () => {
    const { page, consoleErrors } = await newPage(browser, ZOOMED);
    const { liked } = await shopperWithCart(page);
    await expectEverythingFits(page, 'zoom', liked);
    // The tab bar is the icons on one row, so the screen keeps its height for the content.
    await visit(page, '/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const tops = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect((await nav.boundingBox())!.height).toBeLessThanOrEqual(64);
    expect(await nav.getByRole('link', { name: 'Swipe' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The cart's quantity box keeps room for its number.
    await visit(page, '/cartlanding');
    const quantity = page.getByRole('combobox').first();
    expect((await quantity.boundingBox())!.width).toBeGreaterThanOrEqual(48);
    for (const path of ['/home', '/cart', '/shipping', '/search']) {
      await visit(page, path);
      await screenshot(page, `layout-zoom${path.replaceAll('/', '-')}`);
    }
    expectNoConsoleErrors(consoleErrors);
  });

  it('fits a phone at 200% text (root font 32 px)', async () => {
    const { page, consoleErrors } = await newPage(browser, PHONE);
    const { liked } = await shopperWithCart(page);
    await expectEverythingFits(page, 'text', liked);
    await visit(page, '/cartlanding', 32);
    const quantity = page.getByRole('combobox').first();
    // Two digits' room at 32 px text, not a sliver.
    expect((await quantity.boundingBox())!.width).toBeGreaterThanOrEqual(96);
    await screenshot(page, 'layout-text-cartlanding');
    expectNoConsoleErrors(consoleErrors);
  });
});

describe('a desktop layout', () => {
  it('has a header with the sections, a search box and the bag, and no tab bar', async () => {
    const { page, consoleErrors } = await newPage(browser, DESKTOP);
    await shopperWithCart(page);
    await page.goto('/home');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    // The header is drawn with the app; the bag's count once the cart has loaded.
    for (const name of ['Closet', 'Search', 'Swipe', 'Favorites']) {
      await eventually(() => nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await eventually(() => nav.getByRole('link', { name: 'Cart, 5 items' }).isVisible()).toBe(true);
    // One "Main" navigation on screen: the header's; the tab bar is gone at this width.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);

    // The card is larger, with its pieces and total beside it, names whole.
    const card = await topCard(page).boundingBox();
    expect(card!.width).toBeGreaterThanOrEqual(500);
    const pieces = page.getByRole('region', { name: 'In this outfit' });
    expect(await pieces.getByRole('listitem').count()).toBe(5);
    expect(await pieces.getByText('Outfit total').isVisible()).toBe(true);
    expect(await overflows(page)).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, 'layout-desktop-home');

    await header.getByRole('searchbox', { name: 'Search outfits and pieces' }).fill('coat');
    await page.keyboard.press('Enter');
    await eventually(() => new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('coat');
    await eventually(() => page.getByRole('heading', { name: 'Search', level: 1 }).count()).toBe(1);
    // Focus moved to the new page's heading.
    await eventually(() => page.evaluate(() => document.activeElement?.tagName === 'H1')).toBe(
      true,
    );
    await screenshot(page, 'layout-desktop-search');
    for (const path of ['/cart', '/shipping']) {
      await visit(page, path);
      expect(await overflows(page), path).toEqual([]);
      await screenshot(page, `layout-desktop${path.replaceAll('/', '-')}`);
    }
    expectNoConsoleErrors(consoleErrors);
  });
});

describe('keyboard and screen readers', () => {
  it('swipes with the arrows only while the deck has focus, and says what happened', async () => {
    const { page, consoleErrors } = await newPage(browser, DESKTOP);
    await signUpViaApi(page);
    await page.goto('/home');
    const first = await topCardLabel(page);
    // The label is "name, occasion", and a name may hold a comma of its own.
    const firstName = first.slice(0, first.lastIndexOf(', '));

    // A heart inside the card keeps the arrows: no swipe, focus stays on it.
    const heart = topCard(page)
      .getByRole('button', { name: /^Favorite / })
      .first();
    await heart.focus();
    await page.keyboard.press('ArrowRight');
    expect(await topCardLabel(page)).toBe(first);
    expect(await heart.evaluate((el) => el === document.activeElement)).toBe(true);

    // The deck itself takes them.
    await deck(page).focus();
    await page.keyboard.press('ArrowRight');
    await eventually(() => topCardLabel(page)).not.toBe(first);
    const spoken = page.locator('[aria-live="polite"]', { hasText: /^(Liked|Passed|Undid)/ });
    await eventually(() => spoken.textContent()).toBe(`Liked ${firstName}`);
    expect(await deck(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Undo last swipe' }).click();
    await eventually(() => topCardLabel(page)).toBe(first);
    await eventually(() => spoken.textContent()).toBe(`Undid the like of ${firstName}`);

    // Tab order follows the card's layout: the bottom before the accessory.
    const slots = await topCard(page).evaluate((card) =>
      [...card.querySelectorAll('img')].map((img) => img.closest('div')?.className ?? ''),
    );
    const bottom = slots.findIndex((c) => /bottom/.test(c));
    const accessory = slots.findIndex((c) => /accessory/.test(c));
    expect(bottom).toBeLessThan(accessory);
    expectNoConsoleErrors(consoleErrors);
  });
});

async function wholeFeed(page: Page): Promise<FeedOutfit[]> {
  const seen: FeedOutfit[] = [];
  for (let guard = 0; guard < 10; guard++) {
    const exclude = seen.map((o) => o.id).join(',');
    const body = (await (
      await page.request.get(`/api/outfit/home?limit=30&exclude=${exclude}`)
    ).json()) as FeedPage;
    seen.push(...body.outfits);
    if (!body.hasMore) break;
  }
  return seen;
}

describe('no dead end', () => {
  it('offers the passed outfits again at the end of the deck, likes staying out', async () => {
    const { page, consoleErrors } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    const [liked, ...rest] = await wholeFeed(page);
    await page.request.post('/api/outfit/favorite', { data: { outfitId: liked!.id } });
    for (const outfit of rest) {
      await page.request.post('/api/outfit/reject', { data: { outfitId: outfit.id } });
    }
    await page.goto('/home');
    await eventually(() => page.getByText('No more outfits to swipe').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Favorites' }).first().getAttribute('href')).toBe(
      '/favorites/outfits',
    );
    await expectAccessible(page);
    await screenshot(page, 'layout-empty-deck');
    await page.getByRole('button', { name: 'See passed outfits again' }).click();
    const label = await topCardLabel(page);
    expect(rest.map((o) => `${o.name}, ${o.occasion}`)).toContain(label);
    const back = (await wholeFeed(page)).map((o) => o.id);
    expect(back).toHaveLength(rest.length);
    expect(back).not.toContain(liked!.id);
    expectNoConsoleErrors(consoleErrors);
  });

  it('shows pictures when swiping offline, and a screen’s offline state inside the frame', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    await page.goto('/home');
    await topCardLabel(page);
    // The next cards' pictures arrive while the shopper looks at the first.
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    for (let i = 0; i < 4; i++) {
      const label = await topCardLabel(page);
      await page.getByRole('button', { name: 'Reject outfit' }).click();
      await eventually(() => topCardLabel(page)).not.toBe(label);
    }
    const drawn = await topCard(page)
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0));
    expect(drawn).toEqual([true, true, true, true, true]);

    // Another screen, never loaded: its offline state, in the frame.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Favorites' })
      .click();
    await eventually(() => page.getByText('You are offline').count()).toBe(1);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Drape home' }).isVisible()).toBe(true);
    await screenshot(page, 'layout-offline-favorites');

    // Back online, the screen loads by itself.
    await context.setOffline(false);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe(
      'Discover',
    );
    await eventually(() => page.getByText('You are offline').count()).toBe(0);
  });
});
