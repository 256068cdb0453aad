// Mining's daily payout run, apart from rentals: every active rental's output by the
// hash-power formula, net of electricity, for all rentals in a few statements and one
// ledger entry, exactly once per day; then rentals past their end are renewed (auto-renew,
// by the rentals' own renewal) or expired. The rentals side is mining.service.ts.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import {
  InsufficientBalanceError,
  platformAccount,
  type LedgerService,
} from '../ledger/ledger.service.ts';
import { dayNumber, dayText } from './feed.ts';
import type { DayRow, MiningRepository, RentalRow } from './mining.repository.ts';
import type { MiningPayoutRepository } from './mining.payout.repository.ts';

/** At most this many missed days are caught up in one run (a month-long outage). */
const MAX_CATCH_UP_DAYS = 62;

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

export function miningPayoutRun(deps: {
  payouts: MiningPayoutRepository;
  ledger: LedgerService;
  clock: Clock;
  /** A day's inputs: stored on first use (from the feed) and read from then on. */
  inputs: (day: string) => Promise<DayRow>;
  /** Renews an ended rental with auto-renew for its term, inside `trx` (the rentals' renewal). */
  renew: (trx: Db, rental: RentalRow, basis: DayRow) => Promise<void>;
  /** The rentals' SQL: an ended rental is read (locked) there. */
  rentals: MiningRepository;
}) {
  const { payouts: repo, ledger, clock, inputs } = deps;
  const db = repo.db;

  /**
   * Pays one day to every rental a term covers, exactly once: the run row claims the day
   * (a second worker waits on the lock, then finds it claimed), the day's rates are stored,
   * and one ledger entry credits each renter the sum of their rentals' payouts.
   */
  async function payDay(day: string) {
    await inputs(day);
    return db.transaction().execute(async (trx) => {
      await repo.lockRuns(trx, true);
      const rentals = await repo.claimRun(trx, day);
      if (rentals === null) return { day, rentals: 0, total: 0n };
      const posted = await ledger.postCredits(trx, {
        kind: 'mining_payout',
        idempotencyKey: `mining:payout:${day}`,
        reference: `mining:day:${day}`,
        memo: day,
        from: platformAccount('mining_payout'),
        userKind: 'available',
        credits: repo.dayCredits(day),
      });
      const total = posted?.total ?? 0n;
      await repo.recordRun(trx, day, rentals, total);
      return { day, rentals, total };
    });
  }

  /** Rentals past their end: renewed if auto-renew can pay, else expired (stock back). */
  async function expireEnded(today: string) {
    let renewed = 0;
    let expired = 0;
    const ended = await repo.endedRentals(today);
    const basis = ended.length > 0 ? await inputs(today) : null;
    for (const id of ended) {
      const done = await db.transaction().execute(async (trx) => {
        const rental = await deps.rentals.rental(trx, id, true);
        if (!rental || rental.status !== 'active' || rental.ends_on > today) return null;
        if (rental.auto_renew) {
          try {
            await savepoint(trx, () => deps.renew(trx, rental, basis!));
            return 'renewed';
          } catch (error) {
            if (!(error instanceof InsufficientBalanceError || error instanceof AppError)) {
              throw error;
            }
          }
        }
        await repo.expire(trx, id);
        return 'expired';
      });
      if (done === 'renewed') renewed += 1;
      if (done === 'expired') expired += 1;
    }
    return { renewed, expired };
  }

  return {
    payDay,
    expireEnded,

    /**
     * The daily job: pays every day not yet paid up to yesterday, oldest first (catch-up
     * after an outage), then renews or expires rentals that ended. Safe to run any number
     * of times, from any number of workers at once.
     */
    async payDue() {
      const today = todayOf(clock.now());
      const bounds = await repo.payoutBounds();
      const yesterday = dayNumber(today) - 1;
      const paid = [];
      if (bounds.first_start) {
        let from = bounds.last_run ? dayNumber(bounds.last_run) + 1 : dayNumber(bounds.first_start);
        from = Math.max(from, yesterday - MAX_CATCH_UP_DAYS + 1);
        for (let n = from; n <= yesterday; n += 1) paid.push(await payDay(dayText(n)));
      }
      const ended = await expireEnded(today);
      return { paid, ...ended };
    },
  };
}

/** Runs `work` inside a savepoint of `trx`: its failure undoes only its own writes. */
async function savepoint(trx: Db, work: () => Promise<void>) {
  await sql`savepoint mining_renew`.execute(trx);
  try {
    await work();
    await sql`release savepoint mining_renew`.execute(trx);
  } catch (error) {
    await sql`rollback to savepoint mining_renew`.execute(trx);
    throw error;
  }
}
