import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogItem, favoriteItem, linenShirt } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { useProduct } from '../../catalog/api/get-product';
import { useSearchItems } from '../../search/api/search-items';
import { useChangeColor, useChangeSize } from './change-variant';

const moved = favoriteItem(8, 'Linen shirt', { color: 'Ivory' });

/** The two moves of a favourite, as the editor offers them, beside a search and a sheet. */
function Editor() {
  const color = useChangeColor();
  const size = useChangeSize();
  const search = useSearchItems('shirt', []);
  const product = useProduct(7);
  const hearted = search.data?.pages[0]?.items.filter((item) => item.favorite) ?? [];
  return (
    <>
      <button type="button" onClick={() => color.mutate({ itemId: 7, newColor: 'Ivory' })}>
        Ivory
      </button>
      <button type="button" onClick={() => size.mutate({ itemId: 7, newSize: 'L' })}>
        Size L
      </button>
      <p>Search hearts: {hearted.map((item) => item.id).join(', ') || 'none'}</p>
      <p>Sheet hearts: {product.data?.heartedItemIds.join(', ') ?? 'loading'}</p>
    </>
  );
}

describe('moving a favourite to another variant', () => {
  it.each(['Ivory', 'Size L'])(
    '(%s) has the searches and product sheets shown ask again, and show the new heart',
    async (button) => {
      let heartedId = 7;
      mockApi((method, url) => {
        if (method === 'PUT') {
          heartedId = 8;
          return [200, moved];
        }
        if (url.startsWith('/api/item/search')) {
          const items = [7, 8].map((id) => ({
            ...catalogItem(id, 'Linen shirt'),
            favorite: id === heartedId,
            sizes: ['M', 'L'],
          }));
          return [200, { items, nextCursor: null, understood: [], suggestion: null }];
        }
        if (url === '/api/item/7/product') {
          return [200, { ...linenShirt(), heartedItemIds: [heartedId] }];
        }
        return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
      });
      renderWithApp(<Editor />);
      expect(await screen.findByText('Search hearts: 7')).toBeInTheDocument();
      expect(await screen.findByText('Sheet hearts: 7')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: button }));

      expect(await screen.findByText('Search hearts: 8')).toBeInTheDocument();
      expect(await screen.findByText('Sheet hearts: 8')).toBeInTheDocument();
    },
  );
});
