import { expect, it } from 'vitest';
import type { SqlClient } from '../../db/client';
import { describeKeptPlans, statementSent } from '../../test/kept-plans';
import { type FirstSwipe, recordFirstSwipes } from './feed.repository';

/** The rows PostgreSQL expects from the statement for `batch`, planned for its values. */
async function rowsExpected(client: SqlClient, batch: FirstSwipe[]): Promise<number> {
  const sent = await statementSent(client, (capturing) => recordFirstSwipes(capturing, batch));
  const [row] = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) ${sent.text}`,
    sent.params,
    { planEachTime: true },
  );
  return row!['QUERY PLAN'][0].Plan['Plan Rows'];
}

describeKeptPlans('first swipes written together', (shopDatabase) => {
  it('keep one plan for batches of any size once their first five runs are planned', async () => {
    const { outcomes, plans } = await shopDatabase().withConnection(async (client) => {
      const [shopper] = await client.query<{ id: number }>(
        "INSERT INTO users (username, password_hash) VALUES ('swipeplans', 'not a hash') RETURNING id",
      );
      const outfits = await client.query<{ id: number }>(
        'SELECT id FROM outfits ORDER BY id LIMIT 8',
      );
      const userId = shopper!.id;
      const outcomes = [];
      // Batches of one and two swipes, as they come under load; the last asks again.
      for (const [i, outfit] of outfits.slice(0, 6).entries()) {
        const batch = [
          { userId, outfitId: outfit.id, direction: i % 2 ? 'nope' : 'like' } as const,
        ];
        outcomes.push(await recordFirstSwipes(client, batch));
      }
      outcomes.push(
        await recordFirstSwipes(client, [
          { userId, outfitId: outfits[6]!.id, direction: 'like' },
          { userId, outfitId: 2_000_000_000, direction: 'like' },
        ]),
      );
      outcomes.push(
        await recordFirstSwipes(client, [{ userId, outfitId: outfits[0]!.id, direction: 'nope' }]),
      );
      const plans = await client.query<{ generic: number; custom: number }>(
        `SELECT generic_plans::int AS generic, custom_plans::int AS custom
           FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO swipes%'`,
      );
      return { outcomes, plans };
    });

    expect(outcomes.slice(0, 6).flat()).toEqual(Array(6).fill({ exists: true, inserted: true }));
    // An unknown outfit is not written; a second swipe on an outfit is not a first.
    expect(outcomes[6]).toEqual([
      { exists: true, inserted: true },
      { exists: false, inserted: false },
    ]);
    expect(outcomes[7]).toEqual([{ exists: true, inserted: false }]);
    // PostgreSQL plans the first five runs for their arrays, then keeps one plan for all.
    expect(plans).toEqual([{ generic: 3, custom: 5 }]);
  });

  it('are planned alike for one swipe or three: a plan made for a batch is never the cheaper', async () => {
    const expected = await shopDatabase().withConnection(async (client) => {
      const [outfit] = await client.query<{ id: number }>('SELECT id FROM outfits LIMIT 1');
      const swipe = (userId: number): FirstSwipe => ({
        userId,
        outfitId: outfit!.id,
        direction: 'like',
      });
      return [
        await rowsExpected(client, [swipe(1)]),
        await rowsExpected(client, [swipe(1), swipe(2), swipe(3)]),
      ];
    });
    // Seeing a batch shorter than a kept plan's guess, PostgreSQL would plan every call afresh.
    expect(expected[0]).toBe(expected[1]);
  });
});
