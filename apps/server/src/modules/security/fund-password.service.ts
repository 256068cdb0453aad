// The fund password's check, asked before money leaves or is committed (withdrawals and
// address saving in wallet, rentals in mining, copying in robots): 5 wrong tries lock
// withdrawals for 24 hours (decision 110). Built here and given to those modules.
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import { verifyPassword } from '../auth/password.ts';
import { securityRepository, type SecurityRepository } from './security.repository.ts';

export const FUND_PASSWORD_TRIES = 5;
/** How long the fifth wrong try locks withdrawals. */
export const FUND_PASSWORD_LOCK_MS = 24 * 3_600_000;

/** "2026-05-02 08:00 UTC": how lock messages say until when. */
export const formatUntil = (date: Date) =>
  `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function fundPasswordService(deps: { repo: SecurityRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /**
     * Checks the fund password and returns the account; 5 wrong tries lock withdrawals for
     * 24 hours. The try is claimed first, in one conditional statement that only counts
     * while the account is not locked, and only a claimed try is checked. The claim's row
     * lock is held while the password is verified, so checks of one account run one after
     * another: parallel requests cannot check more than 5 wrong passwords between them,
     * and parallel right ones all pass (decision 110).
     */
    async check(userId: string, fundPassword: string) {
      const now = clock.now();
      const lockUntil = new Date(now.getTime() + FUND_PASSWORD_LOCK_MS);
      const outcome = await repo.claimFundPasswordTry(
        userId,
        { now, lockUntil, tries: FUND_PASSWORD_TRIES },
        (hash) => verifyPassword(hash, fundPassword),
      );
      if (outcome.kind === 'ok') return outcome.user;
      if (outcome.kind === 'locked') {
        const lock = await repo.withdrawLockedUntil(userId);
        if (!lock) throw new AppError('error.not_signed_in');
        throw new AppError('withdraw.locked', {
          until: formatUntil(new Date(lock.until ?? lockUntil)),
        });
      }
      if (outcome.lastTry) {
        throw new AppError(
          'withdraw.locked',
          { until: formatUntil(lockUntil) },
          { field: 'fund_password' },
        );
      }
      throw new AppError(
        'withdraw.fund_password_wrong',
        { left: FUND_PASSWORD_TRIES - outcome.failures },
        { field: 'fund_password' },
      );
    },
  };
}

export type FundPasswordService = ReturnType<typeof fundPasswordService>;

/** The check on a database of its own (the operator commands). */
export const fundPasswordOn = (db: Db, clock: Clock) =>
  fundPasswordService({ repo: securityRepository(db), clock });
