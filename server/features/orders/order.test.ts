import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SqlClient } from '../../db/client';
import { PG, pgCode } from '../../lib/errors';
import { createMailer } from '../../lib/mailer';
import { testDriver } from '../../test/databases';
import { blockedBy } from '../../test/lock-waits';
import { Agent, createTestApp, type TestApp } from '../../test/test-app';
import { CHARGE_WAIT_MINUTES, settleCharges, UNSPENT_SESSION_HOURS } from './charge-sweep';
import * as service from './order.service';
import {
  type ChargeRequest,
  PaymentDeclinedError,
  type PaymentProvider,
  type RefundRequest,
  SandboxPaymentProvider,
} from './payment';
import { captureSession, forgetUnspentSessions } from './payment-session.repository';

let t: TestApp;
let dataDir: string;
let stocked: number[] = [];
let keyCounter = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'drape-orders-'));
  t = await createTestApp({ dataDir });
  const rows = await t.db.database.sql.query<{ id: number }>(
    'SELECT id FROM items WHERE stock >= 9 ORDER BY id LIMIT 100',
  );
  stocked = rows.map((r) => r.id);
  await t.db.database.sql.query('UPDATE items SET stock = 50 WHERE id = ANY($1::int[])', [stocked]);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
  t.db.database.sql.query<T>(text, params);

const newKey = () => `checkout-${process.pid}-${++keyCounter}-${Date.now()}`;
let pieceCursor = 0;
/** A piece no other test in this file uses. */
const freshPiece = () => {
  const id = stocked[pieceCursor++];
  if (id === undefined) throw new Error('every stocked piece is used: stock more in beforeAll');
  return id;
};

const address = {
  nickname: 'Studio',
  recipient_name: 'Ada Lovelace',
  phone: '+1 (212) 555-0148',
  street_address: '88 Canal Street',
  street_address_2: 'Apt 5',
  city: 'New York',
  state: 'NY',
  zip: '10013',
};

let userCounter = 0;
/** A shopper with an e-mail address (the confirmation needs one) and a preferred address. */
async function shopper() {
  userCounter += 1;
  const username = `buyer${process.pid}x${userCounter}`;
  const agent = new Agent(t.app);
  const reg = await agent.post('/api/user/register', {
    username,
    password: 'correct-horse-battery',
    firstName: 'Ada',
    email: `${username}@example.com`,
  });
  expect(reg.statusCode).toBe(201);
  const login = await agent.post('/api/user/login', {
    username,
    password: 'correct-horse-battery',
  });
  const user = login.json() as { id: number; username: string };
  const addr = await agent.post('/api/shipping', address);
  expect(addr.statusCode).toBe(201);
  return { agent, user, addressId: addr.json().id as number, email: `${username}@example.com` };
}

async function fill(agent: Agent, lines: [itemId: number, quantity: number][]) {
  for (const [itemId, quantity] of lines) {
    const res = await agent.post('/api/cart', { itemId, quantity });
    expect(res.statusCode, res.body).toBe(200);
  }
}

function buy(
  agent: Agent,
  addressId: number,
  key = newKey(),
  paymentMethod = 'apple_pay',
  paymentId?: string,
) {
  return agent.put('/api/buy', { addressId, paymentMethod, idempotencyKey: key, paymentId });
}

/** Everything a checkout writes, to show that a failed one wrote nothing. */
async function snapshot() {
  const [row] = await sql<{
    orders: number;
    lines: number;
    closet: number;
    owned: number;
    stock: number;
    cart: number;
  }>(
    `SELECT (SELECT count(*) FROM orders)::int AS orders,
            (SELECT count(*) FROM order_lines)::int AS lines,
            (SELECT count(*) FROM closet_items)::int AS closet,
            (SELECT coalesce(sum(quantity), 0) FROM closet_items)::int AS owned,
            (SELECT coalesce(sum(stock), 0) FROM items)::int AS stock,
            (SELECT count(*) FROM cart_lines)::int AS cart`,
  );
  return row!;
}

async function stockOf(id: number) {
  const [row] = await sql<{ stock: number }>('SELECT stock FROM items WHERE id = $1', [id]);
  return row!.stock;
}

const NUMBER = /^DR-\d{6}-[0-9A-HJKMNP-TV-Z]{6,}$/;

