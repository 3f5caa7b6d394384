import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FavoriteOutfit } from '../../../../contracts/favorites';
import { favoriteOutfit as outfit } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { FavoriteOutfitCard } from './favorite-outfit-card';

/** A list of favourite outfits as a page shows it: an outfit removed leaves it. */
function Favorites({ initial }: { initial: FavoriteOutfit[] }) {
  const [outfits, setOutfits] = useState(initial);
  mockApi((_method, _url, body) => {
    const { outfitId } = body as { outfitId: number };
    // The list reloads without it, as the page's query would after the removal.
    setTimeout(() => setOutfits((all) => all.filter((o) => o.id !== outfitId)), 0);
    return [200, { outfitId, removedItems: 5, changed: true }];
  });
  return (
    <>
      <h1 tabIndex={-1}>Favorite outfits</h1>
      <ul>
        {outfits.map((o) => (
          <li key={o.id}>
            <FavoriteOutfitCard outfit={o} />
          </li>
        ))}
      </ul>
    </>
  );
}

async function removeOutfit(name: string) {
  const card = screen.getByRole('article', { name });
  await userEvent.click(within(card).getByRole('button', { name: new RegExp(name) }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove outfit' }));
  await waitFor(() => expect(screen.queryByRole('article', { name })).not.toBeInTheDocument());
}

describe('FavoriteOutfitCard', () => {
  it('hands focus to the next outfit when one is removed, and to the heading after the last', async () => {
    renderWithApp(<Favorites initial={[outfit(1, 'Sunday Market'), outfit(2, 'Harbour Walk')]} />);
    await removeOutfit('Sunday Market');
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Harbour Walk' })).toHaveFocus(),
    );
    await removeOutfit('Harbour Walk');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Favorite outfits' })).toHaveFocus(),
    );
  }, 20_000);
});
