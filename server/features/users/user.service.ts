import { timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { z } from 'zod';
import type { AdminRegistrationInfo, RegisterBodySchema, User } from '../../../contracts/user';
import type { Db } from '../../db/client';
import { AppError, forbidden, PG, pgCode, unauthorized } from '../../lib/errors';
import { lockFirstAdmin } from '../../lib/locks';
import type { SessionUser } from '../../plugins/auth';
import * as repo from './user.repository';

type RegisterInput = z.output<typeof RegisterBodySchema>;

// argon2id with OWASP's recommended floor (19 MiB, 2 passes).
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verifying against this when the username is unknown keeps the timing the same either way.
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export function toUser(row: repo.Profile): User {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isAdmin: row.isAdmin,
  };
}

function codesMatch(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Admin accounts are granted to a signed-in admin adding a colleague, to a caller holding the
 * server's registration code, and, on a server without a code, to the first admin. A server
 * with a code asks for it from the first admin too: whoever reaches a fresh deployment first
 * must not get the shop.
 */
type AdminGrant = 'granted' | 'first-admin' | 'refused';

function adminGrant(
  input: RegisterInput,
  actor: SessionUser | null,
  adminCode: string | undefined,
): AdminGrant {
  if (actor?.isAdmin) return 'granted';
  if (adminCode !== undefined)
    return codesMatch(input.adminCode, adminCode) ? 'granted' : 'refused';
  return 'first-admin';
}

function adminRefused(adminCode: string | undefined): AppError {
  return forbidden(
    adminCode
      ? 'The admin registration code is missing or wrong.'
      : 'Only an administrator can create another administrator.',
  );
}

/** Whether a visitor can register an admin here, and whether it takes the code. */
export async function adminRegistrationInfo(
  db: Db,
  adminCode: string | undefined,
): Promise<AdminRegistrationInfo> {
  if (adminCode !== undefined) return { codeRequired: true, open: true };
  return { codeRequired: false, open: !(await repo.adminExists(db)) };
}

/** Its own code and a field message, so the form can say it beside the username. */
function usernameTaken(username: string): AppError {
  const message = `The username "${username}" is already taken. Choose another.`;
  return new AppError(409, 'username_taken', message, { username: message });
}

export async function registerUser(
  db: Db,
  input: RegisterInput,
  options: { actor: SessionUser | null; adminCode: string | undefined },
): Promise<User> {
  const grant = input.isAdmin ? adminGrant(input, options.actor, options.adminCode) : 'granted';
  // Checked here as well as under the lock below, so a refusal costs no password hash.
  if (grant === 'refused' || (grant === 'first-admin' && (await repo.adminExists(db)))) {
    throw adminRefused(options.adminCode);
  }
  if (await repo.findUserByUsername(db, input.username)) throw usernameTaken(input.username);
  const passwordHash = await hashPassword(input.password);
  const user = {
    username: input.username,
    passwordHash,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    email: input.email ?? null,
    isAdmin: input.isAdmin,
  };
  try {
    if (grant !== 'first-admin') return toUser(await repo.insertUser(db, user));
    // Several visitors racing to be the first admin: one at a time sees whether an admin
    // exists and inserts, so exactly one wins and the others get the same 403 as anyone later.
    const row = await db.transaction(async (tx) => {
      await lockFirstAdmin(tx);
      if (await repo.adminExists(tx)) throw adminRefused(options.adminCode);
      return repo.insertUser(tx, user);
    });
    return toUser(row);
  } catch (error) {
    // Two registrations racing for one name: the unique index decides.
    if (pgCode(error) === PG.uniqueViolation) throw usernameTaken(input.username);
    throw error;
  }
}

export async function authenticate(db: Db, username: string, password: string): Promise<User> {
  const row = await repo.findUserByUsername(db, username);
  if (!row) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    throw unauthorized('The username and password did not match.');
  }
  const ok = await verify(row.passwordHash, password).catch(() => false);
  if (!ok) throw unauthorized('The username and password did not match.');
  return toUser(row);
}

export async function getUser(db: Db, id: number): Promise<User> {
  const row = await repo.findProfile(db, id);
  if (!row) throw new AppError(401, 'unauthorized', 'Please sign in first.');
  return toUser(row);
}