describe('PUT /api/buy', () => {
  it('places the order: prices to the cent, stock, closet, empty cart, e-mail', async () => {
    const { agent, user, addressId, email } = await shopper();
    const [a, b, c] = [freshPiece(), freshPiece(), freshPiece()];
    await sql('UPDATE items SET price_cents = $2 WHERE id = $1', [a, 250_000]);
    await sql('UPDATE items SET price_cents = $2 WHERE id = $1', [b, 104_999]);
    await sql('UPDATE items SET price_cents = $2 WHERE id = $1', [c, 1_995]);
    await fill(agent, [
      [a, 2],
      [b, 1],
      [c, 7],
    ]);
    const cart = (await agent.get('/api/cart')).json();
    const stockBefore = await Promise.all([a, b, c].map(stockOf));

    const res = await buy(agent, addressId, newKey(), 'paypal');
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order.number).toMatch(NUMBER);
    // 2 × $2,500.00 + $1,049.99 + 7 × $19.95 = $6,189.64, plus $19.99 shipping.
    expect(order).toMatchObject({
      paymentMethod: 'paypal',
      units: 10,
      subtotalCents: 618_964,
      subtotal: '$6,189.64',
      shippingCents: 1999,
      shipping: '$19.99',
      totalCents: 620_963,
      total: '$6,209.63',
      address,
      emailed: true,
    });
    expect(order.totalCents).toBe(cart.totalCents);
    // The answer is built from what the checkout wrote; read back, the order is the same.
    expect((await agent.get(`/api/buy/${order.number}`)).json()).toEqual({
      ...order,
      replayed: undefined,
    });
    expect(order.arrival.text).toMatch(/^Arrives: /);
    expect(order.lines).toEqual([
      expect.objectContaining({
        itemId: a,
        quantity: 2,
        unitPrice: '$2,500.00',
        lineTotal: '$5,000.00',
      }),
      expect.objectContaining({ itemId: b, quantity: 1, lineTotalCents: 104_999 }),
      expect.objectContaining({
        itemId: c,
        quantity: 7,
        lineTotalCents: 13_965,
        lineTotal: '$139.65',
      }),
    ]);

    expect(await Promise.all([a, b, c].map(stockOf))).toEqual([
      stockBefore[0]! - 2,
      stockBefore[1]! - 1,
      stockBefore[2]! - 7,
    ]);
    const closet = await sql<{ item_id: number; quantity: number }>(
      'SELECT item_id, quantity FROM closet_items WHERE user_id = $1 ORDER BY item_id',
      [user.id],
    );
    expect(closet).toEqual(
      [
        { item_id: a, quantity: 2 },
        { item_id: b, quantity: 1 },
        { item_id: c, quantity: 7 },
      ].sort((x, y) => x.item_id - y.item_id),
    );
    expect((await agent.get('/api/cart')).json()).toMatchObject({ lines: [], units: 0 });
    const [stored] = await sql<{ payment_reference: string; emailed_at: Date | null }>(
      'SELECT payment_reference, emailed_at FROM orders WHERE number = $1',
      [order.number],
    );
    expect(stored!.payment_reference).toMatch(/^sandbox_paypal_/);
    expect(stored!.emailed_at).not.toBeNull();

    const files = readdirSync(path.join(dataDir, 'mail')).filter((f) => f.includes(order.number));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toContain(order.number);
    expect(eml).toContain('$6,209.63');
    // The courier's details travel with the order's copy of the address and its e-mail.
    for (const detail of ['Ada Lovelace', '+1 (212) 555-0148', 'Apt 5', '88 Canal Street']) {
      expect(eml).toContain(detail);
    }
    expect(eml).toContain('text/html');
    expect(eml).toContain('text/plain');
  });

  it('writes a line break stored in a name or address as a space in the text part, never as a line of its own', async () => {
    const { agent, user, addressId } = await shopper();
    // Stored before such names were refused, or by hand: the e-mail must still hold its shape.
    await sql('UPDATE users SET first_name = $1 WHERE id = $2', [
      'Eve<img src=x>\r\nBcc: evil@attacker.example',
      user.id,
    ]);
    await sql('UPDATE addresses SET city = $1 WHERE id = $2', [
      'New York\rX-Injected: 1\u0085',
      addressId,
    ]);
    await fill(agent, [[freshPiece(), 1]]);
    const res = await buy(agent, addressId);
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json().number as string;
    const file = readdirSync(path.join(dataDir, 'mail')).find((f) => f.includes(number))!;
    const eml = readFileSync(path.join(dataDir, 'mail', file), 'utf8');
    const text = eml.slice(eml.indexOf('text/plain'), eml.indexOf('text/html'));
    expect(text).toContain('Hi Eve<img src=x> Bcc: evil@attacker.example,');
    expect(text).not.toMatch(/^(Bcc|X-Injected):/m);
    expect(text).not.toMatch(/\r(?!\n)|\u0085/);
  });

  it('keeps its own copy of prices and address: later edits change nothing', async () => {
    const { agent, addressId } = await shopper();
    const id = freshPiece();
    await fill(agent, [[id, 1]]);
    const order = (await buy(agent, addressId)).json();
    await sql('UPDATE items SET price_cents = price_cents + 1000 WHERE id = $1', [id]);
    await agent.put(`/api/shipping/${addressId}`, { ...address, city: 'Boston', state: 'MA' });
    const again = (await agent.get(`/api/buy/${order.number}`)).json();
    expect(again.lines[0].unitPriceCents).toBe(order.lines[0].unitPriceCents);
    expect(again.address.city).toBe('New York');
    expect(again.totalCents).toBe(order.totalCents);
  });

  it('adds to the closet quantity when a piece is bought again', async () => {
    const { agent, user, addressId } = await shopper();
    const id = freshPiece();
    await fill(agent, [[id, 2]]);
    expect((await buy(agent, addressId)).statusCode).toBe(201);
    await fill(agent, [[id, 3]]);
    expect((await buy(agent, addressId)).statusCode).toBe(201);
    const [row] = await sql<{ quantity: number; later: boolean }>(
      `SELECT quantity, last_bought_at >= first_bought_at AS later
         FROM closet_items WHERE user_id = $1 AND item_id = $2`,
      [user.id, id],
    );
    expect(row).toEqual({ quantity: 5, later: true });
  });

  it('returns the same order for the same key (200), without a second order', async () => {
    const { agent, addressId } = await shopper();
    const id = freshPiece();
    await fill(agent, [[id, 2]]);
    const key = newKey();
    const first = await buy(agent, addressId, key);
    expect(first.statusCode).toBe(201);
    expect(first.json().replayed).toBe(false);
    // The shopper fills the cart again; a replay of the old key must not touch it.
    await fill(agent, [[id, 1]]);
    const before = await snapshot();
    const replay = await buy(agent, addressId, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().number).toBe(first.json().number);
    expect(replay.json().totalCents).toBe(first.json().totalCents);
    expect(await snapshot()).toEqual(before);
  });

  it('says a reused key with another cart and payment method is a replay of the earlier order', async () => {
    const { agent, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 1]]);
    const key = newKey();
    const first = await buy(agent, addressId, key, 'apple_pay');
    expect(first.statusCode).toBe(201);
    await fill(agent, [[freshPiece(), 3]]);
    const before = await snapshot();
    const reused = await buy(agent, addressId, key, 'paypal');
    expect(reused.statusCode).toBe(200);
    expect(reused.json()).toMatchObject({
      replayed: true,
      number: first.json().number,
      paymentMethod: 'apple_pay',
      totalCents: first.json().totalCents,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('makes one order from parallel submits with one key', async () => {
    const { agent, user, addressId } = await shopper();
    const [a, b] = [freshPiece(), freshPiece()];
    await fill(agent, [
      [a, 1],
      [b, 2],
    ]);
    const stockBefore = await Promise.all([a, b].map(stockOf));
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 6 }, () => buy(agent, addressId, key)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().number)).size).toBe(1);
    const [count] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
      [user.id],
    );
    expect(count!.n).toBe(1);
    expect(await Promise.all([a, b].map(stockOf))).toEqual([
      stockBefore[0]! - 1,
      stockBefore[1]! - 2,
    ]);
  });

  it('makes one order from parallel submits with different keys on one cart; the rest are 409', async () => {
    const { agent, user, addressId } = await shopper();
    const id = freshPiece();
    await fill(agent, [[id, 3]]);
    const stockBefore = await stockOf(id);
    const results = await Promise.all(Array.from({ length: 5 }, () => buy(agent, addressId)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      // Told the cart is empty, with the payment returned when it had already been taken.
      expect(r.json().error.message).toMatch(/^Your cart is empty\./);
    }
    const [count] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
      [user.id],
    );
    expect(count!.n).toBe(1);
    expect(await stockOf(id)).toBe(stockBefore - 3);
  });

  it('sells the last unit once when two shoppers pay at the same moment', async () => {
    const one = await shopper();
    const two = await shopper();
    const [last, other] = [freshPiece(), freshPiece()];
    await fill(one.agent, [
      [last, 1],
      [other, 1],
    ]);
    await fill(two.agent, [
      [other, 1],
      [last, 1],
    ]);
    await sql('UPDATE items SET stock = 1 WHERE id = $1', [last]);
    const [{ name }] = (await sql<{ name: string }>('SELECT name FROM items WHERE id = $1', [
      last,
    ])) as [{ name: string }];
    const before = await snapshot();

    const results = await Promise.all([
      buy(one.agent, one.addressId),
      buy(two.agent, two.addressId),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().error.message).toContain(name);
    expect(loser.json().error.message).toMatch(/sold out/);

    const after = await snapshot();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.lines).toBe(before.lines + 2);
    expect(after.owned).toBe(before.owned + 2);
    expect(after.stock).toBe(before.stock - 2);
    // The winner's cart is empty; the loser still has both pieces to reconsider.
    expect(after.cart).toBe(before.cart - 2);
    expect(await stockOf(last)).toBe(0);
  });

  it('checks stock again at checkout: a line above what is left is 409 and nothing is written', async () => {
    const { agent, addressId } = await shopper();
    const id = freshPiece();
    await fill(agent, [[id, 3]]);
    await sql('UPDATE items SET stock = 2 WHERE id = $1', [id]);
    const before = await snapshot();
    const res = await buy(agent, addressId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Only 2 of .* are left/);
    expect(await snapshot()).toEqual(before);
  });

  it('says the cart is empty (409) and writes nothing', async () => {
    const { agent, addressId } = await shopper();
    const before = await snapshot();
    const res = await buy(agent, addressId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Your cart is empty. Add something to it before paying.');
    expect(await snapshot()).toEqual(before);
  });

  it("is 404 for another shopper's or an unknown address, and writes nothing", async () => {
    const owner = await shopper();
    const other = await shopper();
    await fill(other.agent, [[freshPiece(), 1]]);
    const before = await snapshot();
    expect((await buy(other.agent, owner.addressId)).statusCode).toBe(404);
    expect((await buy(other.agent, 999_999)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['addressId', { paymentMethod: 'paypal', idempotencyKey: 'abcdefgh12' }],
    ['addressId', { addressId: 'home', paymentMethod: 'paypal', idempotencyKey: 'abcdefgh12' }],
    ['paymentMethod', { addressId: 1, paymentMethod: 'card', idempotencyKey: 'abcdefgh12' }],
    ['paymentMethod', { addressId: 1, idempotencyKey: 'abcdefgh12' }],
    ['idempotencyKey', { addressId: 1, paymentMethod: 'paypal' }],
    ['idempotencyKey', { addressId: 1, paymentMethod: 'paypal', idempotencyKey: 'short' }],
    [
      'idempotencyKey',
      { addressId: 1, paymentMethod: 'paypal', idempotencyKey: 'has spaces in it' },
    ],
    ['idempotencyKey', { addressId: 1, paymentMethod: 'paypal', idempotencyKey: 'k'.repeat(101) }],
  ])('rejects a bad %s with 400 and changes nothing (case %#)', async (field, payload) => {
    const { agent } = await shopper();
    await fill(agent, [[stocked[stocked.length - 1]!, 1]]);
    const before = await snapshot();
    const res = await agent.put('/api/buy', payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('is 401 for a visitor', async () => {
    const res = await new Agent(t.app).put('/api/buy', {
      addressId: 1,
      paymentMethod: 'paypal',
      idempotencyKey: newKey(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('still places the order when the e-mail cannot be sent, and says so', async () => {
    const broken = await createTestApp({ dataDir, smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const agent = new Agent(broken.app);
      await agent.post('/api/user/register', {
        username: `nomail${process.pid}`,
        password: 'correct-horse-battery',
        email: 'nomail@example.com',
      });
      await agent.post('/api/user/login', {
        username: `nomail${process.pid}`,
        password: 'correct-horse-battery',
      });
      const addr = (await agent.post('/api/shipping', address)).json();
      await agent.post('/api/cart', { itemId: stocked[0] });
      const res = await agent.put('/api/buy', {
        addressId: addr.id,
        paymentMethod: 'apple_pay',
        idempotencyKey: newKey(),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().emailed).toBe(false);
      const [row] = await broken.db.database.sql.query<{ emailed_at: Date | null }>(
        'SELECT emailed_at FROM orders WHERE number = $1',
        [res.json().number],
      );
      expect(row!.emailed_at).toBeNull();
    } finally {
      await broken.close();
    }
  });

  it('writes nothing when the payment is declined, and the key may pay again', async () => {
    const { agent, user, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 2]]);
    const key = newKey();
    const declining = withSessions({
      charge: async () => {
        throw new PaymentDeclinedError('insufficient funds');
      },
      refund: async () => {
        throw new Error('nothing was charged, so nothing is refunded');
      },
    });
    const before = await snapshot();
    await expect(
      checkoutWith(declining, user.id, { addressId, idempotencyKey: key }),
    ).rejects.toMatchObject({ status: 402 });
    expect(await snapshot()).toEqual(before);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'declined', reference: null });
    const { created } = await checkoutWith(recordingProvider().provider, user.id, {
      addressId,
      idempotencyKey: key,
    });
    expect(created).toBe(true);
  });
});

/** The ledger's row of a checkout key, if any. */
async function chargeOf(userId: number, key: string) {
  const [row] = await sql<{ state: string; reference: string | null; amount_cents: number }>(
    `SELECT state, reference, amount_cents FROM checkout_charges
      WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );
  return row;
}

/** Makes a key's charge look as old as the sweep's wait and more. */
async function ageCharge(userId: number, key: string) {
  await sql(
    `UPDATE checkout_charges SET changed_at = changed_at - make_interval(mins => $3)
      WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key, CHARGE_WAIT_MINUTES + 1],
  );
}

/** Sends a checkout that must be turned down with `message` (409), writing nothing. */
async function turnedDown(
  provider: PaymentProvider,
  userId: number,
  input: { addressId: number; idempotencyKey: string },
  /** The message, or a matcher of it. */
  message: unknown,
) {
  const before = await snapshot();
  await expect(checkoutWith(provider, userId, input)).rejects.toMatchObject({
    status: 409,
    message,
  });
  expect(await snapshot()).toEqual(before);
}

const sweepLog = (logged: object[]) => ({
  warn: (obj: object) => logged.push(obj),
  error: (obj: object) => logged.push(obj),
});

/** A provider whose charge and refund are the test's own; sessions as the sandbox keeps them. */
function withSessions(parts: Pick<PaymentProvider, 'charge' | 'refund'>): PaymentProvider {
  const sandbox = new SandboxPaymentProvider();
  return {
    requiresApproval: false,
    createSession: (request) => sandbox.createSession(request),
    confirmApproval: (request) => sandbox.confirmApproval(request),
    ...parts,
  };
}

/**
 * A provider that approves every charge and records charges and refunds. `whileCharging` runs
 * inside each charge: what another tab or shopper does while the payment is being taken.
 */
function recordingProvider(
  whileCharging: (request: ChargeRequest) => Promise<void> = async () => {},
) {
  const charged: string[] = [];
  const refunded: RefundRequest[] = [];
  const provider = withSessions({
    async charge(request) {
      await whileCharging(request);
      const reference = `test_${request.idempotencyKey}`;
      charged.push(reference);
      return { reference };
    },
    async refund(request) {
      refunded.push(request);
    },
  });
  return { provider, charged, refunded };
}

/** Straight into the cart, as another tab's add would land. */
async function putInCart(userId: number, itemId: number, quantity: number) {
  await sql('INSERT INTO cart_lines (user_id, item_id, quantity) VALUES ($1, $2, $3)', [
    userId,
    itemId,
    quantity,
  ]);
}

function checkoutWith(
  payments: PaymentProvider,
  userId: number,
  input: { addressId: number; idempotencyKey?: string },
  log: object[] = [],
) {
  return service.checkout(
    t.db.database,
    userId,
    {
      addressId: input.addressId,
      paymentMethod: 'paypal',
      idempotencyKey: input.idempotencyKey ?? newKey(),
    },
    {
      payments,
      mailer: createMailer({ smtpUrl: undefined, mailFrom: 'x <x@x.test>', dataDir }),
      log: { error: (obj) => log.push(obj) },
    },
  );
}

describe('checkout while the cart or the stock changes during the payment', () => {
  it('buys what the cart held and leaves a piece added meanwhile in the cart', async () => {
    const { user, addressId } = await shopper();
    const [bought, later] = [freshPiece(), freshPiece()];
    await putInCart(user.id, bought, 1);
    // The shopper adds a piece from another tab while the payment is being taken.
    const { provider, refunded } = recordingProvider(async () => {
      await putInCart(user.id, later, 1);
    });
    const { order } = await checkoutWith(provider, user.id, { addressId });
    expect(order.lines.map((l) => l.itemId)).toEqual([bought]);
    const cart = await sql<{ item_id: number }>(
      'SELECT item_id FROM cart_lines WHERE user_id = $1',
      [user.id],
    );
    expect(cart).toEqual([{ item_id: later }]);
    expect(refunded).toEqual([]);
  });

  it('refunds and writes nothing when the last unit is sold meanwhile (409 naming the piece)', async () => {
    const { user, addressId } = await shopper();
    const [scarce, other] = [freshPiece(), freshPiece()];
    await putInCart(user.id, scarce, 1);
    await putInCart(user.id, other, 2);
    const [{ name }] = (await sql<{ name: string }>('SELECT name FROM items WHERE id = $1', [
      scarce,
    ])) as [{ name: string }];
    let before: Awaited<ReturnType<typeof snapshot>> | undefined;
    const { provider, charged, refunded } = recordingProvider(async () => {
      await sql('UPDATE items SET stock = 0 WHERE id = $1', [scarce]);
      before = await snapshot();
    });
    await expect(checkoutWith(provider, user.id, { addressId })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(
        new RegExp(
          `^${name} .* is sold out\\. Change your cart and try again\\. Your payment was returned\\.$`,
        ),
      ),
    });
    expect(await snapshot()).toEqual(before);
    expect(charged).toHaveLength(1);
    expect(refunded).toEqual([
      expect.objectContaining({
        reference: charged[0],
        method: 'paypal',
        orderNumber: expect.stringMatching(NUMBER),
      }),
    ]);
    expect(refunded[0]!.amountCents).toBeGreaterThan(0);
  });

  it('refunds and writes nothing when a quantity changes meanwhile', async () => {
    const { user, addressId } = await shopper();
    const id = freshPiece();
    await putInCart(user.id, id, 1);
    const stockBefore = await stockOf(id);
    const { provider, charged, refunded } = recordingProvider(async () => {
      await sql('UPDATE cart_lines SET quantity = 3 WHERE user_id = $1 AND item_id = $2', [
        user.id,
        id,
      ]);
    });
    await expect(checkoutWith(provider, user.id, { addressId })).rejects.toMatchObject({
      status: 409,
      message:
        'Your cart changed while you were paying. Check it and pay again. Your payment was returned.',
    });
    expect(refunded.map((r) => r.reference)).toEqual(charged);
    expect(await stockOf(id)).toBe(stockBefore);
    const [count] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
      [user.id],
    );
    expect(count!.n).toBe(0);
  });

  it('says the cart changed, not that it is empty, when the paid piece left and another came meanwhile', async () => {
    const { user, addressId } = await shopper();
    const [paid, added] = [freshPiece(), freshPiece()];
    await putInCart(user.id, paid, 1);
    // Another tab swaps the piece for a different one while the payment is being taken.
    const { provider, charged, refunded } = recordingProvider(async () => {
      await sql('DELETE FROM cart_lines WHERE user_id = $1', [user.id]);
      await putInCart(user.id, added, 1);
    });
    await expect(checkoutWith(provider, user.id, { addressId })).rejects.toMatchObject({
      status: 409,
      message:
        'Your cart changed while you were paying. Check it and pay again. Your payment was returned.',
    });
    expect(refunded.map((r) => r.reference)).toEqual(charged);
    const cart = await sql<{ item_id: number }>(
      'SELECT item_id FROM cart_lines WHERE user_id = $1',
      [user.id],
    );
    expect(cart).toEqual([{ item_id: added }]);
  });

  it('says the cart is empty when the paid piece left and nothing came instead', async () => {
    const { user, addressId } = await shopper();
    const paid = freshPiece();
    await putInCart(user.id, paid, 1);
    const { provider } = recordingProvider(async () => {
      await sql('DELETE FROM cart_lines WHERE user_id = $1', [user.id]);
    });
    await expect(checkoutWith(provider, user.id, { addressId })).rejects.toMatchObject({
      status: 409,
      message: 'Your cart is empty. Add something to it before paying. Your payment was returned.',
    });
  });

  it('spends a refused key: the same key again is 409 before any charge; a new key pays', async () => {
    const { user, addressId } = await shopper();
    const id = freshPiece();
    await putInCart(user.id, id, 2);
    let sellOut = true;
    const { provider, charged, refunded } = recordingProvider(async () => {
      if (sellOut) await sql('UPDATE items SET stock = 1 WHERE id = $1', [id]);
      sellOut = false;
    });
    const key = newKey();
    await expect(
      checkoutWith(provider, user.id, { addressId, idempotencyKey: key }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^Only 1 of /) });
    expect(refunded.map((r) => r.reference)).toEqual(charged);

    await sql('UPDATE items SET stock = 50 WHERE id = $1', [id]);
    await expect(
      checkoutWith(provider, user.id, { addressId, idempotencyKey: key }),
    ).rejects.toMatchObject({
      status: 409,
      message:
        'This checkout could not be finished and its payment was returned. Check your cart and pay again.',
    });
    expect(charged).toHaveLength(1);

    const { order, created } = await checkoutWith(provider, user.id, { addressId });
    expect(created).toBe(true);
    expect(order.lines).toEqual([expect.objectContaining({ itemId: id, quantity: 2 })]);
    expect(charged).toHaveLength(2);
    expect(refunded).toHaveLength(1);
  });

  it('says so, and logs it for the shop, when the refund itself fails', async () => {
    const { user, addressId } = await shopper();
    const id = freshPiece();
    await putInCart(user.id, id, 1);
    const { provider } = recordingProvider(async () => {
      await sql('DELETE FROM cart_lines WHERE user_id = $1', [user.id]);
    });
    provider.refund = async () => {
      throw new Error('provider unreachable');
    };
    const logged: object[] = [];
    await expect(checkoutWith(provider, user.id, { addressId }, logged)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Your cart is empty\. .*could not be returned just now/),
    });
    expect(logged).toEqual([expect.objectContaining({ order: expect.stringMatching(NUMBER) })]);
  });

  it('refunds nothing when two submits with one key are both charged: one order, answered to both', async () => {
    const { user, addressId } = await shopper();
    const id = freshPiece();
    await putInCart(user.id, id, 2);
    const stockBefore = await stockOf(id);
    // Neither charge returns until both submits have read the cart and are being charged.
    let arrived = 0;
    let release: () => void = () => {};
    const bothCharging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { provider, refunded } = recordingProvider(async () => {
      arrived += 1;
      if (arrived === 2) release();
      await bothCharging;
    });
    const key = newKey();
    const results = await Promise.all([
      checkoutWith(provider, user.id, { addressId, idempotencyKey: key }),
      checkoutWith(provider, user.id, { addressId, idempotencyKey: key }),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0]!.order.number).toBe(results[1]!.order.number);
    expect(refunded).toEqual([]);
    expect(await stockOf(id)).toBe(stockBefore - 2);
  });

  it('keeps the charge and answers 503 when PostgreSQL refuses the order; the same key then places it, charged once', async () => {
    const { user, addressId } = await shopper();
    const id = freshPiece();
    await putInCart(user.id, id, 1);
    const { provider, charged, refunded } = recordingProvider();
    const key = newKey();
    const logged: object[] = [];
    const before = await snapshot();
    // A check violation, which the error plugin alone would answer 400: the web app would drop
    // the key, and the money with it.
    await refusingOrders(user.id, async () => {
      await expect(
        checkoutWith(provider, user.id, { addressId, idempotencyKey: key }, logged),
      ).rejects.toMatchObject({
        status: 503,
        message:
          'Your order could not be placed just now. Pay again in a moment: you will not be charged twice.',
      });
    });
    expect(await snapshot()).toEqual(before);
    expect(charged).toHaveLength(1);
    expect(refunded).toEqual([]);
    expect(logged).toEqual([expect.objectContaining({ order: expect.stringMatching(NUMBER) })]);

    const { order, created } = await checkoutWith(provider, user.id, {
      addressId,
      idempotencyKey: key,
    });
    expect(created).toBe(true);
    expect(order.lines).toEqual([expect.objectContaining({ itemId: id })]);
    expect(charged).toEqual([charged[0], charged[0]]);
    expect(refunded).toEqual([]);
    // Sent again, it asked the provider the same charge: the first attempt's number.
    expect(order.number).toBe((logged[0] as { order: string }).order);
  });
});

describe('the ledger of charges: a charge with no order is returned', () => {
  /** A shopper whose checkout was charged and answered 503: the order could not be written. */
  async function unplaced() {
    const { agent, user, addressId } = await shopper();
    const id = freshPiece();
    await putInCart(user.id, id, 1);
    const recording = recordingProvider();
    const key = newKey();
    await refusingOrders(user.id, async () => {
      await expect(
        checkoutWith(recording.provider, user.id, { addressId, idempotencyKey: key }),
      ).rejects.toMatchObject({ status: 503 });
    });
    return { agent, user, addressId, id, key, ...recording };
  }

  it('records the charge before it is taken and hands it to the order', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const key = newKey();
    let during: Awaited<ReturnType<typeof chargeOf>>;
    const { provider, charged } = recordingProvider(async () => {
      during = await chargeOf(user.id, key);
    });
    const { order } = await checkoutWith(provider, user.id, { addressId, idempotencyKey: key });
    expect(during).toEqual({ state: 'charging', reference: null, amount_cents: order.totalCents });
    expect(await chargeOf(user.id, key)).toEqual({
      state: 'ordered',
      reference: charged[0],
      amount_cents: order.totalCents,
    });
  });

  it('returns it once after the wait, and the key is spent: sent again it is 409, uncharged', async () => {
    const { user, addressId, key, provider, charged, refunded } = await unplaced();
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'charged', reference: charged[0] });
    const logged: object[] = [];

    // Not before the shopper has had time to send the checkout again.
    expect(await settleCharges(t.db.database.db, provider, sweepLog(logged))).toBe(0);
    expect(refunded).toEqual([]);

    await ageCharge(user.id, key);
    expect(await settleCharges(t.db.database.db, provider, sweepLog(logged))).toBe(1);
    expect(refunded).toEqual([
      expect.objectContaining({
        reference: charged[0],
        orderNumber: expect.stringMatching(NUMBER),
      }),
    ]);
    expect(refunded[0]!.amountCents).toBeGreaterThan(0);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'refunded' });
    expect(logged).toEqual([expect.objectContaining({ key, reference: charged[0] })]);
    expect(await settleCharges(t.db.database.db, provider, sweepLog(logged))).toBe(0);

    await turnedDown(
      provider,
      user.id,
      { addressId, idempotencyKey: key },
      'This checkout could not be finished and its payment was returned. Check your cart and pay again.',
    );
    expect(charged).toHaveLength(1);
    expect(refunded).toHaveLength(1);
  });

  it('writes no order for a checkout sent again whose charge the sweep took meanwhile', async () => {
    const { user, addressId, key, charged, refunded } = await unplaced();
    await ageCharge(user.id, key);
    // Sent again, it passes the read and records its charge; the sweep takes that charge while
    // the provider answers (as if the shopper had come back just as it ran).
    const logged: object[] = [];
    const again = recordingProvider(async () => {
      await ageCharge(user.id, key);
      expect(await settleCharges(t.db.database.db, again.provider, sweepLog(logged))).toBe(1);
    });
    await turnedDown(
      again.provider,
      user.id,
      { addressId, idempotencyKey: key },
      "No order was placed: this checkout's payment is being returned. Check your cart and pay again.",
    );
    expect(again.refunded.map((r) => r.reference)).toEqual([charged[0]]);
    expect(refunded).toEqual([]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'refunded' });
  });

  it('leaves a charge whose checkout was sent again and placed', async () => {
    const { user, addressId, key, provider, charged, refunded } = await unplaced();
    const { created } = await checkoutWith(provider, user.id, { addressId, idempotencyKey: key });
    expect(created).toBe(true);
    await ageCharge(user.id, key);
    expect(await settleCharges(t.db.database.db, provider, sweepLog([]))).toBe(0);
    expect(refunded).toEqual([]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'ordered', reference: charged[0] });
  });

  it('refuses the same key for another total before any charge (409)', async () => {
    const { user, addressId, key, provider, charged } = await unplaced();
    await putInCart(user.id, freshPiece(), 1);
    await turnedDown(
      provider,
      user.id,
      { addressId, idempotencyKey: key },
      expect.stringMatching(
        /^This checkout was already started for another total or payment method\./,
      ),
    );
    expect(charged).toHaveLength(1);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'charged' });
  });

  it('answers 503, not a decline, to a same-key submit declined while another is charged', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const key = newKey();
    // The first submit's charge waits until the second, same key, has been declined (as a
    // provider may answer a capture it is already making).
    let entered: () => void = () => {};
    const charging = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release: () => void = () => {};
    const declined = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const { provider, refunded } = recordingProvider(async () => {
      calls += 1;
      if (calls > 1) throw new PaymentDeclinedError('already being captured');
      entered();
      await declined;
    });
    const first = checkoutWith(provider, user.id, { addressId, idempotencyKey: key });
    await charging;
    // A 4xx would have the web app drop the key and pay anew: two orders, two charges.
    await expect(
      checkoutWith(provider, user.id, { addressId, idempotencyKey: key }),
    ).rejects.toMatchObject({ status: 503 });
    // Still being taken by the first: were its process to die now, the sweep would log it.
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'charging' });
    release();
    expect((await first).created).toBe(true);
    expect(refunded).toEqual([]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'ordered' });
  });

  it('keeps a charge for the sweep when a step after it fails, and logs it with its key', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const key = newKey();
    const { provider, charged, refunded } = recordingProvider(async () => {
      await sql('DELETE FROM cart_lines WHERE user_id = $1', [user.id]);
    });
    const logged: object[] = [];
    // The cart emptied while paying; claiming the refund then fails (the connection lost).
    await refusingCharges(user.id, 'refunding', async () => {
      await expect(
        checkoutWith(provider, user.id, { addressId, idempotencyKey: key }, logged),
      ).rejects.toMatchObject({ status: 503 });
    });
    expect(logged).toEqual([expect.objectContaining({ key, reference: charged[0] })]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'charged', reference: charged[0] });
    await ageCharge(user.id, key);
    expect(await settleCharges(t.db.database.db, provider, sweepLog([]))).toBe(1);
    expect(refunded.map((r) => r.reference)).toEqual([charged[0]]);
  });

  it('asks a refund made but not recorded again with its own key, so the provider makes it once', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const key = newKey();
    const { provider, refunded } = recordingProvider(async () => {
      await sql('DELETE FROM cart_lines WHERE user_id = $1', [user.id]);
    });
    const logged: object[] = [];
    await refusingCharges(user.id, 'refunded', async () => {
      await expect(
        checkoutWith(provider, user.id, { addressId, idempotencyKey: key }, logged),
      ).rejects.toMatchObject({
        status: 409,
        message:
          'Your cart is empty. Add something to it before paying. Your payment was returned.',
      });
    });
    expect(logged).toEqual([expect.objectContaining({ key })]);
    await ageCharge(user.id, key);
    expect(await settleCharges(t.db.database.db, provider, sweepLog([]))).toBe(1);
    expect(refunded).toHaveLength(2);
    expect(refunded[1]!.idempotencyKey).toBe(refunded[0]!.idempotencyKey);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'refunded' });
  });

  it('logs once a charge the provider never answered; sent again, it is turned down uncharged', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const key = newKey();
    const failing = withSessions({
      charge: async () => {
        throw new Error('provider timed out');
      },
      refund: async () => {
        throw new Error('nothing to refund');
      },
    });
    const logged: object[] = [];
    await expect(
      checkoutWith(failing, user.id, { addressId, idempotencyKey: key }, logged),
    ).rejects.toMatchObject({ status: 503 });
    expect(logged).toEqual([expect.objectContaining({ key, amountCents: expect.any(Number) })]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'charging', reference: null });

    const swept: object[] = [];
    await ageCharge(user.id, key);
    expect(await settleCharges(t.db.database.db, failing, sweepLog(swept))).toBe(0);
    expect(await settleCharges(t.db.database.db, failing, sweepLog(swept))).toBe(0);
    expect(swept).toEqual([expect.objectContaining({ key })]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'unknown' });
    // The shop settles it from the log: no order may take it meanwhile.
    const { provider, charged } = recordingProvider();
    await turnedDown(
      provider,
      user.id,
      { addressId, idempotencyKey: key },
      'This checkout could not be finished. If a payment was taken for it, the shop will return it. Check your cart and pay again.',
    );
    expect(charged).toEqual([]);
  });

  it('never returns a charge an order holds, though the ledger was not told of it', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const key = newKey();
    const { provider, refunded } = recordingProvider();
    await checkoutWith(provider, user.id, { addressId, idempotencyKey: key });
    // As an order written by a process that did not keep the ledger would leave it.
    await sql(
      `UPDATE checkout_charges SET state = 'charged' WHERE user_id = $1 AND idempotency_key = $2`,
      [user.id, key],
    );
    await ageCharge(user.id, key);
    const logged: object[] = [];
    expect(await settleCharges(t.db.database.db, provider, sweepLog(logged))).toBe(0);
    expect(refunded).toEqual([]);
    expect(logged).toEqual([expect.objectContaining({ key })]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'ordered' });
  });

  it('logs the reference of a charge answered after it was set aside, and answers 503', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const key = newKey();
    // The provider answers after half an hour: the sweep has set the charge aside for the shop,
    // and the shopper has emptied the cart meanwhile.
    const { provider, charged, refunded } = recordingProvider(async () => {
      await ageCharge(user.id, key);
      await settleCharges(t.db.database.db, provider, sweepLog([]));
      await sql('DELETE FROM cart_lines WHERE user_id = $1', [user.id]);
    });
    const logged: object[] = [];
    await expect(
      checkoutWith(provider, user.id, { addressId, idempotencyKey: key }, logged),
    ).rejects.toMatchObject({ status: 503 });
    expect(logged).toEqual([expect.objectContaining({ key, reference: charged[0] })]);
    expect(refunded).toEqual([]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'unknown' });
  });

  it('tries a failed refund again on a later sweep', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const key = newKey();
    const { provider, charged } = recordingProvider(async () => {
      await sql('DELETE FROM cart_lines WHERE user_id = $1', [user.id]);
    });
    const working = provider.refund;
    provider.refund = async () => {
      throw new Error('provider unreachable');
    };
    await expect(
      checkoutWith(provider, user.id, { addressId, idempotencyKey: key }),
    ).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/it will be returned automatically\.$/),
    });
    expect(await chargeOf(user.id, key)).toMatchObject({
      state: 'refunding',
      reference: charged[0],
    });
    const logged: object[] = [];
    await ageCharge(user.id, key);
    expect(await settleCharges(t.db.database.db, provider, sweepLog(logged))).toBe(0);
    expect(logged).toEqual([expect.objectContaining({ key, err: expect.any(Error) })]);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'refunding' });

    provider.refund = working;
    await ageCharge(user.id, key);
    expect(await settleCharges(t.db.database.db, provider, sweepLog(logged))).toBe(1);
    expect(await chargeOf(user.id, key)).toMatchObject({ state: 'refunded' });
  });
});

