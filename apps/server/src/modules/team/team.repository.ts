// Team SQL: the closure table (team_links), the kept figures (team_stats), rates, the
// commissions posted and the sync job's position. Each read is one indexed query.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface MemberRow {
  user_id: string;
  /** The account as others see it (`users.masked_account`, migration 0137). */
  masked_account: string;
  /** The name others see (`users.shown_name`). */
  shown_name: string;
  level: number;
  total_topup: string;
  total_withdrawal: string;
  team_count: number;
  joined_at: Date;
}

export interface StatsRow {
  count1: number;
  count2: number;
  count3: number;
  perf1: string;
  perf2: string;
  perf3: string;
  earn1: string;
  earn2: string;
  earn3: string;
  total_topup: string;
  total_withdrawal: string;
}

/** One entry the sync job reads, its legs folded: who, and what moved where. */
export interface SourceEntry {
  id: string;
  kind: string;
  tx_id: string;
  user_id: string | null;
  reference: string | null;
  fee: string;
  /** A fee given back (negative): the fee_refunds leg. */
  refund: string;
  available: string;
  frozen: string;
}

/** A commission paid at once before migration 0130 whose fee was refunded, not reversed yet. */
export interface OpenCommission {
  fee_entry_id: string;
  level: number;
  upline_id: string;
  member_id: string;
  source: string;
  amount: string;
}

/** A pending commission on a fee of a given reference (a withdrawal's), with its member. */
export interface PendingCommission {
  fee_entry_id: string;
  level: number;
  upline_id: string;
  member_id: string;
  member_account: string;
  source: string;
  amount: string;
  reference: string;
}

/** Entry kinds the sync job reads (the partial index of migration 0050 covers them). */
export const SYNC_KINDS = [
  'deposit',
  'withdrawal_sent',
  'withdrawal_fee',
  'robot_settle',
  'performance_fee',
  'mining_margin',
  'withdrawal_freeze',
  'withdrawal_release',
] as const;

/**
 * A member search: `keyword` as typed, and `account` when it is a complete account
 * (normalised: an e-mail lower-cased), which alone may match the hidden account.
 */
export interface MemberSearch {
  keyword: string;
  account: string | null;
}

/**
 * The search condition: a part of what the upline is shown (the masked account or the
 * shown name, decision 137), or the complete account. Never a part of the account itself.
 */
