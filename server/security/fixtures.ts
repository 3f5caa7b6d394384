import { createHmac, randomBytes } from 'node:crypto';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { SLOTS, type Slot } from '../../contracts/catalog';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../plugins/auth';
import type { TestApp } from '../test/test-app';

/** Who is calling: nobody, two ordinary shoppers, and an administrator. */
export const ACTORS = ['visitor', 'shopperA', 'shopperB', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedIn = Exclude<Actor, 'visitor'>;
const SIGNED_IN: SignedIn[] = ['shopperA', 'shopperB', 'admin'];

/** One request, as the tables describe it. */
export interface Req {
  method: HTTPMethods;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** What a shopper owns at the start: one of each kind of private row. */
export interface Holdings {
  addressId: number;
  orderNumber: string;
  /** An outfit all five of whose products this shopper bought (and no other actor did). */
  closetOutfitId: number;
  /** A piece in the cart that no other actor ever puts in theirs. */
  cartItemId: number;
  /** The outfit they swiped right on, and one piece it brought to their favourites. */
  likedOutfitId: number;
  likedItemId: number;
  /** A piece hearted from search, with a sibling in another colour and another size. */
  heartedItemId: number;
}

export interface Catalogue {
  /** Five items, one per slot, for building outfits. */
  slotItems: Record<Slot, number>;
  /** A picture path as items carry it. */
  image: string;
  productId: number;
  /** Items whose product has another colour in the same size and another size in the same colour. */
  variantItems: { itemId: number; otherColor: string; otherSize: string }[];
}

const PASSWORD = 'correct-horse-battery';

/** Table digests: any write anywhere shows up as a changed entry. */
export type Digest = Record<string, string>;

/**
 * A seeded shop with three accounts (shopper A, shopper B, admin), each holding an address, an
 * order, a closet outfit, a cart line and favourites, plus helpers to call the app as any of them.
 */
export class SecurityFixture {
  readonly users = {} as Record<SignedIn, { id: number; username: string }>;
  readonly holdings = {} as Record<SignedIn, Holdings>;
  readonly catalogue = {} as Catalogue;
  /** Every response body seen, for the password-hash scan. */
  readonly bodies: string[] = [];
  private outfitPool: number[] = [];
  private itemPool: number[] = [];
  private variantPool: Catalogue['variantItems'] = [];
  private counter = 0;

  constructor(readonly t: TestApp) {}

  get sql() {
    return this.t.db.database.sql;
  }

  /** The items an outfit was designed with: one valid choice of colour and size per piece. */
  async outfitItemIds(outfitId: number): Promise<number[]> {
    const rows = await this.sql.query<{ item_id: number }>(
      'SELECT item_id FROM outfit_items WHERE outfit_id = $1 ORDER BY item_id',
      [outfitId],
    );
    return rows.map((r) => r.item_id);
  }

  unique(prefix: string): string {
    this.counter += 1;
    return `${prefix}${process.pid}x${this.counter}`;
  }

  static async create(t: TestApp): Promise<SecurityFixture> {
    const f = new SecurityFixture(t);
    await f.setUp();
    return f;
  }

  private async setUp() {
    // Plenty of stock, so no case trips over a sold-out piece by accident.
    await this.sql.query('UPDATE items SET stock = 500');
    for (const actor of SIGNED_IN) {
      const username = this.unique(actor.toLowerCase());
      const res = await this.t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { username, password: PASSWORD, isAdmin: actor === 'admin' },
      });
      if (res.statusCode !== 201) throw new Error(`register ${actor}: ${res.body}`);
      this.users[actor] = { id: res.json<{ id: number }>().id, username };
    }

    const [first] = await this.sql.query<{ image: string; product_id: number }>(
      'SELECT image, product_id FROM items ORDER BY id LIMIT 1',
    );
    this.catalogue.image = first!.image;
    this.catalogue.productId = first!.product_id;
    const slotRows = await this.sql.query<{ slot: Slot; item_id: number }>(
      'SELECT slot, item_id FROM outfit_items WHERE outfit_id = (SELECT min(id) FROM outfits)',
    );
    this.catalogue.slotItems = Object.fromEntries(
      slotRows.map((r) => [r.slot, r.item_id]),
    ) as Record<Slot, number>;
    if (SLOTS.some((s) => !this.catalogue.slotItems[s])) throw new Error('no complete outfit');
    this.catalogue.variantItems = await this.sql.query<{
      itemId: number;
      otherColor: string;
      otherSize: string;
    }>(
      `SELECT DISTINCT ON (i.product_id) i.id AS "itemId", c.color AS "otherColor",
              s.size AS "otherSize"
         FROM items i
         JOIN LATERAL (SELECT color FROM items o WHERE o.product_id = i.product_id
                          AND o.size = i.size AND o.color <> i.color ORDER BY o.id LIMIT 1) c ON true
         JOIN LATERAL (SELECT size FROM items o WHERE o.product_id = i.product_id
                          AND o.color = i.color AND o.size <> i.size ORDER BY o.id LIMIT 1) s ON true
        ORDER BY i.product_id, i.id LIMIT 40`,
    );

    this.variantPool = this.catalogue.variantItems.slice(SIGNED_IN.length);

    // Closets: three outfits with no product in common, one per actor.
    const outfitProducts = await this.sql.query<{ outfit_id: number; products: number[] }>(
      `SELECT oi.outfit_id, array_agg(i.product_id ORDER BY i.product_id) AS products
         FROM outfit_items oi JOIN items i ON i.id = oi.item_id
        GROUP BY oi.outfit_id ORDER BY oi.outfit_id`,
    );
    const taken = new Set<number>();
    const closetOutfits: number[] = [];
    for (const row of outfitProducts) {
      if (closetOutfits.length === SIGNED_IN.length) break;
      if (row.products.some((p) => taken.has(p))) continue;
      for (const p of row.products) taken.add(p);
      closetOutfits.push(row.outfit_id);
    }
    const rest = outfitProducts.map((r) => r.outfit_id).filter((id) => !closetOutfits.includes(id));
    const liked = rest.splice(0, SIGNED_IN.length);
    this.outfitPool = rest;
    this.itemPool = (
      await this.sql.query<{ id: number }>(
        `SELECT id FROM items WHERE id NOT IN (SELECT item_id FROM outfit_items)
            AND product_id <> ALL($1::int[]) ORDER BY id`,
        [[...taken]],
      )
    ).map((r) => r.id);

    for (const [index, actor] of SIGNED_IN.entries()) {
      const addressId = await this.newAddress(actor);
      await this.must(actor, {
        method: 'POST',
        url: '/api/cart/outfit',
        payload: {
          outfitId: closetOutfits[index],
          itemIds: await this.outfitItemIds(closetOutfits[index]!),
        },
      });
      const order = await this.must(actor, {
        method: 'PUT',
        url: '/api/buy',
        payload: { addressId, paymentMethod: 'paypal', idempotencyKey: this.unique('setup-key-') },
      });
      const cartItemId = this.nextItem();
      await this.must(actor, { method: 'POST', url: '/api/cart', payload: { itemId: cartItemId } });
      const likedOutfitId = liked[index]!;
      await this.must(actor, {
        method: 'POST',
        url: '/api/outfit/favorite',
        payload: { outfitId: likedOutfitId },
      });
      const [piece] = await this.sql.query<{ item_id: number }>(
        "SELECT item_id FROM outfit_items WHERE outfit_id = $1 AND slot = 'top'",
        [likedOutfitId],
      );
      const heartedItemId = this.catalogue.variantItems[index]!.itemId;
      await this.must(actor, {
        method: 'POST',
        url: '/api/item/search/favorite',
        payload: { itemId: heartedItemId },
      });
      this.holdings[actor] = {
        addressId,
        orderNumber: order.json<{ number: string }>().number,
        closetOutfitId: closetOutfits[index]!,
        cartItemId,
        likedOutfitId,
        likedItemId: piece!.item_id,
        heartedItemId,
      };
    }
  }

  /** An outfit nobody has swiped or bought yet. */
  nextOutfit(): number {
    const id = this.outfitPool.shift();
    if (id === undefined) throw new Error('out of spare outfits');
    return id;
  }

  /** A piece in no outfit and no closet, for cart lines. */
  nextItem(): number {
    const id = this.itemPool.shift();
    if (id === undefined) throw new Error('out of spare items');
    return id;
  }

  /** A variant piece (with siblings) not used by the holdings or by any earlier call. */
  variantItem(): Catalogue['variantItems'][number] {
    const variant = this.variantPool.shift();
    if (variant === undefined) throw new Error('out of spare variant pieces');
    return variant;
  }

  /**
   * A fresh session for a user, written the way the auth plugin writes them, so each call can
   * have its own (sign-out and sign-in cases then cannot end anyone else's).
   */
  sessionCookie(actor: SignedIn): Promise<string> {
    return this.cookieFor(this.users[actor].id);
  }

  async cookieFor(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = createHmac('sha256', this.t.app.config.sessionSecret)
      .update(token)
      .digest('base64url');
    await this.sql.query(
      'INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)',
      [tokenHash, userId, new Date(Date.now() + SESSION_TTL_MS)],
    );
    return `${SESSION_COOKIE}=${token}`;
  }

  async call(actor: Actor, req: Req, cookie?: string): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    const session = cookie ?? (actor === 'visitor' ? undefined : await this.sessionCookie(actor));
    if (session) headers.cookie = session;
    let payload: string | Buffer | undefined;
    if (req.payload !== undefined) {
      headers['content-type'] = 'application/json';
      payload =
        typeof req.payload === 'string' || Buffer.isBuffer(req.payload)
          ? req.payload
          : JSON.stringify(req.payload);
    }
    const response = await this.t.app.inject({
      method: req.method,
      url: req.url,
      headers: { ...headers, ...(req.headers ?? {}) },
      ...(payload === undefined ? {} : { payload }),
    });
    this.bodies.push(response.body);
    return response;
  }

  /** A set-up call that has to succeed. */
  async must(actor: Actor, req: Req): Promise<LightMyRequestResponse> {
    const res = await this.call(actor, req);
    if (res.statusCode >= 300) {
      throw new Error(`set-up ${req.method} ${req.url} as ${actor}: ${res.statusCode} ${res.body}`);
    }
    return res;
  }

  async newAddress(actor: SignedIn): Promise<number> {
    const res = await this.must(actor, {
      method: 'POST',
      url: '/api/shipping',
      payload: {
        // A shopper's addresses each have their own nickname (0063).
        nickname: this.unique('Home '),
        recipient_name: 'Sam Rivera',
        phone: '(555) 010-0142',
        street_address: '12 Orchard Lane',
        city: 'Portland',
        state: 'OR',
        zip: '97201',
      },
    });
    return res.json<{ id: number }>().id;
  }

  async newOutfit(): Promise<number> {
    const res = await this.must('admin', {
      method: 'POST',
      url: '/api/design/outfit/create',
      payload: {
        name: this.unique('Fixture look '),
        occasion: 3,
        item_ids: this.catalogue.slotItems,
      },
    });
    return res.json<{ id: number }>().id;
  }

  /** md5 of every table's rows; sessions by token and user only (their expiry slides). */
  async digest(): Promise<Digest> {
    // Left out, as never data a shopper made: feed_queue, each shopper's feed ranked ahead of
    // time, which any read of the feed may rank again; rate_limit_windows, which counts every
    // attempt at a limited route, refused or not.
    const tables = await this.sql.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
          AND table_name NOT IN ('feed_queue', 'rate_limit_windows')
        ORDER BY table_name`,
    );
    const parts = tables.map(({ name }) => {
      const row = name === 'sessions' ? '(t.token_hash, t.user_id)' : 't';
      return `SELECT '${name}' AS name,
                     coalesce(md5(string_agg(${row}::text, ',' ORDER BY ${row}::text)), '') AS md5
                FROM "${name}" t`;
    });
    const rows = await this.sql.query<{ name: string; md5: string }>(parts.join(' UNION ALL '));
    return Object.fromEntries(rows.map((r) => [r.name, r.md5]));
  }
}

/** `/api/cart/:itemId` with its parameters filled in. */
export function fillPath(url: string, params: Record<string, string | number>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(String(value));
  });
}
