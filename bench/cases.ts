import type { FastifySchema } from 'fastify';
import type { Slot } from '../contracts/catalog';
import { ROUTE } from './budgets';

export { heavyName } from './budgets';

/**
 * Every route the app registers, keyed `METHOD path` as in `app.routeTable`, and how the
 * benchmark measures it (`cases.test.ts` fails when a route has neither a case here nor a reason
 * in `NOT_BENCHED`).
 */

/** A request as the load generator sends it. */
export interface Req {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Who sends a route's requests: a signed-in shopper, the admin, or nobody signed in. */
export type Caller = 'shopper' | 'admin' | 'visitor';

/** What the cases need to know of the generated shop (read from it before the measurements). */
export interface CaseContext {
  /** Outfit ids run from 1 to this. */
  outfits: number;
  /** Ids of items in stock: a sold-out item is a correct 409, not what is being measured. */
  stocked: number[];
  products: number[];
  /** Words of the catalogue's product names. */
  words: string[];
  /** Every picture the items name (`/images/items/…`). */
  pictures: string[];
  occasions: { id: number; name: string }[];
  categories: { id: number; name: string }[];
  /** Each typical shopper's own address (by cookie). */
  addresses: Map<string, number>;
  /** A typical shopper and the number of one of their orders. */
  orders: [cookie: string, number: string][];
  /**
   * A shopper, one of their liked outfits and a piece of it: the checkout's shoppers, whose likes
   * the swipes measured before leave alone.
   */
  likedPieces: [cookie: string, outfitId: number, itemId: number][];
  /** A typical shopper and an outfit their closet holds. */
  closetOutfits: [cookie: string, outfitId: number][];
  /** Outfits whose five pieces are all in stock, the pieces by slot. */
  looks: { outfitId: number; items: Record<Slot, number> }[];
  /** Items in stock made in another colour of the same size and another size of the same colour. */
  variants: {
    itemId: number;
    color: string;
    size: string;
    otherColor: string;
    otherColorId: number;
    otherSize: string;
    otherSizeId: number;
  }[];
  /** Sessions of typical shoppers made to be signed out, each once. */
  spareSessions: string[];
  /** Sets this run's usernames and outfit names apart from an earlier run's. */
  tag: string;
}

/** A shopper a case acts as, and how it sends them an untimed request. */
export interface Shopper {
  /** The session cookie; each worker has shoppers of its own, so turns of one never overlap. */
  cookie: string;
  /** An untimed request; anything but a 2xx answer fails the turn. Returns the answer's body. */
  must(req: Req): Promise<string>;
}

/** One turn of a flow: the shopper it acts as, and untimed requests before the timed one. */
export interface Turn extends Shopper {
  /** What the case remembers of this shopper (for the admin: of this worker) between turns. */
  own: Record<string, unknown>;
  /** What the case's `layIn` laid in for this shopper and no turn has taken yet. */
  laidIn: string[];
}

/** The timed request of a turn, and what to do with its answer. */
export interface Timed {
  request: Req;
  answered?(body: string): void;
}

export interface BenchCase {
  caller: Caller;
  /**
   * The rows of the suite's own scenarios (`run.ts`) that measure this route for a typical
   * caller; the route sweep then measures it only for the heavy shopper, if at all.
   */
  scenarios?: readonly string[];
  /** One request of a closed loop that needs nothing set up, as the shopper `cookie`. */
  request?(c: CaseContext, cookie: string): Req;
  /**
   * The same list narrowed as its contract lets a caller narrow it (searched, one occasion), each
   * a row of its own named `narrowedName(key, label)`, and for the heavy shopper too when the
   * route runs heavy.
   */
  narrowed?: Record<string, (c: CaseContext, cookie: string) => Req>;
  /** Untimed steps, then the timed request: for writes that need something to act on. */
  flow?(c: CaseContext, turn: Turn): Promise<Timed>;
  /**
   * What the flow's turns act on, laid in for each shopper before the row's warm-up, outside
   * its measured window (each an id, or the path's ids, as text): a turn takes one
   * (`turn.laidIn`), and makes its own untimed step only once its shopper's have run out, so
   * that the row times the route and not the step before it.
   */
  layIn?(c: CaseContext, shopper: Shopper): Promise<string[]>;
  /**
   * Untimed requests sent once before the row, so that it times the route as a shop that has
   * been running serves it.
   */
  warm?(c: CaseContext): Req[];
  /**
   * Also measured for the heavy shopper though not a paged list: the answer depends on the
   * shopper's history (counts, the feed, search marking what they hearted).
   */
  history?: true;
  /** Flows acting as the checkout's shoppers, for writes that would change what later rows read. */
  buyers?: true;
  /** Why the per-route budget does not judge this route. */
  exempt?: string;
}

const pick = <T>(list: readonly T[]): T => {
  if (list.length === 0) throw new Error('the shop has nothing to pick from for this case');
  return list[Math.floor(Math.random() * list.length)]!;
};
const id = (n: number) => 1 + Math.floor(Math.random() * n);

const get = (path: string, cookie = ''): Req => ({
  method: 'GET',
  path,
  headers: cookie ? { cookie } : {},
});
/** A write; without a body it sends no content type, as an empty JSON body is refused. */
function write(method: string, path: string, cookie: string, body?: unknown): Req {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body === undefined) return { method, path, headers };
  return {
    method,
    path,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** The address the cases give shoppers. */
export const ADDRESS = {
  nickname: 'Studio',
  recipient_name: 'Sam Rivera',
  phone: '(555) 010-0142',
  street_address: '88 Canal Street',
  city: 'New York',
  state: 'NY',
  zip: '10013',
};

/** A new address for a shopper: each of a shopper's addresses has its own nickname (0063). */
let addressesMade = 0;
const newAddress = () => ({ ...ADDRESS, nickname: `Studio ${++addressesMade}` });

/** Letters most names hold: a favourites search that matches most of the list, as in issue 25. */
const BROAD = ['a', 'e', 'o', 'r'];
/** `q=` a word of the catalogue's names, as a shopper or the admin types it into a search. */
const wordQuery = (c: CaseContext) => `q=${encodeURIComponent(pick(c.words))}`;
const OUTFIT_WORDS = ['night', 'brunch', 'weekend', 'office', 'linen', 'city', 'travel'];

const FLOOR = 'the floor every ratio is measured against';
const HASHING = 'it hashes a password, slow on purpose (argon2id, 19 MiB, two passes)';

let serial = 0;
let spareUsed = 0;
const unique = (c: CaseContext, prefix: string) => `${prefix}${c.tag}-${++serial}`;

/**
 * Room in the turn's cart for `lines` more: the cart is emptied (untimed) the first time a case
 * meets the shopper and whenever it would pass 40 of its 50 lines.
 */
async function cartRoom(turn: Turn, lines: number) {
  const held = turn.own.cartLines as number | undefined;
  if (held === undefined || held + lines > 40) {
    await turn.must(write('DELETE', '/api/buy', turn.cookie));
    turn.own.cartLines = 0;
  }
  turn.own.cartLines = (turn.own.cartLines as number) + lines;
}

async function inCart(turn: Turn, itemId: number) {
  await cartRoom(turn, 1);
  await turn.must(write('POST', '/api/cart', turn.cookie, { itemId }));
}

/**
 * Something in the turn's cart to pay for: a piece added (untimed) on the case's first turn only,
 * so that a payment's row times the payment, not a cart add beside each one.
 */
async function somethingToPay(c: CaseContext, turn: Turn) {
  if (!turn.own.cartLines) await inCart(turn, pick(c.stocked));
}

/** A payment opened (untimed) for the turn's cart. */
async function openPayment(c: CaseContext, turn: Turn): Promise<string> {
  await somethingToPay(c, turn);
  return paymentOpened(c, turn);
}

/** A payment opened (untimed) on the shopper's cart as it stands: its id. */
async function paymentOpened(c: CaseContext, shopper: Shopper): Promise<string> {
  const body = await shopper.must(
    write('POST', '/api/payments', shopper.cookie, {
      addressId: c.addresses.get(shopper.cookie),
      paymentMethod: 'paypal',
    }),
  );
  return (JSON.parse(body) as { id: string }).id;
}

const pass = (cookie: string, outfitId: number) =>
  write('POST', '/api/outfit/reject', cookie, { outfitId });
const like = (cookie: string, outfitId: number) =>
  write('POST', '/api/outfit/favorite', cookie, { outfitId });
const heartOnCard = (cookie: string, itemId: number, outfitId: number) =>
  write('POST', '/api/item/favorite', cookie, { itemId, outfitId });
const heartFromSearch = (cookie: string, itemId: number) =>
  write('POST', '/api/item/search/favorite', cookie, { itemId });

/**
 * The piece hearted on its own and its other variant not hearted: a change to that variant is
 * not a 409. A heart an earlier row gave either on a card is taken first, wherever it is: a piece
 * has one heart, so hearting it again would leave it on the card.
 */
async function heartOnly(turn: Turn, itemId: number, otherId: number) {
  await turn.must(write('DELETE', `/api/item/search/unfavorite/${otherId}`, turn.cookie));
  await turn.must(write('DELETE', `/api/item/search/unfavorite/${itemId}`, turn.cookie));
  await turn.must(heartFromSearch(turn.cookie, itemId));
}

const WANTED_MOST = 9;

/**
 * How many things a case's `layIn` lays in for each shopper: more than a row's turns take of
 * one shopper (its 1,000 shoppers' turns in 5 s at up to 6,000 a second come to 30 each).
 */
export const LAID_IN = 32;

/** `LAID_IN` different values of `draw`, or as many as a hundred draws each find. */
function different<T>(draw: () => T): T[] {
  const drawn = new Set<T>();
  for (let tries = 0; drawn.size < LAID_IN && tries < 100 * LAID_IN; tries++) drawn.add(draw());
  return [...drawn];
}

/**
 * Passes on the cards of the shopper's feed, page after page, as a shopper makes them, `count`
 * of them or as many as the feed holds: a swipe, and so its undo, is of a card the shopper was
 * just shown.
 */
async function passOnFeed(shopper: Shopper, count: number): Promise<string[]> {
  const passed: string[] = [];
  while (passed.length < count) {
    const body = await shopper.must(get('/api/outfit/home', shopper.cookie));
    const { outfits } = JSON.parse(body) as { outfits: { id: number }[] };
    if (outfits.length === 0) break;
    for (const { id: outfitId } of outfits.slice(0, count - passed.length)) {
      await shopper.must(pass(shopper.cookie, outfitId));
      passed.push(String(outfitId));
    }
  }
  return passed;
}

/** `LAID_IN` payments opened on the shopper's cart, emptied and given one piece first. */
async function paymentsOpened(c: CaseContext, shopper: Shopper): Promise<string[]> {
  await shopper.must(write('DELETE', '/api/buy', shopper.cookie));
  await shopper.must(write('POST', '/api/cart', shopper.cookie, { itemId: pick(c.stocked) }));
  const opened: string[] = [];
  while (opened.length < LAID_IN) opened.push(await paymentOpened(c, shopper));
  return opened;
}

/**
 * For the favourite quantity's writes: one piece a shopper, hearted afresh on their first turn,
 * whose quantity each turn's timed write moves by `step` between 1 and 9; at either end one
 * untimed write takes it back to where the steps start.
 */
async function wantedFrom(c: CaseContext, turn: Turn, step: 1 | -1): Promise<number> {
  const start = step > 0 ? 1 : WANTED_MOST;
  if (turn.own.wanted === undefined) {
    turn.own.piece = pick(c.stocked);
    await heartAfresh(turn, turn.own.piece as number);
    turn.own.wanted = 1;
  }
  const itemId = turn.own.piece as number;
  const wanted = turn.own.wanted as number;
  if (wanted + step < 1 || wanted + step > WANTED_MOST) {
    const back = start - wanted;
    await turn.must(
      back > 0
        ? write('POST', '/api/favorites/items/increase', turn.cookie, {
            itemId,
            qty: back,
            outfitId: null,
          })
        : write(
            'DELETE',
            `/api/favorites/items/decrease/${itemId}/${-back}?outfitId=null`,
            turn.cookie,
          ),
    );
    turn.own.wanted = start;
  }
  turn.own.wanted = (turn.own.wanted as number) + step;
  return itemId;
}

/** A piece hearted afresh from search: quantity 1, whatever the shopper held before. */
async function heartAfresh(turn: Turn, itemId: number) {
  await turn.must(write('DELETE', `/api/item/search/unfavorite/${itemId}`, turn.cookie));
  await turn.must(heartFromSearch(turn.cookie, itemId));
}

type Variant = CaseContext['variants'][number];
type Side = { itemId: number; color: string; size: string };

/**
 * For writes that move a piece to another colour or size: the shopper's piece on their first
 * turn (`start` puts it where the write finds it, untimed), then from one variant to the other
 * and back, a turn each, so that no turn after the first needs an untimed step. Returns the
 * variant the piece is in and the one it moves to.
 */
async function backAndForth(
  c: CaseContext,
  turn: Turn,
  by: 'color' | 'size',
  start: (v: Variant) => Promise<void>,
): Promise<[Side, Side]> {
  let sides = turn.own.sides as [Side, Side] | undefined;
  if (!sides) {
    const v = pick(c.variants);
    const other =
      by === 'color'
        ? { itemId: v.otherColorId, color: v.otherColor, size: v.size }
        : { itemId: v.otherSizeId, color: v.color, size: v.otherSize };
    sides = [{ itemId: v.itemId, color: v.color, size: v.size }, other];
    await start(v);
  } else {
    sides = [sides[1], sides[0]];
  }
  turn.own.sides = sides;
  return sides;
}

/** An outfit the admin made (untimed), with a name of its own. */
async function newOutfit(c: CaseContext, turn: Turn): Promise<number> {
  const body = await turn.must(
    write('POST', '/api/design/outfit/create', turn.cookie, outfitBody(c, 'Bench look ')),
  );
  return (JSON.parse(body) as { id: number }).id;
}

const outfitBody = (c: CaseContext, prefix: string) => ({
  name: unique(c, prefix),
  occasion: pick(c.occasions).id,
  item_ids: pick(c.looks).items,
});

/** A closet list of the shopper's, and the same request with a word searched (`?q=`). */
function closetList(path: (c: CaseContext) => string): BenchCase {
  return {
    caller: 'shopper',
    request: (c, k) => get(path(c), k),
    narrowed: { searched: (c, k) => get(`${path(c)}?${wordQuery(c)}`, k) },
  };
}

const slotCase = (slot: Slot): BenchCase => ({
  caller: 'admin',
  request: (c, cookie) => get(`/api/design/${slot}/${id(c.outfits)}`, cookie),
});

export const BENCH_CASES: Record<string, BenchCase> = {
  'GET /api/health/live': { caller: 'visitor', scenarios: [ROUTE.floorNone], exempt: FLOOR },
  // What a browser fetches for every card it has not shown before. A process draws each picture
  // the first time it is asked for and sends it from memory after (performance.md).
  'GET /images/items/:garment/:file': {
    caller: 'visitor',
    warm: (c) => c.pictures.map((path) => get(path)),
    request: (c) => get(pick(c.pictures)),
  },
  'GET /api/health': {
    caller: 'visitor',
    scenarios: [ROUTE.floorQuery, ROUTE.floorAgain],
    exempt: FLOOR,
  },

  'POST /api/user/register': {
    caller: 'visitor',
    exempt: HASHING,
    request: (c) =>
      write('POST', '/api/user/register', '', {
        username: unique(c, 'visitor'),
        password: 'bench-password-2',
        firstName: 'Ada',
        email: 'new@example.com',
      }),
  },
  'GET /api/user/register/admin': {
    caller: 'visitor',
    request: () => get('/api/user/register/admin'),
  },
  'POST /api/user/login': {
    caller: 'visitor',
    exempt: HASHING,
    // The typical shoppers are bench1, bench2, … with the generator's password.
    request: () =>
      write('POST', '/api/user/login', '', {
        username: `bench${id(1000)}`,
        password: 'bench-password-1',
      }),
  },
  'POST /api/user/logout': {
    caller: 'shopper',
    // Each request signs out a session made for it, so every one revokes a live session.
    flow: async (c) => ({
      request: write(
        'POST',
        '/api/user/logout',
        c.spareSessions[spareUsed++ % c.spareSessions.length]!,
      ),
    }),
  },
  'GET /api/user': { caller: 'shopper', request: (_c, cookie) => get('/api/user', cookie) },

  // The catalogue is public; shoppers' pages ask for it signed in.
  'GET /api/occasions': { caller: 'shopper', request: (_c, k) => get('/api/occasions', k) },
  'GET /api/item/categories': {
    caller: 'shopper',
    request: (_c, k) => get('/api/item/categories', k),
  },
  'GET /api/item/all': { caller: 'shopper', request: (_c, k) => get('/api/item/all', k) },
  'GET /api/item/:itemId/product': {
    caller: 'shopper',
    request: (c, k) => get(`/api/item/${pick(c.stocked)}/product`, k),
  },

  'GET /api/cart': { caller: 'shopper', request: (_c, k) => get('/api/cart', k) },
  'POST /api/cart': {
    caller: 'shopper',
    flow: async (c, turn) => {
      await cartRoom(turn, 1);
      return { request: write('POST', '/api/cart', turn.cookie, { itemId: pick(c.stocked) }) };
    },
  },
  'POST /api/cart/outfit': {
    caller: 'shopper',
    flow: async (c, turn) => {
      await cartRoom(turn, 5);
      const look = pick(c.looks);
      return {
        request: write('POST', '/api/cart/outfit', turn.cookie, {
          outfitId: look.outfitId,
          itemIds: Object.values(look.items),
        }),
      };
    },
  },
  'GET /api/cart/outfit/:outfitId': {
    caller: 'shopper',
    request: (c, k) => get(`/api/cart/outfit/${pick(c.looks).outfitId}`, k),
  },
  'PATCH /api/cart/:itemId': {
    caller: 'shopper',
    // One line a shopper, put in on their first turn, moved from one size to the other and back.
    flow: async (c, turn) => {
      const [from, to] = await backAndForth(c, turn, 'size', (v) => inCart(turn, v.itemId));
      return {
        request: write('PATCH', `/api/cart/${from.itemId}`, turn.cookie, { size: to.size }),
      };
    },
  },
  'PUT /api/cart/:itemId': {
    caller: 'shopper',
    // One line a shopper, put in on their first turn, whose quantity goes 2, 1, 2…: every turn
    // after the first is the timed write alone.
    flow: async (c, turn) => {
      if (turn.own.line === undefined) {
        turn.own.line = pick(c.stocked);
        await inCart(turn, turn.own.line as number);
        turn.own.quantity = 1;
      }
      turn.own.quantity = 3 - (turn.own.quantity as number);
      return {
        request: write('PUT', `/api/cart/${turn.own.line}`, turn.cookie, {
          quantity: turn.own.quantity,
        }),
      };
    },
  },
  'DELETE /api/cart/:itemId': {
    caller: 'shopper',
    // A look's five pieces put in at once (untimed), then taken out one a turn.
    flow: async (c, turn) => {
      let left = turn.own.left as number[] | undefined;
      if (!left?.length) {
        await cartRoom(turn, 5);
        const look = pick(c.looks);
        left = Object.values(look.items);
        await turn.must(
          write('POST', '/api/cart/outfit', turn.cookie, {
            outfitId: look.outfitId,
            itemIds: left,
          }),
        );
        turn.own.left = left;
      }
      return { request: write('DELETE', `/api/cart/${left.pop()}`, turn.cookie) };
    },
  },
  'DELETE /api/buy': {
    caller: 'shopper',
    flow: async (c, turn) => {
      await inCart(turn, pick(c.stocked));
      turn.own.cartLines = 0;
      return { request: write('DELETE', '/api/buy', turn.cookie) };
    },
  },

  'GET /api/shipping': { caller: 'shopper', request: (_c, k) => get('/api/shipping', k) },
  'POST /api/shipping': {
    caller: 'shopper',
    // The address the shopper's last turn added goes first (untimed), so none reaches the limit.
    flow: async (_c, turn) => {
      if (turn.own.added !== undefined) {
        await turn.must(write('DELETE', `/api/shipping/${turn.own.added}`, turn.cookie));
        turn.own.added = undefined;
      }
      return {
        request: write('POST', '/api/shipping', turn.cookie, newAddress()),
        answered: (body) => {
          turn.own.added = (JSON.parse(body) as { id: number }).id;
        },
      };
    },
  },
  'PUT /api/shipping/:id': {
    caller: 'shopper',
    request: (c, k) =>
      write('PUT', `/api/shipping/${c.addresses.get(k)}`, k, { ...ADDRESS, nickname: 'Home' }),
  },
  'PUT /api/shipping/:id/preferred': {
    caller: 'shopper',
    request: (c, k) => write('PUT', `/api/shipping/${c.addresses.get(k)}/preferred`, k),
  },
  'DELETE /api/shipping/:addressId': {
    caller: 'shopper',
    flow: async (_c, turn) => {
      const body = await turn.must(write('POST', '/api/shipping', turn.cookie, newAddress()));
      const added = (JSON.parse(body) as { id: number }).id;
      return { request: write('DELETE', `/api/shipping/${added}`, turn.cookie) };
    },
  },

  'POST /api/payments': {
    caller: 'shopper',
    flow: async (c, turn) => {
      await somethingToPay(c, turn);
      return {
        request: write('POST', '/api/payments', turn.cookie, {
          addressId: c.addresses.get(turn.cookie),
          paymentMethod: 'paypal',
        }),
      };
    },
  },
  'POST /api/payments/:id/approve': {
    caller: 'shopper',
    layIn: paymentsOpened,
    flow: async (c, turn) => ({
      request: write(
        'POST',
        `/api/payments/${turn.laidIn.pop() ?? (await openPayment(c, turn))}/approve`,
        turn.cookie,
      ),
    }),
  },
  'POST /api/payments/:id/cancel': {
    caller: 'shopper',
    layIn: paymentsOpened,
    flow: async (c, turn) => ({
      request: write(
        'POST',
        `/api/payments/${turn.laidIn.pop() ?? (await openPayment(c, turn))}/cancel`,
        turn.cookie,
      ),
    }),
  },
  'PUT /api/buy': { caller: 'shopper', scenarios: [ROUTE.checkout] },
  'GET /api/buy': { caller: 'shopper', request: (_c, k) => get('/api/buy', k) },
  'GET /api/buy/:number': {
    caller: 'shopper',
    request: (c) => {
      const [cookie, number] = pick(c.orders);
      return get(`/api/buy/${encodeURIComponent(number)}`, cookie);
    },
  },

  'GET /api/design/outfits': {
    caller: 'admin',
    request: (_c, k) => get('/api/design/outfits', k),
    narrowed: {
      searched: (_c, k) => get(`/api/design/outfits?q=${pick(OUTFIT_WORDS)}`, k),
      'by like rate, stock problems only': (_c, k) =>
        get('/api/design/outfits?sort=likeRate&filter=problem', k),
    },
  },
  'GET /api/design/outfits/:id': {
    caller: 'admin',
    request: (c, k) => get(`/api/design/outfits/${id(c.outfits)}`, k),
  },
  'POST /api/design/outfit/create': {
    caller: 'admin',
    // The outfit the worker's last turn made goes first (untimed): the catalogue keeps its size.
    flow: async (c, turn) => {
      if (turn.own.made !== undefined) {
        await turn.must(write('DELETE', `/api/design/outfit/delete/${turn.own.made}`, turn.cookie));
        turn.own.made = undefined;
      }
      return {
        request: write(
          'POST',
          '/api/design/outfit/create',
          turn.cookie,
          outfitBody(c, 'Bench look '),
        ),
        answered: (body) => {
          turn.own.made = (JSON.parse(body) as { id: number }).id;
        },
      };
    },
  },
  'PUT /api/design/outfit/edit/:id': {
    caller: 'admin',
    flow: async (c, turn) => {
      turn.own.made ??= await newOutfit(c, turn);
      return {
        request: write(
          'PUT',
          `/api/design/outfit/edit/${turn.own.made}`,
          turn.cookie,
          outfitBody(c, 'Bench edit '),
        ),
      };
    },
  },
  'DELETE /api/design/outfit/delete/:id': {
    caller: 'admin',
    flow: async (c, turn) => ({
      request: write(
        'DELETE',
        `/api/design/outfit/delete/${await newOutfit(c, turn)}`,
        turn.cookie,
      ),
    }),
  },
  'GET /api/design/outerwear/:outfitId': slotCase('outerwear'),
  'GET /api/design/top/:outfitId': slotCase('top'),
  'GET /api/design/accessory/:outfitId': slotCase('accessory'),
  'GET /api/design/bottom/:outfitId': slotCase('bottom'),
  'GET /api/design/footwear/:outfitId': slotCase('footwear'),
  'GET /api/design/substitutes/:itemId': {
    caller: 'admin',
    request: (c, cookie) => get(`/api/design/substitutes/${pick(c.stocked)}`, cookie),
  },
  'GET /api/item/design': {
    caller: 'admin',
    request: (_c, k) => get('/api/item/design', k),
    narrowed: {
      'one category searched, one colour': (c, k) =>
        get(
          `/api/item/design?category=${pick(c.categories).id}&${wordQuery(c)}&color=${encodeURIComponent(pick(c.variants).color)}`,
          k,
        ),
    },
  },

  'GET /api/closet/outfits': closetList(() => '/api/closet/outfits'),
  'GET /api/closet/outfits/:id': {
    caller: 'shopper',
    request: (c) => {
      const [cookie, outfitId] = pick(c.closetOutfits);
      return get(`/api/closet/outfits/${outfitId}`, cookie);
    },
  },
  'GET /api/closet/items/occasions': {
    caller: 'shopper',
    history: true,
    request: (_c, k) => get('/api/closet/items/occasions', k),
  },
  'GET /api/closet/items/occasions/:occasion': closetList(
    (c) => `/api/closet/items/occasions/${encodeURIComponent(pick(c.occasions).name)}`,
  ),
  'GET /api/closet/items/category': {
    caller: 'shopper',
    history: true,
    request: (_c, k) => get('/api/closet/items/category', k),
  },
  'GET /api/closet/items/category/:category': closetList(
    (c) => `/api/closet/items/category/${encodeURIComponent(pick(c.categories).name)}`,
  ),

  'GET /api/outfit/home': {
    caller: 'shopper',
    scenarios: [ROUTE.feed, ROUTE.firstVisit, ROUTE.newShopper, ROUTE.feedFlow],
    history: true,
    request: (_c, k) => get('/api/outfit/home', k),
  },
  'POST /api/outfit/favorite': { caller: 'shopper', scenarios: [ROUTE.swipe] },
  'POST /api/outfit/reject': { caller: 'shopper', scenarios: [ROUTE.swipe] },
  'POST /api/outfit/undo': {
    caller: 'shopper',
    // Each turn takes back the latest of the passes laid in: an undo takes back one swipe.
    layIn: (_c, shopper) => passOnFeed(shopper, LAID_IN),
    flow: async (c, turn) => {
      const passed = turn.laidIn.pop() ?? (await passOnFeed(turn, 1))[0];
      // A shopper whose feed ran out: an outfit at random, as before the feed's cards.
      if (passed === undefined) await turn.must(pass(turn.cookie, id(c.outfits)));
      return { request: write('POST', '/api/outfit/undo', turn.cookie) };
    },
  },
  'POST /api/outfit/rejected/reset': {
    caller: 'shopper',
    // The first reset puts back every outfit the shopper passed: the checkout's shoppers, whose
    // swipes no other row reads.
    buyers: true,
    flow: async (c, turn) => {
      await turn.must(pass(turn.cookie, id(c.outfits)));
      return { request: write('POST', '/api/outfit/rejected/reset', turn.cookie) };
    },
  },
  'POST /api/outfit/search/unfavorite': {
    caller: 'shopper',
    layIn: async (c, shopper) => {
      const liked = different(() => id(c.outfits));
      for (const outfitId of liked) await shopper.must(like(shopper.cookie, outfitId));
      return liked.map(String);
    },
    flow: async (c, turn) => {
      const laidIn = turn.laidIn.pop();
      let outfitId = Number(laidIn);
      if (laidIn === undefined) {
        outfitId = id(c.outfits);
        await turn.must(like(turn.cookie, outfitId));
      }
      return { request: write('POST', '/api/outfit/search/unfavorite', turn.cookie, { outfitId }) };
    },
  },
  'POST /api/item/favorite': {
    caller: 'shopper',
    request: (c, k) => {
      const look = pick(c.looks);
      return heartOnCard(k, look.items.top, look.outfitId);
    },
  },
  'DELETE /api/item/unfavorite/:itemId/:outfitId': {
    caller: 'shopper',
    // Laid in as the path's `itemId/outfitId`: different pieces of looks, a piece having one heart.
    layIn: async (c, shopper) => {
      const lookOf = new Map(
        c.looks.flatMap(({ outfitId, items }) =>
          Object.values(items).map((itemId) => [itemId, outfitId] as const),
        ),
      );
      const pieces = [...lookOf.keys()];
      const hearted = different(() => pick(pieces));
      for (const itemId of hearted) {
        await shopper.must(heartOnCard(shopper.cookie, itemId, lookOf.get(itemId)!));
      }
      return hearted.map((itemId) => `${itemId}/${lookOf.get(itemId)}`);
    },
    flow: async (c, turn) => {
      let piece = turn.laidIn.pop();
      if (piece === undefined) {
        const { outfitId, items } = pick(c.looks);
        await turn.must(heartOnCard(turn.cookie, items.top, outfitId));
        piece = `${items.top}/${outfitId}`;
      }
      return { request: write('DELETE', `/api/item/unfavorite/${piece}`, turn.cookie) };
    },
  },

  'GET /api/favorites/outfits': {
    caller: 'shopper',
    request: (_c, k) => get('/api/favorites/outfits', k),
  },
  'GET /api/favorites/occasions': {
    caller: 'shopper',
    history: true,
    request: (_c, k) => get('/api/favorites/occasions', k),
  },
  'GET /api/favorites/categories': {
    caller: 'shopper',
    history: true,
    request: (_c, k) => get('/api/favorites/categories', k),
  },
  'GET /api/favorites/outfits/:occasionId': {
    caller: 'shopper',
    request: (c, k) => get(`/api/favorites/outfits/${pick(c.occasions).id}`, k),
  },
  'GET /api/favorites/items/:category': {
    caller: 'shopper',
    request: (c, k) =>
      get(`/api/favorites/items/${encodeURIComponent(pick(c.categories).name)}`, k),
  },
  'GET /api/favorites/specific/favorite/item': {
    caller: 'shopper',
    request: (c) => {
      const [cookie, outfitId, itemId] = pick(c.likedPieces);
      return get(
        `/api/favorites/specific/favorite/item?itemid=${itemId}&outfitid=${outfitId}`,
        cookie,
      );
    },
  },
  'GET /api/favorites/item/sizes': {
    caller: 'shopper',
    request: (c, k) => get(`/api/favorites/item/sizes?productId=${pick(c.products)}`, k),
  },
  'GET /api/favorites/item/colors': {
    caller: 'shopper',
    request: (c, k) => get(`/api/favorites/item/colors?productId=${pick(c.products)}`, k),
  },
  'POST /api/favorites/items/increase': {
    caller: 'shopper',
    flow: async (c, turn) => {
      const itemId = await wantedFrom(c, turn, 1);
      return {
        request: write('POST', '/api/favorites/items/increase', turn.cookie, {
          itemId,
          qty: 1,
          outfitId: null,
        }),
      };
    },
  },
  'DELETE /api/favorites/items/decrease/:id/:qty': {
    caller: 'shopper',
    flow: async (c, turn) => {
      const itemId = await wantedFrom(c, turn, -1);
      return {
        request: write(
          'DELETE',
          `/api/favorites/items/decrease/${itemId}/1?outfitId=null`,
          turn.cookie,
        ),
      };
    },
  },
  'PUT /api/item/changecolor': {
    caller: 'shopper',
    flow: async (c, turn) => {
      const [from, to] = await backAndForth(c, turn, 'color', (v) =>
        heartOnly(turn, v.itemId, v.otherColorId),
      );
      return {
        request: write('PUT', '/api/item/changecolor', turn.cookie, {
          itemId: from.itemId,
          outfitId: null,
          newColor: to.color,
        }),
      };
    },
  },
  'PUT /api/item/changesize': {
    caller: 'shopper',
    flow: async (c, turn) => {
      const [from, to] = await backAndForth(c, turn, 'size', (v) =>
        heartOnly(turn, v.itemId, v.otherSizeId),
      );
      return {
        request: write('PUT', '/api/item/changesize', turn.cookie, {
          itemId: from.itemId,
          outfitId: null,
          newSize: to.size,
        }),
      };
    },
  },
  'POST /api/item/search/favorite': {
    caller: 'shopper',
    request: (c, k) => heartFromSearch(k, pick(c.stocked)),
  },
  'DELETE /api/item/search/unfavorite/:itemId': {
    caller: 'shopper',
    layIn: async (c, shopper) => {
      const hearted = different(() => pick(c.stocked));
      for (const itemId of hearted) await shopper.must(heartFromSearch(shopper.cookie, itemId));
      return hearted.map(String);
    },
    flow: async (c, turn) => {
      let itemId = turn.laidIn.pop();
      if (itemId === undefined) {
        const piece = pick(c.stocked);
        await turn.must(heartFromSearch(turn.cookie, piece));
        itemId = String(piece);
      }
      return { request: write('DELETE', `/api/item/search/unfavorite/${itemId}`, turn.cookie) };
    },
  },
  'GET /api/favorites/search': {
    caller: 'shopper',
    request: (_c, k) => get(`/api/favorites/search?q=${pick(BROAD)}`, k),
    narrowed: {
      'in one occasion': (c, k) =>
        get(`/api/favorites/search?q=${pick(BROAD)}&occasion=${pick(c.occasions).id}`, k),
      'for a word': (c, k) => get(`/api/favorites/search?${wordQuery(c)}`, k),
    },
  },
  'GET /api/favorites/search/item': {
    caller: 'shopper',
    request: (_c, k) => get(`/api/favorites/search/item?q=${pick(BROAD)}`, k),
    narrowed: {
      'in one category': (c, k) =>
        get(`/api/favorites/search/item?q=${pick(BROAD)}&cat=${pick(c.categories).id}`, k),
      'for a word': (c, k) => get(`/api/favorites/search/item?${wordQuery(c)}`, k),
      'for a word in one category': (c, k) =>
        get(`/api/favorites/search/item?${wordQuery(c)}&cat=${pick(c.categories).id}`, k),
    },
  },

  'GET /api/item/search': {
    caller: 'shopper',
    scenarios: [ROUTE.substring, ROUTE.typo, ROUTE.categories, ROUTE.unasked],
    history: true,
    request: (c, k) =>
      get(`/api/item/search?q=${encodeURIComponent(pick(c.words).slice(1, 5))}`, k),
  },
  'GET /api/outfit/search': {
    caller: 'shopper',
    scenarios: [ROUTE.outfitSearch, ROUTE.outfitUnasked, ROUTE.outfitPages],
    history: true,
    request: (_c, k) => get(`/api/outfit/search?q=${pick(OUTFIT_WORDS)}`, k),
  },
};

/** Routes the benchmark leaves out, and why. */
export const NOT_BENCHED: Record<string, string> = {
  'GET /api/docs': 'documentation for developers, not called by the shop',
  'GET /api/docs/json': 'documentation for developers, not called by the shop',
  'GET /api/docs/yaml': 'documentation for developers, not called by the shop',
  'GET /api/docs/static/index.html': 'documentation for developers, not called by the shop',
  'GET /api/docs/static/swagger-initializer.js':
    'documentation for developers, not called by the shop',
  'GET /api/docs/static/*': 'documentation for developers, not called by the shop',
};

/** `METHOD /path` for a route table entry. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * A paged list, read from its contract: its answer names where the next page starts
 * (`nextCursor`, or `nextOffset` in lists not yet moved to cursors). The first page is what the
 * benchmark asks for: the request without a cursor or offset.
 */
export function isPagedList(route: { method: string; schema?: FastifySchema | undefined }) {
  if (route.method !== 'GET') return false;
  const ok = (route.schema?.response as Record<string, unknown> | undefined)?.[200] as
    | { shape?: Record<string, unknown> }
    | undefined;
  const shape = ok?.shape;
  return shape !== undefined && ('nextCursor' in shape || 'nextOffset' in shape);
}

/** Whether the sweep measures this route for the heavy shopper too. */
export function runsHeavy(
  c: BenchCase,
  route: { method: string; schema?: FastifySchema | undefined },
): boolean {
  return c.caller === 'shopper' && route.method === 'GET' && (isPagedList(route) || !!c.history);
}

/** Whether the route's heavy shoppers are measured right after this scenario, its typical row. */
export const heavyAfterScenario = (c: BenchCase, scenario: string) =>
  c.caller === 'shopper' && !!c.history && !!c.request && c.scenarios?.[0] === scenario;

/** The row of a route asked narrowed, as `narrowed` labels it. */
export const narrowedName = (key: string, label: string) => `${key} ${label}`;

/** The typical shopper's row of a route: the first scenario's, else the route itself. */
export const typicalName = (key: string, c: BenchCase) => c.scenarios?.[0] ?? key;
