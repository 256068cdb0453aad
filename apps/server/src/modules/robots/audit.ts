// The robots' part of `npm run audit` (decision 150): every profit share a copy paid is
// one robot_profit_share entry moving exactly that amount from the copier's balance to the
// leader's, computed from the profit above the high-water mark, and nothing else.
import { formatAmount } from '@olive/protocol';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditCheck } from '../ledger/audit.service.ts';

const SAMPLE = 10;

export function robotsAudit(db: Db) {
  return {
    run(): Promise<AuditCheck[]> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (q) => {
          const [rows, entries, robots, totals] = await Promise.all([
            // A share row whose entry is missing or moves another amount, whose amount is not
            // its share of the base, or whose mark is not the sum of the bases before it.
            sql<{ id: string; n: string }>`
              select s.id::text, count(*) over ()::text as n from (
                select s.*, coalesce(sum(base) over (
                  partition by copier_robot_id order by seq
                  rows between unbounded preceding and 1 preceding), 0) as mark
                from robot_profit_shares s
              ) s
              left join journal_entries e on e.id = s.entry_id
              where s.amount <> s.base * s.share_pct / 100
                 or s.high_water_before <> s.mark
                 or (s.amount > 0 and (
                   e.kind is distinct from 'robot_profit_share'
                   or (select count(*) from postings p where p.entry_id = e.id) <> 2
                   or not exists (
                     select 1 from postings p join accounts a on a.id = p.account_id
                     where p.entry_id = e.id and a.user_id = s.copier_user_id
                       and a.kind = 'available' and p.amount = -s.amount)
                   or not exists (
                     select 1 from postings p join accounts a on a.id = p.account_id
                     where p.entry_id = e.id and a.user_id = s.leader_user_id
                       and a.kind = 'available' and p.amount = s.amount)))
              order by s.id limit ${SAMPLE}
            `.execute(q),
            // A share entry that no settlement of a copy accounts for.
            sql<{ id: string; n: string }>`
              select e.id::text, count(*) over ()::text as n from journal_entries e
              where e.kind = 'robot_profit_share'
                and not exists (select 1 from robot_profit_shares s where s.entry_id = e.id)
              order by e.id limit ${SAMPLE}
            `.execute(q),
            // A copy whose mark or shares paid differ from its settlements.
            sql<{ id: string; n: string }>`
              select r.id::text, count(*) over ()::text as n from robots r
              left join (
                select copier_robot_id, sum(base) as base, sum(amount) as amount
                from robot_profit_shares group by copier_robot_id
              ) x on x.copier_robot_id = r.id
              where r.share_high_water <> coalesce(x.base, 0)
                 or r.shares_paid <> coalesce(x.amount, 0)
              order by r.id limit ${SAMPLE}
            `.execute(q),
            sql<{ n: string; total: string }>`
              select count(*)::text as n, coalesce(sum(amount), 0)::text as total
              from robot_profit_shares
            `.execute(q),
          ]);
          const problems: string[] = [];
          const list = (r: { rows: { id: string; n: string }[] }, what: string) => {
            if (r.rows.length > 0) {
              problems.push(`${r.rows[0]!.n} ${what}: #${r.rows.map((x) => x.id).join(', #')}`);
            }
          };
          list(rows, 'profit shares not paid as computed');
          list(entries, 'profit-share entries without a settlement');
          list(robots, 'copies whose high-water mark or shares paid differ from their settlements');
          const total = totals.rows[0]!;
          return [
            {
              name: 'robot_profit_shares_match_ledger',
              ok: problems.length === 0,
              detail:
                problems.length > 0
                  ? problems.join('; ')
                  : `${total.n} settlements of copies, ${formatAmount(BigInt(total.total))} USDT of profit shares, each above its high-water mark and paid by one entry`,
            },
          ];
        });
    },
  };
}
