import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ID_BY_SLOT, SLOTS, type Slot } from '../../../contracts/catalog';
import { followToEnd } from '../../test/pages';
import { Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let shopper: Agent;
let shopperId: number;
let visitor: Agent;
/** In-stock item ids per slot, from the seeded catalogue. */
const pool = {} as Record<Slot, number[]>;

beforeAll(async () => {
  t = await createTestApp();
  // The template holds no accounts, so the first admin registration is allowed.
  admin = (await signUp(t.app, { isAdmin: true })).agent;
  const signedUp = await signUp(t.app);
  shopper = signedUp.agent;
  shopperId = signedUp.user.id;
  visitor = new Agent(t.app);
  for (const slot of SLOTS) {
    const rows = await sql<{ id: number }>(
      'SELECT id FROM items WHERE category_id = $1 AND stock > 0 ORDER BY id LIMIT 6',
      [CATEGORY_ID_BY_SLOT[slot]],
    );
    pool[slot] = rows.map((r) => r.id);
  }
});
afterAll(() => t.close());

function sql<T = Record<string, unknown>>(text: string, params?: unknown[]) {
  return t.db.database.sql.query<T>(text, params);
}

/** Five item ids in slot order; `pick` chooses which of each slot's candidates. */
function itemIds(pick = 0): number[] {
  return SLOTS.map((slot) => pool[slot][pick % pool[slot].length]!);
}

function bySlot(pick = 0): Record<Slot, number> {
  return Object.fromEntries(SLOTS.map((slot, i) => [slot, itemIds(pick)[i]!])) as Record<
    Slot,
    number
  >;
}

let nameCounter = 0;
function uniqueName(prefix = 'Studio look') {
  nameCounter += 1;
  return `${prefix} ${process.pid}-${nameCounter}`;
}

async function counts() {
  const [row] = await sql<{ outfits: number; pieces: number }>(
    `SELECT (SELECT count(*)::int FROM outfits) AS outfits,
            (SELECT count(*)::int FROM outfit_items) AS pieces`,
  );
  return row!;
}

async function createOutfit(overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/design/outfit/create', {
    name: uniqueName(),
    description: 'Soft layers for a long day.',
    occasion: 1,
    item_ids: itemIds(),
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; items: { id: number; slot: Slot }[] };
}

describe('authorisation of every design call', () => {
  type Answer = Awaited<ReturnType<Agent['get']>>;
  type Call = {
    name: string;
    run: (agent: Agent) => Promise<Answer>;
    /** What the admin's call answers, and how many outfits it adds (or removes). */
    admin: { status: number; outfits: number; check: (body: unknown) => void };
  };
  const calls: Call[] = [
    {
      name: 'GET /api/design/outfits',
      run: (a) => a.get('/api/design/outfits'),
      admin: {
        status: 200,
        outfits: 0,
        check: (body) => expect((body as { items: unknown[] }).items.length).toBeGreaterThan(0),
      },
    },
    {
      name: 'POST /api/design/outfit/create',
      run: (a) =>
        a.post('/api/design/outfit/create', {
          name: uniqueName('Auth look'),
          occasion: 2,
          item_ids: itemIds(1),
        }),
      admin: {
        status: 201,
        outfits: 1,
        check: (body) =>
          expect(body).toMatchObject({
            name: expect.stringMatching(/^Auth look /),
            occasionId: 2,
            items: itemIds(1).map((id) => expect.objectContaining({ id })),
          }),
      },
    },
    {
      name: 'PUT /api/design/outfit/edit/:id',
      run: async (a) => {
        const id = (await sql<{ id: number }>('SELECT min(id) AS id FROM outfits'))[0]!.id;
        const [row] = await sql<{ name: string; occasion_id: number }>(
          'SELECT name, occasion_id FROM outfits WHERE id = $1',
          [id],
        );
        return a.put(`/api/design/outfit/edit/${id}`, {
          id,
          name: row!.name,
          description: 'Edited by the authorisation test.',
          occasion: row!.occasion_id,
          item_ids: itemIds(2),
        });
      },
      admin: {
        status: 200,
        outfits: 0,
        check: (body) =>
          expect(body).toMatchObject({
            description: 'Edited by the authorisation test.',
            items: itemIds(2).map((id) => expect.objectContaining({ id })),
          }),
      },
    },
    {
      name: 'DELETE /api/design/outfit/delete/:id',
      run: async (a) => {
        const { id } = await createOutfit();
        return a.delete(`/api/design/outfit/delete/${id}`);
      },
      // One made for the call, one deleted by it.
      admin: { status: 200, outfits: 0, check: (body) => expect(body).toEqual({ ok: true }) },
    },
    ...SLOTS.map((slot) => ({
      name: `GET /api/design/${slot}/:outfitId`,
      run: async (a: Agent) => {
        const id = (await sql<{ id: number }>('SELECT min(id) AS id FROM outfits'))[0]!.id;
        return a.get(`/api/design/${slot}/${id}`);
      },
      admin: {
        status: 200,
        outfits: 0,
        check: (body: unknown) =>
          expect(body).toMatchObject({ slot, categoryId: CATEGORY_ID_BY_SLOT[slot] }),
      },
    })),
    {
      name: 'GET /api/item/design',
      run: (a) => a.get('/api/item/design'),
      admin: {
        status: 200,
        outfits: 0,
        check: (body) =>
          expect((body as { category: { slot: Slot } }[]).map((g) => g.category.slot)).toEqual([
            ...SLOTS,
          ]),
      },
    },
  ];

  it.each(calls)('$name: 401 for a visitor, 403 for a shopper, done for an admin', async (call) => {
    const before = await counts();
    expect((await call.run(visitor)).statusCode).toBe(401);
    expect((await call.run(shopper)).statusCode).toBe(403);
    const { outfits } = await counts();
    // A refused call writes nothing (the delete case creates its own outfit as the admin).
    expect(outfits - before.outfits).toBe(call.name.startsWith('DELETE') ? 2 : 0);
    const res = await call.run(admin);
    expect(res.statusCode, res.body).toBe(call.admin.status);
    call.admin.check(res.json());
    expect((await counts()).outfits - outfits).toBe(call.admin.outfits);
  });
});

