import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../server/test/test-app';
import { buildHistory, type History, type Send, walkAll, walkList } from './walk';

/**
 * The walk `npm run walk` makes on a served shop, here on the tests' shop: a history built
 * through the API, then every list followed to its end against the count routes. And the walk
 * itself must fail a list that repeats or loses an entry.
 */

let t: TestApp;
let send: Send;
let built: History;

beforeAll(async () => {
  t = await createTestApp();
  const { agent } = await signUp(t.app);
  send = async (method, path, body) => {
    const res = await agent.request({
      method: method as 'GET',
      url: path,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.body };
  };
  built = await buildHistory(send, { likes: 30, hearts: 12, orders: 3 });
}, 120_000);
afterAll(() => t.close());

describe('a history built through the API, every list followed to its end', () => {
  it('builds what it was asked for', () => {
    expect(built).toMatchObject({ likes: 30, hearts: 12, orders: 3 });
    expect(new Set(built.boughtOutfits).size).toBe(3);
  });

  it('finds every list whole: nothing twice, as many as counted, pages within bounds', async () => {
    // The closet's outfits as its pages list them, to find the looks bought among them.
    const inCloset = new Set<number>();
    const watching: Send = async (method, path, body) => {
      const answer = await send(method, path, body);
      if (/^\/api\/closet\/outfits(\?cursor=|$)/.test(path) && answer.status === 200) {
        const page = JSON.parse(answer.body) as { items: { id: number }[] };
        for (const outfit of page.items) inCloset.add(outfit.id);
      }
      return answer;
    };
    const walked = await walkAll(watching, built);
    expect(walked.flatMap((w) => w.problems.map((p) => `${w.list}: ${p}`))).toEqual([]);
    const entries = (list: string) => walked.find((w) => w.list === list)?.entries;
    expect(entries('/api/favorites/outfits')).toBe(30);
    expect(entries('/api/buy')).toBe(3);
    // A closet outfit is any outfit whose five products are all owned, so three bought looks
    // can complete a fourth that shares their products.
    expect(entries('/api/closet/outfits')).toBeGreaterThanOrEqual(3);
    expect(built.boughtOutfits.filter((id) => !inCloset.has(id))).toEqual([]);
    // Each like brings five pieces, each heart one; a heart on a liked look's piece is that piece.
    const pieces = walked
      .filter((w) => /^\/api\/favorites\/items\/\d+$/.test(w.list))
      .reduce((n, w) => n + w.entries, 0);
    expect(pieces).toBeGreaterThanOrEqual(30 * 5);
    expect(walked.find((w) => w.list === '/api/favorites/outfits')!.pages).toBeGreaterThan(2);
  });
});

describe('the walk fails a list that is not whole', () => {
  /** The favourites' pages as the server sends them, changed by `edit` from the second page on. */
  const tampered =
    (edit: (items: unknown[]) => unknown[]): Send =>
    async (method, path, body) => {
      const answer = await send(method, path, body);
      if (!path.startsWith('/api/favorites/outfits?cursor=')) return answer;
      const page = JSON.parse(answer.body) as { items: unknown[] };
      return { ...answer, body: JSON.stringify({ ...page, items: edit(page.items) }) };
    };
  const spec = {
    path: '/api/favorites/outfits',
    pageSize: 8,
    key: (e: { id?: unknown }) => String(e.id),
  };

  it('names an entry listed twice', async () => {
    const walked = await walkList(
      tampered((items) => [items[0], ...items.slice(0, -1)]),
      { ...spec, expected: 30 },
    );
    expect(walked.problems.some((p) => p.endsWith('listed twice'))).toBe(true);
  });

  it('says when fewer are listed than counted', async () => {
    const walked = await walkList(
      tampered((items) => items.slice(1)),
      { ...spec, expected: 30 },
    );
    expect(walked.problems).toContain('page 2 holds 7 and is not the last');
    expect(walked.problems.some((p) => p.endsWith('counted 30') || p.includes('30 counted'))).toBe(
      true,
    );
  });
});
