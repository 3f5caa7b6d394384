import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CATEGORY_ID_BY_SLOT, SLOTS, type Slot } from '../../../../contracts/catalog';
import type { DesignOutfit } from '../../../../contracts/design';
import { catalogItem } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { OutfitList } from './outfit-list';

beforeAll(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

function outfit(id: number, name: string, patch: Partial<DesignOutfit> = {}): DesignOutfit {
  return {
    id,
    name,
    description: '',
    occasionId: 5,
    occasion: 'Work',
    items: SLOTS.map((slot: Slot, i) => ({
      ...catalogItem(id * 10 + i, `${name} ${slot}`, {
        categoryId: CATEGORY_ID_BY_SLOT[slot],
        category: slot,
      }),
      slot,
    })),
    likes: 0,
    rejects: 0,
    likeRate: null,
    favorites: 0,
    flagged: [],
    version: '2026-11-30 09:15:02.123456+00',
    ...patch,
  };
}

const soldOut = outfit(1, 'City Coat', { likes: 3, rejects: 1, likeRate: 0.75, favorites: 4 });
soldOut.items[1]!.stock = 0;
soldOut.flagged = [{ slot: 'top', itemId: 11, stock: 0, problem: 'soldOut' }];
const low = outfit(2, 'Weekend Knit', { likes: 1, rejects: 1, likeRate: 0.5, favorites: 1 });
low.items[4]!.stock = 2;
low.flagged = [{ slot: 'footwear', itemId: 24, stock: 2, problem: 'low' }];
const fine = outfit(3, 'Linen Day');

function shop() {
  return mockApi((_method, url) => {
    const { pathname, searchParams } = new URL(url, 'http://drape.test');
    if (pathname !== '/api/design/outfits') {
      return [404, { error: { code: 'not_found', message: 'Not found.' } }];
    }
    if (searchParams.get('filter') === 'problem') {
      return searchParams.get('sort') === 'likeRate'
        ? [200, { items: [], nextCursor: null }]
        : [200, { items: [soldOut, low], nextCursor: null }];
    }
    if (searchParams.get('cursor') === 'page2') return [200, { items: [fine], nextCursor: null }];
    return [200, { items: [soldOut, low], nextCursor: 'page2' }];
  });
}

describe('OutfitList', () => {
  it('shows each outfit’s answers and marks its pieces sold out or low', async () => {
    shop();
    renderWithApp(<OutfitList />);
    const row = await screen.findByRole('listitem', { name: 'City Coat' });
    const figures = within(row);
    expect(figures.getByText('Likes').nextSibling).toHaveTextContent('3');
    expect(figures.getByText('Rejects').nextSibling).toHaveTextContent('1');
    expect(figures.getByText('Like rate').nextSibling).toHaveTextContent('75%');
    expect(figures.getByText('Favorites').nextSibling).toHaveTextContent('4');
    expect(figures.getByText('Top sold out: City Coat top')).toBeInTheDocument();
    expect(figures.getByRole('img', { name: 'Top sold out: City Coat top' })).toBeInTheDocument();
    expect(figures.getByRole('button', { name: 'Edit City Coat' })).toHaveTextContent('Fix pieces');

    const knit = within(screen.getByRole('listitem', { name: 'Weekend Knit' }));
    expect(knit.getByText('Footwear only 2 left: Weekend Knit footwear')).toBeInTheDocument();
  });

  it('follows the pages, sorts by like rate and filters to problems', async () => {
    const calls = shop();
    renderWithApp(<OutfitList />);
    await screen.findByRole('listitem', { name: 'City Coat' });
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const linen = await screen.findByRole('listitem', { name: 'Linen Day' });
    expect(within(linen).getByText('Like rate').nextSibling).toHaveTextContent('–');
    expect(calls.at(-1)?.url).toContain('cursor=page2');

    await userEvent.click(screen.getByRole('button', { name: /Stock problems/ }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Linen Day' })).toBeNull());
    expect(calls.at(-1)?.url).toMatch(/sort=newest&filter=problem/);

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Best liked first' }));
    expect(await screen.findByText('No stock problems')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toMatch(/sort=likeRate&filter=problem/);
  });

  it('says so when the list cannot load', async () => {
    mockApi(() => [500, { error: { code: 'internal', message: 'Boom.' } }]);
    renderWithApp(<OutfitList />);
    expect(await screen.findByText('The outfits could not be loaded.')).toBeInTheDocument();
  });
});
