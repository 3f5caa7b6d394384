import { expect, it } from 'vitest';
import { describeKeptPlans } from '../test/kept-plans';
import { expandTerms } from './text-search';

describeKeptPlans("a search's typo check", (shopDatabase) => {
  it('keeps one plan for every word once its first five runs are planned', async () => {
    const words = ['blaser', 'linen', 'jakcet', 'denim', 'wool', 'blaser', 'linen', 'jakcet'];
    const { checked, plans } = await shopDatabase().withConnection(async (client) => {
      const checked = [];
      for (const word of words) checked.push(...(await expandTerms(client, [word])));
      const plans = await client.query<{ generic: number; custom: number }>(
        `SELECT generic_plans::int AS generic, custom_plans::int AS custom
           FROM pg_prepared_statements WHERE statement LIKE '%FROM search_words w%'`,
      );
      return { checked, plans };
    });

    // A word the shop holds has no alternatives; a typo has the shop's words one edit away.
    expect(checked.find((t) => t.term === 'linen')?.alternatives).toEqual([]);
    expect(checked.find((t) => t.term === 'blaser')?.alternatives).toContain('blazer');
    expect(checked.find((t) => t.term === 'jakcet')?.alternatives).toContain('jacket');
    // PostgreSQL plans the first five runs for their words, then keeps one plan for all.
    expect(plans).toEqual([{ generic: 3, custom: 5 }]);
  });
});
