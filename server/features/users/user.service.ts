import { timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { z } from 'zod';
import type { AdminRegistrationInfo, RegisterBodySchema, User } from '../../../contracts/user';
import type { Db } from '../../db/client';
import { AppError, forbidden, PG, pgCode, unauthorized } from '../../lib/errors';
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

export function toUser(row: repo.UserRow): User {
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
 * Admin accounts are granted only to the first admin, to a caller holding the server's
 * registration code, or to a signed-in admin adding a colleague.
 */
async function mayCreateAdmin(
  db: Db,
  input: RegisterInput,
  actor: SessionUser | null,
  adminCode: string | undefined,
): Promise<boolean> {
  if (actor?.isAdmin) return true;
  if (adminCode !== undefined && codesMatch(input.adminCode, adminCode)) return true;
  return !(await repo.adminExists(db));
}

/** Whether a visitor can register an admin here, and whether it takes the code. */
export async function adminRegistrationInfo(
  db: Db,
  adminCode: string | undefined,
): Promise<AdminRegistrationInfo> {
  const exists = await repo.adminExists(db);
  return {
    codeRequired: adminCode !== undefined && exists,
    open: adminCode !== undefined || !exists,
  };
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
  if (input.isAdmin && !(await mayCreateAdmin(db, input, options.actor, options.adminCode))) {
    throw forbidden(
      options.adminCode
        ? 'The admin registration code is missing or wrong.'
        : 'Only an administrator can create another administrator.',
    );
  }
  if (await repo.findUserByUsername(db, input.username)) throw usernameTaken(input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await repo.insertUser(db, {
      username: input.username,
      passwordHash,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      email: input.email ?? null,
      isAdmin: input.isAdmin,
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
  const row = await repo.findUserById(db, id);
  if (!row) throw new AppError(401, 'unauthorized', 'Please sign in first.');
  return toUser(row);
}
