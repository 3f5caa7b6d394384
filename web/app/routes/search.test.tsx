import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  type ItemSearchPage,
  ItemSearchPageSchema,
  type ItemSearchResult,
  ItemSearchResultSchema,
  OutfitSearchPageSchema,
  type Understood,
} from '../../../contracts/search';
import { ProductSheetProvider } from '../../features/catalog/components/product-sheet-provider';
import { fromContract } from '../../test/api-contracts';
import { feedOutfit, linenShirt } from '../../test/fixtures';
import { BrowserBack, mockApi, renderWithApp } from '../../test/render';
import SearchRoute from './search';

function piece(id: number, name = `Leather Chelsea Boot ${id}`): ItemSearchResult {
  return fromContract(ItemSearchResultSchema, {
    id,
    productId: 100 + id,
    name,
    img: '/images/items/boot/black.svg',
    categoryId: 3,
    category: 'Footwear',
    price: '$180.00',
    priceCents: 18000,
    seller: 'Corvo Calzature',
    color: 'Black',
    colorHex: '#1d1d1f',
    size: 'EU 40',
    stock: 4,
    favorite: false,
    sizes: ['EU 39', 'EU 40'],
  });
}

const page = (value: Partial<ItemSearchPage>): ItemSearchPage =>
  fromContract(ItemSearchPageSchema, {
    items: [],
    nextCursor: null,
    understood: [],
    suggestion: null,
    ...value,
  });

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

function answer(handler: (url: URL) => ItemSearchPage | [number, unknown]) {
  return mockApi((_method, url) => {
    if (url.startsWith('/api/item/categories')) return [200, []];
    const asked = new URL(url, 'http://x');
    const result = handler(asked);
    return Array.isArray(result) ? result : [200, result];
  });
}

function renderSearch(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/search" element={<SearchRoute />} />
    </Routes>,
    { path },
  );
}

/** The search page with the product sheet its results open. */
function renderSearchWithSheets(path: string) {
  return renderWithApp(
    <ProductSheetProvider>
      <Routes>
        <Route path="/search" element={<SearchRoute />} />
      </Routes>
    </ProductSheetProvider>,
    { path },
  );
}

