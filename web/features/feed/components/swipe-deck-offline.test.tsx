import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FeedOutfit, FeedPageSchema } from '../../../../contracts/feed';
import { closeOfflineDb } from '../../../lib/offline/offline-db';
import { fromContract } from '../../../test/api-contracts';
import { feedOutfit as outfit } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { keepDeck, readKeptDeck } from '../api/kept-deck';
import { SwipeDeck } from './swipe-deck';

const page = (outfits: FeedOutfit[]) => fromContract(FeedPageSchema, { outfits, hasMore: false });

beforeEach(() => {
  localStorage.clear();
  closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});

describe('SwipeDeck opened offline', () => {
  it('swipes the kept stack, and puts the first page under it once the connection is back', async () => {
    keepDeck(61, {
      cards: [outfit(61, 'Monday'), outfit(62, 'Tuesday')],
      history: [],
      hasMore: false,
    });
    await waitFor(async () => expect(await readKeptDeck(61)).toBeDefined());
    let online = false;
    mockApi((method, url, body) => {
      if (!online) return [503, { error: { code: 'unavailable', message: 'down' } }];
      if (url.startsWith('/api/outfit/home'))
        return [200, page([outfit(61, 'Monday'), outfit(63, 'Wednesday')])];
      if (method === 'POST' && url === '/api/outfit/reject')
        return [200, { ...(body as object), direction: 'nope', changed: true }];
      return [404, undefined];
    });
    renderWithApp(<SwipeDeck userId={61} title={<h1>Discover</h1>} />);
    expect(await screen.findByRole('group', { name: 'Monday, Work' })).toBeInTheDocument();
    online = true;
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    for (const next of ['Monday', 'Tuesday', 'Wednesday']) {
      expect(await screen.findByRole('group', { name: `${next}, Work` })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Reject outfit' }));
    }
    expect(await screen.findByText('No more outfits to swipe')).toBeInTheDocument();
  });
});
