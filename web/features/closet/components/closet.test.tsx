import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Item } from '../../../../contracts/catalog';
import type {
  ClosetOutfit,
  ClosetOutfitItem,
  ClosetOutfitPage,
  ClosetOutfitSummary,
  ClosetOwned,
} from '../../../../contracts/closet';
import { mockApi, renderWithApp } from '../../../test/render';
import { useClosetOutfits } from '../api/get-closet-outfits';
import { ClosetEmpty } from './closet-empty';
import { ClosetOutfitDetails } from './closet-outfit-details';
import { ClosetOutfitList } from './closet-outfit-list';

const SLOTS = ['outerwear', 'top', 'accessory', 'bottom', 'footwear'] as const;
const CATEGORY = {
  outerwear: 'Outerwear',
  top: 'Tops',
  accessory: 'Accessories',
  bottom: 'Bottoms',
  footwear: 'Footwear',
};

function item(id: number, slot: (typeof SLOTS)[number], color = 'Black'): Item {
  return {
    id,
    productId: 100 + (id % 10),
    name: `${CATEGORY[slot]} piece ${id % 10}`,
    img: `/images/items/blazer/${color.toLowerCase()}.svg`,
    categoryId: 1,
    category: CATEGORY[slot],
    price: '$40.00',
    priceCents: 4000,
    seller: 'Studio Lumen',
    color,
    colorHex: '#111111',
    size: 'M',
    stock: 4,
  };
}

function owned(of: Item, overrides: Partial<ClosetOwned> = {}): ClosetOwned {
  return {
    id: of.id,
    img: of.img,
    color: of.color,
    colorHex: of.colorHex,
    size: of.size,
    quantity: 1,
    firstBoughtAt: '2026-03-01T09:00:00.000Z',
    lastBoughtAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

function outfit(id: number, name: string): ClosetOutfit {
  const items: ClosetOutfitItem[] = SLOTS.map((slot, i) => {
    const piece = item(id * 10 + i, slot);
    return { ...piece, slot, owned: owned(piece), alsoOwned: [] };
  });
  return {
    id,
    name,
    description: 'A look for a late dinner.',
    occasionId: 4,
    occasion: 'Date Night',
    items,
    completedAt: '2026-03-01T09:00:00.000Z',
  };
}

/** The outfit as its list sends it: each piece as the variant owned. */
function summary(id: number, name: string): ClosetOutfitSummary {
  const { items, ...rest } = outfit(id, name);
  const asOwned = ({ slot, name, owned: { id, img, color } }: ClosetOutfitItem) => ({
    id,
    slot,
    name,
    img,
    color,
  });
  return { ...rest, items: items.map(asOwned) };
}

describe('ClosetOutfitDetails', () => {
  it('shows each piece as owned, and the styled variant when the shopper bought another', () => {
    const look = outfit(7, 'Rooftop Cocktails');
    const top = look.items[1]!;
    look.items[1] = {
      ...top,
      owned: owned({ ...top, id: 999, color: 'Ivory', size: 'L' }, { quantity: 2 }),
    };
    renderWithApp(<ClosetOutfitDetails outfit={look} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Yours in Ivory · L · ×2')).toBeInTheDocument();
    expect(screen.getByText('Styled here in Black · M')).toBeInTheDocument();
    expect(screen.getAllByText(/^Styled here in/)).toHaveLength(1);
    expect(screen.queryByText(/^Also yours in/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Date Night' })).toHaveAttribute(
      'href',
      '/closet/Date%20Night/outfits',
    );
    expect(screen.getByRole('link', { name: 'All your tops' })).toHaveAttribute(
      'href',
      '/closet/categories/Tops',
    );
  });
});

describe('ClosetOutfitDetails, more than one variant owned', () => {
  it('names the other colours and sizes of a piece the shopper owns', () => {
    const look = outfit(8, 'Gallery Opening');
    const shoes = look.items[4]!;
    look.items[4] = {
      ...shoes,
      alsoOwned: [
        owned({ ...shoes, id: 991, color: 'Tan', size: 'S' }, { quantity: 3 }),
        owned({ ...shoes, id: 992, color: 'Navy', size: 'M' }),
      ],
    };
    renderWithApp(<ClosetOutfitDetails outfit={look} />);
    const row = screen.getAllByRole('listitem')[4]!;
    expect(within(row).getByText('Yours in Black · M')).toBeInTheDocument();
    expect(within(row).getByText('Also yours in Tan · S · ×3, Navy · M')).toBeInTheDocument();
    expect(screen.getAllByText(/^Also yours in/)).toHaveLength(1);
  });
});

function AllOutfits({ count }: { count?: number }) {
  const query = useClosetOutfits('');
  return <ClosetOutfitList query={query} count={count} empty={<ClosetEmpty kind="outfits" />} />;
}

describe('ClosetOutfitList', () => {
  it('shows the pages loaded, the next one after the last cursor, and the count it is given', async () => {
    const calls = mockApi((_method, url) => {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      const page: ClosetOutfitPage = cursor
        ? { items: [summary(2, 'Second Look')], nextCursor: null }
        : { items: [summary(1, 'First Look')], nextCursor: 'after-first' };
      return [200, page];
    });
    renderWithApp(<AllOutfits count={2} />);
    expect(await screen.findByRole('link', { name: 'First Look, Date Night' })).toHaveAttribute(
      'href',
      '/closet/outfits/detailsPage/1',
    );
    expect(screen.queryByRole('link', { name: 'Second Look, Date Night' })).not.toBeInTheDocument();
    expect(screen.getByText('2 outfits')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(
      await screen.findByRole('link', { name: 'Second Look, Date Night' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/closet/outfits',
      '/api/closet/outfits?cursor=after-first',
    ]);
  });

  it('pictures each piece as the variant the shopper owns', async () => {
    const look = summary(3, 'Gallery Opening');
    look.items[1] = {
      ...look.items[1]!,
      id: 999,
      img: '/images/items/tee/ivory.webp',
      color: 'Ivory',
    };
    mockApi(() => [200, { items: [look], nextCursor: null } satisfies ClosetOutfitPage]);
    renderWithApp(<AllOutfits />);
    const top = await screen.findByRole('img', { name: 'Tops piece 1 in Ivory' });
    expect(top).toHaveAttribute('src', '/images/items/tee/ivory.webp');
    expect(screen.getAllByRole('img')).toHaveLength(5);
  });

  it('says how the closet fills when it is empty, and offers a retry when loading fails', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? [503, { error: { code: 'unavailable', message: 'The shop is busy.' } }]
        : [200, { items: [], nextCursor: null }],
    );
    renderWithApp(<AllOutfits />);
    expect(await screen.findByText('The shop is busy.', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Nothing here yet')).toBeInTheDocument());
    expect(screen.getByText(/Pieces you buy land in your closet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover outfits' })).toHaveAttribute('href', '/home');
  });
});