describe('Search', () => {
  it('shows the first page, then the next one when asked, by cursor', async () => {
    const calls = answer((url) =>
      url.searchParams.get('cursor') === 'after-24'
        ? page({ items: range(5, 2).map((id) => piece(id)) })
        : page({ items: range(1, 4).map((id) => piece(id)), nextCursor: 'after-24' }),
    );
    renderSearch('/search?type=items&q=boots');
    const list = await screen.findByRole('list', { name: 'Pieces found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const searches = calls.map((c) => c.url).filter((u) => u.startsWith('/api/item/search'));
    expect(searches).toEqual([
      '/api/item/search?q=boots',
      '/api/item/search?q=boots&cursor=after-24',
    ]);
  });

  it('reloads from the first page when the next one is refused, as its cursor would be again', async () => {
    let stale = true;
    const calls = answer((url) => {
      if (url.searchParams.get('cursor') === 'old') {
        return stale
          ? [400, { error: { code: 'bad_request', message: 'That page has moved on.' } }]
          : page({ items: range(5, 2).map((id) => piece(id)) });
      }
      return page({ items: range(1, 4).map((id) => piece(id)), nextCursor: 'old' });
    });
    renderSearch('/search?type=items&q=boots');
    const list = await screen.findByRole('list', { name: 'Pieces found' });
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('More could not be loaded.')).toBeInTheDocument();
    stale = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/item/search?q=boots').length).toBe(2),
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  });

  it('is where the shopper left it on coming back', async () => {
    answer(() => page({ items: range(1, 4).map((id) => piece(id)) }));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithApp(
      <>
        <BrowserBack />
        <Routes>
          <Route path="/search" element={<SearchRoute />} />
          <Route path="/cart" element={<p>Your bag</p>} />
        </Routes>
        <Link to="/cart">Bag</Link>
      </>,
      { path: '/search?type=items&q=boots' },
    );
    await screen.findByRole('list', { name: 'Pieces found' });
    window.scrollY = 900;
    window.dispatchEvent(new Event('scroll'));
    await userEvent.click(screen.getByRole('link', { name: 'Bag' }));
    await screen.findByText('Your bag');
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await screen.findByRole('list', { name: 'Pieces found' });
    expect(scrollTo).toHaveBeenCalledWith(0, 900);
    scrollTo.mockRestore();
  });

  it('shows what it understood as chips, and a removed chip takes its words out', async () => {
    const calls = answer((url) =>
      url.searchParams.get('q') === 'black boots'
        ? page({
            items: [piece(1)],
            understood: [
              { words: 'black', kind: 'colour', label: 'Black' },
              { words: 'boots', kind: 'category', label: 'Boots' },
            ],
          })
        : page({
            items: [piece(2, 'Suede Ankle Boot')],
            understood: [{ words: 'boots', kind: 'category', label: 'Boots' }],
          }),
    );
    renderSearch('/search?type=items&q=black%20boots');
    const chips = await screen.findByRole('group', { name: 'What the search understood' });
    expect(within(chips).getByRole('button', { name: 'Remove Colour: Black' })).toBeVisible();
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove Colour: Black' }));
    expect(await screen.findByText('Suede Ankle Boot')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search pieces' })).toHaveValue('boots');
    expect(screen.queryByRole('button', { name: 'Remove Colour: Black' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/item/search?q=boots')).toBe(true);
  });

  it('opens a piece found by a size in that size, and one found by words in none', async () => {
    // Item 8 is the Linen Shirt in L.
    answer((url) => {
      if (url.pathname === '/api/item/8/product') return [200, linenShirt()];
      const understood: Understood[] = [{ words: 'shirt', kind: 'category', label: 'Shirts' }];
      if (url.searchParams.get('q') === 'shirt l') {
        understood.push({ words: 'l', kind: 'size', label: 'L' });
      }
      return page({ items: [{ ...piece(8, 'Linen Shirt'), size: 'L' }], understood });
    });
    for (const [q, checked] of [
      ['shirt%20l', 1],
      ['shirt', 0],
    ] as const) {
      const { unmount } = renderSearchWithSheets(`/search?type=items&q=${q}`);
      await userEvent.click(
        await screen.findByRole('button', { name: 'View Linen Shirt in Black, $180.00' }),
      );
      const sizes = await screen.findByRole('radiogroup', { name: 'Size' });
      expect(sizes.querySelectorAll('input:checked')).toHaveLength(checked);
      if (checked) expect(within(sizes).getByRole('radio', { name: 'L' })).toBeChecked();
      unmount();
    }
  }, 20_000);

  it("opens an outfit's piece in its sheet, and offers the outfit's Purchase Outfit", async () => {
    const outfit = feedOutfit(1, 'Linen Weekend');
    outfit.items[1] = { ...outfit.items[1]!, id: 8, name: 'Linen Shirt' };
    mockApi((_method, url) => {
      if (url.startsWith('/api/item/categories')) return [200, []];
      if (url.startsWith('/api/item/8/product')) return [200, linenShirt()];
      return [
        200,
        fromContract(OutfitSearchPageSchema, {
          items: [{ ...outfit, favorite: false }],
          nextCursor: null,
          understood: [],
          suggestion: null,
        }),
      ];
    });
    renderSearchWithSheets('/search?q=linen');
    const card = await screen.findByRole('article', { name: 'Linen Weekend' });
    expect(
      within(card).getByRole('button', { name: 'Purchase Outfit Linen Weekend: choose sizes' }),
    ).toBeInTheDocument();
    await userEvent.click(
      within(card).getByRole('button', { name: 'View Linen Shirt in Black, $10.00' }),
    );
    // The piece's own sheet: its product, read by the item that was tapped.
    expect(await screen.findByRole('radiogroup', { name: 'Size' })).toBeInTheDocument();
  }, 20_000);

  it('shows a piece hearted here as hearted in its sheet, though the sheet saw it before', async () => {
    // Item 7 is the Linen Shirt in M.
    let hearted: number[] = [];
    mockApi((method, url) => {
      if (url.startsWith('/api/item/categories')) return [200, []];
      if (url === '/api/item/7/product') return [200, { ...linenShirt(), heartedItemIds: hearted }];
      if (method === 'POST' && url === '/api/item/search/favorite') {
        hearted = [7];
        return [200, { ok: true, favorite: true }];
      }
      return [200, page({ items: [{ ...piece(7, 'Linen Shirt'), size: 'M' }] })];
    });
    renderWithApp(
      <ProductSheetProvider>
        <Routes>
          <Route path="/search" element={<SearchRoute />} />
        </Routes>
      </ProductSheetProvider>,
      { path: '/search?type=items&q=shirt' },
    );
    const view = await screen.findByRole('button', { name: 'View Linen Shirt in Black, $180.00' });
    const sheetHeart = async () =>
      within(await screen.findByRole('dialog')).findByRole('button', {
        name: 'Favorite Linen Shirt in Sage',
      });
    await userEvent.click(view);
    expect(await sheetHeart()).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Favorite Linen Shirt in Black' }));
    await waitFor(() => expect(hearted).toEqual([7]));
    await userEvent.click(view);
    const heart = await sheetHeart();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
  }, 20_000);

  it('offers a suggestion as a link when nothing matches, and follows it', async () => {
    answer((url) =>
      url.searchParams.get('q') === 'blazzzzer'
        ? page({ suggestion: 'blazer' })
        : page({ items: [piece(3, 'Relaxed Linen Blazer')] }),
    );
    renderSearch('/search?type=items&q=blazzzzer');
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'blazer' }));
    expect(await screen.findByText('Relaxed Linen Blazer')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search pieces' })).toHaveValue('blazer');
  });

  it('says so when nothing matches and there is nothing to suggest, and offers popular pieces', async () => {
    const calls = answer((url) =>
      url.searchParams.has('q') ? page({}) : page({ items: [piece(9, 'Merino Crewneck Sweater')] }),
    );
    renderSearch('/search?type=items&q=zzqqxx');
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument();
    expect(screen.getByText(/Check the spelling/)).toBeInTheDocument();
    const popular = await screen.findByRole('list', { name: 'Popular and new pieces' });
    expect(within(popular).getByText('Merino Crewneck Sweater')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Popular and new instead' })).toBeInTheDocument();
    // The popular pieces were asked for without words, as the empty search asks for them.
    expect(calls.some((c) => c.url.startsWith('/api/item/search') && !c.url.includes('q='))).toBe(
      true,
    );
  });

  it('leaves out a category a link names that the shop does not have, instead of failing', async () => {
    const asked: URL[] = [];
    mockApi((_method, url) => {
      if (url.startsWith('/api/item/categories')) {
        return [200, [{ id: 3, name: 'Footwear', slot: 'footwear' }]];
      }
      const search = new URL(url, 'http://x');
      asked.push(search);
      // As the server answers a category it does not know.
      if (search.searchParams.getAll('cat').includes('99')) {
        return [400, { error: { code: 'validation', message: 'There is no category "99".' } }];
      }
      return [200, page({ items: [piece(1)] })];
    });
    renderSearch('/search?type=items&cat=99&cat=3&q=boots');
    const list = await screen.findByRole('list', { name: 'Pieces found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked.map((u) => u.searchParams.getAll('cat'))).toEqual([['3']]);
  });

  it('asks for the link’s categories as they are when the list of categories fails', async () => {
    const asked: URL[] = [];
    mockApi((_method, url) => {
      if (url.startsWith('/api/item/categories')) {
        return [500, { error: { code: 'internal', message: 'The shop is down.' } }];
      }
      const search = new URL(url, 'http://x');
      asked.push(search);
      return [200, page({ items: [piece(1)] })];
    });
    renderSearch('/search?type=items&cat=3&q=boots');
    const list = await screen.findByRole('list', { name: 'Pieces found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(asked.map((u) => u.searchParams.getAll('cat'))).toEqual([['3']]);
  });

  it('shows an error with a way to try again', async () => {
    answer(() => [500, { error: { code: 'internal', message: 'The shop is down.' } }]);
    renderSearch('/search?type=items&q=boots');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
