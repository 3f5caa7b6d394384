import type { APIRequestContext, Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../contracts/common';
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

interface Piece {
  id: number;
  productId: number;
  slot: string;
  name: string;
  color: string;
  size: string;
}
interface Outfit {
  id: number;
  name: string;
  occasionId: number;
  occasion: string;
  items: Piece[];
}
interface Variant {
  itemId: number;
  color: string;
  size: string;
}

/**
 * An outfit with a piece whose product comes in another colour in the same size and another
 * size in the same colour, found through the shop's own search and variant calls.
 */
async function findEditableOutfit(request: APIRequestContext) {
  const res = await request.get('/api/outfit/search');
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: Outfit[] };
  for (const outfit of items) {
    for (const piece of outfit.items) {
      const variants = (await (
        await request.get(`/api/favorites/item/sizes?productId=${piece.productId}`)
      ).json()) as Variant[];
      const colour = variants.find((v) => v.size === piece.size && v.color !== piece.color);
      const size =
        colour && variants.find((v) => v.color === colour.color && v.size !== piece.size);
      if (colour && size) return { outfit, piece, colour, size };
    }
  }
  throw new Error('no outfit with a piece that comes in other colours and sizes');
}

async function visible(locator: Locator) {
  await expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
}

describe('a shopper with a favorite outfit', () => {
  it('browses faves by occasion and category, edits a piece, and it stays edited', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    const { outfit, piece, colour, size } = await findEditableOutfit(page.request);
    const liked = await page.request.post('/api/outfit/favorite', {
      data: { outfitId: outfit.id },
    });
    expect(liked.status(), await liked.text()).toBeLessThan(300);

    // Occasions, with counts.
    await page.goto('/favorites/outfits');
    const occasionTile = page.getByRole('link', { name: `${outfit.occasion}, 1 outfit` });
    await visible(occasionTile);
    await screenshot(page, 'favorites-occasions-phone');
    await expectAccessible(page);
    await occasionTile.click();

    // The occasion's outfits, with their pieces.
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/favorites/outfits/${outfit.occasionId}`);
    await visible(page.getByRole('heading', { name: outfit.name }));
    await expect
      .poll(() => page.getByRole('heading', { name: 'Faves', level: 1 }).isVisible())
      .toBe(true);
    await screenshot(page, 'favorites-occasion-phone');
    await expectAccessible(page);

    // The search bar narrows the outfits; a word that is in no favorite empties the list.
    const search = page.getByRole('searchbox');
    await search.fill('zzzqx');
    await visible(page.getByText('Nothing matches'));
    await search.fill('');
    await visible(page.getByRole('heading', { name: outfit.name }));

    // Open the piece.
    await page
      .getByRole('link', { name: new RegExp(`^${cap(piece.slot)}: ${escapeRegExp(piece.name)}`) })
      .click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/favorites/outfits/${outfit.occasionId}/${outfit.id}/${piece.id}`);
    await visible(page.getByRole('heading', { name: piece.name, level: 1 }));
    await expectAccessible(page);
    await screenshot(page, 'favorites-item-phone');
    // The size the piece came in is shown, not pressed: the shopper has not chosen one yet.
    const sizes = page.getByRole('group', { name: /^Size/ });
    await sizes.scrollIntoViewIfNeeded();
    await visible(page.getByText(/; choose yours$/));
    expect(await sizes.locator('[aria-pressed="true"]').count()).toBe(0);
    await screenshot(page, 'favorites-item-size-phone');

    // Colour: the size stays, the address follows the new item.
    await page.getByRole('radio', { name: option(colour.color) }).click();
    await visible(page.getByText(`Colour changed to ${colour.color}. Saved.`));
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/favorites/outfits/${outfit.occasionId}/${outfit.id}/${colour.itemId}`);

    // Size: the colour stays.
    await page.getByRole('button', { name: option(size.size) }).click();
    await visible(page.getByText(`Size changed to ${size.size}. Saved.`));
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/favorites/outfits/${outfit.occasionId}/${outfit.id}/${size.itemId}`);

    // The size was chosen here, so Buy puts this variant in the cart, as many as the favorite
    // says (1); the label turns to Del, which takes it out.
    const buy = page.getByRole('button', { name: `Buy ${piece.name}`, exact: true });
    // The label follows the server's cart: it takes clicks once the cart has loaded.
    await expect.poll(() => buy.getAttribute('aria-busy')).toBe('false');
    await buy.click();
    const del = page.getByRole('button', { name: `Del: take ${piece.name} out of the cart` });
    await visible(del);
    const cart = (await (await page.request.get('/api/cart')).json()) as {
      lines: { itemId: number; quantity: number }[];
    };
    expect(cart.lines).toEqual([expect.objectContaining({ itemId: size.itemId, quantity: 1 })]);
    await del.click();
    await visible(buy);

    // Quantity.
    await page.getByLabel('Quantity', { exact: true }).selectOption('3');
    await visible(page.getByText('Quantity set to 3. Saved.'));
    await screenshot(page, 'favorites-item-edited-phone');

    // All of it is still so after a reload.
    await page.reload();
    await visible(page.getByRole('heading', { name: piece.name, level: 1 }));
    await expect
      .poll(() =>
        page.getByRole('radio', { name: option(colour.color) }).getAttribute('aria-checked'),
      )
      .toBe('true');
    expect(
      await page.getByRole('button', { name: option(size.size) }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('3');

    // By category: the piece shows there with its new colour and quantity.
    await page.goto('/favorites/categories');
    const category = (
      (await (await page.request.get('/api/favorites/categories')).json()) as {
        name: string;
        count: number;
        slot: string;
      }[]
    ).find((c) => c.slot === piece.slot)!;
    await visible(page.getByRole('link', { name: `${category.name}, 1 piece` }));
    await screenshot(page, 'favorites-categories-phone');
    await expectAccessible(page);
    await page.getByRole('link', { name: `${category.name}, 1 piece` }).click();
    const card = page.getByRole('link', {
      name: new RegExp(
        `^${escapeRegExp(piece.name)}, ${escapeRegExp(colour.color)}, size ${escapeRegExp(size.size)}, .*quantity 3`,
      ),
    });
    await visible(card);
    await screenshot(page, 'favorites-category-phone');
    await expectAccessible(page);

    // It opens over the list, where it can be edited too.
    await card.click();
    await visible(page.getByRole('dialog', { name: 'Edit favorite' }));
    await visible(page.getByRole('heading', { name: piece.name, level: 2 }));
    await page.getByLabel('Quantity', { exact: true }).selectOption('2');
    await visible(page.getByText('Quantity set to 2. Saved.'));
    await page.getByRole('button', { name: 'Close' }).click();
    await visible(
      page.getByRole('link', { name: new RegExp(`^${escapeRegExp(piece.name)},.*quantity 2`) }),
    );

    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('takes an outfit out of the faves after the warning about its pieces', async () => {
    const { page, context, consoleErrors } = await newPage(browser, DESKTOP);
    await signUpViaApi(page);
    const { outfit } = await findEditableOutfit(page.request);
    await page.request.post('/api/outfit/favorite', { data: { outfitId: outfit.id } });
    await page.goto(`/favorites/outfits/${outfit.occasionId}`);
    await visible(page.getByRole('heading', { name: outfit.name }));
    await screenshot(page, 'favorites-occasion-desktop');

    // A piece's page at desktop width, then back to the list.
    const firstPiece = outfit.items[0]!;
    await page
      .getByRole('link', {
        name: new RegExp(`^${cap(firstPiece.slot)}: ${escapeRegExp(firstPiece.name)}`),
      })
      .click();
    await visible(page.getByRole('heading', { name: firstPiece.name, level: 1 }));
    await visible(page.getByRole('radiogroup', { name: /Colour/ }));
    await screenshot(page, 'favorites-item-desktop');
    await expectAccessible(page);
    await page.goBack();
    await visible(page.getByRole('heading', { name: outfit.name }));
    await page.getByRole('button', { name: `Favorite ${outfit.name}`, pressed: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    expect(await dialog.textContent()).toContain('pieces that came with this outfit are removed');
    // Checked once it has faded in: halfway, its colours are a blend.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const container = document.querySelector('.MuiDialog-container');
          return container ? getComputedStyle(container).opacity : '0';
        }),
      )
      .toBe('1');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Remove outfit' }).click();
    await visible(page.getByText('No favorites here yet'));
    const left = (await (await page.request.get('/api/favorites/outfits')).json())
      .items as unknown[];
    expect(left).toEqual([]);
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });
});

