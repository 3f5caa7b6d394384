import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { findCategory, resolveCategoryRefs } from './categories';
import { AppError } from './errors';

const CATEGORIES = [
  { id: 1, name: 'Tops', slot: 'top' },
  { id: 6, name: 'Outerwear', slot: 'outerwear' },
];

/** A database that answers the category list and counts how often it was asked. */
function fakeDb() {
  const reads = { count: 0 };
  const db = {
    select: () => ({
      from: () => ({
        orderBy: () => {
          reads.count += 1;
          return Promise.resolve(CATEGORIES);
        },
      }),
    }),
  } as unknown as Db;
  return { db, reads };
}

afterEach(() => vi.useRealTimers());

describe('resolveCategoryRefs', () => {
  it('takes ids and names in any case, once each, and asks nothing for no refs', async () => {
    const { db, reads } = fakeDb();
    expect(await resolveCategoryRefs(db, [])).toEqual([]);
    expect(reads.count).toBe(0);
    expect(await resolveCategoryRefs(db, ['6', 'tops', 'OUTERWEAR'])).toEqual([6, 1]);
  });

  it('reads a category as every route does: by slot, and by id with leading zeros', async () => {
    const { db } = fakeDb();
    expect(await resolveCategoryRefs(db, ['top', '06'])).toEqual([1, 6]);
    expect((await findCategory(db, 'top'))?.id).toBe(1);
    expect((await findCategory(db, '06'))?.id).toBe(6);
    expect(await findCategory(db, '7')).toBeUndefined();
  });

  it('is a 400 naming an unknown category', async () => {
    const { db } = fakeDb();
    const refused = resolveCategoryRefs(db, ['1', 'Hats']);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: 'There is no category "Hats".',
    });
  });

  it('reads the list again once it is a minute old, not a millisecond before', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    const { db, reads } = fakeDb();
    await resolveCategoryRefs(db, ['1']);
    expect(reads.count).toBe(1);
    vi.advanceTimersByTime(59_999);
    await resolveCategoryRefs(db, ['1']);
    expect(reads.count).toBe(1);
    vi.advanceTimersByTime(1);
    await resolveCategoryRefs(db, ['1']);
    expect(reads.count).toBe(2);
  });
});

describe('findCategory', () => {
  it('finds a category by id, name or slot in any case, from the one kept list', async () => {
    const { db, reads } = fakeDb();
    expect(await findCategory(db, '6')).toMatchObject({ id: 6 });
    expect(await findCategory(db, '06')).toMatchObject({ id: 6 });
    expect(await findCategory(db, 'TOPS')).toMatchObject({ id: 1 });
    expect(await findCategory(db, 'Outerwear')).toMatchObject({ id: 6 });
    expect(await findCategory(db, 'top')).toMatchObject({ id: 1 });
    expect(reads.count).toBe(1);
  });

  it('is undefined for anything else', async () => {
    const { db } = fakeDb();
    expect(await findCategory(db, 'Hats')).toBeUndefined();
    expect(await findCategory(db, '2')).toBeUndefined();
    expect(await findCategory(db, 'Top')).toMatchObject({ id: 1 });
    expect(await findCategory(db, '')).toBeUndefined();
  });
});
