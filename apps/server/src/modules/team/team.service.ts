// Team and referral: invite code and link, the team's figures and members, the ranking,
// commission rates, and the sync job that keeps figures current and posts commissions
// (docs/decisions/113-team-tree.md, 113b-commissions.md).
import { amountRefusal, formatAmount } from '@olive/protocol';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/database.ts';
import { platformAccount, userAccount, type LedgerService } from '../ledger/ledger.service.ts';
import { displayName, maskAccount } from '../users/display-name.ts';
import { normalizeAccount } from '../users/account.ts';
import type {
  MemberRow,
  MemberSearch,
  OpenCommission,
  PendingCommission,
  SourceEntry,
  TeamRepository,
} from './team.repository.ts';

export const MAX_LEVELS = 3;

/** A commission rate in percent as written: 0 to 100 with at most 2 decimals ("20", "12.5"). */
export const TEAM_RATE_REGEX = '^(0|[1-9][0-9]{0,2})(\\.[0-9]{1,2})?$';
const TEAM_RATE_RULES = { decimals: 2, max: 100n * 10n ** 8n };
/** Why a written commission rate is refused (the one amount parser), or null. */
export const teamRateRefusal = (text: string) => amountRefusal(text, TEAM_RATE_RULES);
/** `rank` tells the caller their place within this many (docs/api.md). */
const RANK_PLACES = 10_000;
const BATCH = 2000;

/** Which fee a commission comes from, by the fee entry's kind. */
const FEE_SOURCES: Record<string, string> = {
  // Collected with the freeze (from migration 0052 on), or when sent (older withdrawals).
  withdrawal_freeze: 'withdrawal_fee',
  withdrawal_sent: 'withdrawal_fee',
  withdrawal_fee: 'withdrawal_fee',
  robot_settle: 'performance_fee',
  performance_fee: 'performance_fee',
  // The platform's share of a mining rental (modules/mining/README.md).
  mining_margin: 'mining_margin',
};

/**
 * Fee entries whose fee can still be refunded: their commissions are pending until the
 * fee is final (decision 138). A withdrawal's freeze collects its fee; the withdrawal's
 * `withdrawal_sent` makes it final, a `withdrawal_release` refunds it.
 */
const REFUNDABLE_FEES = new Set(['withdrawal_freeze']);

const money = (v: string | bigint) => formatAmount(BigInt(v));

// The shown forms come from the database (users.masked_account, users.shown_name: the
// rule of users/display-name.ts), so a search matches exactly what this shows.
function memberView(row: MemberRow) {
  return {
    user_id: row.user_id,
    account: row.masked_account,
    nickname: row.shown_name,
    level: Number(row.level),
    total_topup: money(row.total_topup),
    total_withdrawal: money(row.total_withdrawal),
    team_count: Number(row.team_count),
    joined_at: new Date(row.joined_at).toISOString(),
  };
}

