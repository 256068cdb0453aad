// Test users written straight to the table, for tests of modules that only need "a
// signed-in user" (the accounts module's own tests go through registration).
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.ts';

export async function insertUser(db: Db, overrides: { account?: string } = {}) {
  const suffix = randomBytes(4).toString('hex');
  return db
    .insertInto('users')
    .values({
      account: overrides.account ?? `user-${suffix}@example.com`,
      account_kind: 'email',
      password_hash: 'not-a-real-hash',
      fund_password_hash: 'not-a-real-hash',
      nickname: `user-${suffix}`,
      invite_code: suffix.toUpperCase(),
      lang: 'en',
      inviter_id: null,
      avatar: null,
      telegram: null,
    })
    .returning(['id', 'account'])
    .executeTakeFirstOrThrow();
}

/** `count` test users, one after another; their ids. */
export async function insertUsers(db: Db, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await insertUser(db)).id);
  return ids;
}