function matches(search: MemberSearch) {
  const pattern = `%${search.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const exact = search.account ? sql` or u.account = ${search.account}` : sql``;
  return sql`(u.masked_account ilike ${pattern} or u.shown_name ilike ${pattern}${exact})`;
}

/** `reads`: where the lists and the ranking are read (a replica may serve them). */
export function teamRepository(db: Db, reads: Db = db) {
  return {
    db,
    async stats(userId: string, q: Db = db) {
      const { rows } = await sql<StatsRow>`
        select count1, count2, count3, perf1::text, perf2::text, perf3::text,
               earn1::text, earn2::text, earn3::text,
               total_topup::text, total_withdrawal::text
          from team_stats where user_id = ${userId}`.execute(q);
      return rows[0] ?? null;
    },

    /**
     * Members under `userId` at `levels`, newest first, with their own figures: a range of
     * the (ancestor, depth, joined_at) index, then 20 look-ups. With a search, the matches
     * among them (trigram indexes on the shown forms and the account's unique index find
     * them platform-wide when the keyword is selective; the planner walks the members
     * instead when it is common).
     */
    async members(
      userId: string,
      options: { levels: number[]; limit: number; offset: number; search?: MemberSearch },
    ) {
      const depth =
        options.levels.length === 1
          ? sql`and l.depth = ${options.levels[0]}`
          : sql`and l.depth = any(${options.levels}::smallint[])`;
      const keyword = options.search ?? null;
      const match = keyword ? sql`and ${matches(keyword)}` : sql``;
      // Without a keyword the page is cut from the index alone and only its rows are joined
      // (a later page skips index entries, not user rows).
      const links = keyword
        ? sql`team_links`
        : sql`(select * from team_links l where l.ancestor_id = ${userId} ${depth}
                order by l.joined_at desc, l.descendant_id desc
                limit ${options.limit} offset ${options.offset})`;
      const { rows } = await sql<MemberRow>`
        select l.descendant_id::text as user_id, u.masked_account, u.shown_name,
               l.depth as level,
               s.total_topup::text, s.total_withdrawal::text,
               (s.count1 + s.count2 + s.count3) as team_count, l.joined_at
          from ${links} l
          join users u on u.id = l.descendant_id
          join team_stats s on s.user_id = l.descendant_id
         where l.ancestor_id = ${userId} ${depth} ${match}
         order by l.joined_at desc, l.descendant_id desc
         limit ${options.limit} offset ${keyword ? options.offset : 0}`.execute(reads);
      return rows;
    },

    /**
     * How many matches a search has, counted up to `cap` (a search reads no further than
     * that: "1,000 or more" is all a screen needs).
     */
    async countMatches(userId: string, levels: number[], search: MemberSearch, cap: number) {
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from (
          select 1 from team_links l join users u on u.id = l.descendant_id
           where l.ancestor_id = ${userId} and l.depth = any(${levels}::smallint[])
             and ${matches(search)}
           limit ${cap}) m`.execute(reads);
      return Number(rows[0]!.n);
    },

    /** The upline chain, nearest first (at most three). */
    async upline(userId: string) {
      const { rows } = await sql<{ user_id: string; account: string; depth: number }>`
        select l.ancestor_id::text as user_id, u.account, l.depth
          from team_links l join users u on u.id = l.ancestor_id
         where l.descendant_id = ${userId} order by l.depth`.execute(db);
      return rows;
    },

    async rates(q: Db = db) {
      const { rows } = await sql<{ level: number; rate_bp: number }>`
        select level, rate_bp from team_rates order by level`.execute(q);
      return rows;
    },
    async setRates(rates: number[]) {
      await db.transaction().execute(async (trx) => {
        for (const [i, bp] of rates.entries()) {
          await sql`
            insert into team_rates (level, rate_bp) values (${i + 1}, ${bp})
            on conflict (level) do update set rate_bp = excluded.rate_bp, updated_at = now()
          `.execute(trx);
        }
      });
    },

    async rank(limit: number) {
      const { rows } = await sql<{
        user_id: string;
        nickname: string;
        account: string;
        team_count: number;
        performance: string;
      }>`
        select s.user_id::text, u.nickname, u.account, (s.count1 + s.count2 + s.count3) as team_count,
               s.performance::text
          from team_stats s join users u on u.id = s.user_id
         where s.performance > 0
         order by s.performance desc, s.user_id limit ${limit}`.execute(reads);
      return rows;
    },
    /**
     * The caller's place, counted through the performance index and no further than
     * `cap` places (null without performance or beyond the cap): a place far down a
     * million-user list is not worth reading the whole index for on every view.
     */
    async myRank(userId: string, cap: number) {
      const { rows } = await sql<{ ahead: string | null }>`
        select case when s.performance > 0 then (
          select count(*) from (
            select 1 from team_stats o
             where o.performance >= s.performance
               and (o.performance > s.performance or o.user_id < s.user_id)
             limit ${cap}) x
        ) end::text as ahead
          from team_stats s where s.user_id = ${userId}`.execute(reads);
      const ahead = rows[0]?.ahead;
      return ahead === null || ahead === undefined || Number(ahead) >= cap
        ? null
        : Number(ahead) + 1;
    },

    // --- the sync job (inside its transaction) ---
    async lockPosition(trx: Db) {
      const { rows } = await sql<{ done_below: string; upper: string }>`
        select done_below::text, pg_snapshot_xmin(pg_current_snapshot())::text as upper
          from team_sync where id = 1 for update`.execute(trx);
      return rows[0]!;
    },
    async setPosition(trx: Db, doneBelow: string) {
      await sql`update team_sync set done_below = ${doneBelow}::xid8 where id = 1`.execute(trx);
    },
    /** Visible entries of the sync kinds from `from` on that were not read yet. */
    async entries(trx: Db, from: string, limit: number) {
      const { rows } = await sql<SourceEntry>`
        select e.id::text, e.kind, e.tx_id::text, e.reference,
               max(a.user_id)::text as user_id,
               coalesce(sum(p.amount) filter (where a.kind in ('fee_revenue', 'mining_margin')), 0)::text as fee,
               coalesce(sum(p.amount) filter (where a.kind = 'fee_refunds'), 0)::text as refund,
               coalesce(sum(p.amount) filter (where a.kind = 'available'), 0)::text as available,
               coalesce(sum(p.amount) filter (where a.kind = 'frozen'), 0)::text as frozen
          from journal_entries e
          join postings p on p.entry_id = e.id
          join accounts a on a.id = p.account_id
         where e.kind in (${sql.join([...SYNC_KINDS])})
           and e.tx_id >= ${from}::xid8
           and not exists (select 1 from team_sync_read r where r.entry_id = e.id)
         group by e.id
         order by e.id
         limit ${limit}`.execute(trx);
      return rows;
    },
    async markRead(trx: Db, entries: SourceEntry[]) {
      if (entries.length === 0) return;
      await sql`
        insert into team_sync_read (entry_id, tx_id)
        select * from unnest(${entries.map((e) => e.id)}::bigint[], ${entries.map((e) => e.tx_id)}::xid8[])
        on conflict do nothing`.execute(trx);
    },
    async forgetBelow(trx: Db, doneBelow: string) {
      await sql`delete from team_sync_read where tx_id < ${doneBelow}::xid8`.execute(trx);
    },
    /**
     * Commissions paid at once (before migration 0130) on the fee entries sharing `reference`
     * (the refunded fee's), not reversed yet. Pending and released ones are not among them.
     */
    async openCommissions(trx: Db, reference: string, memberId: string) {
      const { rows } = await sql<OpenCommission>`
        select c.fee_entry_id::text, c.level, c.upline_id::text, c.member_id::text, c.source,
               c.amount::text
          from journal_entries f
          join team_commissions c on c.fee_entry_id = f.id
         where f.reference = ${reference} and c.member_id = ${memberId}
           and c.status = 'available' and c.settled_entry_id is null
           and c.reversal_entry_id is null and c.reversed_at is null
         order by c.fee_entry_id, c.level
           for update of c`.execute(trx);
      return rows;
    },
    /** Pending commissions on the fee entries of these references, locked, in key order. */
    async pendingOf(trx: Db, references: string[]) {
      if (references.length === 0) return [];
      const { rows } = await sql<PendingCommission>`
        select c.fee_entry_id::text, c.level, c.upline_id::text, c.member_id::text,
               m.account as member_account, c.source, c.amount::text, f.reference
          from journal_entries f
          join team_commissions c on c.fee_entry_id = f.id
          join users m on m.id = c.member_id
         where f.reference = any(${references}::text[]) and c.status = 'pending'
         order by c.fee_entry_id, c.level
           for update of c`.execute(trx);
      return rows;
    },
    /**
     * Settles pending commissions (once: a row already settled is left as it is) and adds
     * the released ones to their uplines' earnings, in one statement.
     */
    async settleCommissions(
      trx: Db,
      rows: {
        feeEntryId: string;
        level: number;
        status: 'available' | 'cancelled';
        entryId: string;
      }[],
    ) {
      if (rows.length === 0) return;
      const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
      await sql`
        with settled as (
          update team_commissions c set status = v.status, settled_entry_id = v.entry_id,
                 settled_at = now()
            from unnest(${col((r) => r.feeEntryId)}::bigint[], ${col((r) => r.level)}::smallint[],
                        ${col((r) => r.status)}::text[], ${col((r) => r.entryId)}::bigint[])
                 as v (fee_entry_id, level, status, entry_id)
           where c.fee_entry_id = v.fee_entry_id and c.level = v.level and c.status = 'pending'
          returning c.upline_id, c.level, c.amount, c.status
        )
        update team_stats s set earn1 = earn1 + x.e1, earn2 = earn2 + x.e2,
               earn3 = earn3 + x.e3, updated_at = now()
          from (select upline_id,
                       coalesce(sum(amount) filter (where level = 1), 0) as e1,
                       coalesce(sum(amount) filter (where level = 2), 0) as e2,
                       coalesce(sum(amount) filter (where level = 3), 0) as e3
                  from settled where status = 'available' group by upline_id) x
         where s.user_id = x.upline_id`.execute(trx);
    },
    /** Marks a commission reversed (once: a second call changes nothing) and lowers the earnings. */
    async recordReversal(
      trx: Db,
      row: OpenCommission & { reversed: bigint; entryId: string | null },
    ) {
      const { rows } = await sql<{ level: number }>`
        update team_commissions set reversed = ${row.reversed},
               unrecovered = amount - ${row.reversed}, reversal_entry_id = ${row.entryId},
               reversed_at = now()
         where fee_entry_id = ${row.fee_entry_id} and level = ${row.level}
           and reversed_at is null
        returning level`.execute(trx);
      if (rows.length === 0 || row.reversed === 0n) return;
      await sql`
        update team_stats set
          earn1 = earn1 - case when ${row.level}::int = 1 then ${row.reversed}::bigint else 0 end,
          earn2 = earn2 - case when ${row.level}::int = 2 then ${row.reversed}::bigint else 0 end,
          earn3 = earn3 - case when ${row.level}::int = 3 then ${row.reversed}::bigint else 0 end,
          updated_at = now()
         where user_id = ${row.upline_id}`.execute(trx);
    },
    /**
     * Members' own top-ups and completed withdrawals, and the performance the top-ups add
     * to their uplines' levels: two statements for a whole batch of the sync.
     */
    async addMoneyBatch(trx: Db, rows: { userId: string; topup: bigint; withdrawal: bigint }[]) {
      if (rows.length === 0) return;
      const ids = rows.map((r) => r.userId);
      const topups = rows.map((r) => r.topup.toString());
      const withdrawals = rows.map((r) => r.withdrawal.toString());
      await sql`
        update team_stats s set total_topup = total_topup + v.topup,
               total_withdrawal = total_withdrawal + v.withdrawal, updated_at = now()
          from unnest(${ids}::bigint[], ${topups}::bigint[], ${withdrawals}::bigint[])
               as v (user_id, topup, withdrawal)
         where s.user_id = v.user_id`.execute(trx);
      await sql`
        update team_stats s set perf1 = perf1 + x.p1, perf2 = perf2 + x.p2,
               perf3 = perf3 + x.p3, updated_at = now()
          from (select l.ancestor_id,
                       coalesce(sum(v.topup) filter (where l.depth = 1), 0) as p1,
                       coalesce(sum(v.topup) filter (where l.depth = 2), 0) as p2,
                       coalesce(sum(v.topup) filter (where l.depth = 3), 0) as p3
                  from unnest(${ids}::bigint[], ${topups}::bigint[]) as v (user_id, topup)
                  join team_links l on l.descendant_id = v.user_id
                 where v.topup > 0
                 group by l.ancestor_id) x
         where s.user_id = x.ancestor_id`.execute(trx);
    },
    /** The upline chains of many members (at most three rows each), with the member's account. */
    async uplinesOf(trx: Db, memberIds: string[]) {
      const { rows } = await sql<{
        member_id: string;
        user_id: string;
        depth: number;
        account: string;
      }>`
        select l.descendant_id::text as member_id, l.ancestor_id::text as user_id, l.depth,
               m.account
          from team_links l join users m on m.id = l.descendant_id
         where l.descendant_id = any(${memberIds}::bigint[])
         order by l.descendant_id, l.depth`.execute(trx);
      return rows;
    },
    /**
     * Records commissions posted (once each: a replay adds nothing) and adds those paid
     * available to earnings (a pending one counts when it is released).
     */
    async recordCommissions(
      trx: Db,
      rows: {
        feeEntryId: string;
        level: number;
        uplineId: string;
        memberId: string;
        source: string;
        fee: bigint;
        amount: bigint;
        entryId: string;
        status: 'available' | 'pending';
      }[],
    ) {
      if (rows.length === 0) return;
      const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
      await sql`
        with added as (
          insert into team_commissions
            (fee_entry_id, level, upline_id, member_id, source, fee, amount, entry_id, status)
          select * from unnest(
            ${col((r) => r.feeEntryId)}::bigint[], ${col((r) => r.level)}::smallint[],
            ${col((r) => r.uplineId)}::bigint[], ${col((r) => r.memberId)}::bigint[],
            ${col((r) => r.source)}::text[], ${col((r) => r.fee.toString())}::bigint[],
            ${col((r) => r.amount.toString())}::bigint[], ${col((r) => r.entryId)}::bigint[],
            ${col((r) => r.status)}::text[])
          on conflict do nothing
          returning upline_id, level, amount, status
        )
        update team_stats s set earn1 = earn1 + x.e1, earn2 = earn2 + x.e2,
               earn3 = earn3 + x.e3, updated_at = now()
          from (select upline_id,
                       coalesce(sum(amount) filter (where level = 1), 0) as e1,
                       coalesce(sum(amount) filter (where level = 2), 0) as e2,
                       coalesce(sum(amount) filter (where level = 3), 0) as e3
                  from added where status = 'available' group by upline_id) x
         where s.user_id = x.upline_id`.execute(trx);
    },
    // --- the audit (npm run audit), inside one read-only snapshot ---
    snapshot<T>(run: (q: Db) => Promise<T>): Promise<T> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(run);
    },
    /** Uplines whose commission_pending balance differs from their pending commissions. */
    async pendingMismatches(q: Db, sample: number) {
      const { rows } = await sql<{ user_id: string; held: string; pending: string; n: string }>`
        with held as (
          select user_id, sum(balance) as held from accounts
           where kind = 'commission_pending' and user_id is not null group by user_id
        ), pending as (
          select upline_id as user_id, sum(amount) as pending from team_commissions
           where status = 'pending' group by upline_id
        )
        select coalesce(h.user_id, p.user_id)::text as user_id,
               coalesce(h.held, 0)::text as held, coalesce(p.pending, 0)::text as pending,
               count(*) over ()::text as n
          from held h full join pending p on p.user_id = h.user_id
         where coalesce(h.held, 0) <> coalesce(p.pending, 0)
         order by 1 limit ${sample}`.execute(q);
      return rows;
    },
    /**
     * Pending commissions whose fee is not a refundable withdrawal fee, or whose withdrawal
     * the sync has already seen confirmed or refunded (read entries only: an entry the sync
     * has not read yet is a second's lag, not a fault).
     */
    async pendingOnSettledFees(q: Db, sample: number) {
      const { rows } = await sql<{
        fee_entry_id: string;
        level: number;
        upline_id: string;
        reference: string | null;
        kind: string;
        n: string;
      }>`
        select c.fee_entry_id::text, c.level, c.upline_id::text, f.reference, f.kind,
               count(*) over ()::text as n
          from team_commissions c
          join journal_entries f on f.id = c.fee_entry_id
         where c.status = 'pending'
           and (f.kind <> 'withdrawal_freeze' or f.reference is null or exists (
                 select 1 from journal_entries s cross join team_sync p
                  where p.id = 1 and s.reference = f.reference
                    and s.kind in ('withdrawal_sent', 'withdrawal_release')
                    and (s.tx_id < p.done_below
                         or exists (select 1 from team_sync_read r where r.entry_id = s.id))))
         order by c.fee_entry_id, c.level limit ${sample}`.execute(q);
      return rows;
    },
    async pendingTotal(q: Db) {
      const { rows } = await sql<{ n: string; total: string }>`
        select count(*)::text as n, coalesce(sum(amount), 0)::text as total
          from team_commissions where status = 'pending'`.execute(q);
      return rows[0]!;
    },

    async userByAccount(account: string) {
      const { rows } = await sql<{ id: string; account: string; invite_code: string }>`
        select id::text, account, invite_code from users where account = ${account}`.execute(db);
      return rows[0] ?? null;
    },
    async userById(id: string) {
      const { rows } = await sql<{ id: string; account: string; invite_code: string }>`
        select id::text, account, invite_code from users where id = ${id}`.execute(db);
      return rows[0] ?? null;
    },
  };
}

export type TeamRepository = ReturnType<typeof teamRepository>;