export function teamService(deps: { repo: TeamRepository; ledger: LedgerService }) {
  const { repo, ledger } = deps;

  /** A search counts its matches up to this many (docs/api.md). */
  const SEARCH_COUNT_CAP = 1000;

  async function list(
    userId: string,
    options: { page: number; limit: number; level?: number; keyword?: string },
  ) {
    const levels = options.level ? [options.level] : [1, 2, 3];
    // A part of an account matches only what is shown of it; the hidden account matches
    // only when typed complete (decision 137).
    const search: MemberSearch | null = options.keyword
      ? { keyword: options.keyword, account: normalizeAccount(options.keyword)?.account ?? null }
      : null;
    const [rows, total] = await Promise.all([
      repo.members(userId, {
        levels,
        limit: options.limit,
        offset: (options.page - 1) * options.limit,
        ...(search ? { search } : {}),
      }),
      // Without a keyword the kept counts are the total; a search counts its matches.
      search
        ? repo.countMatches(userId, levels, search, SEARCH_COUNT_CAP)
        : repo
            .stats(userId)
            .then((s) =>
              levels.reduce((sum, l) => sum + Number(s?.[`count${l}` as 'count1'] ?? 0), 0),
            ),
    ]);
    return { list: rows.map(memberView), page: options.page, limit: options.limit, total };
  }

  /**
   * The commissions of a batch of fee entries: the uplines of every payer in one query,
   * every commission posted in one ledger batch (each keyed by its fee entry and level)
   * and recorded with the earnings in one statement.
   */
  async function commissionsFor(trx: Db, entries: SourceEntry[], rates: Map<number, number>) {
    const fees = entries.filter(
      (e) => e.user_id && FEE_SOURCES[e.kind] !== undefined && BigInt(e.fee) > 0n,
    );
    if (fees.length === 0) return;
    const chains = new Map<string, { user_id: string; depth: number; account: string }[]>();
    for (const row of await repo.uplinesOf(trx, [...new Set(fees.map((f) => f.user_id!))])) {
      chains.set(row.member_id, [...(chains.get(row.member_id) ?? []), row]);
    }
    const rows = [];
    for (const entry of fees) {
      const fee = BigInt(entry.fee);
      const source = FEE_SOURCES[entry.kind]!;
      const pending = REFUNDABLE_FEES.has(entry.kind);
      for (const upline of chains.get(entry.user_id!) ?? []) {
        const level = Number(upline.depth);
        const amount = (fee * BigInt(rates.get(level) ?? 0)) / 10_000n;
        if (level > MAX_LEVELS || amount <= 0n) continue;
        rows.push({
          request: {
            kind: pending ? ('commission_pending' as const) : ('commission' as const),
            idempotencyKey: `commission:${entry.id}:${level}`,
            reference: `team:${entry.user_id}`,
            memo: `${maskAccount(upline.account)} · L${level} · ${source}`,
            postings: [
              { account: platformAccount('commission_expense'), amount: -amount },
              {
                account: userAccount(upline.user_id, pending ? 'commission_pending' : 'available'),
                amount,
              },
            ],
          },
          status: pending ? ('pending' as const) : ('available' as const),
          feeEntryId: entry.id,
          level,
          uplineId: upline.user_id,
          memberId: entry.user_id!,
          source,
          fee,
          amount,
        });
      }
    }
    const posted = await ledger.postBatch(
      rows.map((r) => r.request),
      trx,
    );
    const ids = new Map(posted.map((p) => [p.idempotencyKey, p.id]));
    await repo.recordCommissions(
      trx,
      rows.map(({ request, ...row }) => ({ ...row, entryId: ids.get(request.idempotencyKey)! })),
    );
  }

  /**
   * Settles the pending commissions of the fees this batch made final or refunded, set
   * based: a withdrawal confirmed (`withdrawal_sent`) releases them to the uplines'
   * balances, a refunded fee (a `fee_refunds` leg: rejected or failed) cancels them back to
   * commission_expense. Keyed by commission, so a rerun posts nothing twice; the rows are
   * locked and settled only while pending. Nothing is ever taken from a balance.
   */
  async function settle(trx: Db, entries: SourceEntry[]) {
    const final = new Set<string>();
    const refunded = new Set<string>();
    for (const e of entries) {
      if (!e.reference) continue;
      if (e.kind === 'withdrawal_sent') final.add(e.reference);
      else if (BigInt(e.refund) < 0n) refunded.add(e.reference);
    }
    const open = await repo.pendingOf(trx, [...final, ...refunded]);
    if (open.length === 0) return;
    const rows = open.map((c: PendingCommission) => {
      const release = final.has(c.reference);
      const amount = BigInt(c.amount);
      return {
        request: {
          kind: release ? ('commission_release' as const) : ('commission_cancel' as const),
          idempotencyKey: `commission:${c.fee_entry_id}:${c.level}:${release ? 'release' : 'cancel'}`,
          reference: `team:${c.member_id}`,
          memo: `${maskAccount(c.member_account)} · L${c.level} · ${c.source}`,
          postings: [
            { account: userAccount(c.upline_id, 'commission_pending'), amount: -amount },
            release
              ? { account: userAccount(c.upline_id, 'available'), amount }
              : { account: platformAccount('commission_expense'), amount },
          ],
        },
        feeEntryId: c.fee_entry_id,
        level: Number(c.level),
        status: release ? ('available' as const) : ('cancelled' as const),
      };
    });
    const posted = await ledger.postBatch(
      rows.map((r) => r.request),
      trx,
    );
    const ids = new Map(posted.map((p) => [p.idempotencyKey, p.id]));
    await repo.settleCommissions(
      trx,
      rows.map(({ request, ...row }) => ({ ...row, entryId: ids.get(request.idempotencyKey)! })),
    );
  }

  /**
   * Commissions paid at once before migration 0130 on a withdrawal fee that is refunded
   * afterwards: taken back once, at most what the upline holds now (the rest is recorded as
   * unrecovered), keyed by the commission. Commissions since are pending and cancelled.
   */
  async function reverse(trx: Db, entry: SourceEntry) {
    if (BigInt(entry.refund) >= 0n || !entry.reference || !entry.user_id) return;
    const open = await repo.openCommissions(trx, entry.reference, entry.user_id);
    for (const c of open) await reverseOne(trx, c);
  }

  async function reverseOne(trx: Db, c: OpenCommission) {
    const held = await ledger.lockedUserBalance(trx, c.upline_id, 'available');
    const amount = BigInt(c.amount);
    const taken = held < amount ? held : amount;
    let entryId: string | null = null;
    if (taken > 0n) {
      const posted = await ledger.post(
        {
          kind: 'commission_reversal',
          idempotencyKey: `commission:${c.fee_entry_id}:${c.level}:reversal`,
          reference: `team:${c.member_id}`,
          memo: `${await memberLabel(c.member_id)} · L${c.level} · ${c.source}`,
          postings: [
            { account: userAccount(c.upline_id, 'available'), amount: -taken },
            { account: platformAccount('commission_expense'), amount: taken },
          ],
        },
        trx,
      );
      entryId = posted.id;
    }
    await repo.recordReversal(trx, { ...c, reversed: taken, entryId });
  }

  async function memberLabel(memberId: string) {
    const member = await repo.userById(memberId);
    return member ? maskAccount(member.account) : '';
  }

  async function apply(trx: Db, entries: SourceEntry[], rates: Map<number, number>) {
    const money = new Map<string, { topup: bigint; withdrawal: bigint }>();
    for (const e of entries) {
      if (!e.user_id) continue;
      const topup = e.kind === 'deposit' && BigInt(e.available) > 0n ? BigInt(e.available) : 0n;
      const withdrawal = e.kind === 'withdrawal_sent' ? -BigInt(e.frozen) : 0n;
      if (topup === 0n && withdrawal === 0n) continue;
      const m = money.get(e.user_id) ?? { topup: 0n, withdrawal: 0n };
      money.set(e.user_id, { topup: m.topup + topup, withdrawal: m.withdrawal + withdrawal });
    }
    await repo.addMoneyBatch(
      trx,
      [...money].map(([userId, m]) => ({ userId, ...m })),
    );
    await commissionsFor(trx, entries, rates);
    // A confirmation or refund comes after its fee's commissions (an earlier entry, in this
    // batch or before).
    await settle(trx, entries);
    for (const entry of entries) await reverse(trx, entry);
  }

  return {
    share: (inviteCode: string, origin: string) => ({
      invite_code: inviteCode,
      // The clean address (`GET /register`) that opens registration with the code filled in.
      invite_url: `${origin}/register?code=${encodeURIComponent(inviteCode)}`,
    }),

    async team(userId: string) {
      const [s, pending] = await Promise.all([
        repo.stats(userId),
        ledger.userAccountBalance(userId, 'commission_pending'),
      ]);
      const levels = [1, 2, 3].map((level) => ({
        level,
        count: Number(s?.[`count${level}` as 'count1'] ?? 0),
        performance: BigInt(s?.[`perf${level}` as 'perf1'] ?? 0),
        earnings: BigInt(s?.[`earn${level}` as 'earn1'] ?? 0),
      }));
      const sum = (f: (l: (typeof levels)[number]) => bigint) =>
        levels.reduce((acc, l) => acc + f(l), 0n);
      return {
        team_count: levels.reduce((acc, l) => acc + l.count, 0),
        performance: money(sum((l) => l.performance)),
        team_earnings: money(sum((l) => l.earnings)),
        // Commissions on fees that can still be refunded: not the caller's to spend yet.
        pending_earnings: money(pending),
        total_topup: money(s?.total_topup ?? '0'),
        total_withdrawal: money(s?.total_withdrawal ?? '0'),
        levels: levels.map((l) => ({
          level: l.level,
          count: l.count,
          performance: money(l.performance),
          earnings: money(l.earnings),
        })),
      };
    },

    members: list,

    async rank(userId: string, limit: number) {
      const [rows, mine] = await Promise.all([repo.rank(limit), repo.myRank(userId, RANK_PLACES)]);
      return {
        list: rows.map((r, i) => ({
          rank: i + 1,
          // Everyone sees this list: never a name that gives an account away.
          nickname: r.user_id === userId ? r.nickname : displayName(r.nickname, r.account),
          team_count: Number(r.team_count),
          performance: money(r.performance),
          me: r.user_id === userId,
        })),
        my_rank: mine ?? 0,
      };
    },

    async rates() {
      const rows = await repo.rates();
      return [1, 2, 3].map((level) => (rows.find((r) => r.level === level)?.rate_bp ?? 0) / 100);
    },

    /** Percentages per level (at most three; missing levels become 0). */
    async setRates(percent: number[]) {
      if (percent.length === 0 || percent.length > MAX_LEVELS) {
        throw new AppError('team.rates_invalid');
      }
      const bp = percent.map((p) => Math.round(p * 100));
      if (bp.some((v) => !Number.isFinite(v) || v < 0 || v > 10_000)) {
        throw new AppError('team.rates_invalid');
      }
      while (bp.length < MAX_LEVELS) bp.push(0);
      await repo.setRates(bp);
      return this.rates();
    },

    upline: (userId: string) => repo.upline(userId),
    userByAccount: (account: string) => repo.userByAccount(account),

    /**
     * Reads the committed ledger entries not read yet (from a position by transaction id,
     * so an entry committed late is never skipped, plus the ids read above it), keeps team
     * figures current and posts commissions, all in one transaction with the position. Runs one at a time
     * (the position row is locked); a retry after a crash reads the same entries again,
     * and the commission keys make that harmless. Returns how many entries it read.
     */
    async sync(): Promise<number> {
      let total = 0;
      for (;;) {
        const read = await repo.db.transaction().execute(async (trx) => {
          const { done_below: from, upper } = await repo.lockPosition(trx);
          const entries = await repo.entries(trx, from, BATCH);
          const rates = new Map((await repo.rates(trx)).map((r) => [r.level, r.rate_bp]));
          await apply(trx, entries, rates);
          await repo.markRead(trx, entries);
          const more = entries.length === BATCH;
          // Everything below the snapshot's xmin was finished, hence visible, hence read.
          if (!more && BigInt(upper) > BigInt(from)) {
            await repo.setPosition(trx, upper);
            await repo.forgetBelow(trx, upper);
          }
          return { count: entries.length, more };
        });
        total += read.count;
        if (!read.more) return total;
      }
    },
  };
}

export type TeamService = ReturnType<typeof teamService>;
