import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Variant } from '../../../../contracts/catalog';
import { cartOf, favoriteItem } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import FavoriteItemRoute from './item';

function renderPiece(
  answer: [number, unknown],
  variants: Variant[] | Promise<[number, unknown]> = [],
) {
  mockApi((_method, url) => {
    if (url.startsWith('/api/favorites/specific/favorite/item?')) return answer;
    if (url.startsWith('/api/favorites/item/sizes?')) {
      return Array.isArray(variants) ? [200, variants] : variants;
    }
    if (url === '/api/cart') return [200, cartOf([])];
    return [200, []];
  });
  return renderWithApp(
    <Routes>
      <Route
        path="/favorites/outfits/:occasionId/:outfitId/:itemId"
        element={<FavoriteItemRoute />}
      />
    </Routes>,
    { path: '/favorites/outfits/1/2/3' },
  );
}

describe('A favorite piece’s page', () => {
  it('says a piece no longer among the favorites is gone, and leads back to the outfits of its occasion, without a retry', async () => {
    renderPiece([404, { error: { code: 'not_found', message: 'That favorite does not exist.' } }]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not among your favorites' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your favorite outfits' })).toHaveAttribute(
      'href',
      '/favorites/outfits/1',
    );
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
  });

  it('offers a retry when the piece could not be read', async () => {
    renderPiece([
      500,
      { error: { code: 'internal', message: 'Something went wrong on our side.' } },
    ]);
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  const variant = (itemId: number, size: string, stock: number, color = 'Black'): Variant => ({
    itemId,
    productId: 70,
    color,
    colorHex: '#000000',
    size,
    stock,
    price: '$10.00',
    priceCents: 1000,
    img: '/images/items/x/7.svg',
  });

  it('speaks of the colour’s stock until a size is chosen, then of that size’s', async () => {
    // Shown in M, of which one is left; S has plenty.
    const piece = favoriteItem(7, 'Linen Shirt', { size: 'M', stock: 1, productId: 70 });
    const variants = [variant(6, 'S', 8), variant(7, 'M', 1)];
    const first = renderPiece([200, piece], variants);
    expect(await screen.findByText('In stock')).toBeInTheDocument();
    expect(screen.queryByText('Only 1 left')).toBeNull();
    first.unmount();
    renderPiece([200, { ...piece, sizeChosen: true }], variants);
    expect(await screen.findByText('Only 1 left')).toBeInTheDocument();
  });

  it('says stock is being checked while the sizes are on their way, not nothing', async () => {
    const piece = favoriteItem(7, 'Linen Shirt', { size: 'M', stock: 1, productId: 70 });
    let answer: (sizes: [number, unknown]) => void = () => {};
    renderPiece([200, piece], new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByText('Checking stock…')).toBeInTheDocument();
    answer([200, [variant(6, 'S', 8), variant(7, 'M', 1)]]);
    expect(await screen.findByText('In stock')).toBeInTheDocument();
    expect(screen.queryByText('Checking stock…')).toBeNull();
  });

  it('marks a colour sold out by every size until a size is chosen, the line and swatches alike', async () => {
    // Shown in Black M. Black is gone in every size; Sage only in M; Stone is left in M.
    const piece = favoriteItem(7, 'Linen Shirt', { size: 'M', stock: 0, productId: 70 });
    const variants = [
      variant(6, 'S', 0),
      variant(7, 'M', 0),
      variant(8, 'S', 4, 'Sage'),
      variant(9, 'M', 0, 'Sage'),
      variant(10, 'S', 0, 'Stone'),
      variant(11, 'M', 2, 'Stone'),
    ];
    const first = renderPiece([200, piece], variants);
    expect(await screen.findByText('Sold out in this colour')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Black, sold out' })).toBeInTheDocument();
    // Sage is still made in a size the shopper may choose.
    expect(screen.getByRole('radio', { name: 'Sage' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Stone' })).toBeInTheDocument();
    first.unmount();
    // Once M is the shopper's size, it is M's stock that counts.
    renderPiece([200, { ...piece, sizeChosen: true }], variants);
    expect(await screen.findByText('Sold out in this colour and size')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Sage, sold out' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Stone' })).toBeInTheDocument();
  });
});
