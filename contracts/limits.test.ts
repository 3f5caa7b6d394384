import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CartQuantitySchema } from './cart';
import { CreateOutfitBodySchema, OUTFIT_DESCRIPTION_MAX, OUTFIT_NAME_MAX } from './design';
import { ADDRESS_LIMITS, AddressFieldsSchema } from './shipping';
import { RegisterBodySchema } from './user';

// Every bound a shopper or an admin can type up to, on both sides of it: the same schemas check
// the forms and the API, so an off-by-one here would refuse a valid value or let a long one in.

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('a cart quantity', () => {
  it('is 1 to 9', () => {
    expect([0, 1, 2, 8, 9, 10].map((q) => accepts(CartQuantitySchema, q))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(accepts(CartQuantitySchema, '9')).toBe(true);
    expect(accepts(CartQuantitySchema, '10')).toBe(false);
  });
});

describe('an address', () => {
  const home = {
    nickname: 'Home',
    recipient_name: 'Sam Rivera',
    phone: '(617) 555-0142',
    street_address: '1 Main St',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
  };
  const parsed = (value: unknown) => AddressFieldsSchema.safeParse(value);

  it('takes each field up to its limit and refuses one character more', () => {
    expect(ADDRESS_LIMITS).toEqual({
      nickname: 40,
      recipient_name: 80,
      phone: 25,
      street_address: 120,
      street_address_2: 120,
      city: 60,
    });
    const { phone: _phone, ...text } = ADDRESS_LIMITS;
    for (const [field, max] of Object.entries(text)) {
      expect(accepts(AddressFieldsSchema, { ...home, [field]: 'a'.repeat(max) }), field).toBe(true);
      expect(accepts(AddressFieldsSchema, { ...home, [field]: 'a'.repeat(max + 1) }), field).toBe(
        false,
      );
      expect(accepts(AddressFieldsSchema, { ...home, [field]: 'a' }), field).toBe(true);
    }
    for (const field of ['nickname', 'recipient_name', 'phone', 'street_address', 'city']) {
      expect(accepts(AddressFieldsSchema, { ...home, [field]: '   ' }), field).toBe(false);
      const { [field as keyof typeof home]: _gone, ...without } = home;
      expect(accepts(AddressFieldsSchema, without), `${field} missing`).toBe(false);
    }
    // Line 2 is the one optional line: absent or blank, it is stored as none.
    expect(accepts(AddressFieldsSchema, home)).toBe(true);
    expect(parsed({ ...home, street_address_2: '   ' }).data?.street_address_2).toBeNull();
  });

  it('takes a phone of 7 to 15 digits, up to 25 characters', () => {
    const phone = (p: string) => accepts(AddressFieldsSchema, { ...home, phone: p });
    const spaced = (spaces: number) => `+1${' '.repeat(spaces)}(503) 555-0142`;
    expect(spaced(9)).toHaveLength(ADDRESS_LIMITS.phone);
    expect([phone(spaced(9)), phone(spaced(10))]).toEqual([true, false]);
    expect([phone('555-0142'), phone('1'.repeat(15))]).toEqual([true, true]);
    expect([phone('555-014'), phone('1'.repeat(16)), phone('555-0142 ext 7')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('takes a ZIP of five digits or ZIP+4, nothing shorter or longer', () => {
    const zip = (z: string) => accepts(AddressFieldsSchema, { ...home, zip: z });
    expect([zip('02108'), zip('02108-1234')]).toEqual([true, true]);
    expect([zip('0210'), zip('021081'), zip('02108-123'), zip('02108-12345')]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('takes a state as its two-letter code in any case', () => {
    const state = (s: string) => accepts(AddressFieldsSchema, { ...home, state: s });
    expect([state('ny'), state('NY'), state('N'), state('NYC'), state('ZZ')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('an outfit', () => {
  const outfit = { occasion: 1, item_ids: [1, 2, 3, 4, 5] };

  it('takes a name of 1 to 80 characters and a description up to 1,000', () => {
    const named = (name: string) => accepts(CreateOutfitBodySchema, { ...outfit, name });
    expect(OUTFIT_NAME_MAX).toBe(80);
    expect([named('a'), named('a'.repeat(80)), named('a'.repeat(81)), named(' ')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const described = (description: string) =>
      accepts(CreateOutfitBodySchema, { ...outfit, name: 'Look', description });
    expect(OUTFIT_DESCRIPTION_MAX).toBe(1000);
    expect([described('a'.repeat(1000)), described('a'.repeat(1001))]).toEqual([true, false]);
  });
});

describe('a registration', () => {
  const body = (fields: Record<string, string>) => ({
    username: 'ada',
    password: 'correct-horse',
    ...fields,
  });

  it('takes usernames of 3 to 40 characters and passwords of 8 to 200', () => {
    const user = (username: string) => accepts(RegisterBodySchema, body({ username }));
    expect([user('ab'), user('abc'), user('a'.repeat(40)), user('a'.repeat(41))]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const pass = (password: string) => accepts(RegisterBodySchema, body({ password }));
    expect([
      pass('a'.repeat(7)),
      pass('a'.repeat(8)),
      pass('a'.repeat(200)),
      pass('a'.repeat(201)),
    ]).toEqual([false, true, true, false]);
  });
});
