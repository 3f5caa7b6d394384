import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FeedOutfit, type FeedPage, FeedPageSchema } from '../../../../contracts/feed';
import { fromContract } from '../../../test/api-contracts';
import { feedOutfit, linenShirt } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { ProductSheetProvider } from '../../catalog/components/product-sheet-provider';
import { fetchFirstPageEarly } from '../api/get-feed';
import { feedKeys } from '../api/keys';
import { EMPTY_FEED_TITLE, SwipeDeck } from './swipe-deck';

const outfit = feedOutfit;

const page = (outfits: FeedOutfit[], hasMore = false): FeedPage =>
  fromContract(FeedPageSchema, { outfits, hasMore });
const card = () => screen.getByRole('group', { name: /, Work$/ });
const deckRegion = () => screen.getByRole('region', { name: 'Outfits to swipe' });
/** Swipes answered as the server does when it takes them. */
const swiped = (method: string, url: string, body: unknown): [number, unknown] | undefined =>
  method === 'POST' && url === '/api/outfit/reject'
    ? [200, { ...(body as object), direction: 'nope', changed: true }]
    : method === 'POST' && url === '/api/outfit/favorite'
      ? [200, { ...(body as object), direction: 'like', changed: true }]
      : undefined;

beforeEach(() => localStorage.clear());

