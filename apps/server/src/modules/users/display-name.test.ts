// The database's shown forms of a user (users.masked_account, users.shown_name: what team
// member lists show and search, decision 137) are the same as display-name.ts gives, for
// accounts and nicknames as the app stores them, including nicknames built from the
// account (the cases the rule exists for).
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { defaultNickname } from './account.ts';
import { displayName, maskAccount } from './display-name.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(2);
});
afterAll(() => database.drop());

const letters = 'abcdefghijklmnopqrstuvwxyz0123456789._-';
const localPart = fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 16 });
const email = fc
  .tuple(localPart, fc.constantFrom('example.com', 'mail.cn', 'x.io'))
  .map(([l, d]) => `${l}@${d}`);
const phone = fc
  .tuple(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 0, max: 999_999_999 }))
  .map(([second, rest]) => `1${second}${String(rest).padStart(9, '0')}`);
const account = fc.oneof(email, phone);

/** Nicknames as setNickname stores them: trimmed, some made of the account on purpose. */
const nickname = (acct: string) =>
  fc
    .oneof(
      fc.constant(defaultNickname(acct, acct.includes('@') ? 'email' : 'phone')),
      fc.constant(maskAccount(acct)),
      fc.constant(maskAccount(acct).toUpperCase()),
      fc
        .tuple(fc.nat(acct.length), fc.nat(acct.length), fc.boolean(), fc.string({ maxLength: 4 }))
        .map(([a, b, upper, extra]) => {
          const part = acct.slice(Math.min(a, b), Math.max(a, b));
          return `${extra}${upper ? part.toUpperCase() : part}`;
        }),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('Olive grower', '橄榄', 'call 1234 5678', 'fan 🫒', 'ab', 'a', '1'),
    )
    .map((n) => n.trim())
    .filter((n) => n.length > 0);

describe('shown forms in the database', () => {
  it('are what display-name.ts shows, for 3,000 generated users', async () => {
    const users = fc.sample(
      account.chain((acct) => nickname(acct).map((nick) => ({ acct, nick }))),
      { numRuns: 3000, seed: 137 },
    );
    const { rows } = await sql<{ masked: string; shown: string }>`
      select olive_masked_account(a) as masked, olive_shown_name(n, a) as shown
        from unnest(${users.map((u) => u.acct)}::text[], ${users.map((u) => u.nick)}::text[])
             with ordinality as x (a, n, i)
       order by i`.execute(database.db);
    const database_ = rows.map((r, i) => ({ ...users[i]!, masked: r.masked, shown: r.shown }));
    const app = users.map((u) => ({
      ...u,
      masked: maskAccount(u.acct),
      shown: displayName(u.nick, u.acct),
    }));
    expect(database_).toEqual(app);
    // The generator did reach both outcomes.
    expect(app.filter((u) => u.shown === u.masked).length).toBeGreaterThan(300);
    expect(app.filter((u) => u.shown !== u.masked).length).toBeGreaterThan(300);
  });
});
