import type { z } from 'zod';
import {
  type Address,
  type CreateAddressBodySchema,
  MAX_ADDRESSES,
  type UpdateAddressBodySchema,
} from '../../../contracts/shipping';
import type { Db, SqlClient } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { lockShopper } from '../../lib/locks';
import * as repo from './shipping.repository';

type CreateInput = z.output<typeof CreateAddressBodySchema>;
type UpdateInput = z.output<typeof UpdateAddressBodySchema>;

const NOT_FOUND = 'That address does not exist.';

export function toAddress(row: repo.AddressRow): Address {
  return {
    id: row.id,
    nickname: row.nickname,
    recipient_name: row.recipientName,
    phone: row.phone,
    street_address: row.streetAddress,
    street_address_2: row.streetAddress2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    preferred: row.preferred,
  };
}

function values(input: CreateInput | UpdateInput): repo.AddressValues {
  return {
    nickname: input.nickname,
    recipientName: input.recipient_name,
    phone: input.phone,
    streetAddress: input.street_address,
    streetAddress2: input.street_address_2 ?? null,
    city: input.city,
    state: input.state,
    zip: input.zip,
  };
}

/** Preferred first, then newest. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  return (await repo.listAddresses(db, userId)).map(toAddress);
}

/**
 * Each write that may move the preferred flag locks the shopper first: the partial unique index
 * allows one preferred address, and two writes at once must not both try to hold it. An add does
 * it inside its one statement (`insertAddress`).
 */
export async function createAddress(client: SqlClient, userId: number, input: CreateInput) {
  // The first address is where everything ships; a later one takes over only when asked to.
  const row = await repo.insertAddress(
    client,
    userId,
    MAX_ADDRESSES,
    input.preferred === true,
    values(input),
  );
  if (!row) throw conflict(`You can keep up to ${MAX_ADDRESSES} addresses. Remove one first.`);
  return toAddress(row);
}

export async function updateAddress(db: Db, userId: number, id: number, input: UpdateInput) {
  // An edit that leaves the flag alone, or drops it, takes nothing from the other addresses.
  const row = input.preferred
    ? await takePreferred(db, userId, id, values(input))
    : await repo.updateAddress(db, userId, id, {
        ...values(input),
        ...(input.preferred === undefined ? {} : { preferred: false }),
      });
  if (!row) throw notFound(NOT_FOUND);
  return toAddress(row);
}

export async function setPreferred(db: Db, userId: number, id: number) {
  return toAddress(await takePreferred(db, userId, id, {}));
}

/** Makes one of the shopper's addresses the preferred one, with any other changes to it. */
function takePreferred(db: Db, userId: number, id: number, changes: Partial<repo.AddressValues>) {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    await repo.clearPreferred(tx, userId, id);
    const row = await repo.updateAddress(tx, userId, id, { ...changes, preferred: true });
    // Not the shopper's address: throwing takes back the flags just cleared.
    if (!row) throw notFound(NOT_FOUND);
    return row;
  });
}

/**
 * Removing the preferred address leaves none preferred: the cart then asks the shopper to
 * choose, rather than quietly shipping somewhere they did not pick. Past orders keep their own
 * copy of the address.
 */
export async function deleteAddress(db: Db, userId: number, id: number) {
  if (!(await repo.deleteAddress(db, userId, id))) throw notFound(NOT_FOUND);
}