describe('search', () => {
  it('finds jackets from a typo, pages on scroll and hearts a piece', async () => {
    const { page, context, consoleErrors } = await newPage(browser, PHONE);
    await signUpViaApi(page);
    await page.goto('/search');
    await visible(page.getByRole('heading', { name: 'Newest outfits' }));

    // Outfits first (SPEC's default); categories wait for pieces.
    expect(await page.getByRole('switch', { name: 'Tops' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Pieces' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Tops' }).isDisabled()).toBe(false);

    await page.getByRole('searchbox').fill('jakcet');
    await visible(page.getByRole('heading', { name: 'Pieces matching “jakcet”' }));
    const found = page.getByRole('list', { name: 'Pieces found' }).getByRole('article');
    await expect.poll(() => found.count()).toBeGreaterThan(0);
    const names = await found.locator('h2').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    // Pieces named jackets first; puffers and blazers, jackets by another name, after them.
    expect(names[0]).toMatch(/jacket/i);
    await screenshot(page, 'search-typo-phone');
    await expectAccessible(page);

    // Heart the first result; the favorites know it.
    const first = found.first();
    const label = (await first.getAttribute('aria-label'))!;
    await first.getByRole('button', { name: `Favorite ${label}`, pressed: false }).click();
    await visible(first.getByRole('button', { name: `Favorite ${label}`, pressed: true }));
    await expect
      .poll(async () => {
        const pieces = (await (await page.request.get('/api/favorites/items/Outerwear')).json())
          .items as {
          outfitId: number | null;
        }[];
        return pieces.filter((p) => p.outfitId === null).length;
      })
      .toBe(1);

    // Words understood as chips; a removed chip takes its word out of the search.
    await page.getByRole('searchbox').fill('black boots');
    await visible(page.getByRole('button', { name: 'Remove Colour: Black' }));
    await visible(page.getByRole('button', { name: 'Remove Category: Boots' }));
    await screenshot(page, 'search-chips-phone');
    await page.getByRole('button', { name: 'Remove Colour: Black' }).click();
    await visible(page.getByRole('heading', { name: 'Pieces matching “boots”' }));

    // Nothing matches: the closest search the shop can answer, as a link.
    await page.getByRole('searchbox').fill('blazzzzer');
    await visible(page.getByRole('link', { name: 'blazer' }));
    await screenshot(page, 'search-suggestion-phone');
    await page.getByRole('link', { name: 'blazer' }).click();
    await visible(page.getByRole('heading', { name: 'Pieces matching “blazer”' }));

    // Only Outerwear: still jackets. Then a plain browse pages on as it scrolls.
    await page.getByRole('switch', { name: 'Outerwear' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('cat')).toEqual(['6']);
    await page.getByRole('searchbox').fill('');
    await visible(page.getByRole('heading', { name: 'Popular and new' }));
    await expect.poll(() => found.count()).toBe(PAGE_SIZE);
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => found.count(), { timeout: 15_000 }).toBeGreaterThan(PAGE_SIZE);

    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('finds outfits and favorites one from its heart, on a desktop', async () => {
    const { page, context, consoleErrors } = await newPage(browser, DESKTOP);
    await signUpViaApi(page);
    await page.goto('/search?type=outfits');
    await page.getByRole('searchbox').fill('lisbno');
    await visible(page.getByRole('heading', { name: 'Outfits matching “lisbno”' }));
    const found = page.getByRole('list', { name: 'Outfits found' }).getByRole('article');
    await expect.poll(() => found.count()).toBeGreaterThan(0);
    await expect.poll(() => found.first().locator('h2').textContent()).toMatch(/lisbon/i);
    const name = (await found.first().locator('h2').textContent())!;
    await found
      .first()
      .getByRole('button', { name: `Favorite ${name}`, pressed: false })
      .click();
    await visible(found.first().getByRole('button', { name: `Favorite ${name}`, pressed: true }));
    await screenshot(page, 'search-outfits-desktop');
    await expectAccessible(page);
    const faves = (await (await page.request.get('/api/favorites/outfits')).json())
      .items as Outfit[];
    expect(faves.map((o) => o.name)).toEqual([name]);

    await page.getByRole('button', { name: 'Pieces' }).click();
    await page.getByRole('searchbox').fill('%');
    await visible(page.getByText('No pieces match “%”.', { exact: false }));
    await screenshot(page, 'search-empty-desktop');

    await page.goto('/favorites/outfits');
    await visible(page.getByRole('link', { name: /1 outfit$/ }));
    await screenshot(page, 'favorites-occasions-desktop');
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });
});

function cap(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A colour or size option, sold out or not. */
function option(value: string) {
  return new RegExp(`^${escapeRegExp(value)}(, sold out)?$`);
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