/** Runs `body` while PostgreSQL refuses every order of `userId` as a check violation. */
function refusingOrders(userId: number, body: () => Promise<void>): Promise<void> {
  return refusing(`orders_${userId}`, 'INSERT ON orders', `NEW.user_id = ${userId}`, body);
}

/**
 * Runs `body` while PostgreSQL refuses to move a charge of `userId` to `state` in the ledger, as
 * a connection lost at that moment would fail it.
 */
function refusingCharges(userId: number, state: string, body: () => Promise<void>): Promise<void> {
  return refusing(
    `charges_${userId}_${state}`,
    'UPDATE ON checkout_charges',
    `NEW.user_id = ${userId} AND NEW.state = '${state}'`,
    body,
  );
}

/** Runs `body` while a trigger `BEFORE <event>` raises a check violation for rows where `when`. */
async function refusing(
  name: string,
  event: string,
  when: string,
  body: () => Promise<void>,
): Promise<void> {
  const fn = `refuse_${name}`;
  await sql(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${when} THEN RAISE EXCEPTION 'refused by the test' USING ERRCODE = '23514'; END IF;
      RETURN NEW;
    END $$`);
  const [, table] = event.split(' ON ');
  await sql(`CREATE TRIGGER ${fn} BEFORE ${event} FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
  try {
    await body();
  } finally {
    await sql(`DROP TRIGGER ${fn} ON ${table}`);
    await sql(`DROP FUNCTION ${fn}()`);
  }
}

describe('GET /api/buy and GET /api/buy/{number}', () => {
  it("lists the shopper's own orders, newest first, each bill read by its number", async () => {
    const { agent, addressId } = await shopper();
    const [a, b] = [freshPiece(), freshPiece()];
    await fill(agent, [[a, 1]]);
    const first = (await buy(agent, addressId)).json();
    await fill(agent, [[b, 2]]);
    const second = (await buy(agent, addressId)).json();
    const list = await agent.get('/api/buy');
    expect(list.statusCode).toBe(200);
    expect(list.json().nextCursor).toBeNull();
    expect(list.json().items.map((o: { number: string }) => o.number)).toEqual([
      second.number,
      first.number,
    ]);
    expect(list.json().items[0]).toEqual({
      number: second.number,
      placedAt: second.placedAt,
      paymentMethod: second.paymentMethod,
      units: 2,
      totalCents: second.totalCents,
      total: second.total,
      arrival: second.arrival,
    });
    const one = await agent.get(`/api/buy/${first.number}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ ...first, replayed: undefined });
    const latest = (await agent.get(`/api/buy/${second.number}`)).json();
    expect(latest.lines).toHaveLength(1);
    expect(latest.lines[0]).toMatchObject({ itemId: b, quantity: 2 });
  });

  it("never shows another shopper's order", async () => {
    const owner = await shopper();
    const other = await shopper();
    await fill(owner.agent, [[freshPiece(), 1]]);
    const order = (await buy(owner.agent, owner.addressId)).json();
    expect((await other.agent.get(`/api/buy/${order.number}`)).statusCode).toBe(404);
    expect((await other.agent.get('/api/buy')).json()).toEqual({ items: [], nextCursor: null });
    expect((await other.agent.get('/api/buy/not-a-number')).statusCode).toBe(400);
    expect((await new Agent(t.app).get('/api/buy')).statusCode).toBe(401);
  });
});

describe('POST /api/payments, its approve and cancel, and PUT /api/buy with paymentId', () => {
  async function open(agent: Agent, addressId: number, paymentMethod = 'paypal') {
    const res = await agent.post('/api/payments', { addressId, paymentMethod });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; amountCents: number; amount: string };
  }
  const cartOf = async (agent: Agent) => (await agent.get('/api/cart')).json();
  const sessionStatus = async (id: string) =>
    (await sql<{ status: string }>('SELECT status FROM payment_sessions WHERE id = $1', [id]))[0]
      ?.status;

  it('opens a payment for the cart total computed on the server, with the address, changing nothing', async () => {
    const { agent, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 2]]);
    const cart = await cartOf(agent);
    const before = await snapshot();
    const session = await open(agent, addressId, 'apple_pay');
    expect(session).toMatchObject({
      id: expect.stringMatching(/^sbx_apple_pay_/),
      paymentMethod: 'apple_pay',
      status: 'pending',
      amountCents: cart.totalCents,
      amount: cart.total,
      address,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('says a payment was cancelled when it is cancelled while the checkout spends it', async () => {
    const { agent, user, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 1]]);
    const session = await open(agent, addressId);
    expect((await agent.post(`/api/payments/${session.id}/approve`)).statusCode).toBe(200);
    const before = await snapshot();
    // The cancel in another tab commits between the checkout's read of the session and its
    // capture: the capture finds the session cancelled.
    await sql(`CREATE FUNCTION cancel_on_capture() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN
                   IF OLD.status = 'approved' AND NEW.status = 'captured' THEN
                     UPDATE payment_sessions SET status = 'cancelled' WHERE id = NEW.id;
                     RETURN NULL;
                   END IF;
                   RETURN NEW;
                 END $$`);
    await sql(`CREATE TRIGGER cancel_on_capture BEFORE UPDATE ON payment_sessions
                 FOR EACH ROW WHEN (OLD.id = '${session.id.replace(/'/g, '')}')
                 EXECUTE FUNCTION cancel_on_capture()`);
    try {
      const paid = await agent.put('/api/buy', {
        addressId,
        paymentMethod: 'paypal',
        idempotencyKey: newKey(),
        paymentId: session.id,
      });
      expect(paid.statusCode, paid.body).toBe(409);
      expect(paid.json().error.message).toMatch(/cancelled/);
    } finally {
      await sql('DROP TRIGGER cancel_on_capture ON payment_sessions');
      await sql('DROP FUNCTION cancel_on_capture()');
    }
    expect(await sessionStatus(session.id)).toBe('cancelled');
    expect(await snapshot()).toEqual(before);
    expect(await sql('SELECT 1 FROM orders WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it('cancel leaves the cart exactly as it was and makes no order; the cancelled payment cannot pay', async () => {
    const { agent, user, addressId } = await shopper();
    await fill(agent, [
      [freshPiece(), 1],
      [freshPiece(), 3],
    ]);
    const cart = await cartOf(agent);
    const before = await snapshot();
    const session = await open(agent, addressId);
    const cancelled = await agent.post(`/api/payments/${session.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ ...session, status: 'cancelled' });
    // Cancelling again is harmless and answers the same.
    const again = await agent.post(`/api/payments/${session.id}/cancel`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(cancelled.json());
    expect(await cartOf(agent)).toEqual(cart);

    const paid = await agent.put('/api/buy', {
      addressId,
      paymentMethod: 'paypal',
      idempotencyKey: newKey(),
      paymentId: session.id,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toMatch(/cancelled/);
    expect(await agent.post(`/api/payments/${session.id}/approve`)).toMatchObject({
      statusCode: 409,
    });
    expect(await snapshot()).toEqual(before);
    expect(await cartOf(agent)).toEqual(cart);
    expect((await agent.get('/api/buy')).json()).toEqual({ items: [], nextCursor: null });
    expect(await sql('SELECT 1 FROM orders WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it('forgets payments never spent a day after they expire, a batch at a time, and keeps spent ones', async () => {
    const { agent, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 1]]);
    const [pending, cancelled, approved, lately, spent] = [
      await open(agent, addressId),
      await open(agent, addressId),
      await open(agent, addressId),
      await open(agent, addressId),
      await open(agent, addressId, 'apple_pay'),
    ];
    await agent.post(`/api/payments/${cancelled.id}/cancel`);
    await agent.post(`/api/payments/${approved.id}/approve`);
    await agent.post(`/api/payments/${spent.id}/approve`);
    const paid = await buy(agent, addressId, newKey(), 'apple_pay', spent.id);
    expect(paid.statusCode, paid.body).toBe(201);
    const age = (ids: string[], hours: number) =>
      sql(
        `UPDATE payment_sessions SET expires_at = now() - make_interval(hours => $2)
          WHERE id = ANY($1)`,
        [ids, hours],
      );
    await age([pending.id, cancelled.id, approved.id, spent.id], UNSPENT_SESSION_HOURS + 1);
    await age([lately.id], UNSPENT_SESSION_HOURS - 1);
    const ids = [pending, cancelled, approved, lately, spent].map((s) => s.id);
    const kept = async () =>
      (await sql<{ id: string }>('SELECT id FROM payment_sessions WHERE id = ANY($1)', [ids]))
        .map((r) => r.id)
        .sort();

    const db = t.db.database.db;
    expect(await forgetUnspentSessions(db, UNSPENT_SESSION_HOURS, 2)).toBe(2);
    expect(await forgetUnspentSessions(db, UNSPENT_SESSION_HOURS, 2)).toBe(1);
    expect(await forgetUnspentSessions(db, UNSPENT_SESSION_HOURS, 2)).toBe(0);
    expect(await kept()).toEqual([lately.id, spent.id].sort());
    // A forgotten payment is one the shopper cannot use: it no longer exists.
    const gone = await agent.post(`/api/payments/${pending.id}/approve`);
    expect(gone.statusCode).toBe(404);
  });

  it('approve then pay places the order once; the session is spent on that checkout alone', async () => {
    const { agent, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 1]]);
    const session = await open(agent, addressId, 'apple_pay');
    const approved = await agent.post(`/api/payments/${session.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    // Approving twice is harmless.
    expect((await agent.post(`/api/payments/${session.id}/approve`)).statusCode).toBe(200);

    const key = newKey();
    const body = {
      addressId,
      paymentMethod: 'apple_pay',
      idempotencyKey: key,
      paymentId: session.id,
    };
    const paid = await agent.put('/api/buy', body);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().totalCents).toBe(session.amountCents);
    expect(await sessionStatus(session.id)).toBe('captured');
    expect((await cartOf(agent)).lines).toEqual([]);
    // The same checkout again answers with its order.
    const again = await agent.put('/api/buy', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().number).toBe(paid.json().number);

    // Another checkout cannot reuse the spent payment, and cancelling it is refused.
    await fill(agent, [[freshPiece(), 1]]);
    const before = await snapshot();
    const reuse = await agent.put('/api/buy', { ...body, idempotencyKey: newKey() });
    expect(reuse.statusCode).toBe(409);
    const cancel = await agent.post(`/api/payments/${session.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe('That payment was already used for an order.');
    expect(await snapshot()).toEqual(before);
  });

  it('a checkout sent again after a failure, naming a payment opened since, pays with the one its key took: one order, one charge', async () => {
    const { agent, user, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 1]]);
    const first = await open(agent, addressId);
    expect((await agent.post(`/api/payments/${first.id}/approve`)).statusCode).toBe(200);
    const key = newKey();
    const body = { addressId, paymentMethod: 'paypal', idempotencyKey: key };
    await refusingOrders(user.id, async () => {
      const failed = await agent.put('/api/buy', { ...body, paymentId: first.id });
      expect(failed.statusCode, failed.body).toBe(503);
    });
    // The shopper closed the sheet and paid anew; the web app kept the key after the 5xx.
    const second = await open(agent, addressId);
    expect((await agent.post(`/api/payments/${second.id}/approve`)).statusCode).toBe(200);
    const paid = await agent.put('/api/buy', { ...body, paymentId: second.id });
    expect(paid.statusCode, paid.body).toBe(201);

    const { reference } = await new SandboxPaymentProvider().charge({
      amountCents: first.amountCents,
      method: 'paypal',
      orderNumber: paid.json().number,
      // The provider's key is the checkout's, with its shopper's id.
      idempotencyKey: `charge:${user.id}:${key}`,
      sessionId: first.id,
    });
    const orders = await sql<{ payment_reference: string }>(
      'SELECT payment_reference FROM orders WHERE user_id = $1',
      [user.id],
    );
    expect(orders).toEqual([{ payment_reference: reference }]);
    expect(await sessionStatus(first.id)).toBe('captured');
    expect(await sessionStatus(second.id)).toBe('approved');
  });

  it('a key takes one payment: a second capture with it is refused by PostgreSQL itself', async () => {
    const { agent, user, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 1]]);
    const [first, second] = [await open(agent, addressId), await open(agent, addressId)];
    for (const session of [first, second]) {
      expect((await agent.post(`/api/payments/${session.id}/approve`)).statusCode).toBe(200);
    }
    const key = newKey();
    // Two checkouts sent at once with one key may each read before the other captures: the
    // unique index decides, and the loser reads again and pays with the winner's payment.
    expect(await captureSession(t.db.database.db, user.id, first.id, key)).toBe(true);
    await expect(captureSession(t.db.database.db, user.id, second.id, key)).rejects.toSatisfy(
      (error: unknown) => pgCode(error) === PG.uniqueViolation,
    );
    expect([await sessionStatus(first.id), await sessionStatus(second.id)]).toEqual([
      'captured',
      'approved',
    ]);
  });

  it('a checkout whose key took a payment, sent again for another cart, is refused before any new charge', async () => {
    const { agent, user, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 1]]);
    const first = await open(agent, addressId);
    expect((await agent.post(`/api/payments/${first.id}/approve`)).statusCode).toBe(200);
    const body = { addressId, paymentMethod: 'paypal', idempotencyKey: newKey() };
    await refusingOrders(user.id, async () => {
      expect((await agent.put('/api/buy', { ...body, paymentId: first.id })).statusCode).toBe(503);
    });
    await fill(agent, [[freshPiece(), 1]]);
    const second = await open(agent, addressId);
    expect((await agent.post(`/api/payments/${second.id}/approve`)).statusCode).toBe(200);
    const before = await snapshot();
    const refused = await agent.put('/api/buy', { ...body, paymentId: second.id });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      `This checkout had already started a payment of ${first.amount} for a different cart, ` +
        'address or payment method. If it was taken and no order came of it, the shop will ' +
        'return it. Check your cart and pay again.',
    );
    expect(await snapshot()).toEqual(before);
    expect(await sessionStatus(second.id)).toBe('approved');
  });

  it('refuses a payment not yet approved (402), for another method or address, or for another amount (409), writing nothing', async () => {
    const { agent, addressId } = await shopper();
    const other = (await agent.post('/api/shipping', { ...address, nickname: 'Other' })).json();
    const piece = freshPiece();
    await fill(agent, [[piece, 1]]);
    const pending = await open(agent, addressId);
    const approved = await open(agent, addressId);
    await agent.post(`/api/payments/${approved.id}/approve`);
    const pay = (over: object) =>
      agent.put('/api/buy', {
        addressId,
        paymentMethod: 'paypal',
        idempotencyKey: newKey(),
        paymentId: approved.id,
        ...over,
      });
    const before = await snapshot();

    const notApproved = await pay({ paymentId: pending.id });
    expect(notApproved.statusCode).toBe(402);
    expect(notApproved.json().error.code).toBe('payment_required');
    expect((await pay({ paymentMethod: 'apple_pay' })).statusCode).toBe(409);
    expect((await pay({ addressId: other.id })).statusCode).toBe(409);
    await agent.post('/api/cart', { itemId: piece, quantity: 2 });
    const changed = await pay({});
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toMatch(/cart changed/);
    expect(await sessionStatus(approved.id)).toBe('approved');
    const { cart: _cart, ...rest } = before;
    expect(await snapshot()).toMatchObject(rest);
  });

  it('an approved payment can still be cancelled; each answer is the session with its address', async () => {
    const { agent, addressId } = await shopper();
    await fill(agent, [[freshPiece(), 2]]);
    const session = await open(agent, addressId);
    const approved = await agent.post(`/api/payments/${session.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ ...session, status: 'approved' });
    const cancelled = await agent.post(`/api/payments/${session.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ ...session, status: 'cancelled' });
    expect(await sessionStatus(session.id)).toBe('cancelled');
  });

  it("is 404 for another shopper's payment, and 400 for a malformed id", async () => {
    const owner = await shopper();
    const stranger = await shopper();
    await fill(owner.agent, [[freshPiece(), 1]]);
    await fill(stranger.agent, [[freshPiece(), 1]]);
    const session = await open(owner.agent, owner.addressId);
    expect((await stranger.agent.post(`/api/payments/${session.id}/approve`)).statusCode).toBe(404);
    expect((await stranger.agent.post(`/api/payments/${session.id}/cancel`)).statusCode).toBe(404);
    await owner.agent.post(`/api/payments/${session.id}/approve`);
    const stolen = await stranger.agent.put('/api/buy', {
      addressId: stranger.addressId,
      paymentMethod: 'paypal',
      idempotencyKey: newKey(),
      paymentId: session.id,
    });
    expect(stolen.statusCode).toBe(404);
    expect(await sessionStatus(session.id)).toBe('approved');
    expect((await owner.agent.post('/api/payments/bad id!/approve')).statusCode).toBe(400);
    const bad = await owner.agent.put('/api/buy', {
      addressId: owner.addressId,
      paymentMethod: 'paypal',
      idempotencyKey: newKey(),
      paymentId: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('paymentId');
  });

  it('will not open a payment for an empty cart or another shopper’s address', async () => {
    const owner = await shopper();
    const stranger = await shopper();
    expect(
      (
        await owner.agent.post('/api/payments', {
          addressId: owner.addressId,
          paymentMethod: 'paypal',
        })
      ).statusCode,
    ).toBe(409);
    await fill(stranger.agent, [[freshPiece(), 1]]);
    const res = await stranger.agent.post('/api/payments', {
      addressId: owner.addressId,
      paymentMethod: 'paypal',
    });
    expect(res.statusCode).toBe(404);
    expect(
      await sql('SELECT 1 FROM payment_sessions WHERE user_id = $1', [stranger.user.id]),
    ).toEqual([]);
  });

  it('with a provider that needs approval, a checkout naming no payment is 402 and writes nothing', async () => {
    const { user, addressId } = await shopper();
    await putInCart(user.id, freshPiece(), 1);
    const before = await snapshot();
    await expect(
      checkoutWith(new SandboxPaymentProvider({ requireApproval: true }), user.id, { addressId }),
    ).rejects.toMatchObject({ status: 402, code: 'payment_required' });
    expect(await snapshot()).toEqual(before);
  });
});

