import type { APIRequestContext, Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  expectNoConsoleErrors,
  launch,
  newPage,
  PHONE,
  screenshot,
  settleAnimations,
  signInAsDemoAdmin,
  signUpViaApi,
  uniqueName,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

interface OutfitJson {
  id: number;
  name: string;
  description: string;
  occasion: string;
  items: { id: number; slot: string }[];
}

/** The carousel of one category, found by its heading as a person would. */
const carousel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The first piece of a carousel that can still be picked and is not already in the outfit. */
const pickable = (region: Locator) =>
  region.locator('[role="listitem"] button[aria-pressed="false"]:not([disabled])');

const nameField = (page: Page) => page.getByRole('textbox', { name: /^Name/ });

/** What the messages on screen say, so that a wait for one that never came shows what did. */
const notices = async (page: Page) => (await page.getByRole('alert').allTextContents()).join(' | ');

async function findByName(request: APIRequestContext, name: string): Promise<OutfitJson[]> {
  const res = await request.get(`/api/design/outfits?q=${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).items as OutfitJson[];
}

/**
 * Whether the shopper's swipe feed offers the outfit. The feed comes in pages, so it is read
 * page after page, excluding what was already seen, as the app does.
 */
async function feedOffers(request: APIRequestContext, outfitId: number): Promise<boolean> {
  const seen: number[] = [];
  for (let page = 0; page < 10; page++) {
    const res = await request.get(`/api/outfit/home?limit=30&exclude=${seen.join(',')}`);
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { outfits: { id: number }[]; hasMore: boolean };
    if (body.outfits.some((o) => o.id === outfitId)) return true;
    seen.push(...body.outfits.map((o) => o.id));
    if (!body.hasMore || body.outfits.length === 0) return false;
  }
  return false;
}

interface CataloguePiece {
  id: number;
  productId: number;
  name: string;
  color: string;
  size: string;
  price: string;
  stock: number;
}

/** Every item id some outfit holds, read page by page as the studio's own list gives them. */
async function piecesInOutfits(admin: APIRequestContext): Promise<Set<number>> {
  const held = new Set<number>();
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const res = await admin.get(`/api/design/outfits${query}`);
    expect(res.status()).toBe(200);
    const page = (await res.json()) as { items: OutfitJson[]; nextCursor: string | null };
    for (const outfit of page.items) for (const item of outfit.items) held.add(item.id);
    cursor = page.nextCursor;
  } while (cursor);
  expect(held.size).toBeGreaterThan(0);
  return held;
}

/**
 * Sells a piece down to `left` units through the shop's own checkout, as shoppers would: at most
 * nine to an order line, one order after another.
 */
async function sellDownTo(shopper: APIRequestContext, piece: CataloguePiece, left: number) {
  const address = await shopper.post('/api/shipping', {
    data: {
      // One address a piece sold down: a shopper's addresses each have their own nickname.
      nickname: `Studio ${piece.id}`,
      recipient_name: 'Robin Park',
      phone: '(303) 555-0188',
      street_address: '9 Pine St',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = (await address.json()).id as number;
  for (let stock = piece.stock; stock > left; ) {
    const quantity = Math.min(9, stock - left);
    const cart = await shopper.post('/api/cart', { data: { itemId: piece.id, quantity } });
    expect(cart.status(), await cart.text()).toBe(200);
    const order = await shopper.put('/api/buy', {
      data: { addressId, paymentMethod: 'paypal', idempotencyKey: uniqueName('stock-e2e-') },
    });
    expect(order.status(), await order.text()).toBe(201);
    stock -= quantity;
  }
  const after = await shopper.get(`/api/item/all?category=1&limit=100`);
  const now = ((await after.json()) as CataloguePiece[]).find((i) => i.id === piece.id);
  expect(now?.stock).toBe(left);
}

/** A carousel's button for exactly this piece, its label ending as given. */
const pieceButton = (region: Locator, piece: CataloguePiece, ending: string) =>
  region.getByRole('button', {
    name: `${piece.name}, ${piece.color}, size ${piece.size}, ${piece.price}, ${ending}`,
    exact: true,
  });

async function waitForCarousels(page: Page) {
  for (const name of ['Outerwear', 'Tops', 'Accessories', 'Bottoms', 'Footwear']) {
    await expect
      .poll(() => pickable(carousel(page, name)).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
  }
}

describe('the admin design studio', () => {
  it('builds, creates, edits and deletes an outfit that shoppers see while it exists', async () => {
    const { page, context, consoleErrors } = await newPage(browser, DESKTOP);
    const shopper = await newPage(browser, DESKTOP);
    await signUpViaApi(shopper.page);

    // Sign in through the /admin card.
    await page.goto('/admin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('drape-admin-2026');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/design');
    await expect.poll(() => page.getByText('admin', { exact: true }).isVisible()).toBe(true);
    await waitForCarousels(page);
    await screenshot(page, 'design-empty-desktop');

    // Asking to create an empty outfit says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Create outfit' }).click();
    await expect
      .poll(() =>
        page.getByText(/The outfit still needs a name, an occasion and a piece for/).isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // One piece from each carousel.
    const picked: Record<string, string> = {};
    for (const [region, slot] of [
      ['Outerwear', 'Outerwear'],
      ['Tops', 'Top'],
      ['Accessories', 'Accessory'],
      ['Bottoms', 'Bottom'],
      ['Footwear', 'Footwear'],
    ] as const) {
      const piece = pickable(carousel(page, region)).first();
      const label = (await piece.getAttribute('aria-label')) ?? '';
      await piece.click();
      picked[slot] = label.split(',')[0]!;
      await expect
        .poll(() => page.getByRole('group', { name: `${slot}: ${picked[slot]}` }).isVisible())
        .toBe(true);
    }

    // A name already in the shop is refused by the server, and the name field says why.
    const [existing] = (await (await page.request.get('/api/design/outfits')).json())
      .items as OutfitJson[];
    await nameField(page).fill(existing!.name.toUpperCase());
    await page.getByRole('combobox', { name: 'Occasion' }).click();
    await page.getByRole('option', { name: 'Work' }).click();
    await page.getByLabel('Description').fill('A sharp, easy look for the office.');
    await page.getByRole('button', { name: 'Create outfit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'already exists' }).count())
      .toBeGreaterThan(0);
    expect(await nameField(page).getAttribute('aria-invalid')).toBe('true');

    const name = uniqueName('Studio Look ');
    await nameField(page).fill(name);
    await screenshot(page, 'design-built-desktop');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create outfit' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(name).isVisible()).toBe(true);
    await settleAnimations(page);
    await screenshot(page, 'design-confirm-desktop');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => notices(page)).toContain(`Created “${name}”.`);
    // Creating clears the board.
    await expect
      .poll(() => page.getByRole('group', { name: 'Outerwear: empty' }).isVisible())
      .toBe(true);
    expect(await nameField(page).inputValue()).toBe('');

    const [created] = await findByName(page.request, name);
    expect(created).toMatchObject({ name, occasion: 'Work' });
    expect(created!.items).toHaveLength(5);
    expect(await feedOffers(shopper.page.request, created!.id)).toBe(true);

    // Edit: find it by name, swap the shoes, change the description.
    await page.getByRole('tab', { name: 'Edit' }).click();
    const picker = page.getByRole('combobox', { name: 'Outfit to edit' });
    await picker.fill(name.slice(0, 14));
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect.poll(() => nameField(page).inputValue()).toBe(name);
    expect(await page.getByLabel('Description').inputValue()).toBe(
      'A sharp, easy look for the office.',
    );
    // A reload keeps it open: the outfit being edited is named in the address.
    await expect.poll(() => new URL(page.url()).searchParams.get('edit')).toBe(String(created!.id));
    await page.reload();
    await expect.poll(() => nameField(page).inputValue()).toBe(name);
    await expect
      .poll(() => page.getByRole('group', { name: `Footwear: ${picked.Footwear}` }).isVisible())
      .toBe(true);
    const shoes = pickable(carousel(page, 'Footwear')).first();
    const newShoes = ((await shoes.getAttribute('aria-label')) ?? '').split(',')[0]!;
    await shoes.click();
    await page.getByLabel('Description').fill('Now with different shoes.');
    await screenshot(page, 'design-edit-desktop');
    await page.getByRole('button', { name: 'Update outfit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => notices(page)).toContain(`Saved “${name}”.`);

    const [edited] = await findByName(page.request, name);
    expect(edited!.description).toBe('Now with different shoes.');
    const footwear = edited!.items.find((i) => i.slot === 'footwear')!;
    expect(footwear.id).not.toBe(created!.items.find((i) => i.slot === 'footwear')!.id);
    const footwearItem = await (
      await page.request.get(`/api/design/footwear/${edited!.id}`)
    ).json();
    expect(footwearItem.name).toBe(newShoes);

    // Delete it.
    await picker.fill(name.slice(0, 14));
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect.poll(() => nameField(page).inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await settleAnimations(page);
    await screenshot(page, 'design-delete-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => notices(page)).toContain(`Deleted “${name}”.`);
    expect(await findByName(page.request, name)).toEqual([]);
    expect(await feedOffers(shopper.page.request, created!.id)).toBe(false);

    expectNoConsoleErrors(consoleErrors);
    await shopper.context.close();
    await context.close();
  });

  it('filters a carousel, marks low and sold-out stock, and works on a phone', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    await signInAsDemoAdmin(page);

    // Two tops no outfit holds (so no other journey's feed changes): one is sold out and one
    // brought down to two units by a shopper's orders.
    const held = await piecesInOutfits(page.request);
    const topsRes = await page.request.get('/api/item/all?category=1&limit=100');
    expect(topsRes.status()).toBe(200);
    const candidates = ((await topsRes.json()) as CataloguePiece[])
      .filter((i) => !held.has(i.id) && i.stock >= 3)
      .sort((a, b) => a.stock - b.stock);
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    const [soldOutTop, lowTop] = candidates as [CataloguePiece, CataloguePiece];
    const shopper = await newPage(browser);
    await signUpViaApi(shopper.page);
    await sellDownTo(shopper.page.request, soldOutTop, 0);
    await sellDownTo(shopper.page.request, lowTop, 2);
    await shopper.context.close();

    await page.goto('/admin/design');
    await waitForCarousels(page);
    await screenshot(page, 'design-phone');
    await expectAccessible(page);

    // On the narrowest phone every section of the header is on screen, none behind a scroll.
    await page.setViewportSize({ width: 320, height: 700 });
    const sections = page.getByRole('navigation', { name: 'Design' }).getByRole('link');
    expect(await sections.count()).toBe(3);
    for (const box of await sections.evaluateAll((links) =>
      links.map((l) => l.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(320);
    }
    await screenshot(page, 'design-phone-320');
    await page.setViewportSize(PHONE);
    await pickable(carousel(page, 'Outerwear')).first().click();
    await carousel(page, 'Tops').scrollIntoViewIfNeeded();
    await screenshot(page, 'design-phone-carousel');

    // Filtering by colour leaves only that colour.
    const tops = carousel(page, 'Tops');
    await tops.getByRole('combobox', { name: 'Colour' }).click();
    const firstColour = page.getByRole('option').nth(1);
    const colour = (await firstColour.textContent()) ?? '';
    await firstColour.click();
    await expect
      .poll(async () => {
        const labels = await tops
          .locator('[role="listitem"] button')
          .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
        return labels.length > 0 && labels.every((l) => l.split(', ')[1] === colour);
      })
      .toBe(true);

    // A text search that matches nothing says so and offers to clear the filters.
    await tops.getByRole('searchbox').fill('zzqqxx');
    await expect
      .poll(() => tops.getByText('Nothing matches these filters.').isVisible())
      .toBe(true);
    await tops.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => pickable(tops).count()).toBeGreaterThan(0);

    // Stock notes: the sold-out top is shown but cannot be picked; the low one says how many.
    // By name and colour: a name also finds its later editions, more sizes than a page holds.
    const colourMenu = tops.getByRole('combobox', { name: 'Colour' });
    const narrowTo = async (piece: CataloguePiece) => {
      const search = tops.getByRole('searchbox');
      // The name's answer comes first: it redraws the carousel, and a colour menu opened before
      // it lands can lose the click to the redraw.
      if ((await search.inputValue()) !== piece.name) {
        const found = page.waitForResponse(
          (res) => new URL(res.url()).searchParams.get('q') === piece.name,
        );
        await search.fill(piece.name);
        await found;
      }
      // A click that still met a redrawn menu chose another colour, or the redraw closed the
      // menu before its colours came: choose again.
      const option = page.getByRole('option', { name: piece.color, exact: true });
      for (let tries = 0; tries < 3 && (await colourMenu.textContent()) !== piece.color; tries++) {
        await colourMenu.click();
        const offered = await option.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        if (offered) await option.click();
        else await page.keyboard.press('Escape');
      }
      await expect.poll(() => colourMenu.textContent()).toBe(piece.color);
    };
    await narrowTo(soldOutTop);
    const soldOut = pieceButton(tops, soldOutTop, 'sold out');
    await expect.poll(() => soldOut.count()).toBe(1);
    expect(await soldOut.isDisabled()).toBe(true);
    await narrowTo(lowTop);
    const low = pieceButton(tops, lowTop, 'only 2 left');
    await expect.poll(() => low.count()).toBe(1);
    expect(await low.isEnabled()).toBe(true);
    await screenshot(page, 'design-phone-stock');

    // Log out from the studio header.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    expect((await page.request.get('/api/user')).status()).toBe(401);
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });
});
