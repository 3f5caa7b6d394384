import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeOfflineDb } from '../../../lib/offline/offline-db';
import { mockApi, renderWithApp } from '../../../test/render';
import { useFeedOutbox } from './feed-outbox';
import { FAVORITES_KEY, SEARCH_KEY } from './keys';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  closeOfflineDb();
  localStorage.clear();
});

function Swiper() {
  const outbox = useFeedOutbox(21);
  return (
    <button
      type="button"
      onClick={() => outbox.add({ kind: 'swipe', outfitId: 3, direction: 'like' })}
    >
      Like
    </button>
  );
}

describe('a swipe the server took', () => {
  it('makes the favourites and the searches on hand ask again', async () => {
    mockApi((_method, url) =>
      url === '/api/outfit/favorite'
        ? [200, { outfitId: 3, direction: 'like', changed: true }]
        : [404, { error: { code: 'not_found', message: url } }],
    );
    const { queryClient } = renderWithApp(<Swiper />);
    const favorites = [...FAVORITES_KEY, 'occasions'];
    const search = [...SEARCH_KEY, 'outfits', 'linen'];
    queryClient.setQueryData(favorites, []);
    queryClient.setQueryData(search, { items: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(queryClient.getQueryState(search)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(favorites)?.isInvalidated).toBe(true);
  });
});