describe.runIf(testDriver() === 'postgres')(
  'a charged order placed again after a deadlock (PostgreSQL only: two connections)',
  () => {
    it('places the order when a stock take deadlocked with it and gave way', async () => {
      const { agent, user, addressId } = await shopper();
      const [first, second] = [freshPiece(), freshPiece()].sort((a, b) => a - b);
      await fill(agent, [
        [first!, 1],
        [second!, 1],
      ]);
      const before = [await stockOf(first!), await stockOf(second!)];
      const deadlocksBefore = await deadlocks();
      const takeStock = (tx: SqlClient, id: number) =>
        tx.query('UPDATE items SET stock = stock WHERE id = $1', [id]);
      const res = await t.db.database.withConnection(async (stockTaker) => {
        await stockTaker.exec('BEGIN');
        try {
          // The checkout locks its pieces in id order: it takes the first and waits for the
          // second, held here; this then waits for the first. Each looks for a circle a second
          // after it began to wait: the checkout, waiting well before, finds it and is undone.
          await takeStock(stockTaker, second!);
          const pending = buy(agent, addressId);
          await blockedBy(t.db.database.sql, stockTaker, 'the checkout never waited for the piece');
          await new Promise((resolve) => setTimeout(resolve, 300));
          await takeStock(stockTaker, first!);
          await stockTaker.exec('COMMIT');
          return await pending;
        } catch (error) {
          await stockTaker.exec('ROLLBACK');
          throw error;
        }
      });
      expect(res.statusCode, res.body).toBe(201);
      const orders = await sql('SELECT 1 FROM orders WHERE user_id = $1', [user.id]);
      expect(orders).toHaveLength(1);
      expect([await stockOf(first!), await stockOf(second!)]).toEqual(before.map((n) => n - 1));
      await vi.waitFor(async () => expect(await deadlocks()).toBeGreaterThan(deadlocksBefore), {
        timeout: 5_000,
      });
    });
  },
);

