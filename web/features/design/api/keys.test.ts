import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DesignOutfit, DesignOutfitPage } from '../../../../contracts/design';
import { designKeys, refreshOutfitLists } from './keys';

const outfit = (id: number, name: string): DesignOutfit =>
  ({ id, name, likes: 3, rejects: 1, likeRate: 0.75 }) as unknown as DesignOutfit;

function lists() {
  const client = new QueryClient();
  const picker = [...designKeys.outfits(), 'look'];
  const list = [...designKeys.outfits(), 'list', 'newest', 'all'];
  client.setQueryData<DesignOutfitPage>(picker, {
    items: [outfit(1, 'Look one'), outfit(2, 'Look two')],
    nextCursor: null,
  });
  client.setQueryData<InfiniteData<DesignOutfitPage>>(list, {
    pages: [
      { items: [outfit(2, 'Look two')], nextCursor: 'next' },
      { items: [outfit(1, 'Look one')], nextCursor: null },
    ],
    pageParams: [undefined, 'next'],
  });
  const names = () => ({
    picker: client.getQueryData<DesignOutfitPage>(picker)!.items.map((o) => o.name),
    list: client
      .getQueryData<InfiniteData<DesignOutfitPage>>(list)!
      .pages.flatMap((page) => page.items.map((o) => o.name)),
  });
  return { client, picker, names };
}

describe('refreshOutfitLists', () => {
  it('puts a saved outfit in every kept list at once, keeping what only the lists hold', () => {
    const { client, picker, names } = lists();
    refreshOutfitLists(client, {
      saved: { ...outfit(1, 'Look renamed'), likes: undefined } as never,
    });
    expect(names()).toEqual({
      picker: ['Look renamed', 'Look two'],
      list: ['Look two', 'Look renamed'],
    });
    expect(client.getQueryData<DesignOutfitPage>(picker)!.items[0]!.likeRate).toBe(0.75);
  });

  it('takes a deleted outfit out of every kept list at once', () => {
    const { client, names } = lists();
    refreshOutfitLists(client, { deleted: 2 });
    expect(names()).toEqual({ picker: ['Look one'], list: ['Look one'] });
  });

  it('marks the lists to be fetched again', () => {
    const { client, picker } = lists();
    refreshOutfitLists(client, null);
    expect(client.getQueryState(picker)!.isInvalidated).toBe(true);
  });
});
