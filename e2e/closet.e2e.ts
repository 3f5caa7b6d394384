import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface FeedOutfit {
  id: number;
  name: string;
  occasionId: number;
  occasion: string;
  items: { id: number; productId: number; slot: string; name: string; stock: number }[];
}

interface CatalogueItem {
  id: number;
  productId: number;
  name: string;
  color: string;
  stock: number;
}

/** A Date Night outfit from the shopper's own feed (the feed never offers a sold-out piece). */
async function findDateNightOutfit(request: APIRequestContext): Promise<FeedOutfit> {
  const seen: number[] = [];
  for (let round = 0; round < 6; round++) {
    const res = await request.get(`/api/outfit/home?limit=30&exclude=${seen.join(',')}`);
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { outfits: FeedOutfit[]; hasMore: boolean };
    const found = body.outfits.find(
      (o) => o.occasion === 'Date Night' && o.items.every((i) => i.stock >= 2),
    );
    if (found) return found;
    seen.push(...body.outfits.map((o) => o.id));
    if (!body.hasMore) break;
  }
  throw new Error('no Date Night outfit in the feed');
}

/**
 * Buys through the shop's own calls, as a shopper would: the outfit's five pieces plus one
 * more top, an address, then checkout. Returns the outfit and the extra top.
 */
