import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLikedPieces } from '../../lib/liked-pieces';
import { testDriver } from '../../test/databases';
import { blockedBy } from '../../test/lock-waits';
import { createTestApp, signUp, type TestApp } from '../../test/test-app';

// The favourites' counts per occasion are kept beside the swipes (0033); whatever a shopper or
// an admin does, they must equal a count of the swipes themselves.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof signUp>>;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.database.sql.query<T>(text, params);

async function outfitIds(): Promise<number[]> {
  const rows = await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id');
  return rows.map((r) => r.id);
}

/** What the route answers, by occasion id. */
async function counted(s: Shopper): Promise<Record<number, number>> {
  const res = await s.agent.get('/api/favorites/occasions');
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json().map((o: { id: number; count: number }) => [o.id, o.count]));
}

/** The truth: the shopper's likes joined with their outfits' occasions, every occasion listed. */
async function truth(s: Shopper): Promise<Record<number, number>> {
  const rows = await sql<{ id: number; n: number }>(
    `SELECT oc.id, count(o.id)::int AS n
       FROM occasions oc
       LEFT JOIN swipes sw ON sw.user_id = $1 AND sw.direction = 'like'
       LEFT JOIN outfits o ON o.id = sw.outfit_id AND o.occasion_id = oc.id
      GROUP BY oc.id`,
    [s.user.id],
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.n]));
}

async function expectTrue(s: Shopper) {
  const [answer, expected] = await Promise.all([counted(s), truth(s)]);
  expect(answer).toEqual(expected);
  return answer;
}

