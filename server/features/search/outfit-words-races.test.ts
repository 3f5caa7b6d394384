import { beforeAll, describe, expect, it } from 'vitest';
import { SLOTS } from '../../../contracts/catalog';
import type { SqlClient } from '../../db/client';
import { LOCK } from '../../lib/locks';
import { testDriver } from '../../test/databases';
import { waiterFor } from '../../test/lock-waits';
import { type Agent, appForThisFile, signUp } from '../../test/test-app';

// An outfit's words (0051) are written by the trigger of whichever change touched them: a
// designer's pieces or occasion, a product's garment, an occasion's name. Two such changes at
// once must leave the words those rows give once both have committed, whichever came first:
// the second waits for the outfit words' lock the first holds (0052). Without it, a garment
// changed during a redesign was lost; an occasion renamed already waited, for its name's key.

describe.runIf(testDriver() === 'postgres')(
  'outfit words under a catalogue change and a redesign at once (PostgreSQL only: two connections)',
  () => {
    const shop = appForThisFile();
    const sql = shop.query;
    let admin: Agent;
    let serial = 0;

    beforeAll(async () => {
      admin = (await signUp(shop.t.app, { isAdmin: true })).agent;
    });

    /** An outfit, its pieces in slot order, and a top of another product to give it. */
    async function outfitAndNewTop() {
      const [outfit] = await sql<{ id: number; name: string; occasionId: number; items: number[] }>(
        `SELECT o.id, o.name, o.occasion_id AS "occasionId",
                array_agg(oi.item_id ORDER BY array_position($1::text[], oi.slot)) AS items
           FROM outfits o JOIN outfit_items oi ON oi.outfit_id = o.id
          GROUP BY o.id ORDER BY o.id LIMIT 1 OFFSET $2`,
        [SLOTS, serial],
      );
      const top = outfit!.items[SLOTS.indexOf('top')]!;
      const [other] = await sql<{ id: number; productId: number }>(
        `SELECT i.id, i.product_id AS "productId"
           FROM items i
          WHERE i.category_id = (SELECT category_id FROM items WHERE id = $1)
            AND i.product_id <> (SELECT product_id FROM items WHERE id = $1)
          ORDER BY i.id LIMIT 1 OFFSET $2`,
        [top, serial],
      );
      serial += 1;
      const items = outfit!.items.map((id) => (id === top ? other!.id : id));
      return { outfit: outfit!, other: other!, items };
    }

    /** Whether the outfit's kept words are those its rows give now. */
    async function wordsCurrent(outfitId: number): Promise<boolean> {
      const [row] = await sql<{ current: boolean }>(
        `SELECT words = outfit_words_of(outfit_id) AS current FROM outfit_words
          WHERE outfit_id = $1`,
        [outfitId],
      );
      return row!.current;
    }

    /**
     * Runs `first` in a transaction of its own, starts `second` while it is open, sees `second`
     * wait for the outfit words' lock, commits `first`, and answers what `second` answers.
     */
    async function meanwhile<T>(
      first: (tx: SqlClient) => Promise<unknown>,
      second: () => Promise<T>,
    ): Promise<T> {
      return shop.t.db.database.withConnection(async (tx) => {
        await tx.exec('BEGIN');
        let pending: Promise<T>;
        try {
          await first(tx);
          pending = second();
          await waiterFor(
            shop.t.db.database.sql,
            LOCK.outfitWords,
            'the second change did not wait for the outfit words’ lock',
          );
        } catch (error) {
          await tx.exec('ROLLBACK');
          throw error;
        }
        await tx.exec('COMMIT');
        return pending;
      });
    }

    /** Runs `change` and gives the product its name and garment back after it. */
    async function productRestored(productId: number, change: () => Promise<void>) {
      const [before] = await sql<{ name: string; garment: string }>(
        'SELECT name, garment FROM products WHERE id = $1',
        [productId],
      );
      try {
        await change();
      } finally {
        await sql('UPDATE products SET name = $2, garment = $3 WHERE id = $1', [
          productId,
          before!.name,
          before!.garment,
        ]);
      }
    }

    type Redesign = Awaited<ReturnType<typeof outfitAndNewTop>>;

    /** The admin gives the outfit its new top while `change` of that top's product is under way. */
    async function redesignDuring(change: string, { outfit, other, items }: Redesign) {
      const res = await meanwhile(
        (cataloguer) =>
          cataloguer.query(`UPDATE products SET ${change} WHERE id = $1`, [other.productId]),
        () =>
          admin.put(`/api/design/outfit/edit/${outfit.id}`, {
            name: outfit.name,
            occasion: outfit.occasionId,
            item_ids: items,
          }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }

    it('keeps the words of an outfit given a piece whose garment changes meanwhile', async () => {
      const { outfit, other } = await outfitAndNewTop();
      await productRestored(other.productId, async () => {
        await meanwhile(
          (designer) =>
            designer.query(
              `UPDATE outfit_items SET item_id = $2 WHERE outfit_id = $1 AND slot = 'top'`,
              [outfit.id, other.id],
            ),
          () => sql(`UPDATE products SET garment = 'quillet' WHERE id = $1`, [other.productId]),
        );
        expect(await wordsCurrent(outfit.id)).toBe(true);
      });
    });

    it('keeps them when the redesign comes while the garment’s change is under way', async () => {
      const redesign = await outfitAndNewTop();
      await productRestored(redesign.other.productId, async () => {
        await redesignDuring(`garment = 'tassock'`, redesign);
        expect(await wordsCurrent(redesign.outfit.id)).toBe(true);
      });
    });

    it('lets a redesign wait for a product renamed meanwhile, and keeps its words', async () => {
      const redesign = await outfitAndNewTop();
      await productRestored(redesign.other.productId, async () => {
        await redesignDuring(`name = 'Quillon Wrap'`, redesign);
        expect(await wordsCurrent(redesign.outfit.id)).toBe(true);
      });
    });

    it('keeps the words of an outfit moved to an occasion renamed meanwhile', async () => {
      const { outfit } = await outfitAndNewTop();
      const [occasion] = await sql<{ id: number; name: string }>(
        'SELECT id, name FROM occasions WHERE id <> $1 ORDER BY id LIMIT 1',
        [outfit.occasionId],
      );
      try {
        await meanwhile(
          (designer) =>
            designer.query('UPDATE outfits SET occasion_id = $2 WHERE id = $1', [
              outfit.id,
              occasion!.id,
            ]),
          () => sql(`UPDATE occasions SET name = 'Vorpal Evening' WHERE id = $1`, [occasion!.id]),
        );
        expect(await wordsCurrent(outfit.id)).toBe(true);
      } finally {
        await sql('UPDATE occasions SET name = $2 WHERE id = $1', [occasion!.id, occasion!.name]);
        await sql('UPDATE outfits SET occasion_id = $2 WHERE id = $1', [
          outfit.id,
          outfit.occasionId,
        ]);
      }
    });
  },
);
