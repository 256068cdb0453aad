// What another module may ask of an investor's account (decision 131: it is given this
// service, never the user repository): the account by id or by a sign-in identifier, and a
// new login password (security's reset).
import type { UserRepository } from './user.repository.ts';

export function usersService(users: UserRepository) {
  return {
    findById: (id: string) => users.findById(id),
    /** By the account it registered with, or by an identifier bound to it later. */
    findByAccount: (account: string) => users.findByAccount(account),
    /** A new login password hash, reset at `at` (which starts the withdrawal hold). */
    resetPassword: (id: string, passwordHash: string, at: Date) =>
      users.update(id, {
        password_hash: passwordHash,
        password_changed_at: at,
        password_change_kind: 'reset',
      }),
  };
}

export type UsersService = ReturnType<typeof usersService>;
