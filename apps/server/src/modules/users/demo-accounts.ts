// The seeded demo investors' accounts (issue 11): labelled "Demo investor N", flagged
// `demo`, with an account name no sign-in, reset or registration form accepts and a
// password hash nothing verifies against; the database also refuses them any session
// (migration 0034). They are not customers (docs/decisions/111d-demo-investors.md).
import { randomInt } from 'node:crypto';
import type { UserRepository } from './user.repository.ts';

/** Not an argon2 hash, so no password verifies against it. */
export const UNUSABLE_PASSWORD = '!demo investor: no password';

/** Neither an e-mail nor a phone number: no form can name it, no code can reach it. */
export const demoAccountName = (index: number) => `demo-investor-${index}`;
export const demoNickname = (index: number) => `Demo investor ${index}`;

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function demoAccounts(users: UserRepository) {
  return {
    /** The demo investor number `index`, created on first call; its user id. */
    async ensure(index: number): Promise<string> {
      const account = demoAccountName(index);
      for (let attempt = 0; attempt < 5; attempt++) {
        const found = await users.findByAccount(account);
        if (found) {
          if (!found.demo) throw new Error(`${account} exists and is not a demo investor`);
          return found.id;
        }
        const created = await users.insert({
          account,
          account_kind: 'email',
          password_hash: UNUSABLE_PASSWORD,
          fund_password_hash: UNUSABLE_PASSWORD,
          nickname: demoNickname(index),
          invite_code: Array.from(
            { length: 8 },
            () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)],
          ).join(''),
          inviter_id: null,
          telegram: null,
          lang: 'en',
          avatar: null,
          demo: true,
        });
        if (created) return created.id;
      }
      throw new Error(`could not create ${account}`);
    },
  };
}

export type DemoAccounts = ReturnType<typeof demoAccounts>;