/** Each occasion's liked outfits as its favourites page lists them, and as the swipes say. */
async function expectPagesTrue(s: Shopper) {
  const occasions = await sql<{ id: number }>('SELECT id FROM occasions ORDER BY id');
  for (const { id } of occasions) {
    const res = await s.agent.get(`/api/favorites/outfits/${id}`);
    expect(res.statusCode).toBe(200);
    const listed = (res.json().items as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
    const liked = await sql<{ id: number }>(
      `SELECT o.id FROM swipes sw JOIN outfits o ON o.id = sw.outfit_id
        WHERE sw.user_id = $1 AND sw.direction = 'like' AND o.occasion_id = $2 ORDER BY o.id`,
      [s.user.id, id],
    );
    expect(listed, `occasion ${id}`).toEqual(liked.map((r) => r.id));
  }
}

const total = (counts: Record<number, number>) =>
  Object.values(counts).reduce((sum, n) => sum + n, 0);

describe('GET /api/favorites/occasions, as swipes and outfits change', () => {
  it('follows likes, rejects, turnarounds, undo and unfavourite', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const ids = await outfitIds();
    for (const id of ids.slice(0, 8)) {
      expect((await alice.agent.post('/api/outfit/favorite', { outfitId: id })).statusCode).toBe(
        200,
      );
    }
    await bob.agent.post('/api/outfit/favorite', { outfitId: ids[0] });
    await alice.agent.post('/api/outfit/reject', { outfitId: ids[8] });
    expect(total(await expectTrue(alice))).toBe(8);

    // A like turned into a reject, and a reject into a like.
    await alice.agent.post('/api/outfit/reject', { outfitId: ids[1] });
    await alice.agent.post('/api/outfit/favorite', { outfitId: ids[8] });
    expect(total(await expectTrue(alice))).toBe(8);

    // The latest swipe taken back, and an outfit unfavourited from the favourites.
    expect((await alice.agent.post('/api/outfit/undo')).statusCode).toBe(200);
    await alice.agent.post('/api/outfit/search/unfavorite', { outfitId: ids[2] });
    expect(total(await expectTrue(alice))).toBe(6);

    // A piece of a liked outfit changed on its own writes the like's pieces out: still a like.
    await sql('UPDATE swipes SET pieces_written = true WHERE user_id = $1', [alice.user.id]);
    expect(total(await expectTrue(alice))).toBe(6);
    expect(total(await expectTrue(bob))).toBe(1);
  });

  it('moves likes with an outfit moved to another occasion, and drops a deleted outfit’s', async () => {
    const carol = await signUp(t.app);
    const dave = await signUp(t.app);
    const ids = await outfitIds();
    const picked = ids.slice(20, 26);
    for (const id of picked) {
      await carol.agent.post('/api/outfit/favorite', { outfitId: id });
      await dave.agent.post('/api/outfit/favorite', { outfitId: id });
    }
    const [moved, gone] = picked;
    await sql(
      `UPDATE outfits SET occasion_id = (SELECT min(id) FROM occasions WHERE id <> occasion_id)
        WHERE id = $1`,
      [moved],
    );
    await expectTrue(carol);
    await expectPagesTrue(carol);
    await sql('DELETE FROM outfits WHERE id = $1', [gone]);
    expect(total(await expectTrue(carol))).toBe(5);
    expect(total(await expectTrue(dave))).toBe(5);
  });

  it.runIf(testDriver() === 'postgres')(
    'files a like written while its outfit moves under the new occasion (PostgreSQL only: two connections)',
    async () => {
      const erin = await signUp(t.app);
      const outfit = (await outfitIds())[50]!;
      const [{ to }] = (await sql<{ to: number }>(
        'SELECT min(id) AS to FROM occasions WHERE id <> (SELECT occasion_id FROM outfits WHERE id = $1)',
        [outfit],
      )) as [{ to: number }];
      let like: Promise<{ statusCode: number }> | undefined;
      await t.db.database.withConnection(async (admin) => {
        await admin.exec('BEGIN');
        try {
          await admin.query('UPDATE outfits SET occasion_id = $1 WHERE id = $2', [to, outfit]);
          like = erin.agent.post('/api/outfit/favorite', { outfitId: outfit });
          // The like must be waiting on the move before it commits, or the race is not run.
          await blockedBy(t.db.database.sql, admin, 'the like never waited on the move');
          await admin.exec('COMMIT');
        } catch (error) {
          await admin.exec('ROLLBACK');
          throw error;
        }
      });
      expect((await like!).statusCode).toBe(200);
      const [swipe] = await sql<{ occasion_id: number }>(
        'SELECT occasion_id FROM swipes WHERE user_id = $1 AND outfit_id = $2',
        [erin.user.id, outfit],
      );
      expect(swipe!.occasion_id).toBe(to);
      await expectTrue(erin);
      await expectPagesTrue(erin);
    },
  );

  it.runIf(testDriver() === 'postgres')(
    'turns a like around while another is undone, without a deadlock (PostgreSQL only: two connections)',
    async () => {
      const gus = await signUp(t.app);
      // Two liked outfits of one occasion, each with its pieces written out.
      const [x, y] = (
        await sql<{ id: number }>(
          `SELECT id FROM outfits WHERE occasion_id = (SELECT occasion_id FROM outfits
                                                        ORDER BY id LIMIT 1)
            ORDER BY id LIMIT 2`,
        )
      ).map((r) => r.id);
      for (const id of [x, y]) {
        expect((await gus.agent.post('/api/outfit/favorite', { outfitId: id })).statusCode).toBe(
          200,
        );
        await writeLikedPieces(t.db.database.db, gus.user.id, id!);
      }
      let turned: Promise<{ statusCode: number; body: string }> | undefined;
      await t.db.database.withConnection(async (undo) => {
        await undo.exec('BEGIN');
        try {
          // An undo's first steps on x: its pieces go (the favourites' tallies are taken)...
          await undo.query(
            "DELETE FROM item_favorites WHERE user_id = $1 AND outfit_id = $2 AND source = 'outfit'",
            [gus.user.id, x],
          );
          // ...while y is turned into a pass, which must wait for those tallies...
          turned = gus.agent.post('/api/outfit/reject', { outfitId: y });
          await blockedBy(t.db.database.sql, undo, 'the turnaround never waited on the undo');
          // ...holding nothing the undo's last step needs: its like's count.
          await undo.query('DELETE FROM swipes WHERE user_id = $1 AND outfit_id = $2', [
            gus.user.id,
            x,
          ]);
          await undo.exec('COMMIT');
        } catch (error) {
          await undo.exec('ROLLBACK');
          throw error;
        }
      });
      const answer = await turned!;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(total(await expectTrue(gus))).toBe(0);
    },
  );

  it.runIf(testDriver() === 'postgres')(
    'moves an outfit’s swipes without a lock for each shopper who swiped it (PostgreSQL only)',
    async () => {
      const shoppers = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
      const outfit = (await outfitIds()).at(-1)!;
      const swiped = await sql(
        `INSERT INTO swipes (user_id, outfit_id, direction)
         SELECT u, $2, CASE WHEN u = ($1::int[])[1] THEN 'nope' ELSE 'like' END
           FROM unnest($1::int[]) u RETURNING 1`,
        [shoppers.map((s) => s.user.id), outfit],
      );
      expect(swiped).toHaveLength(shoppers.length);
      const locks = await t.db.database.withConnection(async (admin) => {
        await admin.exec('BEGIN');
        try {
          await admin.query(
            `UPDATE outfits SET occasion_id = (SELECT min(id) FROM occasions WHERE id <> occasion_id)
              WHERE id = $1`,
            [outfit],
          );
          // A lock for a shopper is a pair of keys (a class and the shopper): objsubid 2.
          return await admin.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks
              WHERE locktype = 'advisory' AND objsubid = 2 AND pid = pg_backend_pid()`,
          );
        } finally {
          await admin.exec('ROLLBACK');
        }
      });
      expect(locks[0]!.n).toBe(0);
    },
  );

  it('counts many shoppers’ likes written in one statement', async () => {
    const shoppers = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const ids = await outfitIds();
    await sql(
      `INSERT INTO swipes (user_id, outfit_id, direction)
       SELECT u, o, CASE WHEN o % 3 = 0 THEN 'nope' ELSE 'like' END
         FROM unnest($1::int[]) u CROSS JOIN unnest($2::int[]) o`,
      [shoppers.map((s) => s.user.id), ids.slice(30, 45)],
    );
    for (const s of shoppers) {
      expect(total(await expectTrue(s))).toBeGreaterThan(0);
      await expectPagesTrue(s);
    }
  });

  it('leaves nothing behind when a shopper is deleted', async () => {
    const erin = await signUp(t.app);
    const ids = await outfitIds();
    await erin.agent.post('/api/outfit/favorite', { outfitId: ids[50] });
    await sql('DELETE FROM users WHERE id = $1', [erin.user.id]);
    const rows = await sql('SELECT 1 FROM likes_by_occasion WHERE user_id = $1', [erin.user.id]);
    expect(rows).toEqual([]);
  });
});
