// SQL of the account-security features: two-factor secrets and recovery codes, the
// identifiers bound to an account, and the fund password's tries and lock.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function securityRepository(db: Db) {
  return {
    db,
    twoFactor(userId: string) {
      return db
        .selectFrom('two_factor')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /** A new secret waiting for its first code; replaces one not yet enabled. */
    async saveSecret(userId: string, secret: string) {
      const row = await db
        .insertInto('two_factor')
        .values({ user_id: userId, secret, enabled_at: null, last_step: 0 })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ secret, last_step: 0 })
            .where('two_factor.enabled_at', 'is', null),
        )
        .returning('user_id')
        .executeTakeFirst();
      return Boolean(row);
    },
    /** Spends the time step of a code: false when it (or a later one) was already used. */
    async claimStep(userId: string, step: number) {
      const row = await db
        .updateTable('two_factor')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('last_step', '<', String(step))
        .returning('user_id')
        .executeTakeFirst();
      return Boolean(row);
    },
    async enable(userId: string, recoveryHashes: Buffer[], now: Date) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('two_factor')
          .set({ enabled_at: now })
          .where('user_id', '=', userId)
          .where('enabled_at', 'is', null)
          .returning('user_id')
          .executeTakeFirst();
        if (!row) return false;
        await trx.deleteFrom('two_factor_recovery').where('user_id', '=', userId).execute();
        await trx
          .insertInto('two_factor_recovery')
          .values(recoveryHashes.map((code_hash) => ({ user_id: userId, code_hash })))
          .execute();
        return true;
      });
    },
    async disable(userId: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor_recovery').where('user_id', '=', userId).execute();
        await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
      });
    },
    /** Spends a recovery code: one conditional update, so it works once. */
    async useRecovery(userId: string, hash: Buffer, now: Date) {
      const row = await db
        .updateTable('two_factor_recovery')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },
    async recoveryLeft(userId: string) {
      const row = await db
        .selectFrom('two_factor_recovery')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    aliases(userId: string) {
      return db
        .selectFrom('account_aliases')
        .select(['account', 'kind'])
        .where('user_id', '=', userId)
        .execute();
    },
    /**
     * Claims one try of the fund password and checks it with `verify`, in one transaction:
     * the claim is one conditional statement that only counts while the account is not
     * locked (the last of `tries` sets the lock until `lockUntil`), and its row lock is held
     * while `verify` runs. A right password gives back every try (and the lock its own
     * claim set). `locked` when no try could be claimed.
     */
    claimFundPasswordTry(
      userId: string,
      { now, lockUntil, tries }: { now: Date; lockUntil: Date; tries: number },
      verify: (hash: string) => Promise<boolean>,
    ) {
      const last = sql<boolean>`fund_password_failures + 1 >= ${tries}`;
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('users')
          .set({
            fund_password_failures: sql`case when ${last} then 0 else fund_password_failures + 1 end`,
            withdraw_locked_until: sql`case when ${last} then ${lockUntil}::timestamptz else withdraw_locked_until end`,
          })
          .where('id', '=', userId)
          .where((eb) =>
            eb.or([
              eb('withdraw_locked_until', 'is', null),
              eb('withdraw_locked_until', '<=', now),
            ]),
          )
          .returning([
            'fund_password_failures as failures',
            'withdraw_locked_until as locked_until',
          ])
          .executeTakeFirst();
        if (!claimed) return { kind: 'locked' as const };
        const user = await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const lastTry = claimed.locked_until !== null && new Date(claimed.locked_until) > now;
        if (await verify(user.fund_password_hash)) {
          await trx
            .updateTable('users')
            .set({ fund_password_failures: 0, ...(lastTry ? { withdraw_locked_until: null } : {}) })
            .where('id', '=', userId)
            .execute();
          return { kind: 'ok' as const, user };
        }
        return { kind: 'wrong' as const, lastTry, failures: claimed.failures };
      });
    },
    /** Until when the account's withdrawals are locked; undefined for no such account. */
    async withdrawLockedUntil(userId: string) {
      const row = await db
        .selectFrom('users')
        .select('withdraw_locked_until')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && { until: row.withdraw_locked_until };
    },
    /** False when the identifier is taken or the account already has one of its kind. */
    async addAlias(userId: string, account: string, kind: 'email' | 'phone') {
      const row = await db
        .insertInto('account_aliases')
        .values({ user_id: userId, account, kind })
        .onConflict((oc) => oc.doNothing())
        .returning('account')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type SecurityRepository = ReturnType<typeof securityRepository>;
