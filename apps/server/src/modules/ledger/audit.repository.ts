// SQL of the audit: recomputes from postings what the posting path maintains, inside one
// read-only snapshot so that every check sees the same instant of a running system.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const SAMPLE = 10;

export function auditRepository(db: Db) {
  return {
    snapshot<T>(run: (q: Db) => Promise<T>): Promise<T> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (q) => {
          // Every check reads whole tables: hash and merge joins are always the right plan.
          // A nested loop chosen on statistics older than a burst of entries (a table
          // thought to hold one deposit) rescans postings per row and never finishes.
          await sql`set local enable_nestloop = off`.execute(q);
          return run(q);
        });
    },

    async counts(q: Db) {
      const { rows } = await sql<{ entries: string; postings: string; accounts: string }>`
        select (select count(*) from journal_entries)::text as entries,
               (select count(*) from postings)::text as postings,
               (select count(*) from accounts)::text as accounts
      `.execute(q);
      return rows[0]!;
    },

    /** Entries without postings or whose postings do not sum to zero (a sample, and how many). */
    async unbalancedEntries(q: Db) {
      const { rows } = await sql<{ id: string; legs: string; total: string; n: string }>`
        select id::text, legs::text, total::text, count(*) over ()::text as n from (
          select e.id, count(p.id) as legs, coalesce(sum(p.amount), 0) as total
          from journal_entries e left join postings p on p.entry_id = e.id
          group by e.id
        ) x
        where legs = 0 or total <> 0
        order by id limit ${SAMPLE}
      `.execute(q);
      return rows;
    },

    /** Accounts below zero that may not be: every user account, and no-negative platform ones. */
    async negativeAccounts(q: Db) {
      const { rows } = await sql<{
        id: string;
        user_id: string | null;
        kind: string;
        balance: string;
        n: string;
      }>`
        select id::text, user_id::text, kind, balance::text, count(*) over ()::text as n
        from accounts
        where balance < 0 and (user_id is not null or not may_go_negative)
        order by id limit ${SAMPLE}
      `.execute(q);
      return rows;
    },

    /** Accounts whose stored balance differs from the sum of their postings. */
    async balanceMismatches(q: Db) {
      const { rows } = await sql<{ id: string; balance: string; postings: string; n: string }>`
        select a.id::text, a.balance::text, coalesce(s.total, 0)::text as postings,
               count(*) over ()::text as n
        from accounts a
        left join (select account_id, sum(amount) as total from postings group by account_id) s
          on s.account_id = a.id
        where a.balance <> coalesce(s.total, 0)
        order by a.id limit ${SAMPLE}
      `.execute(q);
      return rows;
    },

    /** Postings naming an entry or an account that does not exist (a sample, and how many). */
    async orphanPostings(q: Db) {
      const { rows } = await sql<{ id: string; entry_id: string; account_id: string; n: string }>`
        select p.id::text, p.entry_id::text, p.account_id::text, count(*) over ()::text as n
        from postings p
        left join journal_entries e on e.id = p.entry_id
        left join accounts a on a.id = p.account_id
        where e.id is null or a.id is null
        order by p.id limit ${SAMPLE}
      `.execute(q);
      return rows;
    },

    /** Postings whose balance_after is not the running sum of their account's postings. */
    async brokenBalanceAfter(q: Db) {
      const { rows } = await sql<{
        id: string;
        account_id: string;
        balance_after: string;
        running: string;
        n: string;
      }>`
        select id::text, account_id::text, balance_after::text, running::text,
               count(*) over ()::text as n
        from (
          select id, account_id, balance_after,
                 sum(amount) over (partition by account_id order by id) as running
          from postings
        ) x
        where balance_after <> running
        order by id limit ${SAMPLE}
      `.execute(q);
      return rows;
    },

    /** Which account kinds (user or platform) each entry kind touched, and entry kinds seen. */
    async flows(q: Db) {
      const { rows } = await sql<{
        entry_kind: string;
        account_kind: string;
        owner: 'user' | 'platform';
        n: string;
      }>`
        select e.kind as entry_kind, a.kind as account_kind,
               case when a.user_id is null then 'platform' else 'user' end as owner,
               count(*)::text as n
        from postings p
        join accounts a on a.id = p.account_id
        join journal_entries e on e.id = p.entry_id
        group by 1, 2, 3
      `.execute(q);
      return rows;
    },

    async entryKinds(q: Db) {
      const { rows } = await sql<{ kind: string; n: string }>`
        select kind, count(*)::text as n from journal_entries group by kind
      `.execute(q);
      return rows;
    },

    async accountKinds(q: Db) {
      const { rows } = await sql<{
        kind: string;
        owner: 'user' | 'platform';
        may_go_negative: boolean;
        n: string;
      }>`
        select kind, case when user_id is null then 'platform' else 'user' end as owner,
               may_go_negative, count(*)::text as n
        from accounts group by 1, 2, 3
      `.execute(q);
      return rows;
    },

    /** Per network: custody balance (all shards), deposits credited to users, withdrawals
     * sent out (the custody leg of withdrawal_sent entries). */
    async custody(q: Db) {
      const { rows } = await sql<{
        network: string;
        custody_balance: string;
        deposits_credited: string;
        withdrawals_sent: string;
      }>`
        with balances as (
          select split_part(subkey, ':', 1) as network, sum(balance) as total
          from accounts where user_id is null and kind = 'custody'
          group by split_part(subkey, ':', 1)
        ),
        deposits as (
          select split_part(c.subkey, ':', 1) as network, sum(up.amount) as total
          from journal_entries e
          join postings cp on cp.entry_id = e.id
          join accounts c on c.id = cp.account_id and c.kind = 'custody' and c.user_id is null
          join postings up on up.entry_id = e.id
          join accounts u on u.id = up.account_id and u.user_id is not null
          where e.kind = 'deposit'
          group by split_part(c.subkey, ':', 1)
        ),
        withdrawals as (
          select split_part(c.subkey, ':', 1) as network, sum(cp.amount) as total
          from journal_entries e
          join postings cp on cp.entry_id = e.id
          join accounts c on c.id = cp.account_id and c.kind = 'custody' and c.user_id is null
          where e.kind = 'withdrawal_sent'
          group by split_part(c.subkey, ':', 1)
        )
        select n.network,
               coalesce(b.total, 0)::text as custody_balance,
               coalesce(d.total, 0)::text as deposits_credited,
               coalesce(w.total, 0)::text as withdrawals_sent
        from (select network from balances union select network from deposits
              union select network from withdrawals) n
        left join balances b on b.network = n.network
        left join deposits d on d.network = n.network
        left join withdrawals w on w.network = n.network
        order by n.network
      `.execute(q);
      return rows;
    },

    async totalOfBalances(q: Db) {
      const { rows } = await sql<{ total: string; users: string }>`
        select coalesce(sum(balance), 0)::text as total,
               coalesce(sum(balance) filter (where user_id is not null), 0)::text as users
        from accounts
      `.execute(q);
      return rows[0]!;
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
