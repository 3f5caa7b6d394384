import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FavoriteOutfit, FavoriteOutfitPageSchema } from '../../../../contracts/favorites';
import { fromContract } from '../../../test/api-contracts';
import { favoriteOutfit as outfit } from '../../../test/fixtures';
import { stubListEndInView } from '../../../test/layout-stubs';
import { mockApi, renderWithApp } from '../../../test/render';
import FavoriteOccasionRoute from './occasion-outfits';

type Page = ReturnType<typeof page>;
const page = (items: FavoriteOutfit[], nextCursor: string | null) =>
  fromContract(FavoriteOutfitPageSchema, { items, nextCursor });

/** Brunch's favourites, the list's end always in view: each observer reports it at once. */
function renderBrunch(searched: (cursor: string | null, q: string | null) => Page | Promise<Page>) {
  stubListEndInView();
  const calls = mockApi((_method, url) => {
    const { pathname, searchParams } = new URL(url, 'http://drape.test');
    if (pathname === '/api/favorites/occasions') {
      return [200, [{ id: 2, name: 'Brunch', count: 40 }]];
    }
    if (pathname === '/api/favorites/outfits/2') {
      return [200, page([outfit(1, 'Sunday Market')], null)];
    }
    if (pathname === '/api/favorites/search') {
      return Promise.resolve(searched(searchParams.get('cursor'), searchParams.get('q'))).then(
        (answer): [number, unknown] => [200, answer],
      );
    }
    return [404, { error: { code: 'not_found', message: url } }];
  });
  renderWithApp(
    <Routes>
      <Route path="/favorites/outfits/:occasionId" element={<FavoriteOccasionRoute />} />
    </Routes>,
    { path: '/favorites/outfits/2' },
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Favorite outfits of an occasion, searched', () => {
  it('goes on looking past pages that found nothing, until a match or the end', async () => {
    // The server walks a stretch of the likes a page: the first two stretches hold no match.
    const calls = renderBrunch((cursor) =>
      cursor === null
        ? page([], 'stretch-2')
        : cursor === 'stretch-2'
          ? page([], 'stretch-3')
          : page([outfit(7, 'Lunch on the Quay')], null),
    );
    expect(await screen.findByRole('article', { name: /Sunday Market/ })).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search these faves' }), 'quay');

    expect(await screen.findByRole('article', { name: /Lunch on the Quay/ })).toBeVisible();
    expect(screen.queryByText('Nothing matches')).not.toBeInTheDocument();
    const searches = calls.filter((c) => c.url.startsWith('/api/favorites/search'));
    expect(
      searches.map((c) => new URL(c.url, 'http://drape.test').searchParams.get('cursor')),
    ).toEqual([null, 'stretch-2', 'stretch-3']);
  }, 30_000);

  it('says nothing matches once the last page found nothing either', async () => {
    const calls = renderBrunch((cursor) =>
      cursor === null ? page([], 'stretch-2') : page([], null),
    );
    await screen.findByRole('article', { name: /Sunday Market/ });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search these faves' }), 'quay');

    expect(await screen.findByText('Nothing matches')).toBeVisible();
    expect(screen.getByText('None of your Brunch favorites match “quay”.')).toBeVisible();
    expect(calls.some((c) => c.url.includes('cursor=stretch-2'))).toBe(true);
  }, 30_000);

  it("shows a search under way, not the last search's empty answer", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderBrunch(async (_cursor, q) => {
      if (q !== 'quay') return page([], null);
      await held;
      return page([outfit(7, 'Lunch on the Quay')], null);
    });
    await screen.findByRole('article', { name: /Sunday Market/ });
    const box = screen.getByRole('searchbox', { name: 'Search these faves' });
    await userEvent.type(box, 'qua');
    expect(await screen.findByText('Nothing matches')).toBeVisible();

    await userEvent.type(box, 'y');

    expect(
      await screen.findByRole('progressbar', { name: 'Searching your outfits' }),
    ).toBeVisible();
    expect(screen.queryByText('Nothing matches')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('article', { name: /Lunch on the Quay/ })).toBeVisible();
  }, 30_000);
});
