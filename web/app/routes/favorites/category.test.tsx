import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CartSchema } from '../../../../contracts/cart';
import { ProductSchema } from '../../../../contracts/catalog';
import { PAGE_SIZE } from '../../../../contracts/common';
import {
  type FavoriteItem,
  FavoriteItemPageSchema,
  FavoriteItemSchema,
} from '../../../../contracts/favorites';
import { ProductSheetProvider } from '../../../features/catalog/components/product-sheet-provider';
import { fromContract } from '../../../test/api-contracts';
import { favoriteItem } from '../../../test/fixtures';
import { stubListEndInView } from '../../../test/layout-stubs';
import { BrowserBack, mockApi, renderWithApp } from '../../../test/render';
import FavoriteCategoryRoute from './category';

const emptyCart = fromContract(CartSchema, {
  lines: [],
  units: 0,
  subtotalCents: 0,
  subtotal: '$0.00',
  shippingCents: 0,
  shipping: '$0.00',
  totalCents: 0,
  total: '$0.00',
  arrival: { from: '2026-03-04', to: '2026-03-06', text: 'Arrives: Mar 4-6' },
});

function piece(id: number): FavoriteItem {
  return fromContract(
    FavoriteItemSchema,
    favoriteItem(id, `Linen shirt ${id}`, {
      productId: 100 + id,
      img: '/images/items/blazer/black.svg',
      price: '$40.00',
      priceCents: 4000,
      seller: 'Studio Lumen',
      colorHex: '#111111',
      stock: 4,
    }),
  );
}

/** The favourite Tops' page, as its route draws it; with the product sheet a Buy may open. */
const renderTops = () =>
  renderWithApp(
    <ProductSheetProvider>
      <Routes>
        <Route path="/favorites/categories/:name" element={<FavoriteCategoryRoute />} />
      </Routes>
    </ProductSheetProvider>,
    { path: '/favorites/categories/Tops' },
  );

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** Linen shirt 7 as its product: black in S, M and L, the favourite being the M. */
const shirtProduct = fromContract(ProductSchema, {
  id: 107,
  name: 'Linen shirt 7',
  seller: 'Studio Lumen',
  description: 'Washed linen.',
  categoryId: 1,
  category: 'Tops',
  slot: 'top',
  sizes: ['S', 'M', 'L'],
  variants: ['S', 'M', 'L'].map((size, i) => ({
    itemId: 6 + i,
    productId: 107,
    color: 'Black',
    colorHex: '#111111',
    size,
    stock: 4,
    price: '$40.00',
    priceCents: 4000,
    img: '/images/items/blazer/black.svg',
  })),
  rememberedSize: null,
  heartedItemIds: [7],
});

