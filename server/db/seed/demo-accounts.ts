import { findUserByUsername, insertUser } from '../../features/users/user.repository';
import { hashPassword } from '../../features/users/user.service';
import type { Db } from '../client';

/** The demo shop's accounts; the README lists them too. */
export const DEMO_ACCOUNTS = [
  {
    username: 'demo',
    password: 'drape-demo-2026',
    firstName: 'Dana',
    lastName: 'Demo',
    email: 'demo@drape.local',
    isAdmin: false,
  },
  {
    username: 'admin',
    password: 'drape-admin-2026',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@drape.local',
    isAdmin: true,
  },
] as const;

export async function seedDemoAccounts(db: Db): Promise<(typeof DEMO_ACCOUNTS)[number][]> {
  const created = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByUsername(db, account.username)) continue;
    const { password, ...profile } = account;
    await insertUser(db, { ...profile, passwordHash: await hashPassword(password) });
    created.push(account);
  }
  return created;
}
