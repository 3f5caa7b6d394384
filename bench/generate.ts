import { createHmac } from 'node:crypto';
import type { Database } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { generateCatalog } from '../server/db/seed/catalog';
import { seedCatalogue } from '../server/db/seed/seed';
import { FeedQueue } from '../server/features/feed/queue';
import { hashPassword } from '../server/features/users/user.service';

/** Full scale (1): the sizes the performance issue asks for. Smaller scales shrink everything. */
export const FULL = {
  catalogueScale: 250, // ≈ 138,000 items, 20,000 outfits
  shoppers: 10_000,
  swipes: 1_000_000,
  favorites: 200_000,
  orders: 50_000,
} as const;

export const BENCH_PASSWORD = 'bench-password-1';
/** Shoppers whose sessions the load generator uses (with cookies `bench-<id>`). */
export const SESSION_SHOPPERS = 2_000;

/**
 * The heavy shoppers, at every scale: each has liked 2,000 outfits (half the catalogue's outfits
 * when it has fewer than 4,000, so their feed is not empty), hearted 500 pieces and placed 200
 * orders. Twenty of them, so the load spreads over shoppers as a typical shopper's does.
 */
export const HEAVY = { shoppers: 20, likes: 2_000, hearts: 500, orders: 200 } as const;

/**
 * Signed-in shoppers with no swipe and no queue yet: each one's first feed page is a first visit.
 * Each is asked once, so there are more than the fastest machine serves in a measurement.
 */
export const NEWCOMERS = 60_000;

/** The account the admin routes are measured with. */
export const BENCH_ADMIN = 'drape-bench-admin';

export interface ShopSize {
  catalogueScale: number;
  shoppers: number;
  swipes: number;
  favorites: number;
  orders: number;
}

export function sizeFor(scale: number): ShopSize {
  return {
    catalogueScale: Math.max(1, Math.round(FULL.catalogueScale * scale)),
    shoppers: Math.max(SESSION_SHOPPERS, Math.round(FULL.shoppers * scale)),
    swipes: Math.round(FULL.swipes * scale),
    favorites: Math.round(FULL.favorites * scale),
    orders: Math.round(FULL.orders * scale),
  };
}

/**
 * Ranks each shopper's feed afresh and queues it, with the server's own ranking. A shop in use
 * has a ranked feed waiting for each shopper who has been here (the server ranks it on their
 * first visit and keeps it fresh behind them); a first visit, ranked on the spot, is measured
 * separately. A shop measured again (`--reuse`) gets its queues ranked again too: the earlier
 * run's shoppers swiped through them, and a queue older than half an hour is stale.
 */
export async function queueFeeds(
  database: Database,
  userIds: readonly number[],
  log: (message: string) => void = () => {},
) {
  const started = Date.now();
  const queue = new FeedQueue(database, (error) => {
    throw error;
  });
  // Four at a time, as many as the connection pool holds.
  for (let i = 0; i < userIds.length; i += 4) {
    for (const userId of userIds.slice(i, i + 4)) queue.refill(userId);
    await queue.idle();
  }
  await queue.close();
  log(`queued feeds for ${userIds.length} shoppers (${Date.now() - started} ms)`);
}

/** The shoppers the load generator signs in as: the first `SESSION_SHOPPERS` benchmark users. */
export function sessionShoppers(first: number): number[] {
  return Array.from({ length: SESSION_SHOPPERS }, (_, i) => first + i);
}

export function sessionToken(userId: number): string {
  return `bench-session-${userId}-${'x'.repeat(24)}`;
}

const tokenHash = (secret: string, token: string) =>
  createHmac('sha256', secret).update(token).digest('base64url');