async function buyOutfitAndATop(request: APIRequestContext) {
  const outfit = await findDateNightOutfit(request);
  const topProduct = outfit.items.find((i) => i.slot === 'top')!.productId;
  const tops = (await (
    await request.get('/api/item/all?category=1&limit=100')
  ).json()) as CatalogueItem[];
  const extraTop = tops.find((t) => t.productId !== topProduct && t.stock >= 2)!;

  const cart = await request.post('/api/cart/outfit', {
    data: { outfitId: outfit.id, itemIds: outfit.items.map((i) => i.id) },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const more = await request.post('/api/cart', { data: { itemId: extraTop.id } });
  expect(more.status(), await more.text()).toBeLessThan(300);
  const address = await request.post('/api/shipping', {
    data: {
      nickname: 'Home',
      recipient_name: 'Sam Rivera',
      phone: '(555) 010-0142',
      street_address: '48 Mercer Street',
      city: 'New York',
      state: 'NY',
      zip: '10013',
      preferred: true,
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const order = await request.put('/api/buy', {
    data: {
      addressId: (await address.json()).id,
      paymentMethod: 'apple_pay',
      idempotencyKey: `closet-e2e-${Date.now()}`,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  return { outfit, extraTop };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function waitForHeading(page: Page, name: string) {
  await expect.poll(() => heading(page, name).isVisible(), { timeout: 15_000 }).toBe(true);
}

/** Lets lazy pictures finish so screenshots show the real page. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map((img) => new Promise((r) => img.addEventListener('load', r, { once: true }))),
    ),
  );
}

describe('the closet', () => {
  it('shows a new shopper an empty closet that leads to the outfits', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    await page.goto('/closet/occasions');
    await waitForHeading(page, 'My Closet: Occasion Outfits');
    await expect.poll(() => page.getByText('Nothing here yet').isVisible()).toBe(true);
    expect(await page.getByText(/Pieces you buy land in your closet/).isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'closet-empty-phone');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Discover outfits' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('holds what the shopper bought: by occasion, outfit details, by category, and search', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    const { outfit, extraTop } = await buyOutfitAndATop(page.request);

    // By occasion: the grid counts the outfit under Date Night.
    await page.goto('/closet/occasions');
    await waitForHeading(page, 'My Closet: Occasion Outfits');
    const dateNight = page.getByRole('link', { name: /^Date Night, \d+ outfits?$/ });
    await expect.poll(() => dateNight.isVisible()).toBe(true);
    expect(await dateNight.getAttribute('aria-label')).not.toBe('Date Night, 0 outfits');
    expect(await page.getByRole('link', { name: /^All closet outfits/ }).isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'closet-occasions-phone');
    await expectAccessible(page);

    await dateNight.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/closet/Date%20Night/outfits');
    await waitForHeading(page, 'Date Night');
    const card = page.getByRole('link', { name: `${outfit.name}, Date Night` });
    await expect.poll(() => card.isVisible()).toBe(true);
    // A detail page: the top bar offers a way back instead of the menu.
    await settle(page);
    await screenshot(page, 'closet-occasion-outfits-phone');
    await expectAccessible(page);

    // The outfit's details: its five pieces, as owned.
    await card.click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/closet/outfits/detailsPage/${outfit.id}`);
    await waitForHeading(page, outfit.name);
    const pieces = page.getByRole('region', { name: 'The five pieces' }).getByRole('listitem');
    await expect.poll(() => pieces.count()).toBe(5);
    for (const item of outfit.items) {
      expect(await page.getByRole('heading', { level: 3, name: item.name }).count()).toBe(1);
    }
    await settle(page);
    await screenshot(page, 'closet-outfit-details-phone');
    await expectAccessible(page);

    // By category: the toggle, the counts, the pieces and their search.
    await page.goto('/closet/occasions');
    await page.getByRole('button', { name: 'Category' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/closet/categories');
    await waitForHeading(page, 'My Closet: Category');
    const tops = page.getByRole('link', { name: 'Tops, 2 pieces' });
    await expect.poll(() => tops.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Footwear, 1 piece' }).isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'closet-categories-phone');
    await expectAccessible(page);

    await tops.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/closet/categories/Tops');
    await waitForHeading(page, 'Tops');
    const cards = page.getByRole('list', { name: 'Your tops' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    await settle(page);
    await screenshot(page, 'closet-category-phone');
    await expectAccessible(page);

    const search = page.getByRole('searchbox', { name: 'Search tops' });
    await search.fill(extraTop.name.split(' ').slice(0, 2).join(' '));
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).not.toBeNull();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getByRole('heading', { name: extraTop.name }).isVisible()).toBe(
      true,
    );
    await search.fill('%');
    await expect.poll(() => page.getByText('No pieces match').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect.poll(() => cards.count()).toBe(2);

    // All closet outfits, searched by name.
    await page.goto('/closet/outfits');
    await waitForHeading(page, 'My Closet: Outfits');
    const outfitSearch = page.getByRole('searchbox', { name: 'Search closet outfits' });
    await outfitSearch.fill(outfit.name.toUpperCase());
    await expect
      .poll(() => new URL(page.url()).searchParams.get('q'))
      .toBe(outfit.name.toUpperCase());
    await expect
      .poll(() => page.getByRole('link', { name: `${outfit.name}, Date Night` }).isVisible())
      .toBe(true);
    await settle(page);
    await screenshot(page, 'closet-outfits-search-phone');
    await outfitSearch.fill('no such outfit anywhere');
    await expect.poll(() => page.getByText('No closet outfits match').isVisible()).toBe(true);
    await expectAccessible(page);

    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('looks right on a desktop, and is 404-safe for an outfit that is not in the closet', async () => {
    const { page, context, consoleErrors } = await newPage(browser, DESKTOP);
    await signUpViaApi(page);
    const { outfit } = await buyOutfitAndATop(page.request);

    await page.goto('/closet/occasions');
    await waitForHeading(page, 'My Closet: Occasion Outfits');
    await settle(page);
    await screenshot(page, 'closet-occasions-desktop');

    await page.goto(`/closet/outfits/detailsPage/${outfit.id}`);
    await waitForHeading(page, outfit.name);
    await settle(page);
    await screenshot(page, 'closet-outfit-details-desktop');

    await page.goto('/closet/categories');
    await waitForHeading(page, 'My Closet: Category');
    await settle(page);
    await screenshot(page, 'closet-categories-desktop');

    await page.goto('/closet/categories/Tops');
    await waitForHeading(page, 'Tops');
    await settle(page);
    await screenshot(page, 'closet-category-desktop');

    // Someone else's closet outfit (here: one this shopper never bought) is not shown.
    const other = await newPage(browser, DESKTOP);
    await signUpViaApi(other.page);
    await other.page.goto(`/closet/outfits/detailsPage/${outfit.id}`);
    await expect
      .poll(() => other.page.getByText("This outfit isn't in your closet").isVisible())
      .toBe(true);
    await other.page.goto('/closet/Gala/outfits');
    await expect.poll(() => other.page.getByText('No such occasion').isVisible()).toBe(true);
    await other.context.close();

    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });
});