describe('Favorite pieces of a category', () => {
  it('closes a piece opened from the list so that Back then leaves the list', async () => {
    mockApi((_method, url) => {
      if (url === '/api/cart') return [200, emptyCart];
      if (url.startsWith('/api/favorites/items/Tops')) {
        return [200, { items: [piece(7)], nextCursor: null }];
      }
      return [404, { error: { code: 'not_found', message: url } }];
    });
    renderWithApp(
      <>
        <BrowserBack />
        <Routes>
          <Route path="/favorites/categories" element={<p>All favourite categories</p>} />
          <Route path="/favorites/categories/:name" element={<FavoriteCategoryRoute />} />
        </Routes>
      </>,
      { path: ['/favorites/categories', '/favorites/categories/Tops'] },
    );
    await userEvent.click(await screen.findByRole('link', { name: /^Linen shirt 7, Black/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /^Linen shirt 7, Black/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('All favourite categories')).toBeInTheDocument();
  }, 30_000);

  it('puts the quantity wanted in the bag once a size is chosen', async () => {
    const calls = mockApi((method, url) => {
      if (url === '/api/cart') return [200, emptyCart];
      if (url === '/api/item/7/product') return [200, shirtProduct];
      if (method === 'POST' && url === '/api/cart') return [200, emptyCart];
      return [200, { items: [{ ...piece(7), quantity: 3 }], nextCursor: null }];
    });
    renderTops();
    const buy = await screen.findByRole('button', { name: 'Buy Linen shirt 7: choose a size' });
    await waitFor(() => expect(buy).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(buy);
    const sheet = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await userEvent.click(await within(sheet).findByRole('radio', { name: 'M' }));
    await userEvent.click(
      within(sheet).getByRole('button', { name: 'Add 3 to bag · $40.00 each' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ itemId: 7, quantity: 3 }),
    );
    expect(
      await within(sheet).findByText(/In your bag: 3 × Linen shirt 7, Black, M/),
    ).toBeVisible();
  }, 30_000);

  it('opens a piece with no size pressed, and buys without asking once its size is chosen', async () => {
    const calls = mockApi((method, url) => {
      if (url === '/api/cart') return [200, emptyCart];
      if (method === 'POST' && url === '/api/cart') return [200, emptyCart];
      if (url.startsWith('/api/favorites/specific/favorite/item')) return [200, piece(7)];
      if (url.startsWith('/api/favorites/item/sizes')) {
        return [200, shirtProduct.variants];
      }
      return [200, { items: [piece(7)], nextCursor: null }];
    });
    renderTops();
    await userEvent.click(await screen.findByRole('link', { name: /^Linen shirt 7, Black/ }));
    const editor = await screen.findByRole('dialog');
    const sizes = within(editor).getByRole('group', { name: /^Size/ });
    const m = await within(sizes).findByRole('button', { name: 'M' });
    await waitFor(() => expect(m).toBeEnabled());
    // The size the piece came in is shown, not taken as the shopper's.
    expect(within(sizes).queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(within(editor).getByText(/shown in M; choose yours/)).toBeVisible();
    expect(
      within(editor).getByRole('button', { name: 'Buy Linen shirt 7: choose a size' }),
    ).toBeVisible();

    // Choosing that same size saves nothing and lets Buy put it straight in the bag.
    await userEvent.click(m);
    expect(m).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(editor).getByRole('button', { name: 'Buy Linen shirt 7' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ itemId: 7, quantity: 1 }),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  }, 30_000);

  it('buys a piece whose size the shopper chose without asking again', async () => {
    const calls = mockApi((method, url) => {
      if (url === '/api/cart') return [200, emptyCart];
      if (method === 'POST' && url === '/api/cart') return [200, emptyCart];
      return [
        200,
        { items: [{ ...piece(8), sizeChosen: true, quantity: 2 }, piece(9)], nextCursor: null },
      ];
    });
    renderTops();
    expect(
      await screen.findByRole('button', { name: 'Buy Linen shirt 9: choose a size' }),
    ).toBeVisible();
    // The card says the size only once it is the shopper's: 8's M was chosen, 9's only came with it.
    expect(screen.getByRole('link', { name: /^Linen shirt 8, Black, size M,/ })).toBeVisible();
    const unchosen = screen.getByRole('link', {
      name: /^Linen shirt 9, Black, no size chosen yet,/,
    });
    expect(unchosen).toHaveTextContent('no size yet');
    expect(unchosen).not.toHaveTextContent('· M');
    const buy = screen.getByRole('button', { name: 'Buy Linen shirt 8' });
    await waitFor(() => expect(buy).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(buy);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ itemId: 8, quantity: 2 }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 30_000);

  it('buys no more than are left of a chosen size, and says so on the piece', async () => {
    const scarce = { ...piece(8), sizeChosen: true, quantity: 5, stock: 2 };
    const calls = mockApi((method, url) => {
      if (url === '/api/cart') return [200, emptyCart];
      if (method === 'POST' && url === '/api/cart') return [200, emptyCart];
      if (url.startsWith('/api/favorites/specific/favorite/item')) return [200, scarce];
      if (url.startsWith('/api/favorites/item/sizes')) return [200, shirtProduct.variants];
      return [200, { items: [scarce], nextCursor: null }];
    });
    renderTops();
    await userEvent.click(await screen.findByRole('link', { name: /^Linen shirt 8, Black/ }));
    const editor = await screen.findByRole('dialog');
    expect(
      await within(editor).findByText('Only 2 left in Black, M: Buy puts 2 in your bag.'),
    ).toBeVisible();
    const buy = within(editor).getByRole('button', { name: 'Buy Linen shirt 8' });
    await waitFor(() => expect(buy).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(buy);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ itemId: 8, quantity: 2 }),
    );
  }, 30_000);

  it('shows the first page only, and the next one when asked', async () => {
    const calls = mockApi((_method, url) => {
      if (url === '/api/cart') return [200, emptyCart];
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      const page = fromContract(
        FavoriteItemPageSchema,
        cursor
          ? { items: range(PAGE_SIZE + 1, 3).map(piece), nextCursor: null }
          : { items: range(1, PAGE_SIZE).map(piece), nextCursor: 'after-first' },
      );
      return [200, page];
    });
    renderTops();
    const list = await screen.findByRole('list', { name: 'Favorite Tops' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(PAGE_SIZE);
    expect(screen.queryByText(`Linen shirt ${PAGE_SIZE + 1}`)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(PAGE_SIZE + 3));
    expect(screen.getByText(`Linen shirt ${PAGE_SIZE + 3}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/api/favorites'))).toEqual([
      '/api/favorites/items/Tops',
      '/api/favorites/items/Tops?cursor=after-first',
    ]);
  }, 30_000);

  it('keeps the pieces shown when the next page fails, and asks again only on Try again', async () => {
    stubListEndInView();
    try {
      let nextFails = true;
      const calls = mockApi((_method, url) => {
        if (url === '/api/cart') return [200, emptyCart];
        if (!url.includes('cursor=')) {
          return [
            200,
            fromContract(FavoriteItemPageSchema, { items: [piece(1)], nextCursor: 'n' }),
          ];
        }
        return nextFails
          ? [500, { error: { code: 'internal', message: 'Something went wrong.' } }]
          : [200, fromContract(FavoriteItemPageSchema, { items: [piece(2)], nextCursor: null })];
      });
      renderTops();
      await screen.findByText('More could not be loaded.');
      const pages = () => calls.filter((c) => c.url.startsWith('/api/favorites')).length;
      // The first page stays on screen, and the failed page was asked for once, though the end
      // of the list is still in view.
      expect(screen.getByText('Linen shirt 1')).toBeInTheDocument();
      // An effect of that failure's render asking again would have reached the server by the
      // next task: nothing is put off by a timer.
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(pages()).toBe(2);

      nextFails = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await screen.findByText('Linen shirt 2');
      expect(screen.queryByText('More could not be loaded.')).not.toBeInTheDocument();
      expect(pages()).toBe(3);
    } finally {
      vi.unstubAllGlobals();
    }
  }, 30_000);

  it('reloads from the first page when the next one is refused for good (a stale cursor)', async () => {
    // The server no longer takes the first cursor it gave (a release since): 400 for it, and
    // its first page now hands out a cursor it takes.
    const calls = mockApi((_method, url) => {
      if (url === '/api/cart') return [200, emptyCart];
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      const firstPages = calls.filter((c) => c.url === '/api/favorites/items/Tops').length;
      if (!cursor) {
        const next = firstPages === 1 ? 'stale' : 'fresh';
        return [200, fromContract(FavoriteItemPageSchema, { items: [piece(1)], nextCursor: next })];
      }
      if (cursor === 'stale') {
        return [
          400,
          {
            error: {
              code: 'validation_failed',
              message: 'That cursor is not one this list gave.',
              fields: { cursor: 'is not one this list gave' },
            },
          },
        ];
      }
      return [200, fromContract(FavoriteItemPageSchema, { items: [piece(2)], nextCursor: null })];
    });
    renderTops();
    await screen.findByText('Linen shirt 1');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('More could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Linen shirt 2');
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/api/favorites'))).toEqual([
      '/api/favorites/items/Tops',
      '/api/favorites/items/Tops?cursor=stale',
      '/api/favorites/items/Tops',
      '/api/favorites/items/Tops?cursor=fresh',
    ]);
  }, 30_000);
});
