// `npm run audit`: every invariant of the ledger, recomputed from postings, with a
// report a person can read. ok only when every check holds.
import { formatAmount } from '@olive/protocol';
import {
  ENTRY_KINDS,
  PLATFORM_ACCOUNTS,
  isEntryKind,
  isPlatformAccountKind,
  isUserAccountKind,
} from './kinds.ts';
import type { AuditRepository } from './audit.repository.ts';

export interface AuditCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface AuditReport {
  ok: boolean;
  checks: AuditCheck[];
  totals: {
    entries: number;
    postings: number;
    accounts: number;
    /** What the platform owes investors: the sum of every user account. */
    user_liabilities: string;
    /** USDT the ledger says is held on each network for investors. */
    custody: Record<string, string>;
  };
}

const usdt = (units: string | bigint) => `${formatAmount(BigInt(units))} USDT`;
const more = (shown: number, total: string) =>
  Number(total) > shown ? ` (first ${shown} of ${total})` : '';

export function auditService(repo: AuditRepository) {
  return {
    run(): Promise<AuditReport> {
      return repo.snapshot(async (q) => {
        const [counts, unbalanced, negative, mismatched, chain, flows, entryKinds] =
          await Promise.all([
            repo.counts(q),
            repo.unbalancedEntries(q),
            repo.negativeAccounts(q),
            repo.balanceMismatches(q),
            repo.brokenBalanceAfter(q),
            repo.flows(q),
            repo.entryKinds(q),
          ]);
        const [accountKinds, custody, totals, orphans] = await Promise.all([
          repo.accountKinds(q),
          repo.custody(q),
          repo.totalOfBalances(q),
          repo.orphanPostings(q),
        ]);
        const checks: AuditCheck[] = [];

        checks.push(
          unbalanced.length === 0
            ? {
                name: 'entries_balanced',
                ok: true,
                detail: `${counts.entries} entries, each with postings summing to zero`,
              }
            : {
                name: 'entries_balanced',
                ok: false,
                detail:
                  `${unbalanced[0]!.n} entries empty or unbalanced${more(unbalanced.length, unbalanced[0]!.n)}: ` +
                  unbalanced.map((e) => `#${e.id} (${e.legs} postings, sum ${e.total})`).join(', '),
              },
        );

        checks.push(
          negative.length === 0
            ? {
                name: 'no_negative_balances',
                ok: true,
                detail: 'no user account and no no-negative platform account is below zero',
              }
            : {
                name: 'no_negative_balances',
                ok: false,
                detail:
                  `${negative[0]!.n} accounts below zero${more(negative.length, negative[0]!.n)}: ` +
                  negative
                    .map(
                      (a) =>
                        `#${a.id} ${a.user_id ? `user ${a.user_id}` : 'platform'} ${a.kind} ${usdt(a.balance)}`,
                    )
                    .join(', '),
              },
        );

        checks.push(
          mismatched.length === 0
            ? {
                name: 'balances_equal_postings',
                ok: true,
                detail: `${counts.accounts} accounts, each balance equal to the sum of its postings`,
              }
            : {
                name: 'balances_equal_postings',
                ok: false,
                detail:
                  `${mismatched[0]!.n} accounts differ from their postings${more(mismatched.length, mismatched[0]!.n)}: ` +
                  mismatched
                    .map((a) => `#${a.id} stored ${usdt(a.balance)}, postings ${usdt(a.postings)}`)
                    .join(', '),
              },
        );

        checks.push(
          chain.length === 0
            ? {
                name: 'balance_after_consistent',
                ok: true,
                detail: `${counts.postings} postings, each balance_after the running sum of its account`,
              }
            : {
                name: 'balance_after_consistent',
                ok: false,
                detail:
                  `${chain[0]!.n} postings with a wrong balance_after${more(chain.length, chain[0]!.n)}: ` +
                  chain
                    .map(
                      (p) =>
                        `posting #${p.id} on account #${p.account_id} says ${usdt(p.balance_after)}, running sum ${usdt(p.running)}`,
                    )
                    .join(', '),
              },
        );

        checks.push(
          orphans.length === 0
            ? {
                name: 'postings_name_entries_and_accounts',
                ok: true,
                detail: `${counts.postings} postings, each of an existing entry and account`,
              }
            : {
                name: 'postings_name_entries_and_accounts',
                ok: false,
                detail:
                  `${orphans[0]!.n} postings name a missing entry or account${more(orphans.length, orphans[0]!.n)}: ` +
                  orphans
                    .map((p) => `posting #${p.id} (entry #${p.entry_id}, account #${p.account_id})`)
                    .join(', '),
              },
        );

        // Every entry is of a documented kind and touches only the accounts its kind allows;
        // every account is of a known kind with the owner and negativity rule of its kind.
        const problems: string[] = [];
        for (const { kind, n } of entryKinds) {
          if (!isEntryKind(kind)) problems.push(`${n} entries of unknown kind ${kind}`);
        }
        for (const f of flows) {
          if (!isEntryKind(f.entry_kind)) continue;
          const allowed = (ENTRY_KINDS[f.entry_kind].accounts as readonly string[]).includes(
            f.account_kind,
          );
          if (!allowed) {
            problems.push(`${f.n} ${f.entry_kind} postings on ${f.owner} ${f.account_kind}`);
          }
        }
        for (const a of accountKinds) {
          const fits =
            a.owner === 'user'
              ? isUserAccountKind(a.kind) && !a.may_go_negative
              : isPlatformAccountKind(a.kind) &&
                PLATFORM_ACCOUNTS[a.kind].mayGoNegative === a.may_go_negative;
          if (!fits) problems.push(`${a.n} ${a.owner} accounts of kind ${a.kind} do not fit it`);
        }
        checks.push({
          name: 'documented_kinds_and_flows',
          ok: problems.length === 0,
          detail:
            problems.length === 0
              ? `${entryKinds.length} entry kinds in use, each touching only the accounts it documents`
              : problems.join('; '),
        });

        // Custody: what the ledger holds per network is what users were credited by
        // deposits less what withdrawals sent out. The wallet module (issues 5 and 6)
        // adds the chain side of this reconciliation: the same figure against the
        // deposits and withdrawals tables and the on-chain balances.
        const custodyHeld: Record<string, string> = {};
        const custodyProblems: string[] = [];
        for (const c of custody) {
          const held = -BigInt(c.custody_balance);
          const expected = BigInt(c.deposits_credited) - BigInt(c.withdrawals_sent);
          custodyHeld[c.network] = formatAmount(held);
          if (held !== expected) {
            custodyProblems.push(
              `${c.network}: custody ${usdt(held)} but deposits ${usdt(c.deposits_credited)} less withdrawals ${usdt(c.withdrawals_sent)} is ${usdt(expected)}`,
            );
          }
        }
        checks.push({
          name: 'custody_equals_deposits_less_withdrawals',
          ok: custodyProblems.length === 0,
          detail:
            custodyProblems.length > 0
              ? custodyProblems.join('; ')
              : custody.length === 0
                ? 'no custody movements yet'
                : custody
                    .map(
                      (c) =>
                        `${c.network}: ${usdt(-BigInt(c.custody_balance))} = deposits ${usdt(c.deposits_credited)} - withdrawals ${usdt(c.withdrawals_sent)}`,
                    )
                    .join('; '),
        });

        checks.push({
          name: 'ledger_sums_to_zero',
          ok: BigInt(totals.total) === 0n,
          detail:
            BigInt(totals.total) === 0n
              ? 'all balances together sum to zero'
              : `all balances together sum to ${usdt(totals.total)}`,
        });

        return {
          ok: checks.every((c) => c.ok),
          checks,
          totals: {
            entries: Number(counts.entries),
            postings: Number(counts.postings),
            accounts: Number(counts.accounts),
            user_liabilities: formatAmount(BigInt(totals.users)),
            custody: custodyHeld,
          },
        };
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