describe('SwipeDeck', () => {
  it('shows the hints and the top card, and hearts a piece through the API', async () => {
    const calls = mockApi((method, url) => {
      if (url.startsWith('/api/outfit/home'))
        return [200, page([outfit(1, 'Monday'), outfit(2, 'Tuesday')])];
      if (method === 'POST' && url === '/api/item/favorite')
        return [200, { itemId: 12, outfitId: 1, favorite: true }];
      return [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={1} title={<h1>Discover</h1>} />);
    expect(await screen.findByRole('group', { name: 'Monday, Work' })).toBeInTheDocument();
    for (const hint of [
      'Love an outfit? Swipe right!',
      'Not crazy about an outfit? Swipe left!',
      'Love an item in an outfit? Tap the heart icon!',
    ]) {
      expect(screen.getByText(hint)).toBeInTheDocument();
    }
    const heart = within(card()).getByRole('button', { name: 'Favorite Leather Tote 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/item/favorite',
        body: { itemId: 12, outfitId: 1 },
      }),
    );
  });

  it('shows on the card the heart given on a piece’s sheet: a piece has one heart', async () => {
    const shirt = linenShirt();
    shirt.variants = shirt.variants.map((v, i) => ({ ...v, itemId: i === 0 ? 11 : 99 }));
    let answer: (a: [number, unknown]) => void = () => {};
    const calls = mockApi((method, url) => {
      if (url.startsWith('/api/outfit/home')) return [200, page([outfit(1, 'Monday')])];
      if (url === '/api/item/11/product') return [200, shirt];
      if (method === 'POST' && url === '/api/item/search/favorite') {
        return new Promise((resolve) => {
          answer = resolve;
        });
      }
      return [404, { error: { code: 'not_found', message: 'Not found.' } }];
    });
    renderWithApp(
      <ProductSheetProvider>
        <SwipeDeck userId={1} title={<h1>Discover</h1>} />
      </ProductSheetProvider>,
    );
    await screen.findByRole('group', { name: 'Monday, Work' });
    const tile = within(card()).getByRole('button', { name: 'Favorite Silk Blouse 1' });
    expect(tile).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(within(card()).getByRole('button', { name: /^View Silk Blouse 1/ }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(
      await within(sheet).findByRole('button', { name: 'Favorite Linen Shirt in Sage' }),
    );
    // Closed before the heart is saved: the card still learns of it.
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tile).toHaveAttribute('aria-pressed', 'false');
    answer([201, { ok: true, favorite: true }]);
    await waitFor(() => expect(tile).toHaveAttribute('aria-pressed', 'true'));
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/item/search/favorite',
      body: { itemId: 11, sizeChosen: false },
    });
    // The card's own heart was not sent: the sheet's is the piece's one heart.
    expect(calls.filter((c) => c.url === '/api/item/favorite')).toEqual([]);
  }, 20_000);

  it('says under the occasion why each card is in the feed, and reads it out with the card', async () => {
    const hearted: FeedOutfit = {
      ...outfit(2, 'Tuesday'),
      reason: { kind: 'hearted-piece', text: 'Black Suede Loafer 2, like the one you hearted' },
    };
    mockApi((method, url, body) => {
      if (url.startsWith('/api/outfit/home')) return [200, page([outfit(1, 'Monday'), hearted])];
      if (method === 'POST' && url === '/api/outfit/reject')
        return [200, { ...(body as object), direction: 'nope', changed: true }];
      return [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={9} title={<h1>Discover</h1>} />);
    const first = await screen.findByRole('group', { name: 'Monday, Work' });
    expect(first).toHaveAccessibleDescription('You liked 3 Work looks');
    expect(within(first).getByText('You liked 3 Work looks')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reject outfit' }));
    const second = await screen.findByRole('group', { name: 'Tuesday, Work' });
    expect(second).toHaveAccessibleDescription('Black Suede Loafer 2, like the one you hearted');
  });

  it('saves a swipe from the buttons and the arrow keys, and shows the next card', async () => {
    const calls = mockApi((method, url, body) => {
      if (url.startsWith('/api/outfit/home'))
        return [200, page([outfit(1, 'Monday'), outfit(2, 'Tuesday'), outfit(3, 'Wednesday')])];
      if (method === 'POST' && url === '/api/outfit/favorite')
        return [200, { ...(body as object), direction: 'like', changed: true }];
      if (method === 'POST' && url === '/api/outfit/reject')
        return [200, { ...(body as object), direction: 'nope', changed: true }];
      return [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={2} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Monday, Work' });
    await userEvent.click(screen.getByRole('button', { name: 'Favorite outfit' }));
    expect(await screen.findByRole('group', { name: 'Tuesday, Work' })).toBeInTheDocument();
    expect(screen.getByText('Liked Monday')).toBeInTheDocument();
    // An arrow swipes only while the deck itself has focus, not a heart inside it.
    const heart = within(card()).getAllByRole('button', { name: /^Favorite / })[0]!;
    heart.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('group', { name: 'Tuesday, Work' })).toBeInTheDocument();
    screen.getByRole('region', { name: 'Outfits to swipe' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('group', { name: 'Wednesday, Work' })).toBeInTheDocument();
    expect(screen.getByText('Passed Tuesday')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Outfits to swipe' })).toHaveFocus();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: '/api/outfit/favorite', body: { outfitId: 1 } },
        { method: 'POST', url: '/api/outfit/reject', body: { outfitId: 2 } },
      ]),
    );
  });

  it('tells the shopper when a swipe is refused, and ends with the empty state', async () => {
    mockApi((method, url) => {
      if (url.startsWith('/api/outfit/home')) return [200, page([outfit(4, 'Thursday')])];
      if (method === 'POST' && url === '/api/outfit/reject')
        return [404, { error: { code: 'not_found', message: 'That outfit does not exist.' } }];
      return [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={3} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Thursday, Work' });
    await userEvent.click(screen.getByRole('button', { name: 'Reject outfit' }));
    expect(await screen.findByText('No more outfits to swipe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Favorites' })).toHaveAttribute(
      'href',
      '/favorites/outfits',
    );
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(await screen.findByText(/no longer in the shop/)).toBeInTheDocument();
  });

  it('puts an unsent swipe back on undo without asking the server', async () => {
    const calls = mockApi((_, url) => {
      if (url.startsWith('/api/outfit/home'))
        return [200, page([outfit(5, 'Friday'), outfit(6, 'Saturday')])];
      // The swipe never gets through: the queue keeps it.
      return [503, { error: { code: 'unavailable', message: 'down' } }];
    });
    const first = renderWithApp(<SwipeDeck userId={4} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Friday, Work' });
    screen.getByRole('region', { name: 'Outfits to swipe' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await screen.findByRole('group', { name: 'Saturday, Work' });
    // It failed once and waits to retry, so it can be taken back locally.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/outfit/favorite')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Undo last swipe' }));
    expect(await screen.findByRole('group', { name: 'Friday, Work' })).toBeInTheDocument();
    expect(screen.getByText('Undid the like of Friday')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/outfit/undo')).toBe(false);
    // Taken back for good: the next visit shows Friday again instead of keeping it out as a
    // swipe still waiting to be sent.
    first.unmount();
    const before = calls.length;
    renderWithApp(<SwipeDeck userId={4} title={<h1>Discover</h1>} />);
    expect(await screen.findByRole('group', { name: 'Friday, Work' })).toBeInTheDocument();
    const later = calls.slice(before);
    expect(later.filter((c) => c.url.startsWith('/api/outfit/home')).length).toBeGreaterThan(0);
    expect(later.some((c) => c.url.includes('exclude=5'))).toBe(false);
    expect(later.some((c) => c.url === '/api/outfit/favorite')).toBe(false);
  });

  it('shows the page fetched as the app started at once, and asks the server for it only once', async () => {
    const calls = mockApi((_, url) =>
      url.startsWith('/api/outfit/home')
        ? [200, page([outfit(8, 'Early'), outfit(9, 'Bird')])]
        : [404, undefined],
    );
    await fetchFirstPageEarly();
    renderWithApp(<SwipeDeck userId={6} title={<h1>Discover</h1>} />);
    // In the first render: no loading state in between, and the top card alone.
    expect(screen.getByRole('group', { name: 'Early, Work' })).toBeInTheDocument();
    expect(screen.queryByText('Loading outfits')).toBeNull();
    expect(screen.queryByText('Bird')).toBeNull();
    // The card under it (hidden from assistive technology) comes once the top one is painted.
    expect(await screen.findByText('Bird')).toBeInTheDocument();
    // A fetch of the screen's own would have reached the server by the next task.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(calls.filter((c) => c.url.startsWith('/api/outfit/home'))).toHaveLength(1);
  });

  it('leaves the early page alone when swipes from an earlier visit are still unsent', async () => {
    localStorage.setItem(
      'drape.swipes.v1.7',
      JSON.stringify([{ outfitId: 8, direction: 'like', queuedAt: Date.now() }]),
    );
    const calls = mockApi((_, url) => {
      if (url === '/api/outfit/home?limit=10') return [200, page([outfit(8, 'Early')])];
      if (url.startsWith('/api/outfit/home')) return [200, page([outfit(10, 'Later')])];
      return [503, { error: { code: 'unavailable', message: 'down' } }];
    });
    await fetchFirstPageEarly();
    renderWithApp(<SwipeDeck userId={7} title={<h1>Discover</h1>} />);
    // The early page would show the outfit already swiped; the screen asks again without it.
    expect(await screen.findByRole('group', { name: 'Later, Work' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('exclude=8'))).toBe(true);
  });

  it('offers the passed outfits again at the end, and brings them back as cards', async () => {
    let reset = false;
    const calls = mockApi((method, url, body) => {
      if (url.startsWith('/api/outfit/home'))
        return [200, page(reset ? [outfit(11, 'Again')] : [outfit(12, 'Last')])];
      if (method === 'POST' && url === '/api/outfit/reject')
        return [200, { ...(body as object), direction: 'nope', changed: true }];
      if (method === 'POST' && url === '/api/outfit/rejected/reset') {
        reset = true;
        return [200, { restored: 1 }];
      }
      return [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={8} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Last, Work' });
    await userEvent.click(screen.getByRole('button', { name: 'Reject outfit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'See passed outfits again' }));
    expect(await screen.findByRole('group', { name: 'Again, Work' })).toBeInTheDocument();
    // The reset waited for the swipe before it.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/outfit/reject',
      '/api/outfit/rejected/reset',
    ]);
  });

  it('says the swipes are still on their way, not offline, when an online reset waits too long', async () => {
    let answerSwipe: (() => void) | undefined;
    const calls = mockApi((method, url, body) => {
      if (url.startsWith('/api/outfit/home')) return [200, page([outfit(16, 'Last')])];
      if (method === 'POST' && url === '/api/outfit/reject') {
        // The server is slow to take the swipe.
        return new Promise((resolve) => {
          answerSwipe = () => resolve(swiped(method, url, body)!);
        });
      }
      return [404, undefined];
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithApp(<SwipeDeck userId={16} title={<h1>Discover</h1>} />);
      await screen.findByRole('group', { name: 'Last, Work' });
      await userEvent.click(screen.getByRole('button', { name: 'Reject outfit' }));
      await userEvent.click(
        await screen.findByRole('button', { name: 'See passed outfits again' }),
      );
      await vi.advanceTimersByTimeAsync(10_000);
      expect(
        await screen.findByText('Your last swipes are still on their way. Try again in a moment.'),
      ).toBeInTheDocument();
      expect(screen.queryByText(/offline/)).toBeNull();
      expect(calls.some((c) => c.url === '/api/outfit/rejected/reset')).toBe(false);
    } finally {
      answerSwipe?.();
      vi.useRealTimers();
    }
  });

  it('takes back nothing older than the passed outfits brought back', async () => {
    let reset = false;
    const calls = mockApi((method, url, body) => {
      if (url.startsWith('/api/outfit/home'))
        return [
          200,
          page(reset ? [outfit(13, 'Again')] : [outfit(14, 'Loved'), outfit(15, 'Last')]),
        ];
      if (method === 'POST' && url === '/api/outfit/rejected/reset') {
        reset = true;
        return [200, { restored: 1 }];
      }
      return swiped(method, url, body) ?? [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={13} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Loved, Work' });
    await userEvent.click(screen.getByRole('button', { name: 'Favorite outfit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject outfit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'See passed outfits again' }));
    await screen.findByRole('group', { name: 'Again, Work' });
    await userEvent.click(screen.getByRole('button', { name: 'Undo last swipe' }));
    expect(await screen.findByText(/^Nothing to undo/)).toBeInTheDocument();
    // The like before the reset stays: no undo reached the server.
    expect(calls.some((c) => c.url === '/api/outfit/undo')).toBe(false);
    expect(screen.getByRole('group', { name: 'Again, Work' })).toBeInTheDocument();
  });

  it('keeps the cards in front of the shopper when the connection comes back', async () => {
    let pages = 0;
    const calls = mockApi((method, url, body) => {
      if (url.startsWith('/api/outfit/home')) {
        pages += 1;
        // Asked again, the server would rank a new outfit first.
        return [
          200,
          pages === 1
            ? page([outfit(21, 'Monday'), outfit(22, 'Tuesday'), outfit(23, 'Wednesday')])
            : page([outfit(24, 'Thursday'), outfit(22, 'Tuesday'), outfit(23, 'Wednesday')]),
        ];
      }
      return swiped(method, url, body) ?? [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={21} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Monday, Work' });
    await userEvent.click(screen.getByRole('button', { name: 'Reject outfit' }));
    await screen.findByRole('group', { name: 'Tuesday, Work' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/outfit/reject')).toBe(true));
    const feedPages = () => calls.filter((c) => c.url.startsWith('/api/outfit/home')).length;
    const asked = feedPages();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    // A page asked for on the connection's return would have reached the server by the next task.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(feedPages()).toBe(asked);
    expect(screen.getByRole('group', { name: 'Tuesday, Work' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject outfit' }));
    expect(await screen.findByRole('group', { name: 'Wednesday, Work' })).toBeInTheDocument();
  });

  it('puts a first page asked for again under the cards shown, without the ones swiped', async () => {
    let pages = 0;
    mockApi((method, url, body) => {
      if (url.startsWith('/api/outfit/home')) {
        pages += 1;
        return [
          200,
          pages === 1
            ? page([outfit(25, 'Monday'), outfit(26, 'Tuesday'), outfit(27, 'Wednesday')])
            : page([outfit(25, 'Monday'), outfit(28, 'Thursday'), outfit(26, 'Tuesday')]),
        ];
      }
      return swiped(method, url, body) ?? [404, undefined];
    });
    const { queryClient } = renderWithApp(<SwipeDeck userId={25} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Monday, Work' });
    await userEvent.click(screen.getByRole('button', { name: 'Favorite outfit' }));
    await screen.findByRole('group', { name: 'Tuesday, Work' });
    // The page asked for again is merged in as it lands, before the next swipe.
    await act(() => queryClient.refetchQueries({ queryKey: feedKeys.home() }));
    for (const next of ['Tuesday', 'Wednesday', 'Thursday']) {
      expect(await screen.findByRole('group', { name: `${next}, Work` })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Reject outfit' }));
    }
    expect(await screen.findByText(EMPTY_FEED_TITLE)).toBeInTheDocument();
  });

  it('flies a swiped card off as the element the shopper saw, not a new one', async () => {
    mockApi(
      (method, url, body) =>
        (url.startsWith('/api/outfit/home')
          ? [200, page([outfit(31, 'Monday'), outfit(32, 'Tuesday')])]
          : swiped(method, url, body)) ?? [404, undefined],
    );
    renderWithApp(<SwipeDeck userId={31} title={<h1>Discover</h1>} />);
    const monday = await screen.findByRole('group', { name: 'Monday, Work' });
    deckRegion().focus();
    await userEvent.keyboard('{ArrowLeft}');
    await screen.findByRole('group', { name: 'Tuesday, Work' });
    expect(monday).toBeInTheDocument();
    expect(monday).toHaveAttribute('inert');
    expect(monday.style.transform).toMatch(/^translate3d\(-\d+px/);
    await waitFor(() => expect(monday).not.toBeInTheDocument());
  });

  it('flies the last card off over the empty state, then lets it go', async () => {
    mockApi(
      (method, url, body) =>
        (url.startsWith('/api/outfit/home')
          ? [200, page([outfit(51, 'Sunday')])]
          : swiped(method, url, body)) ?? [404, undefined],
    );
    renderWithApp(<SwipeDeck userId={71} title={<h1>Discover</h1>} />);
    const sunday = await screen.findByRole('group', { name: 'Sunday, Work' });
    deckRegion().focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByText(EMPTY_FEED_TITLE)).toBeInTheDocument();
    expect(sunday).toBeInTheDocument();
    expect(sunday.style.transform).toMatch(/^translate3d\(\d+px/);
    await waitFor(() => expect(sunday).not.toBeInTheDocument());
  });

  it('keeps focus on the deck after the last swipe and after an undo from the empty state', async () => {
    mockApi((method, url, body) => {
      if (url.startsWith('/api/outfit/home')) return [200, page([outfit(41, 'Friday')])];
      if (method === 'POST' && url === '/api/outfit/undo')
        return [200, { direction: 'nope', outfit: outfit(41, 'Friday') }];
      return swiped(method, url, body) ?? [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={41} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Friday, Work' });
    screen.getByRole('button', { name: 'Reject outfit' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(EMPTY_FEED_TITLE)).toBeInTheDocument();
    expect(deckRegion()).toHaveFocus();
    screen.getByRole('button', { name: 'Undo last swipe' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('group', { name: 'Friday, Work' })).toBeInTheDocument();
    expect(deckRegion()).toHaveFocus();
  });

  it('leaves out of the first page every swipe still waiting from an earlier visit', async () => {
    const waiting = Array.from({ length: 150 }, (_, i) => 1000 + i);
    localStorage.setItem(
      'drape.swipes.v1.51',
      JSON.stringify(waiting.map((outfitId) => ({ outfitId, direction: 'nope' }))),
    );
    const calls = mockApi((_, url) =>
      url.startsWith('/api/outfit/home')
        ? [200, page([outfit(51, 'Fresh')])]
        : [503, { error: { code: 'unavailable', message: 'down' } }],
    );
    renderWithApp(<SwipeDeck userId={51} title={<h1>Discover</h1>} />);
    await screen.findByRole('group', { name: 'Fresh, Work' });
    const first = calls.find((c) => c.url.startsWith('/api/outfit/home'));
    const exclude = new URL(first?.url ?? '', 'http://drape.test').searchParams.get('exclude');
    expect(exclude?.split(',').map(Number)).toEqual(waiting);
  });
});