describe.runIf(testDriver() === 'postgres')(
  'the ledger under two connections (PostgreSQL only)',
  () => {
    it('writes no order when a refund claims the charge while the write waits for it', async () => {
      const { user, addressId } = await shopper();
      const id = freshPiece();
      await putInCart(user.id, id, 1);
      const key = newKey();
      const before = await snapshot();
      const res = await t.db.database.withConnection(async (refunder) => {
        let pending: Promise<unknown> | undefined;
        try {
          // While the provider answers, a refund (the sweep's claim) takes the charge's row and
          // holds it: the order's write, which locks the cart first, waits for it.
          const { provider } = recordingProvider(async () => {
            await refunder.exec('BEGIN');
            await refunder.query(
              `UPDATE checkout_charges SET state = 'refunding', reference = 'held'
                WHERE user_id = $1 AND idempotency_key = $2`,
              [user.id, key],
            );
          });
          pending = checkoutWith(provider, user.id, { addressId, idempotencyKey: key }).then(
            () => 'placed',
            (error: { status?: number; message?: string }) => error,
          );
          await blockedBy(t.db.database.sql, refunder, 'the order never waited for the charge');
          await refunder.exec('COMMIT');
          return await pending;
        } catch (error) {
          await refunder.exec('ROLLBACK');
          await pending;
          throw error;
        }
      });
      expect(res).toMatchObject({
        status: 409,
        message: expect.stringMatching(/^No order was placed/),
      });
      expect(await snapshot()).toEqual(before);
      expect(await chargeOf(user.id, key)).toMatchObject({ state: 'refunding' });
    });
  },
);

/** The deadlocks PostgreSQL has found on the test's database. */
async function deadlocks(): Promise<number> {
  await sql('SELECT pg_stat_clear_snapshot()');
  const [row] = await sql<{ n: number }>(
    'SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return row!.n;
}
