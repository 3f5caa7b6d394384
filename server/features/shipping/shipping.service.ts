import type { z } from 'zod';
import {
  type Address,
  type CreateAddressBodySchema,
  MAX_ADDRESSES,
  type UpdateAddressBodySchema,
} from '../../../contracts/shipping';
import type { Db, SqlClient } from '../../db/client';
import { conflict, databaseError, notFound, PG } from '../../lib/errors';
import * as repo from './shipping.repository';

type CreateInput = z.output<typeof CreateAddressBodySchema>;
type UpdateInput = z.output<typeof UpdateAddressBodySchema>;

const NOT_FOUND = 'That address does not exist.';

/** A nickname another of the shopper's addresses has (addresses_user_nickname_key, 0063): 409. */
async function namedOnce<T>(nickname: string | undefined, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const { code, constraint } = databaseError(error) ?? {};
    const taken = code === PG.uniqueViolation && constraint === 'addresses_user_nickname_key';
    if (!taken || nickname === undefined) throw error;
    throw conflict(
      `You already have an address called "${nickname}". Give this one another name.`,
      {
        nickname: 'Another of your addresses has this nickname',
      },
    );
  }
}

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
 * Each write that may give an address the preferred flag locks the shopper first, inside its one
 * statement: the partial unique index allows one preferred address, and two writes at once must
 * not both try to hold it.
 */
export async function createAddress(client: SqlClient, userId: number, input: CreateInput) {
  // The first address is where everything ships; a later one takes over only when asked to.
  const row = await namedOnce(
    input.nickname,
    repo.insertAddress(client, userId, MAX_ADDRESSES, input.preferred === true, values(input)),
  );
  if (!row) throw conflict(`You can keep up to ${MAX_ADDRESSES} addresses. Remove one first.`);
  return toAddress(row);
}

/** An edit, and with `preferred` the others give the flag up; 404 when it is not theirs. */
export async function updateAddress(
  client: SqlClient,
  userId: number,
  id: number,
  input: UpdateInput,
) {
  const row = await namedOnce(
    input.nickname,
    repo.updateAddress(client, userId, id, {
      ...values(input),
      ...(input.preferred === undefined ? {} : { preferred: input.preferred }),
    }),
  );
  if (!row) throw notFound(NOT_FOUND);
  return toAddress(row);
}

export async function setPreferred(client: SqlClient, userId: number, id: number) {
  const row = await repo.updateAddress(client, userId, id, { preferred: true });
  if (!row) throw notFound(NOT_FOUND);
  return toAddress(row);
}

/**
 * Removing the preferred address leaves none preferred: the cart then asks the shopper to
 * choose, rather than quietly shipping somewhere they did not pick. Past orders keep their own
 * copy of the address.
 */
export async function deleteAddress(db: Db, userId: number, id: number) {
  if (!(await repo.deleteAddress(db, userId, id))) throw notFound(NOT_FOUND);
}
