import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  checkout,
  checkoutLedger,
  createDatabase,
  fillCart,
  firstOrderOf,
  newShopper,
  type Server,
  type Shopper,
  startServer,
  stockPieces,
  stopAllServers,
  type TestDatabase,
} from './support';

// WORKERS=2: one primary process forks two servers that share the port (Node's cluster).
let db: TestDatabase;
let server: Server;

beforeAll(async () => {
  db = await createDatabase();
  server = await startServer(db.url, undefined, { WORKERS: '2' });
});
afterAll(async () => {
  // SIGKILL on the primary leaves its workers running; stop them first.
  for (const pid of workerPids()) process.kill(pid, 'SIGKILL');
  await stopAllServers();
  await db?.drop();
});

function workerPids(): number[] {
  if (!server?.child.pid) return [];
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], {
      encoding: 'utf8',
    })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

/** A swipe sent again until some worker answers it, as the web app's swipe queue does. */
async function swipeUntilAnswered(shopper: Shopper, outfitId: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await call(server, 'POST', '/api/outfit/favorite', {
      cookie: shopper.cookie,
      body: { outfitId },
    }).catch(() => undefined);
    if (answer) return answer.status;
  }
  throw new Error(`swipe on outfit ${outfitId} never answered`);
}

describe('WORKERS=2 on one PostgreSQL database', () => {
  it('keeps serving when a worker is killed mid-request, and loses nothing', async () => {
    await vi.waitFor(() => expect(workerPids()).toHaveLength(2), { timeout: 30_000 });
    const [victim] = workerPids();

    const shoppers: Shopper[] = [];
    for (let i = 0; i < 8; i++) shoppers.push(await newShopper(server, `work${process.pid}x${i}`));
    const pieces = await stockPieces(db, 6);
    const ids = [...pieces.keys()];
    for (const [i, shopper] of shoppers.entries()) {
      await fillCart(server, shopper, [
        [ids[i % ids.length]!, 1],
        [ids[(i + 2) % ids.length]!, 2],
      ]);
    }

    // Checkouts and swipes in flight while one worker is killed.
    const keys = shoppers.map((_, i) => `workers-${process.pid}-${i}`);
    const checkouts = Promise.all(
      shoppers.map((s, i) =>
        checkout(server, s, keys[i]!).then(
          (a) => a.status,
          () => 0,
        ),
      ),
    );
    const swipes = Promise.all(
      shoppers.flatMap((s) => [1, 2, 3].map((outfitId) => swipeUntilAnswered(s, outfitId))),
    );
    await firstOrderOf(db, keys);
    process.kill(victim!, 'SIGKILL');
    const first = await checkouts;
    for (const status of first) expect([0, 201]).toContain(status);
    for (const status of await swipes) expect(status).toBe(200);

    // Every checkout cut off by the kill is completed once when the shopper tries again.
    const again = await Promise.all(shoppers.map((s, i) => checkout(server, s, keys[i]!)));
    for (const [i, answer] of again.entries()) {
      if (first[i] === 201) expect(answer.status, answer.body).toBe(200);
      else expect([200, 201], answer.body).toContain(answer.status);
    }
    const [orders] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1::text[])',
      [keys],
    );
    expect(orders!.n).toBe(shoppers.length);
    expect(await checkoutLedger(db, pieces)).toEqual({
      empty_orders: 0,
      orphan_lines: 0,
      bad_totals: 0,
      stockMismatches: [],
      closetMismatches: [],
    });
    // Each swipe recorded exactly once.
    const recorded = await db.query<{ n: number; outfits: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (user_id, outfit_id))::int AS outfits
         FROM swipes s JOIN users u ON u.id = s.user_id WHERE u.username LIKE $1`,
      [`work${process.pid}x%`],
    );
    expect(recorded).toEqual([{ n: shoppers.length * 3, outfits: shoppers.length * 3 }]);

    // The primary replaced the dead worker, and the shop answers as before.
    await vi.waitFor(
      () => {
        const now = workerPids();
        expect(now).toHaveLength(2);
        expect(now).not.toContain(victim);
      },
      { timeout: 30_000, interval: 200 },
    );
    for (let i = 0; i < 10; i++) {
      expect((await call(server, 'GET', '/api/health')).status).toBe(200);
    }
  });

  it('stops every worker when the primary is asked to stop', async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);
    const alive = workers.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
