import { beforeAll, describe, expect, it } from 'vitest';
import { SLOTS } from '../../../contracts/catalog';
import { LOCK } from '../../lib/locks';
import { testDriver } from '../../test/databases';
import { waiterFor } from '../../test/lock-waits';
import { type Agent, appForThisFile, signUp } from '../../test/test-app';

// Every change of an outfit takes the closets' lock, then the outfit words' lock, before it writes
// anything. The closet trigger on the outfit's pieces takes the first again, their words'
// trigger the second (0052); a change that wrote first (the outfit row, the catalogue's version,
// a new search word) held rows another change or a catalogue change waits for while it waited
// for a lock, and under an administrator's concurrent designs they deadlocked.

describe.runIf(testDriver() === 'postgres')(
  'an outfit’s change takes its locks first (PostgreSQL only: two connections)',
  () => {
    const shop = appForThisFile();
    const sql = shop.query;
    let admin: Agent;
    let pieces: number[];
    let serial = 0;

    beforeAll(async () => {
      // The template holds no accounts, so the first admin registration is allowed.
      admin = (await signUp(shop.t.app, { isAdmin: true })).agent;
      const [outfit] = await sql<{ items: number[] }>(
        `SELECT array_agg(oi.item_id ORDER BY array_position($1::text[], oi.slot::text)) AS items
           FROM outfit_items oi GROUP BY oi.outfit_id ORDER BY oi.outfit_id LIMIT 1`,
        [SLOTS],
      );
      pieces = outfit!.items;
    });

    const body = () => {
      serial += 1;
      // A word no outfit has yet, so the change would add it to the shop's words.
      return { name: `Lockstep zq${serial}x look`, occasion: 1, item_ids: pieces };
    };

    /** Holds `lock` while the change starts: it must wait having written nothing. */
    async function waitsFirst(
      change: () => Promise<{ statusCode: number; body: string }>,
      lock: number = LOCK.closets,
    ) {
      const answer = await shop.t.db.database.withConnection(async (holder) => {
        await holder.exec('BEGIN');
        let pending: Promise<{ statusCode: number; body: string }> | undefined;
        try {
          await holder.query('SELECT pg_advisory_xact_lock($1)', [lock]);
          pending = change();
          // A transaction is given an id at its first write.
          expect(
            await waiterFor(shop.t.db.database.sql, lock, `no request waited for lock ${lock}`),
          ).toEqual({ xid: null });
        } finally {
          await holder.exec('ROLLBACK');
        }
        return pending;
      });
      return answer;
    }

    it('creating an outfit waits for the lock before its first write', async () => {
      const res = await waitsFirst(() => admin.post('/api/design/outfit/create', body()));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('editing and deleting an outfit wait for it too', async () => {
      const made = await admin.post('/api/design/outfit/create', body());
      expect(made.statusCode, made.body).toBe(201);
      const { id } = JSON.parse(made.body) as { id: number };
      const edited = await waitsFirst(() => admin.put(`/api/design/outfit/edit/${id}`, body()));
      expect(edited.statusCode, edited.body).toBe(200);
      const deleted = await waitsFirst(() => admin.delete(`/api/design/outfit/delete/${id}`));
      expect(deleted.statusCode, deleted.body).toBe(200);
    });

    it('each waits for the outfit words’ lock before its first write too', async () => {
      const words = LOCK.outfitWords;
      const made = await waitsFirst(() => admin.post('/api/design/outfit/create', body()), words);
      expect(made.statusCode, made.body).toBe(201);
      const { id } = JSON.parse(made.body) as { id: number };
      const edited = await waitsFirst(
        () => admin.put(`/api/design/outfit/edit/${id}`, body()),
        words,
      );
      expect(edited.statusCode, edited.body).toBe(200);
      const deleted = await waitsFirst(
        () => admin.delete(`/api/design/outfit/delete/${id}`),
        words,
      );
      expect(deleted.statusCode, deleted.body).toBe(200);
    });

    it('concurrent creations and deletions all succeed', async () => {
      const loop = async () => {
        for (let k = 0; k < 3; k += 1) {
          const made = await admin.post('/api/design/outfit/create', body());
          expect(made.statusCode, made.body).toBe(201);
          const { id } = JSON.parse(made.body) as { id: number };
          const gone = await admin.delete(`/api/design/outfit/delete/${id}`);
          expect(gone.statusCode, gone.body).toBe(200);
        }
      };
      await Promise.all(Array.from({ length: 4 }, loop));
    });
  },
);
