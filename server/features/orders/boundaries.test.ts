import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../lib/mailer';
import { type Agent, appForThisFile, signUp } from '../../test/test-app';
import { checkout } from './order.service';
import { type PaymentProvider, SandboxPaymentProvider } from './payment';

// Money and stock at the edges: 0, 1 and 2 units, stock of 0, 1 and 2, the first and last
// quantity a line may hold. DESIGN.md: shipping is $19.99 flat while the cart has anything, with
// no free-shipping threshold, so the edges of the fee are an empty cart and a cart of one unit.

const shop = appForThisFile();

let pieceCursor = 0;
/** A piece of its own for each test, priced and stocked as the test says. */
async function piece(priceCents: number, stock: number): Promise<number> {
  const [row] = await shop.query<{ id: number }>(
    'SELECT id FROM items WHERE stock >= 1 ORDER BY id DESC OFFSET $1 LIMIT 1',
    [pieceCursor++],
  );
  expect(row).toBeDefined();
  await shop.query('UPDATE items SET price_cents = $2, stock = $3 WHERE id = $1', [
    row!.id,
    priceCents,
    stock,
  ]);
  return row!.id;
}

async function stockOf(id: number): Promise<number> {
  const [row] = await shop.query<{ stock: number }>('SELECT stock FROM items WHERE id = $1', [id]);
  return row!.stock;
}

async function buyer(): Promise<{ agent: Agent; userId: number; addressId: number }> {
  const { agent, user } = await signUp(shop.t.app);
  const address = await agent.post('/api/shipping', {
    nickname: 'Home',
    recipient_name: 'Sam Rivera',
    phone: '(617) 555-0142',
    street_address: '1 Main Street',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
  });
  expect(address.statusCode, address.body).toBe(201);
  return { agent, userId: user.id, addressId: address.json().id };
}

let keys = 0;
const pay = (agent: Agent, addressId: number) =>
  agent.put('/api/buy', {
    addressId,
    paymentMethod: 'apple_pay',
    idempotencyKey: `boundary-${process.pid}-${++keys}`,
  });

async function orderCount(userId: number): Promise<number> {
  const [row] = await shop.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
    [userId],
  );
  return row!.n;
}

describe('shipping at 0, 1 and 2 units', () => {
  it('charges nothing on an empty cart and $19.99 from the first unit on', async () => {
    const { agent } = await signUp(shop.t.app);
    const id = await piece(1250, 5);
    expect((await agent.get('/api/cart')).json()).toMatchObject({
      units: 0,
      shippingCents: 0,
      totalCents: 0,
    });
    const one = await agent.post('/api/cart', { itemId: id, quantity: 1 });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      units: 1,
      subtotalCents: 1250,
      shippingCents: 1999,
      shipping: '$19.99',
      totalCents: 3249,
      total: '$32.49',
    });
    const two = await agent.post('/api/cart', { itemId: id, quantity: 1 });
    expect(two.json()).toMatchObject({
      units: 2,
      subtotalCents: 2500,
      shippingCents: 1999,
      totalCents: 4499,
      total: '$44.99',
    });
  });

  it('charges $19.99 on an order of one unit', async () => {
    const { agent, addressId } = await buyer();
    const id = await piece(1, 5);
    await agent.post('/api/cart', { itemId: id });
    const order = await pay(agent, addressId);
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json()).toMatchObject({
      units: 1,
      subtotalCents: 1,
      shippingCents: 1999,
      totalCents: 2000,
      total: '$20.00',
    });
  });
});

