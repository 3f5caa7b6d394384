import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '../../../contracts/shipping';
import { testDriver } from '../../test/databases';
import { someoneWaits } from '../../test/lock-waits';
import {
  type Agent,
  Agent as Client,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = {
  nickname: 'Home',
  recipient_name: 'Ada Lovelace',
  phone: '(503) 555-0142',
  street_address: '12 Orchard Lane',
  street_address_2: null,
  city: 'Portland',
  state: 'OR',
  zip: '97205',
};
const work = {
  nickname: 'Work',
  recipient_name: 'Grace Hopper',
  phone: '+44 20 7946 0958',
  street_address: '400 Market Street',
  street_address_2: 'Floor 9, Suite 900',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105-1234',
};

async function rows(userId: number) {
  return t.db.database.sql.query<{
    id: number;
    nickname: string;
    state: string;
    preferred: boolean;
  }>('SELECT id, nickname, state, preferred FROM addresses WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);
}

async function add(agent: Agent, body: object) {
  const res = await agent.post('/api/shipping', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; preferred: boolean };
}

describe('POST /api/shipping', () => {
  it('adds a trimmed address; the first is preferred, a later one only when asked', async () => {
    const { agent, user } = await signUp(t.app);
    const first = await agent.post('/api/shipping', {
      nickname: '  Home ',
      recipient_name: ' Ada Lovelace ',
      phone: ' (503) 555-0142 ',
      street_address: ' 12 Orchard Lane ',
      street_address_2: '   ',
      city: 'Portland ',
      state: ' or',
      zip: ' 97205 ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), ...home, preferred: true });

    // A second address does not quietly take over where things ship.
    const second = await add(agent, work);
    expect(second).toMatchObject({ ...work, preferred: false });
    expect((await rows(user.id)).map((r) => [r.nickname, r.preferred])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);

    const third = await add(agent, { ...home, nickname: 'Mum', preferred: true });
    expect(third.preferred).toBe(true);
    const list = (await agent.get('/api/shipping')).json();
    expect(list.map((a: { nickname: string }) => a.nickname)).toEqual(['Mum', 'Work', 'Home']);
    expect(list.filter((a: { preferred: boolean }) => a.preferred)).toHaveLength(1);
  });

  it('refuses a nickname another of the shopper’s addresses has, in any case, changing nothing', async () => {
    const { agent, user } = await signUp(t.app);
    const other = await signUp(t.app);
    await add(agent, home);
    const { id: workId } = await add(agent, work);
    // Another shopper's addresses are theirs to name.
    await add(other.agent, home);
    const before = await rows(user.id);

    const twin = await agent.post('/api/shipping', { ...work, nickname: 'HOME' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toMatchObject({
      code: 'conflict',
      fields: { nickname: 'Another of your addresses has this nickname' },
    });
    const renamed = await agent.put(`/api/shipping/${workId}`, { ...work, nickname: 'home' });
    expect(renamed.statusCode).toBe(409);
    expect(await rows(user.id)).toEqual(before);
    // Its own name, in another case, is no conflict.
    const recased = await agent.put(`/api/shipping/${workId}`, { ...work, nickname: 'WORK' });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('accepts DC, territories and ZIP+4', async () => {
    const { agent } = await signUp(t.app);
    for (const state of ['DC', 'pr', 'GU', 'VI']) {
      const created = await add(agent, { ...work, nickname: `Work ${state}`, state });
      expect(created).toMatchObject({ state: state.toUpperCase() });
    }
  });

  it.each([
    ['nickname', { ...home, nickname: undefined }],
    ['nickname', { ...home, nickname: '   ' }],
    ['nickname', { ...home, nickname: 'n'.repeat(41) }],
    ['street_address', { ...home, street_address: '' }],
    ['street_address', { ...home, street_address: 's'.repeat(121) }],
    ['city', { ...home, city: 'c'.repeat(61) }],
    ['city', { ...home, city: 42 }],
    ['state', { ...home, state: 'XX' }],
    ['state', { ...home, state: 'Oregon' }],
    ['state', { ...home, state: '' }],
    ['zip', { ...home, zip: '9720' }],
    ['zip', { ...home, zip: '97205-12' }],
    ['zip', { ...home, zip: 'ABCDE' }],
    ['preferred', { ...home, preferred: 'yes' }],
    ['recipient_name', { ...home, recipient_name: undefined }],
    ['recipient_name', { ...home, recipient_name: '  ' }],
    ['recipient_name', { ...home, recipient_name: 'r'.repeat(81) }],
    ['phone', { ...home, phone: undefined }],
    ['phone', { ...home, phone: '' }],
    ['phone', { ...home, phone: '555-01' }],
    ['phone', { ...home, phone: 'call me maybe' }],
    ['phone', { ...home, phone: '+1 503 555 0142 0000 1' }],
    ['phone', { ...home, phone: '503+555+0142' }],
    ['street_address_2', { ...home, street_address_2: 'l'.repeat(121) }],
    ['street_address_2', { ...home, street_address_2: 7 }],
  ])('rejects a bad %s with 400 naming it, storing nothing (case %#)', async (field, payload) => {
    const { agent, user } = await signUp(t.app);
    const res = await agent.post('/api/shipping', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await rows(user.id)).toEqual([]);
  });

  it('lists an address saved before recipients and phones were asked for, with those left empty', async () => {
    const { agent, user } = await signUp(t.app);
    await t.db.database.sql.query(
      `INSERT INTO addresses (user_id, nickname, street_address, city, state, zip, preferred)
       VALUES ($1, 'Old', '1 Elm Street', 'Salem', 'OR', '97301', true)`,
      [user.id],
    );
    const [old] = (await agent.get('/api/shipping')).json();
    expect(old).toMatchObject({
      nickname: 'Old',
      recipient_name: null,
      phone: null,
      street_address_2: null,
    });
    // Editing it asks for the missing details, and then keeps them.
    const incomplete = await agent.put(`/api/shipping/${old.id}`, {
      ...home,
      recipient_name: undefined,
      phone: undefined,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json().error.fields).sort()).toEqual(['phone', 'recipient_name']);
    const fixed = await agent.put(`/api/shipping/${old.id}`, home);
    expect(fixed.json()).toMatchObject({
      recipient_name: 'Ada Lovelace',
      phone: '(503) 555-0142',
      preferred: true,
    });
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const { agent, user } = await signUp(t.app);
    for (let i = 0; i < MAX_ADDRESSES; i++) await add(agent, { ...home, nickname: `Place ${i}` });
    const res = await agent.post('/api/shipping', home);
    expect(res.statusCode).toBe(409);
    expect(await rows(user.id)).toHaveLength(MAX_ADDRESSES);
  });

  it(`keeps at most ${MAX_ADDRESSES}, one of them preferred, when many are added at once`, async () => {
    const { agent, user } = await signUp(t.app);
    const tries = MAX_ADDRESSES + 4;
    const results = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        agent.post('/api/shipping', { ...home, nickname: `Place ${i}`, preferred: i % 2 === 0 }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([
      ...Array<number>(MAX_ADDRESSES).fill(201),
      ...Array<number>(tries - MAX_ADDRESSES).fill(409),
    ]);
    const kept = await rows(user.id);
    expect(kept).toHaveLength(MAX_ADDRESSES);
    expect(kept.filter((r) => r.preferred)).toHaveLength(1);
  });

  it('is 401 for a visitor', async () => {
    const res = await new Client(t.app).post('/api/shipping', home);
    expect(res.statusCode).toBe(401);
    expect((await new Client(t.app).get('/api/shipping')).statusCode).toBe(401);
  });
});

describe('PUT /api/shipping/{id}', () => {
  it('edits an address and may make it preferred', async () => {
    const { agent, user } = await signUp(t.app);
    const a = await add(agent, home);
    const b = await add(agent, work);
    const res = await agent.put(`/api/shipping/${a.id}`, {
      ...home,
      city: 'Salem',
      preferred: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, city: 'Salem', preferred: true });
    const stored = await rows(user.id);
    expect(stored.find((r) => r.id === b.id)?.preferred).toBe(false);

    // Without `preferred` the flag stays as it was.
    const kept = await agent.put(`/api/shipping/${a.id}`, { ...home, nickname: 'Home 2' });
    expect(kept.json()).toMatchObject({ nickname: 'Home 2', preferred: true });
  });

  it("is 404 for another shopper's or an unknown address, 400 for bad fields; nothing changes", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const a = await add(owner.agent, home);
    const before = await rows(owner.user.id);
    expect((await other.agent.put(`/api/shipping/${a.id}`, work)).statusCode).toBe(404);
    expect((await other.agent.put('/api/shipping/999999', work)).statusCode).toBe(404);
    // Asking to make it preferred takes the flag from none of the other shopper's addresses.
    const theirs = await add(other.agent, work);
    const taken = await other.agent.put(`/api/shipping/${a.id}`, { ...work, preferred: true });
    expect(taken.statusCode).toBe(404);
    expect((await rows(other.user.id)).find((r) => r.id === theirs.id)?.preferred).toBe(true);
    const bad = await owner.agent.put(`/api/shipping/${a.id}`, { ...home, zip: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('zip');
    expect(await rows(owner.user.id)).toEqual(before);
  });
});

describe('PUT /api/shipping/{id}/preferred', () => {
  it('makes one address preferred and the others not', async () => {
    const { agent, user } = await signUp(t.app);
    const a = await add(agent, home);
    await add(agent, work);
    const res = await agent.put(`/api/shipping/${a.id}/preferred`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, preferred: true });
    expect((await rows(user.id)).filter((r) => r.preferred).map((r) => r.id)).toEqual([a.id]);
    expect((await agent.get('/api/shipping')).json()[0].id).toBe(a.id);
  });

  it("is 404 for another shopper's address and leaves both shoppers' choices alone", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const a = await add(owner.agent, home);
    const b = await add(other.agent, work);
    expect((await other.agent.put(`/api/shipping/${a.id}/preferred`)).statusCode).toBe(404);
    expect((await rows(owner.user.id))[0]?.preferred).toBe(true);
    expect((await rows(other.user.id)).find((r) => r.id === b.id)?.preferred).toBe(true);
  });

  it('takes the flag from no address when the one named is not the shopper’s, whatever the plan', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const a = await add(owner.agent, home);
    const b = await add(other.agent, work);
    // The function alone, as a plan that calls it before finding the address would.
    const [called] = await t.db.database.sql.query<{ done: boolean }>(
      'SELECT take_preferred_address($1, $2) AS done',
      [other.user.id, a.id],
    );
    expect(called?.done).toBe(false);
    expect((await rows(other.user.id)).find((r) => r.id === b.id)?.preferred).toBe(true);
    expect((await rows(owner.user.id))[0]?.preferred).toBe(true);
  });

  it.runIf(testDriver() === 'postgres')(
    'holds a removal of the address being made preferred until that change commits (PostgreSQL: two connections)',
    async () => {
      const { agent, user } = await signUp(t.app);
      const a = await add(agent, home);
      const b = await add(agent, work);
      await t.db.database.withConnection(async (held) => {
        // A change to b's flag, as the update's statement makes it, not yet committed.
        await held.exec('BEGIN');
        await held.query('SELECT take_preferred_address($1, $2)', [user.id, b.id]);
        const removal = agent.delete(`/api/shipping/${b.id}`);
        await someoneWaits(t.db.database.sql, 'the removal never waited for the change');
        await held.query('UPDATE addresses SET preferred = true WHERE id = $1', [b.id]);
        await held.exec('COMMIT');
        expect((await removal).statusCode).toBe(200);
      });
      // Removed after it became preferred: the one left takes the flag, as when the preferred
      // address is removed.
      expect((await rows(user.id)).map((r) => [r.id, r.preferred])).toEqual([[a.id, true]]);
    },
  );

  it('survives many at once: exactly one preferred address', async () => {
    const { agent, user } = await signUp(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await add(agent, { ...home, nickname: `P${i}` })).id);
    const results = await Promise.all(ids.map((id) => agent.put(`/api/shipping/${id}/preferred`)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await rows(user.id)).filter((r) => r.preferred)).toHaveLength(1);
  });
});

describe('DELETE /api/shipping/{addressId}', () => {
  it('removes an address; removing the preferred one makes the newest left preferred', async () => {
    const { agent, user } = await signUp(t.app);
    const a = await add(agent, home);
    const b = await add(agent, { ...work, nickname: 'Studio' });
    const c = await add(agent, { ...work, preferred: true });
    // Not the preferred one: the default stays where it was.
    expect((await agent.delete(`/api/shipping/${a.id}`)).json()).toEqual({ ok: true });
    expect((await rows(user.id)).map((r) => [r.id, r.preferred])).toEqual([
      [b.id, false],
      [c.id, true],
    ]);
    expect((await agent.delete(`/api/shipping/${c.id}`)).json()).toEqual({ ok: true });
    expect((await rows(user.id)).map((r) => [r.id, r.preferred])).toEqual([[b.id, true]]);
    expect((await agent.get('/api/shipping')).json()[0]).toMatchObject({
      id: b.id,
      preferred: true,
    });
    expect((await agent.delete(`/api/shipping/${c.id}`)).statusCode).toBe(404);
    expect((await agent.delete('/api/shipping/abc')).statusCode).toBe(400);
    expect(await rows(user.id)).toHaveLength(1);
  });

  it("is 404 for another shopper's address, which stays", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const a = await add(owner.agent, home);
    expect((await other.agent.delete(`/api/shipping/${a.id}`)).statusCode).toBe(404);
    expect(await rows(owner.user.id)).toHaveLength(1);
  });
});