describe('POST /api/design/outfit/create', () => {
  it('accepts item_ids as a list in slot order or as an object keyed by slot', async () => {
    const fromList = await createOutfit({ item_ids: itemIds(0), occasion: 5 });
    expect(fromList.items.map((i) => [i.slot, i.id])).toEqual(
      SLOTS.map((slot, i) => [slot, itemIds(0)[i]]),
    );
    const fromObject = await createOutfit({ item_ids: bySlot(3) });
    expect(fromObject.items.map((i) => i.id)).toEqual(itemIds(3));
    expect(fromObject).toMatchObject({ occasionId: 1, occasion: 'Airport' });
  });

  it('trims the name and keeps a missing description empty', async () => {
    const name = uniqueName();
    const outfit = await createOutfit({ name: `  ${name}  `, description: undefined });
    expect(outfit).toMatchObject({ name, description: '' });
  });

  const bad: [string, Record<string, unknown>, RegExp, string][] = [
    ['four items', { item_ids: [1, 2, 3, 4] }, /exactly five item ids.*got 4/, 'item_ids'],
    ['six items', { item_ids: [1, 2, 3, 4, 5, 6] }, /got 6/, 'item_ids'],
    ['no items', { item_ids: undefined }, /list of five item ids/, 'item_ids'],
    [
      'a text id',
      { item_ids: ['a', 2, 3, 4, 5] },
      /outerwear item must be an item id/,
      'item_ids.0',
    ],
    ['a missing slot', { item_ids: { top: 1 } }, /outerwear item is missing/, 'item_ids.outerwear'],
    ['an unknown occasion', { occasion: 9 }, /occasion 9 does not exist/i, 'occasion'],
    ['a missing occasion', { occasion: undefined }, /occasion is required/, 'occasion'],
    ['an empty occasion', { occasion: '' }, /occasion is required/, 'occasion'],
    ['a text occasion', { occasion: 'Work' }, /occasion must be an occasion id/, 'occasion'],
    ['a missing name', { name: undefined }, /name is required/, 'name'],
    ['a blank name', { name: '   ' }, /name is required/, 'name'],
    ['a long name', { name: 'x'.repeat(81) }, /at most 80/, 'name'],
    ['a long description', { description: 'x'.repeat(1001) }, /at most 1000/, 'description'],
  ];
  it.each(bad)(
    'rejects %s with a 400 that says so, and writes nothing',
    async (_, patch, message, field) => {
      const before = await counts();
      const res = await admin.post('/api/design/outfit/create', {
        name: uniqueName(),
        occasion: 1,
        item_ids: itemIds(),
        ...patch,
      });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('validation_failed');
      expect(error.message).toMatch(message);
      expect(Object.keys(error.fields)).toContain(field);
      expect(await counts()).toEqual(before);
    },
  );

  it('rejects an unknown slot key', async () => {
    const res = await admin.post('/api/design/outfit/create', {
      name: uniqueName(),
      occasion: 1,
      item_ids: { ...bySlot(), hat: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['item_ids.hat']).toMatch(/"hat" is not a slot/);
  });

  it('names each piece that is in the wrong slot', async () => {
    const before = await counts();
    const ids = itemIds();
    // Shoes where the top goes, a top where the shoes go.
    const swapped = [ids[0], ids[4], ids[2], ids[3], ids[1]];
    const res = await admin.post('/api/design/outfit/create', {
      name: uniqueName(),
      occasion: 3,
      item_ids: swapped,
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.fields).toEqual({
      'item_ids.1': `item ${ids[4]} is Footwear, but the top slot needs a Top`,
      'item_ids.4': `item ${ids[1]} is a Top, but the footwear slot needs Footwear`,
    });
    expect(error.message).toMatch(/^Item \d+ is Footwear, but the top slot needs a Top; item/);
    expect(await counts()).toEqual(before);
  });

  it('keys problems by slot when item_ids was an object, and names an unknown item', async () => {
    const before = await counts();
    const res = await admin.post('/api/design/outfit/create', {
      name: uniqueName(),
      occasion: 3,
      item_ids: { ...bySlot(), accessory: 99_999_999, bottom: pool.outerwear[0] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'item_ids.accessory': 'item 99999999 does not exist (accessory slot)',
      'item_ids.bottom': `item ${pool.outerwear[0]} is Outerwear, but the bottom slot needs a Bottom`,
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a name already used, whatever its case, with 409', async () => {
    const first = await createOutfit();
    const before = await counts();
    const res = await admin.post('/api/design/outfit/create', {
      name: first.name.toUpperCase(),
      occasion: 2,
      item_ids: itemIds(1),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('already exists'),
    });
    expect(await counts()).toEqual(before);
  });

  it('lets the unique index settle two creates racing for one name', async () => {
    const name = uniqueName('Race');
    const body = { name, occasion: 4, item_ids: itemIds(2) };
    const results = await Promise.all([
      admin.post('/api/design/outfit/create', body),
      admin.post('/api/design/outfit/create', { ...body, name: name.toLowerCase() }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await sql('SELECT id FROM outfits WHERE lower(name) = lower($1)', [name]);
    expect(rows).toHaveLength(1);
  });
});

describe('PUT /api/design/outfit/edit/:id', () => {
  it('refuses a body id that differs from the path, an unknown outfit and a bad id', async () => {
    const outfit = await createOutfit();
    const body = { name: outfit.name, occasion: 1, item_ids: itemIds(1) };
    const mismatch = await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      ...body,
      id: outfit.id + 1,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toMatch(/path \(\d+\) and in the body \(\d+\) differ/);
    expect(mismatch.json().error.fields).toHaveProperty('id');

    const unknown = await admin.put('/api/design/outfit/edit/99999999', body);
    expect(unknown.statusCode).toBe(404);

    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await admin.put(`/api/design/outfit/edit/${id}`, body);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.fields).toHaveProperty('id');
    }
    const [row] = await sql<{ item_id: number }>(
      "SELECT item_id FROM outfit_items WHERE outfit_id = $1 AND slot = 'top'",
      [outfit.id],
    );
    expect(row!.item_id).toBe(itemIds(0)[1]);
  });

  it('refuses a wrong piece or another outfit’s name and leaves the outfit as it was', async () => {
    const outfit = await createOutfit();
    const other = await createOutfit();
    const snapshot = async () => ({
      head: await sql('SELECT name, description, occasion_id FROM outfits WHERE id = $1', [
        outfit.id,
      ]),
      pieces: await sql(
        'SELECT slot, item_id FROM outfit_items WHERE outfit_id = $1 ORDER BY slot',
        [outfit.id],
      ),
    });
    const before = await snapshot();
    const wrongPiece = await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      id: outfit.id,
      name: outfit.name,
      description: 'changed',
      occasion: 2,
      item_ids: { ...bySlot(1), footwear: pool.accessory[0] },
    });
    expect(wrongPiece.statusCode).toBe(400);
    expect(wrongPiece.json().error.fields['item_ids.footwear']).toBe(
      `item ${pool.accessory[0]} is an Accessory, but the footwear slot needs Footwear`,
    );
    const taken = await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      name: ` ${other.name.toLowerCase()} `,
      occasion: 2,
      item_ids: itemIds(1),
    });
    expect(taken.statusCode).toBe(409);
    const fourPieces = await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      name: outfit.name,
      occasion: 2,
      item_ids: itemIds(1).slice(0, 4),
    });
    expect(fourPieces.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps its own name when only the case changes', async () => {
    const outfit = await createOutfit();
    const res = await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      name: outfit.name.toUpperCase(),
      occasion: 2,
      item_ids: itemIds(0),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe(outfit.name.toUpperCase());
  });

  it('does not overwrite an outfit saved since the version the editor opened', async () => {
    const outfit = await createOutfit();
    const listed = async () =>
      (await admin.get(`/api/design/outfits?q=${encodeURIComponent(outfit.name)}`)).json()
        .items[0] as { name: string; description: string; version: string };
    const opened = await listed();
    expect(opened.version).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const edit = (description: string, version?: string) =>
      admin.put(`/api/design/outfit/edit/${outfit.id}`, {
        name: outfit.name,
        description,
        occasion: 1,
        item_ids: itemIds(),
        ...(version === undefined ? {} : { version }),
      });

    // Two editors opened the same version; the first to save wins, and is told its new version.
    const first = await edit('First editor.', opened.version);
    expect(first.statusCode).toBe(200);
    const second = await edit('Second editor.', opened.version);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(/since you opened it/);
    const now = await listed();
    expect(now.description).toBe('First editor.');
    expect(now.version).not.toBe(opened.version);
    expect(first.json().version).toBe(now.version);

    // Opened again, the edit goes through; without a version it always does.
    expect((await edit('Second editor.', now.version)).statusCode).toBe(200);
    expect((await edit('No version sent.')).statusCode).toBe(200);
    expect((await listed()).description).toBe('No version sent.');

    // A version no list gave is a 400, and a version of a missing outfit still a 404.
    const bad = await edit('Bad.', '2026-02-31 10:00:00+00');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      version: 'must be the version the design list gave',
    });
    const gone = await admin.put('/api/design/outfit/edit/99999999', {
      name: uniqueName(),
      occasion: 1,
      item_ids: itemIds(),
      version: now.version,
    });
    expect(gone.statusCode).toBe(404);
    expect((await listed()).description).toBe('No version sent.');
  });
});