describe('stock at 0, 1 and 2', () => {
  it('refuses a sold-out piece to the cart', async () => {
    const { agent, user } = await signUp(shop.t.app);
    const id = await piece(1000, 0);
    const res = await agent.post('/api/cart', { itemId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/is sold out\.$/);
    const lines = await shop.query('SELECT 1 FROM cart_lines WHERE user_id = $1', [user.id]);
    expect(lines).toHaveLength(0);
  });

  it('puts the last unit in the cart, not a second one', async () => {
    const { agent } = await signUp(shop.t.app);
    const id = await piece(1000, 1);
    expect((await agent.post('/api/cart', { itemId: id })).statusCode).toBe(200);
    const more = await agent.post('/api/cart', { itemId: id });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toMatch(/^Only 1 of .* is left\.$/);
    expect((await agent.get('/api/cart')).json().units).toBe(1);
  });

  it('sets a line to all that is left, and not one more', async () => {
    const { agent } = await signUp(shop.t.app);
    const id = await piece(1000, 2);
    await agent.post('/api/cart', { itemId: id });
    expect((await agent.put(`/api/cart/${id}`, { quantity: 2 })).statusCode).toBe(200);
    const over = await agent.put(`/api/cart/${id}`, { quantity: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(/^Only 2 of .* are left\.$/);
    expect((await agent.get('/api/cart')).json().units).toBe(2);
  });

  it('sells the last unit and the last two, leaving none', async () => {
    for (const stock of [1, 2]) {
      const { agent, addressId } = await buyer();
      const id = await piece(1000, stock);
      await agent.post('/api/cart', { itemId: id, quantity: stock });
      const res = await pay(agent, addressId);
      expect(res.statusCode, `stock ${stock}: ${res.body}`).toBe(201);
      expect(res.json().units).toBe(stock);
      expect(await stockOf(id)).toBe(0);
    }
  });

  it('refuses at checkout one unit more than is left, and writes nothing', async () => {
    for (const stock of [0, 1, 2]) {
      const { agent, userId, addressId } = await buyer();
      const id = await piece(1000, 9);
      await agent.post('/api/cart', { itemId: id, quantity: stock + 1 });
      await shop.query('UPDATE items SET stock = $2 WHERE id = $1', [id, stock]);
      const res = await pay(agent, addressId);
      expect(res.statusCode, `stock ${stock}`).toBe(409);
      expect(res.json().error.message).toMatch(
        stock === 0 ? /sold out/ : /^Only \d of .* left\. Change your cart/,
      );
      expect(await stockOf(id)).toBe(stock);
      expect(await orderCount(userId)).toBe(0);
      expect((await agent.get('/api/cart')).json().units).toBe(stock + 1);
    }
  });
});

describe('stock checked before the payment', () => {
  it('charges nothing when a line is one unit above what is left', async () => {
    const charged: number[] = [];
    const sandbox = new SandboxPaymentProvider();
    const payments: PaymentProvider = {
      requiresApproval: false,
      createSession: (request) => sandbox.createSession(request),
      confirmApproval: (request) => sandbox.confirmApproval(request),
      async charge(request) {
        charged.push(request.amountCents);
        return { reference: `boundary_${request.idempotencyKey}` };
      },
      async refund() {},
    };
    const mailer = createMailer({
      smtpUrl: undefined,
      mailFrom: 'Drape <orders@drape.test>',
      dataDir: mkdtempSync(path.join(tmpdir(), 'drape-boundaries-')),
    });
    for (const stock of [0, 1, 2]) {
      const { agent, userId, addressId } = await buyer();
      const id = await piece(1000, 9);
      await agent.post('/api/cart', { itemId: id, quantity: stock + 1 });
      await shop.query('UPDATE items SET stock = $2 WHERE id = $1', [id, stock]);
      const refused = checkout(
        shop.t.db.database,
        userId,
        {
          addressId,
          paymentMethod: 'paypal',
          idempotencyKey: `boundary-charge-${process.pid}-${stock}`,
        },
        { payments, mailer, log: { error: () => {} } },
      );
      await expect(refused, `stock ${stock}`).rejects.toMatchObject({ status: 409 });
      expect(charged, `stock ${stock}`).toEqual([]);
      expect(await orderCount(userId)).toBe(0);
    }
  });
});

describe('a cart line holds 1 to 9', () => {
  it('takes 1 and 9, and refuses 0 and 10 leaving the line as it was', async () => {
    const { agent } = await signUp(shop.t.app);
    const id = await piece(1000, 20);
    expect((await agent.post('/api/cart', { itemId: id, quantity: 9 })).statusCode).toBe(200);
    expect((await agent.put(`/api/cart/${id}`, { quantity: 1 })).json().units).toBe(1);
    expect((await agent.put(`/api/cart/${id}`, { quantity: 9 })).json().units).toBe(9);
    expect((await agent.put(`/api/cart/${id}`, { quantity: 0 })).statusCode).toBe(400);
    expect((await agent.put(`/api/cart/${id}`, { quantity: 10 })).statusCode).toBe(400);
    expect((await agent.get('/api/cart')).json().units).toBe(9);
  });
});