/** Signs `userIds` in with the given tokens (one session each), as logging in would. */
async function insertSessions(
  database: Database,
  secret: string,
  userIds: readonly number[],
  tokens: readonly string[],
) {
  await database.sql.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     SELECT h, u, now() + interval '7 days' FROM unnest($1::text[], $2::int[]) AS t(h, u)`,
    [tokens.map((t) => tokenHash(secret, t)), userIds],
  );
}

/**
 * `count` further sessions spread over `userIds`, each to be signed out once by the benchmark of
 * `POST /api/user/logout`; `tag` keeps each run's tokens apart. Returns their cookies.
 */
export async function spareSessions(
  database: Database,
  secret: string,
  userIds: readonly number[],
  count: number,
  tag: string,
): Promise<string[]> {
  const owners = Array.from({ length: count }, (_, i) => userIds[i % userIds.length]!);
  const tokens = owners.map((u, i) => `bench-spare-${tag}-${u}-${i}-${'x'.repeat(8)}`);
  await insertSessions(database, secret, owners, tokens);
  return tokens.map((t) => `drape_session=${t}`);
}

/** Everyone the benchmark signs in as, found by their usernames. */
export interface BenchPeople {
  /** The first benchmark shopper; the session shoppers follow it. */
  first: number;
  heavy: number[];
  newcomers: number[];
  admin: number;
}

export async function benchPeople(database: Database): Promise<BenchPeople | null> {
  const [ends] = await database.sql.query<{ first: number | null; admin: number | null }>(
    `SELECT (SELECT min(id)::int FROM users WHERE username LIKE 'bench%') AS first,
            (SELECT id FROM users WHERE username = $1) AS admin`,
    [BENCH_ADMIN],
  );
  if (!ends?.first || !ends.admin) return null;
  const ids = async (prefix: string) =>
    (
      await database.sql.query<{ id: number }>(
        'SELECT id FROM users WHERE username LIKE $1 ORDER BY id',
        [`${prefix}%`],
      )
    ).map((r) => r.id);
  return {
    first: ends.first,
    heavy: await ids('heavy'),
    newcomers: await ids('newcomer'),
    admin: ends.admin,
  };
}

/**
 * Bags left waiting, as in a shop in use: about one shopper in three of those the load generator
 * does not sign in as has up to four pieces in theirs (random items, the sold-out ones left out).
 * PostgreSQL plans the cart's statements from these rows: with cart_lines analysed empty, it kept
 * plans that read the whole table.
 */
export async function waitingCarts(database: Database, first: number) {
  await database.sql.query(
    `INSERT INTO cart_lines (user_id, item_id, quantity, added_at)
     SELECT c.user_id, i.id, 1, now() - c.age
       FROM (SELECT s.id AS user_id, random() * interval '30 days' AS age,
                    (1 + floor(random() * (SELECT max(id) FROM items)))::int AS item_id
               FROM (SELECT id FROM users
                      WHERE username LIKE 'bench%' AND id >= $1::int + $2::int
                        AND random() < 1.0 / 3) s,
                    generate_series(1, 4) n
              WHERE n = 1 OR random() < 0.5) c
       JOIN items i ON i.id = c.item_id AND i.stock > 0
     ON CONFLICT DO NOTHING`,
    [first, SESSION_SHOPPERS],
  );
}

/**
 * A measured run's newcomers have had their first visit: their queues are dropped, so that
 * measuring the shop again (`--reuse`) has them visit for the first time again.
 */
export async function forgetNewcomers(database: Database, newcomers: readonly number[]) {
  await database.sql.query('DELETE FROM feed_queue WHERE user_id = ANY($1::int[])', [newcomers]);
  await database.sql.query('DELETE FROM swipes WHERE user_id = ANY($1::int[])', [newcomers]);
}

/**
 * Every session made as fresh as a new shop's, as if just signed in. An hour after a session
 * was made its next request slides its expiry forward (a write); a new shopper's first visit,
 * just after signing up, has no such write, so a shop measured again (`--reuse`) an hour or
 * more after it was made would charge it to them.
 */
export async function freshSessions(database: Database) {
  await database.sql.query(
    "UPDATE sessions SET expires_at = now() + interval '7 days' WHERE expires_at > now()",
  );
}

/**
 * Fills a migrated, empty database. Rows are made by PostgreSQL itself (generate_series and a
 * seeded random()), so a million swipes take seconds, not minutes.
 */
export async function generateShop(
  database: Database,
  size: ShopSize,
  sessionSecret: string,
  log: (message: string) => void = () => {},
) {
  const { sql } = database;
  const t0 = Date.now();
  await migrate(database);
  const catalogue = await seedCatalogue(sql, generateCatalog({ scale: size.catalogueScale }));
  log(`catalogue: ${catalogue.items} items, ${catalogue.outfits} outfits (${Date.now() - t0} ms)`);
  // Bench checkouts must not run the shelves dry; sold-out items stay sold out.
  await sql.exec('UPDATE items SET stock = stock + 1000000 WHERE stock > 0');

  const hash = await hashPassword(BENCH_PASSWORD);
  await sql.query(
    `INSERT INTO users (username, password_hash, first_name, last_name, email)
     SELECT 'bench' || g, $1, 'Bench', 'Shopper ' || g, 'bench' || g || '@example.com'
       FROM generate_series(1, $2::int) g`,
    [hash, size.shoppers],
  );
  // After the typical shoppers, so their ids stay one run from the first.
  await sql.query(
    `INSERT INTO users (username, password_hash, first_name, last_name, email)
     SELECT 'heavy' || g, $1, 'Heavy', 'Shopper ' || g, 'heavy' || g || '@example.com'
       FROM generate_series(1, $2::int) g`,
    [hash, HEAVY.shoppers],
  );
  await sql.query(
    `INSERT INTO users (username, password_hash, first_name, last_name, email)
     SELECT 'newcomer' || g, $1, 'New', 'Shopper ' || g, 'newcomer' || g || '@example.com'
       FROM generate_series(1, $2::int) g`,
    [hash, NEWCOMERS],
  );
  await sql.query(
    `INSERT INTO users (username, password_hash, first_name, email, is_admin)
     VALUES ($1, $2, 'Bench', 'admin@example.com', true)`,
    [BENCH_ADMIN, hash],
  );
  const people = await benchPeople(database);
  if (!people) throw new Error('the benchmark accounts were not made');
  const lo = people.first;
  const { heavy } = people;
  const shoppers = size.shoppers;
  const outfits = catalogue.outfits;
  const items = catalogue.items;
  await sql.exec('SELECT setseed(0.42)');

  const t1 = Date.now();
  // Swipes: each shopper swipes a random run of outfits, about a third of them right.
  await sql.query(
    `INSERT INTO swipes (user_id, outfit_id, direction, created_at, occasion_id)
     SELECT s.user_id, s.outfit_id, s.direction, s.created_at, o.occasion_id
       FROM (SELECT $1::int + (g % $2::int) AS user_id,
                    1 + floor(random() * $3::int)::int AS outfit_id,
                    CASE WHEN random() < 0.33 THEN 'like' ELSE 'nope' END AS direction,
                    now() - (random() * interval '180 days') AS created_at
               FROM generate_series(1, $4::int) g) s
       JOIN outfits o ON o.id = s.outfit_id
     ON CONFLICT DO NOTHING`,
    [lo, shoppers, outfits, size.swipes],
  );
  // A heavy shopper's likes: distinct outfits, a run of them from a place of their own.
  await sql.query(
    `INSERT INTO swipes (user_id, outfit_id, direction, created_at, occasion_id)
     SELECT u, o.id, 'like', now() - (random() * interval '720 days'), o.occasion_id
       FROM unnest($1::int[]) u CROSS JOIN generate_series(0, $3::int - 1) k
       JOIN outfits o ON o.id = 1 + ((k + u * 977) % $2::int)
     ON CONFLICT DO NOTHING`,
    [heavy, outfits, Math.min(HEAVY.likes, Math.floor(outfits / 2))],
  );
  log(`swipes (${Date.now() - t1} ms)`);

  const t2 = Date.now();
  await sql.query(
    `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, quantity)
     SELECT $1::int + (g % $2::int), 1 + floor(random() * $3::int)::int, NULL, 'heart',
            1 + floor(random() * 3)::int
       FROM generate_series(1, $4::int) g
     ON CONFLICT DO NOTHING`,
    [lo, shoppers, items, size.favorites],
  );
  await sql.query(
    `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, quantity, created_at)
     SELECT u, 1 + ((k + u * 7919) % $2::int), NULL, 'heart', 1 + k % 3,
            now() - (random() * interval '720 days')
       FROM unnest($1::int[]) u CROSS JOIN generate_series(0, $3::int - 1) k
     ON CONFLICT DO NOTHING`,
    [heavy, items, Math.min(HEAVY.hearts, Math.floor(items / 2))],
  );
  // A like's pieces follow from its outfit until the shopper changes one of them; about one like
  // in ten has had a piece changed, and its pieces written out as the app does
  // (server/lib/liked-pieces.ts), one of them in another quantity.
  await sql.exec(
    `WITH changed AS (
       UPDATE swipes SET pieces_written = true
        WHERE direction = 'like' AND random() < 0.1
       RETURNING user_id, outfit_id, created_at
     )
     INSERT INTO item_favorites (user_id, item_id, outfit_id, source, quantity, created_at)
     SELECT c.user_id, oi.item_id, c.outfit_id, 'outfit',
            CASE WHEN oi.slot = 'top' THEN 2 ELSE 1 END, c.created_at
       FROM changed c JOIN outfit_items oi ON oi.outfit_id = c.outfit_id
     ON CONFLICT DO NOTHING`,
  );
  log(`favourites (${Date.now() - t2} ms)`);

  const t3 = Date.now();
  await sql.query(
    `INSERT INTO addresses (user_id, nickname, street_address, city, state, zip, preferred)
     SELECT u, 'Home', (100 + u) || ' Market Street', 'Portland', 'OR', '97205', true
       FROM (SELECT $1::int + g AS u FROM generate_series(0, $2::int - 1) g
             UNION ALL SELECT unnest($3::int[])) s`,
    [lo, shoppers, heavy],
  );
  await waitingCarts(database, lo);
  // One order in ten (a heavy shopper's: one in four) is a whole outfit, so closets hold
  // outfits: one of the five orders of every other shopper. The others are two pieces. Numbers
  // have the app's form (DR-YYMMDD-…); the U, which the app's base 32 never writes, keeps them
  // apart from the numbers checkouts will give.
  await sql.query(
    `INSERT INTO orders (number, user_id, idempotency_key, payment_method, payment_reference,
                         subtotal_cents, shipping_cents, total_cents, ship_nickname,
                         ship_street_address, ship_city, ship_state, ship_zip, arrives_from,
                         arrives_to, created_at)
     SELECT 'DR-' || to_char(at, 'YYMMDD') || '-U' || tail, u,
            CASE WHEN look THEN 'bench-look-' ELSE 'bench-key-' END || tail,
            'paypal', 'sandbox-' || tail, 0, 1999, 1999, 'Home', '1 Market Street', 'Portland',
            'OR', '97205', current_date + 3, current_date + 5, at
       FROM (SELECT lpad(g::text, 6, '0') AS tail, $1::int + (g % $2::int) AS u,
                    (g / $2::int + g) % 10 = 0 AS look,
                    now() - (random() * interval '365 days') AS at
               FROM generate_series(1, $3::int) g
             UNION ALL
             SELECT u || 'K' || lpad(k::text, 3, '0'), u, k % 4 = 0,
                    now() - (random() * interval '365 days')
               FROM unnest($4::int[]) u CROSS JOIN generate_series(1, $5::int) k) o`,
    [lo, shoppers, size.orders, heavy, HEAVY.orders],
  );
  await sql.query(
    `INSERT INTO order_lines (order_id, item_id, product_id, name, color, size, image,
                              unit_price_cents, quantity, line_total_cents)
     SELECT o.id, i.id, i.product_id, i.name, i.color, i.size, i.image, i.price_cents, 1, i.price_cents
       FROM orders o
       CROSS JOIN LATERAL generate_series(1, 2) k
       JOIN items i ON i.id = 1 + ((o.id * 7919 + k * 104729) % $1::int)
      WHERE o.idempotency_key LIKE 'bench-key-%'`,
    [items],
  );
  await sql.query(
    `INSERT INTO order_lines (order_id, item_id, product_id, name, color, size, image,
                              unit_price_cents, quantity, line_total_cents)
     SELECT o.id, i.id, i.product_id, i.name, i.color, i.size, i.image, i.price_cents, 1, i.price_cents
       FROM orders o
       JOIN outfit_items oi ON oi.outfit_id = 1 + ((o.id * 7919) % $1::int)
       JOIN items i ON i.id = oi.item_id
      WHERE o.idempotency_key LIKE 'bench-look-%'`,
    [outfits],
  );
  await sql.exec(
    `UPDATE orders o SET subtotal_cents = s.sum, total_cents = s.sum + o.shipping_cents
       FROM (SELECT order_id, sum(line_total_cents)::int AS sum FROM order_lines GROUP BY order_id) s
      WHERE s.order_id = o.id AND o.idempotency_key LIKE 'bench-%'`,
  );
  await sql.exec(
    `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
     SELECT o.user_id, l.item_id, l.product_id, sum(l.quantity)::int
       FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.idempotency_key LIKE 'bench-%'
      GROUP BY o.user_id, l.item_id, l.product_id
     ON CONFLICT DO NOTHING`,
  );
  log(`orders and closets (${Date.now() - t3} ms)`);

  // Sessions for the shoppers the load generator signs in as.
  const ids = sessionShoppers(lo);
  const signedIn = [...ids, ...heavy, ...people.newcomers, people.admin];
  await insertSessions(database, sessionSecret, signedIn, signedIn.map(sessionToken));
  await sql.exec('ANALYZE');

  await queueFeeds(database, [...ids, ...heavy], log);

  // A shop in use has its tables vacuumed and its writes checkpointed; left to themselves after
  // a bulk load, autovacuum and the next checkpoint would run in the middle of the measurements.
  const t5 = Date.now();
  await sql.exec('VACUUM (ANALYZE)');
  if (database.driver === 'postgres') await sql.exec('CHECKPOINT');
  log(`vacuumed (${Date.now() - t5} ms)`);
  log(`total ${Date.now() - t0} ms`);
  return { people, sessionShoppers: ids, items, outfits };
}