describe('DELETE /api/design/outfit/delete/:id', () => {
  it('answers 404 for an unknown outfit and 400 for a bad id', async () => {
    expect((await admin.delete('/api/design/outfit/delete/99999999')).statusCode).toBe(404);
    expect((await admin.delete('/api/design/outfit/delete/abc')).statusCode).toBe(400);
  });

  it('does not delete an outfit saved since the version the editor opened', async () => {
    const outfit = await createOutfit();
    const listed = async () =>
      (await admin.get(`/api/design/outfits?q=${encodeURIComponent(outfit.name)}`)).json()
        .items as { id: number; version: string }[];
    const [opened] = await listed();
    await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      name: outfit.name,
      description: 'Saved by another administrator.',
      occasion: 1,
      item_ids: itemIds(),
    });
    const remove = (version: string) =>
      admin.delete(`/api/design/outfit/delete/${outfit.id}?version=${encodeURIComponent(version)}`);

    const stale = await remove(opened!.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/since you opened it/);
    const bad = await remove('not a version');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      version: 'must be the version the design list gave',
    });
    const [now] = await listed();
    expect(now?.id).toBe(outfit.id);

    expect((await remove(now!.version)).statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await remove(now!.version)).statusCode).toBe(404);
  });

  it('removes swipes and favourites of the outfit but keeps orders and closets', async () => {
    const outfit = await createOutfit();
    const ids = outfit.items.map((i) => i.id);
    // A like whose pieces the shopper changed, so they are written out.
    await sql(
      `INSERT INTO swipes (user_id, outfit_id, direction, pieces_written)
       VALUES ($1, $2, 'like', true)`,
      [shopperId, outfit.id],
    );
    await sql(
      `INSERT INTO item_favorites (user_id, item_id, outfit_id, source)
       SELECT $1, unnest($2::int[]), $3, 'outfit'`,
      [shopperId, ids, outfit.id],
    );
    // A purchase of the outfit's pieces, as checkout writes it.
    const [order] = await sql<{ id: number }>(
      `INSERT INTO orders (number, user_id, idempotency_key, payment_method, payment_reference,
         subtotal_cents, shipping_cents, total_cents, ship_nickname, ship_street_address,
         ship_city, ship_state, ship_zip, arrives_from, arrives_to)
       SELECT 'DR-TEST-' || $2, $1, 'design-test-' || $2, 'paypal', 'sandbox-1',
         sum(price_cents)::int, 1999, sum(price_cents)::int + 1999, 'Home', '1 Main St',
         'Springfield', 'IL', '62701', current_date + 3, current_date + 5
         FROM items WHERE id = ANY($3::int[])
       RETURNING id`,
      [shopperId, outfit.id, ids],
    );
    await sql(
      `INSERT INTO order_lines (order_id, item_id, product_id, name, color, size, image,
         unit_price_cents, quantity, line_total_cents)
       SELECT $1, id, product_id, name, color, size, image, price_cents, 1, price_cents
         FROM items WHERE id = ANY($2::int[])`,
      [order!.id, ids],
    );
    await sql(
      `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
       SELECT $1, id, product_id, 1 FROM items WHERE id = ANY($2::int[])`,
      [shopperId, ids],
    );

    const res = await admin.delete(`/api/design/outfit/delete/${outfit.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const left = async (table: string, where: string, params: unknown[]) =>
      (
        await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)
      )[0]!.n;
    expect(await left('outfits', 'id = $1', [outfit.id])).toBe(0);
    expect(await left('outfit_items', 'outfit_id = $1', [outfit.id])).toBe(0);
    expect(await left('swipes', 'outfit_id = $1', [outfit.id])).toBe(0);
    expect(await left('item_favorites', 'outfit_id = $1', [outfit.id])).toBe(0);
    expect(await left('orders', 'id = $1', [order!.id])).toBe(1);
    expect(
      await left('order_lines', 'order_id = $1 AND item_id = ANY($2::int[])', [order!.id, ids]),
    ).toBe(5);
    expect(
      await left('closet_items', 'user_id = $1 AND item_id = ANY($2::int[])', [shopperId, ids]),
    ).toBe(5);
    expect(await left('items', 'id = ANY($1::int[])', [ids])).toBe(5);
    expect((await admin.get(`/api/design/top/${outfit.id}`)).statusCode).toBe(404);
  });
  it('works after a shopper right-swiped it and bought it through checkout', async () => {
    const outfit = await createOutfit();
    const { agent: buyer, user } = await signUp(t.app);
    const liked = await buyer.post('/api/outfit/favorite', { outfitId: outfit.id });
    expect(liked.statusCode, liked.body).toBeLessThan(300);
    const addToCart = await buyer.post('/api/cart/outfit', {
      outfitId: outfit.id,
      itemIds: outfit.items.map((i) => i.id),
    });
    expect(addToCart.statusCode, addToCart.body).toBeLessThan(300);
    const address = await buyer.post('/api/shipping', {
      nickname: 'Home',
      recipient_name: 'Sam Rivera',
      phone: '(555) 010-0142',
      street_address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    expect(address.statusCode, address.body).toBe(201);
    const bought = await buyer.put('/api/buy', {
      addressId: address.json().id,
      paymentMethod: 'paypal',
      idempotencyKey: `design-${outfit.id}-checkout`,
    });
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    const favouritesBefore = await sql('SELECT 1 FROM favorite_pieces WHERE outfit_id = $1', [
      outfit.id,
    ]);
    expect(favouritesBefore.length).toBeGreaterThan(0);

    expect((await admin.delete(`/api/design/outfit/delete/${outfit.id}`)).statusCode).toBe(200);

    expect(await sql('SELECT 1 FROM swipes WHERE outfit_id = $1', [outfit.id])).toEqual([]);
    expect(await sql('SELECT 1 FROM favorite_pieces WHERE outfit_id = $1', [outfit.id])).toEqual(
      [],
    );
    const orders = await buyer.get('/api/buy');
    expect(orders.statusCode).toBe(200);
    const [placed] = orders.json().items as { number: string }[];
    const order = (await buyer.get(`/api/buy/${placed!.number}`)).json();
    const lines = order.lines as { itemId: number | null }[];
    expect(lines.map((l) => l.itemId).sort()).toEqual(outfit.items.map((i) => i.id).sort());
    const closet = await sql<{ item_id: number }>(
      'SELECT item_id FROM closet_items WHERE user_id = $1 ORDER BY item_id',
      [user.id],
    );
    expect(closet.map((r) => r.item_id)).toEqual(
      outfit.items.map((i) => i.id).sort((a, b) => a - b),
    );
  });
});

describe('an outfit from create to delete', () => {
  it('is created, found by name, read slot by slot, edited and deleted', async () => {
    const name = uniqueName('Round trip');
    const created = await admin.post('/api/design/outfit/create', {
      name,
      description: 'A camel coat over a crisp shirt.',
      occasion: 5,
      item_ids: itemIds(0),
    });
    expect(created.statusCode).toBe(201);
    const outfit = created.json();
    expect(outfit).toMatchObject({ name, occasionId: 5, occasion: 'Work' });
    expect(outfit.items).toHaveLength(5);

    const newest = (await admin.get('/api/design/outfits')).json().items;
    expect(newest[0].id).toBe(outfit.id);
    const found = (
      await admin.get(
        `/api/design/outfits?q=${encodeURIComponent(name.slice(0, 12).toUpperCase())}`,
      )
    ).json().items;
    expect(found.map((o: { id: number }) => o.id)).toContain(outfit.id);

    for (const [i, slot] of SLOTS.entries()) {
      const piece = await admin.get(`/api/design/${slot}/${outfit.id}`);
      expect(piece.statusCode).toBe(200);
      expect(piece.json()).toMatchObject({
        id: itemIds(0)[i],
        slot,
        categoryId: CATEGORY_ID_BY_SLOT[slot],
      });
    }

    const edited = await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      id: outfit.id,
      name,
      description: 'Now with loafers.',
      occasion: 2,
      item_ids: { ...bySlot(0), footwear: pool.footwear[1] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ description: 'Now with loafers.', occasion: 'Brunch' });
    expect((await admin.get(`/api/design/footwear/${outfit.id}`)).json().id).toBe(pool.footwear[1]);
    expect((await admin.get(`/api/design/top/${outfit.id}`)).json().id).toBe(pool.top[0]);
    const [row] = await sql<{ later: boolean }>(
      'SELECT updated_at > created_at AS later FROM outfits WHERE id = $1',
      [outfit.id],
    );
    expect(row!.later).toBe(true);

    expect((await admin.delete(`/api/design/outfit/delete/${outfit.id}`)).statusCode).toBe(200);
    const after = (await admin.get(`/api/design/outfits?q=${encodeURIComponent(name)}`)).json();
    expect(after).toEqual({ items: [], nextCursor: null });
    expect((await admin.delete(`/api/design/outfit/delete/${outfit.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/design/outfits', () => {
  it('treats % and _ as plain characters and pages the list', async () => {
    const name = uniqueName('100% wool_look');
    await createOutfit({ name });
    const hit = (await admin.get(`/api/design/outfits?q=${encodeURIComponent('0% wool_')}`)).json();
    expect(hit.items.map((o: { name: string }) => o.name)).toEqual([name]);
    expect((await admin.get('/api/design/outfits?q=%25%25')).json().items).toEqual([]);
    const pages = await followToEnd<{ id: number }>(admin, '/api/design/outfits');
    const ids = pages.flat().map((o) => o.id);
    const [{ n } = { n: 0 }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM outfits');
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
    for (const q of ['cursor=abc!', 'cursor=WyJ4Il0', `q=${'x'.repeat(81)}`]) {
      expect((await admin.get(`/api/design/outfits?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('GET /api/design/outfits/:id', () => {
  it('answers the outfit as the list shows it, its version one an edit takes', async () => {
    const made = await createOutfit();
    const res = await admin.get(`/api/design/outfits/${made.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const outfit = res.json();
    const listed = (await admin.get(`/api/design/outfits?q=${encodeURIComponent(made.name)}`))
      .json()
      .items.find((o: { id: number }) => o.id === made.id);
    expect(outfit).toEqual(listed);
    const edit = await admin.put(`/api/design/outfit/edit/${made.id}`, {
      name: made.name,
      occasion: 2,
      item_ids: itemIds(1),
      version: outfit.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The version read before that edit is now stale: a second edit from it is refused.
    const stale = await admin.put(`/api/design/outfit/edit/${made.id}`, {
      name: made.name,
      occasion: 3,
      item_ids: itemIds(),
      version: outfit.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await admin.get(`/api/design/outfits/${made.id}`)).json()).toMatchObject({
      occasionId: 2,
      items: expect.arrayContaining([expect.objectContaining({ id: itemIds(1)[0] })]),
    });
  });

  it('answers 404 for an outfit that is gone, 400 for a bad id, and only to admins', async () => {
    const made = await createOutfit();
    expect((await admin.delete(`/api/design/outfit/delete/${made.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/design/outfits/${made.id}`)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expect((await admin.get(`/api/design/outfits/${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await shopper.get('/api/design/outfits/1')).statusCode).toBe(403);
    expect((await visitor.get('/api/design/outfits/1')).statusCode).toBe(401);
  });
});

describe('GET /api/item/design', () => {
  type CarouselItem = { id: number; productId: number; color: string; stock: number };
  /** Every item of a category's carousel, page by page as the design studio asks for them. */
  async function wholeCarousel(category: number, limit: number, from?: string) {
    const seen: CarouselItem[] = [];
    let cursor = from;
    for (let guard = 0; guard < 200; guard++) {
      const res = await admin.get(
        `/api/item/design?category=${category}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const [group] = res.json();
      expect(group.items.length).toBeLessThanOrEqual(limit);
      seen.push(...group.items);
      if (group.nextCursor === null) return seen;
      cursor = group.nextCursor;
    }
    throw new Error('the carousel did not end');
  }

  it('groups items by category in slot order, with stock, totals and colours', async () => {
    const res = await admin.get('/api/item/design?limit=5');
    expect(res.statusCode).toBe(200);
    const groups = res.json();
    expect(groups.map((g: { category: { slot: string } }) => g.category.slot)).toEqual([...SLOTS]);
    for (const group of groups) {
      expect(group.items.length).toBeGreaterThan(0);
      expect(group.items.length).toBeLessThanOrEqual(5);
      expect(group.total).toBeGreaterThan(5);
      expect(group.colors.length).toBeGreaterThan(1);
      for (const item of group.items) {
        expect(item.categoryId).toBe(group.category.id);
        expect(typeof item.stock).toBe('number');
      }
    }
  });

  it('puts sold-out items last', async () => {
    await sql('UPDATE items SET stock = 0 WHERE id = $1', [pool.top[0]]);
    try {
      const all = await wholeCarousel(1, 7);
      const soldOut = all.findIndex((i) => i.stock === 0);
      expect(soldOut).toBeGreaterThan(0);
      expect(all.slice(soldOut).every((i) => i.stock === 0)).toBe(true);
      expect(all.slice(soldOut).map((i) => i.id)).toContain(pool.top[0]);
    } finally {
      await sql('UPDATE items SET stock = 10 WHERE id = $1', [pool.top[0]]);
    }
  });

  it('pages a category to its end by cursor: every item once, each colour’s first size first', async () => {
    const [first] = (await admin.get('/api/item/design?category=3&limit=100')).json();
    const all = await wholeCarousel(3, 9);
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    // In stock, each product colour's first size comes before any second size.
    const [leads] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM items WHERE category_id = 3 AND colour_lead AND stock > 0',
    );
    const firstSizes = all.slice(0, leads!.n).map((i) => `${i.productId}/${i.color}`);
    expect(leads!.n).toBeGreaterThan(10);
    expect(new Set(firstSizes).size).toBe(leads!.n);
    // An item sold out between two pages moves to the end and is still listed once.
    const [page] = (await admin.get('/api/item/design?category=3&limit=9')).json();
    const later = all[20]!;
    await sql('UPDATE items SET stock = 0 WHERE id = $1', [later.id]);
    try {
      const rest = await wholeCarousel(3, 9, page.nextCursor);
      const seen = [...page.items, ...rest].map((i: { id: number }) => i.id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort((a, b) => a - b)).toEqual(all.map((i) => i.id).sort((a, b) => a - b));
    } finally {
      await sql('UPDATE items SET stock = $2 WHERE id = $1', [later.id, later.stock]);
    }
  });

  it('filters one category by colour and by text, and pages it', async () => {
    const [all] = (await admin.get('/api/item/design?category=3&limit=100')).json();
    expect(all.category).toMatchObject({ id: 3, slot: 'footwear' });
    const color: string = all.colors[0];
    const [byColor] = (
      await admin.get(
        `/api/item/design?category=3&color=${encodeURIComponent(color.toUpperCase())}`,
      )
    ).json();
    expect(byColor.items.length).toBeGreaterThan(0);
    expect(byColor.items.every((i: { color: string }) => i.color === color)).toBe(true);
    expect(byColor.total).toBeLessThan(all.total);

    const word = all.items[0].name.split(' ').at(-1).toLowerCase();
    const [byText] = (
      await admin.get(`/api/item/design?category=3&q=${encodeURIComponent(word)}`)
    ).json();
    expect(byText.total).toBeGreaterThan(0);
    expect(byText.items.length).toBeGreaterThan(0);
    for (const item of byText.items) {
      expect(`${item.name} ${item.color} ${item.seller}`.toLowerCase()).toContain(word);
    }

    const [first] = (await admin.get('/api/item/design?category=3&limit=2')).json();
    const [second] = (
      await admin.get(`/api/item/design?category=3&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((i: { id: number }) => i.id)).toEqual(
      all.items.slice(2, 4).map((i: { id: number }) => i.id),
    );
    const [none] = (await admin.get('/api/item/design?category=3&q=zzzzqqq')).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('rejects an unknown category and bad paging', async () => {
    const unknown = await admin.get('/api/item/design?category=4');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/category 4 does not exist/);
    const [page] = (await admin.get('/api/item/design?category=3&limit=2')).json();
    const forged = Buffer.from(JSON.stringify([false, false, 'x', -1])).toString('base64url');
    for (const q of [
      'category=x',
      'limit=0',
      'limit=101',
      'cursor=not*base64',
      `category=3&cursor=${forged}`,
      // A cursor pages the one category it came from.
      `cursor=${page.nextCursor}`,
    ]) {
      expect((await admin.get(`/api/item/design?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('the database rules behind the design area', () => {
  it('refuses an outfit with four pieces even when written directly', async () => {
    const before = await counts();
    await expect(
      t.db.database.withConnection(async (client) => {
        await client.exec('BEGIN');
        try {
          const [row] = await client.query<{ id: number }>(
            "INSERT INTO outfits (name, occasion_id) VALUES ('Direct four', 1) RETURNING id",
          );
          for (const slot of SLOTS.slice(0, 4)) {
            await client.query(
              'INSERT INTO outfit_items (outfit_id, slot, item_id, category_id) VALUES ($1, $2, $3, $4)',
              [row!.id, slot, pool[slot][0], CATEGORY_ID_BY_SLOT[slot]],
            );
          }
          await client.exec('COMMIT');
        } catch (error) {
          await client.exec('ROLLBACK');
          throw error;
        }
      }),
    ).rejects.toThrow(/needs exactly 5/);
    expect(await counts()).toEqual(before);
  });
});

describe('the look each piece carries for the feed (0019)', () => {
  const copies = (outfitId: number) =>
    sql<{ slot: string; same: boolean }>(
      `SELECT oi.slot, (oi.product_id, oi.color) = (i.product_id, i.color) AS same
         FROM outfit_items oi JOIN items i ON i.id = oi.item_id
        WHERE oi.outfit_id = $1 ORDER BY oi.slot`,
      [outfitId],
    );

  it('is copied from the item when an outfit is created and when it is edited', async () => {
    const outfit = await createOutfit();
    expect((await copies(outfit.id)).map((r) => r.same)).toEqual([true, true, true, true, true]);

    const edited = await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      id: outfit.id,
      name: outfit.name,
      occasion: 1,
      item_ids: itemIds(2),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await copies(outfit.id)).map((r) => r.same)).toEqual([true, true, true, true, true]);
  });

  it('refuses a copy that differs from its item when written directly', async () => {
    const outfit = await createOutfit();
    await expect(
      sql(
        "UPDATE outfit_items SET color = 'Not its colour' WHERE outfit_id = $1 AND slot = 'top'",
        [outfit.id],
      ),
    ).rejects.toThrow(/outfit_items_item_look_fkey/);
    expect((await copies(outfit.id)).map((r) => r.same)).toEqual([true, true, true, true, true]);
  });
});
