import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../server/db/client';
import {
  type Answer,
  call,
  createDatabase,
  newShopper,
  type Server,
  type Shopper,
  sleep,
  startServer,
  stockPieces,
  stopAllServers,
  type TestDatabase,
} from './support';

let db: TestDatabase;
let server: Server;
let shopper: Shopper;
let pieces: number[];

beforeAll(async () => {
  db = await createDatabase();
  pieces = [...(await stockPieces(db, 40)).keys()];
  // Six cart writes wait behind a lock below, each holding a connection; the reads need their own.
  server = await startServer(db.url, undefined, { DATABASE_POOL_SIZE: '10' });
  shopper = await newShopper(server, `sigterm${process.pid}`);
});
afterAll(async () => {
  await stopAllServers();
  await db?.drop();
});

describe('SIGTERM under load', () => {
  it('lets every request in flight finish, then exits 0', async () => {
    // Hold the cart table locked so the cart requests are certainly in flight (waiting inside
    // PostgreSQL) when the signal comes; the catalogue reads run beside them.
    const locker = await openPostgres(db.url, { max: 1 });
    const answers = await locker.withConnection(async (tx) => {
      await tx.query('BEGIN');
      await tx.query('LOCK TABLE cart_lines IN ACCESS EXCLUSIVE MODE');
      const requests: Promise<Answer>[] = [];
      let answered = 0;
      const track = (p: Promise<Answer>) =>
        p.finally(() => {
          answered += 1;
        });
      for (let i = 0; i < 6; i++) {
        requests.push(
          track(
            call(server, 'POST', '/api/cart', {
              cookie: shopper.cookie,
              body: { itemId: pieces[i]!, quantity: 1 },
            }),
          ),
          track(call(server, 'GET', '/api/item/all?limit=100')),
        );
      }
      // Wait until the cart writes queue up behind the lock (and the reads are done).
      const deadline = Date.now() + 10_000;
      let waiting = 0;
      while (Date.now() < deadline && (waiting === 0 || answered < 6)) {
        await sleep(50);
        const [row] = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        waiting = row!.n;
      }
      expect(waiting).toBeGreaterThan(0);
      const inFlight = requests.length - answered;
      expect(inFlight).toBe(6);

      server.child.kill('SIGTERM');
      await sleep(500);
      // Still there: it does not leave while requests are unanswered.
      expect(server.child.exitCode).toBeNull();
      await tx.query('COMMIT');
      return Promise.all(requests);
    });
    await locker.close();

    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect(() => answer.json()).not.toThrow();
    const exit = await Promise.race([server.exited, sleep(15_000).then(() => 'timeout' as const)]);
    expect(exit).toEqual({ code: 0, signal: null });
    // Every cart write that was answered is really there.
    const [cart] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_lines');
    expect(cart!.n).toBe(6);
    await expect(call(server, 'GET', '/api/health/live')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('keeps answering the load it already has while a second wave is turned away cleanly', async () => {
    server = await startServer(db.url);
    const answers: (Answer | Error)[] = [];
    const deadline = Date.now() + 4000;
    let signalled = false;
    const workers = [0, 1, 2, 3, 4, 5].map(async () => {
      while (Date.now() < deadline && answers.length < 600) {
        try {
          answers.push(await call(server, 'GET', '/api/item/all?limit=50'));
        } catch (error) {
          answers.push(error as Error);
          if (signalled) return;
        }
      }
    });
    await sleep(800);
    signalled = true;
    server.child.kill('SIGTERM');
    await Promise.all(workers);
    const exit = await Promise.race([server.exited, sleep(15_000).then(() => 'timeout' as const)]);
    expect(exit).toEqual({ code: 0, signal: null });

    const responses = answers.filter((a): a is Answer => !(a instanceof Error));
    const failures = answers.filter((a): a is Error => a instanceof Error);
    expect(responses.length).toBeGreaterThan(10);
    // An answer is a whole 200, or a 503 "closing" for a request that came in after the signal;
    // a request that found the door shut was refused at connect, never cut off half-way.
    for (const r of responses) expect([200, 503]).toContain(r.status);
    for (const r of responses.filter((a) => a.status === 200)) expect(() => r.json()).not.toThrow();
    for (const e of failures) expect(e.message).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up/);
    expect(failures.filter((e) => !/ECONNREFUSED/.test(e.message)).length).toBeLessThanOrEqual(6);
  });
});
