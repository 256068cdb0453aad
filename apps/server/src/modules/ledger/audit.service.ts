// `npm run audit`: every invariant of the ledger, recomputed from postings, with a
// report a person can read. ok only when every check holds. The ledger's checks are a
// list of named checks over what one snapshot read (LEDGER_CHECKS); each module adds its
// own (an AuditContribution: wallet custody on chain, team, mining, robots), composed at
// the top (../../audit.ts), so that the ledger never imports the modules posting through it.
import { formatAmount } from '@olive/protocol';
import {
  ENTRY_KINDS,
  PLATFORM_ACCOUNTS,
  isEntryKind,
  isPlatformAccountKind,
  isUserAccountKind,
} from './kinds.ts';
import type { Db } from '../../db/database.ts';
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

/** What a module adds to the audit: its named checks, which the ledger alone cannot tell. */
export interface AuditContribution {
  run(): Promise<AuditCheck[]>;
}

const usdt = (units: string | bigint) => `${formatAmount(BigInt(units))} USDT`;
const more = (shown: number, total: string) =>
  Number(total) > shown ? ` (first ${shown} of ${total})` : '';

/** Everything the ledger's checks read, from one read-only snapshot. */
async function readFacts(repo: AuditRepository, q: Db) {
  const [counts, unbalanced, negative, mismatched, chain, flows, entryKinds] = await Promise.all([
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
  return {
    counts,
    unbalanced,
    negative,
    mismatched,
    chain,
    flows,
    entryKinds,
    accountKinds,
    custody,
    totals,
    orphans,
  };
}

type LedgerFacts = Awaited<ReturnType<typeof readFacts>>;

/** One of the ledger's checks: its name in the report, and whether the facts hold it. */
interface LedgerCheck {
  name: string;
  check(facts: LedgerFacts): { ok: boolean; detail: string };
}

/** The ledger's checks, in the report's order. */
export const LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'entries_balanced',
    check: ({ unbalanced, counts }) =>
      unbalanced.length === 0
        ? { ok: true, detail: `${counts.entries} entries, each with postings summing to zero` }
        : {
            ok: false,
            detail:
              `${unbalanced[0]!.n} entries empty or unbalanced${more(unbalanced.length, unbalanced[0]!.n)}: ` +
              unbalanced.map((e) => `#${e.id} (${e.legs} postings, sum ${e.total})`).join(', '),
          },
  },
  {
    name: 'no_negative_balances',
    check: ({ negative }) =>
      negative.length === 0
        ? { ok: true, detail: 'no user account and no no-negative platform account is below zero' }
        : {
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
  },
  {
    name: 'balances_equal_postings',
    check: ({ mismatched, counts }) =>
      mismatched.length === 0
        ? {
            ok: true,
            detail: `${counts.accounts} accounts, each balance equal to the sum of its postings`,
          }
        : {
            ok: false,
            detail:
              `${mismatched[0]!.n} accounts differ from their postings${more(mismatched.length, mismatched[0]!.n)}: ` +
              mismatched
                .map((a) => `#${a.id} stored ${usdt(a.balance)}, postings ${usdt(a.postings)}`)
                .join(', '),
          },
  },
  {
    name: 'balance_after_consistent',
    check: ({ chain, counts }) =>
      chain.length === 0
        ? {
            ok: true,
            detail: `${counts.postings} postings, each balance_after the running sum of its account`,
          }
        : {
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
  },
  {
    name: 'postings_name_entries_and_accounts',
    check: ({ orphans, counts }) =>
      orphans.length === 0
        ? { ok: true, detail: `${counts.postings} postings, each of an existing entry and account` }
        : {
            ok: false,
            detail:
              `${orphans[0]!.n} postings name a missing entry or account${more(orphans.length, orphans[0]!.n)}: ` +
              orphans
                .map((p) => `posting #${p.id} (entry #${p.entry_id}, account #${p.account_id})`)
                .join(', '),
          },
  },
  {
    // Every entry is of a documented kind and touches only the accounts its kind allows;
    // every account is of a known kind with the owner and negativity rule of its kind.
    name: 'documented_kinds_and_flows',
    check: ({ entryKinds, flows, accountKinds }) => {
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
      return {
        ok: problems.length === 0,
        detail:
          problems.length === 0
            ? `${entryKinds.length} entry kinds in use, each touching only the accounts it documents`
            : problems.join('; '),
      };
    },
  },
  {
    // Custody: what the ledger holds per network is what users were credited by deposits
    // less what withdrawals sent out. The wallet module adds the chain side of this
    // reconciliation (custody_on_chain): the same figure against the on-chain balances.
    name: 'custody_equals_deposits_less_withdrawals',
    check: ({ custody }) => {
      const problems: string[] = [];
      for (const c of custody) {
        const held = -BigInt(c.custody_balance);
        const expected = BigInt(c.deposits_credited) - BigInt(c.withdrawals_sent);
        if (held !== expected) {
          problems.push(
            `${c.network}: custody ${usdt(held)} but deposits ${usdt(c.deposits_credited)} less withdrawals ${usdt(c.withdrawals_sent)} is ${usdt(expected)}`,
          );
        }
      }
      return {
        ok: problems.length === 0,
        detail:
          problems.length > 0
            ? problems.join('; ')
            : custody.length === 0
              ? 'no custody movements yet'
              : custody
                  .map(
                    (c) =>
                      `${c.network}: ${usdt(-BigInt(c.custody_balance))} = deposits ${usdt(c.deposits_credited)} - withdrawals ${usdt(c.withdrawals_sent)}`,
                  )
                  .join('; '),
      };
    },
  },
  {
    name: 'ledger_sums_to_zero',
    check: ({ totals }) => ({
      ok: BigInt(totals.total) === 0n,
      detail:
        BigInt(totals.total) === 0n
          ? 'all balances together sum to zero'
          : `all balances together sum to ${usdt(totals.total)}`,
    }),
  },
];

/**
 * The audit: the ledger's checks, then each contribution's, in the order given; ok only
 * when every check holds. Without contributions, the ledger's alone.
 */
export function auditService(
  repo: AuditRepository,
  contributions: readonly AuditContribution[] = [],
) {
  /** The ledger's own report, from one snapshot. */
  function ledgerReport(): Promise<AuditReport> {
    return repo.snapshot(async (q) => {
      const facts = await readFacts(repo, q);
      const checks = LEDGER_CHECKS.map(({ name, check }) => ({ name, ...check(facts) }));
      const custody: Record<string, string> = {};
      for (const c of facts.custody) custody[c.network] = formatAmount(-BigInt(c.custody_balance));
      return {
        ok: checks.every((c) => c.ok),
        checks,
        totals: {
          entries: Number(facts.counts.entries),
          postings: Number(facts.counts.postings),
          accounts: Number(facts.counts.accounts),
          user_liabilities: formatAmount(BigInt(facts.totals.users)),
          custody,
        },
      };
    });
  }

  return {
    async run(): Promise<AuditReport> {
      if (contributions.length === 0) return ledgerReport();
      const [report, ...more] = await Promise.all([
        ledgerReport(),
        ...contributions.map((c) => c.run()),
      ]);
      const checks = [...report.checks, ...more.flat()];
      return { ...report, ok: checks.every((c) => c.ok), checks };
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
