import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { favoriteItem } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { productKeys } from '../../catalog/api/keys';
import { useChangeColor, useChangeSize } from './change-variant';
import { SEARCH_KEY } from './keys';

const moved = favoriteItem(8, 'Linen shirt', { color: 'Ivory' });

/** The two moves of a favourite, as the editor offers them. */
function Editor() {
  const color = useChangeColor();
  const size = useChangeSize();
  return (
    <>
      <button type="button" onClick={() => color.mutate({ itemId: 7, newColor: 'Ivory' })}>
        Ivory
      </button>
      <button type="button" onClick={() => size.mutate({ itemId: 7, newSize: 'L' })}>
        Size L
      </button>
    </>
  );
}

describe('moving a favourite to another variant', () => {
  it.each(['Ivory', 'Size L'])(
    '(%s) makes the searches and product sheets shown ask again for their hearts',
    async (button) => {
      mockApi(() => [200, moved]);
      const { queryClient } = renderWithApp(<Editor />);
      queryClient.setQueryData([...SEARCH_KEY, 'items', 'shirt'], { items: [] });
      queryClient.setQueryData(productKeys.ofItem(7), { heartedItemIds: [7] });
      await userEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() =>
        expect(queryClient.getQueryState([...SEARCH_KEY, 'items', 'shirt'])?.isInvalidated).toBe(
          true,
        ),
      );
      expect(queryClient.getQueryState(productKeys.ofItem(7))?.isInvalidated).toBe(true);
    },
  );
});
